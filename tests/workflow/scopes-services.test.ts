/**
 * Service tasks through registered handlers (class / delegateExpression / expression with
 * resultVariable, field injection, BpmnError to the task's own boundary), deploy refusals,
 * `engine.validate` collecting every problem, reject / return inside a sub-process, and a
 * timer boundary on a sub-process (events work's timers).
 */
import { describe, expect, it } from 'vitest';
import { BpmnError, type EngineHandlers } from '../../server/engine';
import { makeEngine } from './helpers';
import { acts, done, executions, flow, hiTasks, keys, proc } from './scopes-helpers';
import { workflowHandlers, SERVICE_NAMES } from '../../server/modules/flowable/common/handlers';

const calls: string[] = [];
const handlers: EngineHandlers = {
  services: {
    'com.example.Copy': ({ execution, fields }) => { calls.push(`copy:${String(fields.text)}`); execution.setVariable('copied', fields.text); },
    checker: ({ execution }) => {
      if (execution.getVariable('amount') as number > 100) throw new BpmnError('TOO_MUCH', '金额过大');
      execution.setVariable('checked', true);
    },
    broken: () => { throw new TypeError('handler exploded'); },
  },
  beans: { calc: { twice: (n: number) => n * 2 } },
};

const line = (key: string, svc: string, tail = '') => proc(key, `<startEvent id="s"/>${svc}<userTask id="after"/><endEvent id="e"/>
  ${flow('f1', 's', 'svc')}${flow('f2', 'svc', 'after')}${flow('f3', 'after', 'e')}${tail}`);

describe('service tasks', () => {
  it('class with field injection, delegateExpression, and expression with resultVariable run in order', async () => {
    const { engine } = await makeEngine(handlers);
    const xml = proc('svc', `<startEvent id="s"/>
      <serviceTask id="c" flowable:class="com.example.Copy"><extensionElements><flowable:field name="text"><flowable:expression>\${who}-ok</flowable:expression></flowable:field></extensionElements></serviceTask>
      <serviceTask id="d" flowable:delegateExpression="\${checker}"/>
      <serviceTask id="x" flowable:expression="\${calc.twice(amount)}" flowable:resultVariable="doubled"/>
      <userTask id="after"/><endEvent id="e"/>
      ${flow('f1', 's', 'c')}${flow('f2', 'c', 'd')}${flow('f3', 'd', 'x')}${flow('f4', 'x', 'after')}${flow('f5', 'after', 'e')}`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { who: 'kermit', amount: 21 } });
    expect(await keys(engine, instanceId)).toEqual(['after']);
    expect(await engine.variables({ instanceId })).toMatchObject({ copied: 'kermit-ok', checked: true, doubled: 42 });
    expect(calls).toContain('copy:kermit-ok');
  });

  it('a BpmnError goes to the task\'s own error boundary; uncaught it fails; another throw rolls back with its message', async () => {
    const { engine, store } = await makeEngine(handlers);
    const xml = line('bpmnerr', '<serviceTask id="svc" flowable:delegateExpression="${checker}"/>',
      `<boundaryEvent id="tooMuch" attachedToRef="svc"><errorEventDefinition errorRef="TOO_MUCH"/></boundaryEvent><userTask id="review"/><endEvent id="e2"/>
       ${flow('f4', 'tooMuch', 'review')}${flow('f5', 'review', 'e2')}`);
    const { definitionId } = await engine.deploy({ xml });
    const big = await engine.start({ definitionId, userId: '1', variables: { amount: 500 } });
    expect(await keys(engine, big.instanceId)).toEqual(['review']);
    expect(await acts(store, big.instanceId)).toEqual(['s:startEvent', 'svc:serviceTask:x', 'tooMuch:boundaryEvent', 'review:userTask:open']);
    const small = await engine.start({ definitionId, userId: '1', variables: { amount: 5 } });
    expect(await keys(engine, small.instanceId)).toEqual(['after']);

    const bare = await engine.deploy({ xml: line('bare', '<serviceTask id="svc" flowable:delegateExpression="${checker}"/>') });
    await expect(engine.start({ definitionId: bare.definitionId, userId: '1', variables: { amount: 500 } })).rejects
      .toThrow("No catching boundary event found for error with errorCode 'TOO_MUCH'");
    const broken = await engine.deploy({ xml: line('broken', '<serviceTask id="svc" flowable:class="broken"/>') });
    await expect(engine.start({ definitionId: broken.definitionId, userId: '1' })).rejects.toThrow('handler exploded');
    expect((await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM wf_instance'))!.n).toBe(2);
  });

  it('refuses unregistered services, flowable:type, script tasks and skipExpression naming the element', async () => {
    const { engine } = await makeEngine(handlers);
    await expect(engine.deploy({ xml: line('u1', '<serviceTask id="svc" flowable:class="com.example.Missing"/>') }))
      .rejects.toThrow('部署失败: svc (bpmn:ServiceTask) 的服务未注册: com.example.Missing');
    await expect(engine.deploy({ xml: line('u2', '<serviceTask id="svc" flowable:delegateExpression="${nobody}"/>') }))
      .rejects.toThrow('部署失败: svc (bpmn:ServiceTask) 的服务未注册: ${nobody}');
    await expect(engine.deploy({ xml: line('u3', '<serviceTask id="svc" flowable:expression="${ghost.run()}"/>') }))
      .rejects.toThrow('部署失败: svc (bpmn:ServiceTask) 的服务未注册: ${ghost.run()}');
    await expect(engine.deploy({ xml: line('u4', '<serviceTask id="svc" flowable:type="mail"/>') }))
      .rejects.toThrow('不支持的流程元素 svc (bpmn:ServiceTask): flowable:type="mail"');
    await expect(engine.deploy({ xml: line('u5', '<scriptTask id="svc" name="脚本" scriptFormat="groovy"><script>x</script></scriptTask>') }))
      .rejects.toThrow('部署失败: 不支持的流程元素 svc (bpmn:ScriptTask)');
    await expect(engine.deploy({ xml: line('u6', '<serviceTask id="svc" flowable:class="broken" flowable:skipExpression="${skip}"/>') }))
      .rejects.toThrow('svc (bpmn:ServiceTask): 不支持 skipExpression');
  });

  it('the flowable module registers built-in services the designer can offer', async () => {
    expect(SERVICE_NAMES).toEqual(expect.arrayContaining(['caishui.service.setVariables', 'caishui.service.log']));
    const { engine } = await makeEngine(workflowHandlers);
    const xml = line('builtin', `<serviceTask id="svc" flowable:class="caishui.service.setVariables"><extensionElements>
      <flowable:field name="status" stringValue="已受理"/><flowable:field name="level"><flowable:expression>\${days > 3 ? 'high' : 'low'}</flowable:expression></flowable:field>
      </extensionElements></serviceTask>`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { days: 5 } });
    expect(await engine.variables({ instanceId })).toMatchObject({ status: '已受理', level: 'high' });
  });
});

describe('validate', () => {
  it('returns every problem with id, name and type; [] for a deployable model', async () => {
    const { engine } = await makeEngine(handlers);
    const xml = proc('bad', `<startEvent id="s"/>
      <scriptTask id="sc" name="脚本任务"/>
      <serviceTask id="svc" name="发送" flowable:class="com.example.Missing"/>
      <userTask id="u" name="审批" flowable:assignee="\${a +}"/>
      <intermediateCatchEvent id="ic" name="等"><errorEventDefinition/></intermediateCatchEvent>
      <callActivity id="ca" name="调用"/>
      <endEvent id="e"/>${flow('f1', 's', 'u')}${flow('f2', 'u', 'e')}`);
    const problems = await engine.validate({ xml });
    expect(problems.map((p) => `${p.elementId}|${p.elementName}|${p.elementType}`)).toEqual([
      'sc|脚本任务|bpmn:ScriptTask', 'ic|等|bpmn:IntermediateCatchEvent', 'svc|发送|bpmn:ServiceTask', 'u|审批|bpmn:UserTask', 'ca|调用|bpmn:CallActivity',
    ]);
    expect(problems.find((p) => p.elementId === 'svc')!.message).toBe('部署失败: svc (bpmn:ServiceTask) 的服务未注册: com.example.Missing');
    await expect(engine.deploy({ xml })).rejects.toThrow('部署失败: 不支持的流程元素 sc (bpmn:ScriptTask)');
    expect(await engine.validate({ xml: line('good', '<serviceTask id="svc" flowable:class="com.example.Copy"/>') })).toEqual([]);
    expect((await engine.validate({ xml: '<definitions' }))[0].message).toContain('BPMN XML 解析失败');
  });
});

describe('moves inside a sub-process', () => {
  const xml = proc('moves', `<startEvent id="s"/><userTask id="before"/>
    <subProcess id="sp"><startEvent id="ss"/><userTask id="a"/><userTask id="b"/><endEvent id="se"/>
      ${flow('i1', 'ss', 'a')}${flow('i2', 'a', 'b')}${flow('i3', 'b', 'se')}</subProcess>
    <userTask id="after"/><endEvent id="e"/>
    ${flow('f0', 's', 'before')}${flow('f1', 'before', 'sp')}${flow('f2', 'sp', 'after')}${flow('f3', 'after', 'e')}`);

  it('reject and return to a task of the same scope keep the scope; reject from the first inner task leaves it', async () => {
    const { engine, store } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    await done(engine, instanceId, 'before');
    await done(engine, instanceId, 'a');
    const scopeId = (await executions(store, instanceId)).find((e) => e.activityId === 'sp')!.id;
    const b = (await engine.instanceTasks(instanceId))[0];
    await engine.reject({ taskId: b.taskId, userId: 'admin', comment: '退回' });
    expect(await keys(engine, instanceId)).toEqual(['a']);
    expect((await executions(store, instanceId)).find((e) => e.activityId === 'a')!.parentId).toBe(scopeId);
    await done(engine, instanceId, 'a');
    expect((await engine.returnList({ taskId: (await engine.instanceTasks(instanceId))[0].taskId })).map((n) => n.id)).toEqual(['before', 'a']);
    await engine.returnTo({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: 'admin', targetKey: 'a' });
    expect(await keys(engine, instanceId)).toEqual(['a']);
    expect((await executions(store, instanceId)).find((e) => e.activityId === 'sp')!.id).toBe(scopeId);
    // Reject from the first inner task: back out to `before`; the scope is cancelled.
    await engine.reject({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: 'admin' });
    expect(await keys(engine, instanceId)).toEqual(['before']);
    expect(await executions(store, instanceId)).toEqual([expect.objectContaining({ activityId: 'before', parentId: null })]);
    await done(engine, instanceId, 'before');
    await done(engine, instanceId, 'a');
    await done(engine, instanceId, 'b');
    // Reject from after the sub-process: back into it (a new scope is created for the target).
    await engine.reject({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: 'admin' });
    expect(await keys(engine, instanceId)).toEqual(['b']);
    const ex = await executions(store, instanceId);
    expect(ex.find((e) => e.activityId === 'b')!.parentId).toBe(ex.find((e) => e.activityId === 'sp' && e.isScope === 1)!.id);
    await done(engine, instanceId, 'b');
    expect((await done(engine, instanceId, 'after')).ended).toBe(true);
  });

  it('next-node probes walk into a sub-process and out through its end', async () => {
    const { engine } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    const next = async () => (await engine.nextFlowNode({ taskId: (await engine.instanceTasks(instanceId))[0].taskId }))?.nodes.map((n) => n.id);
    expect(await next()).toEqual(['a']);
    await done(engine, instanceId, 'before');
    await done(engine, instanceId, 'a');
    expect(await next()).toEqual(['after']);
  });

  it('stop cancels the sub-process with everything inside', async () => {
    const { engine, store } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    await done(engine, instanceId, 'before');
    expect((await engine.stop({ instanceId, userId: '1' })).ended).toBe(true);
    expect(await executions(store, instanceId)).toEqual([]);
    expect(await hiTasks(store, instanceId)).toEqual(['before:done', 'a:cancelled']);
  });
});

describe('timer boundary on a sub-process (events work)', () => {
  const xml = (cancel: boolean) => proc(`timed${cancel}`, `<startEvent id="s"/>
    <subProcess id="sp"><startEvent id="ss"/><userTask id="inner"/><endEvent id="se"/>${flow('i1', 'ss', 'inner')}${flow('i2', 'inner', 'se')}</subProcess>
    <boundaryEvent id="late" attachedToRef="sp" cancelActivity="${cancel}"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
    <userTask id="after"/><userTask id="remind"/><endEvent id="e"/><endEvent id="e2"/>
    ${flow('f1', 's', 'sp')}${flow('f2', 'sp', 'after')}${flow('f3', 'after', 'e')}${flow('f4', 'late', 'remind')}${flow('f5', 'remind', 'e2')}`);

  it('interrupting: the timer cancels the sub-process and its task; non-interrupting: a sibling token, the sub-process stays', async () => {
    const { engine, store, clock } = await makeEngine();
    const a = await engine.deploy({ xml: xml(true) });
    const i1 = await engine.start({ definitionId: a.definitionId, userId: '1' });
    clock.advance(3600_000 + 1);
    expect((await engine.fireDueTimers({ now: clock.now(), owner: 't' })).fired).toBe(1);
    expect(await keys(engine, i1.instanceId)).toEqual(['remind']);
    expect(await hiTasks(store, i1.instanceId)).toEqual(['inner:cancelled', 'remind:open']);

    const b = await engine.deploy({ xml: xml(false) });
    const i2 = await engine.start({ definitionId: b.definitionId, userId: '1' });
    clock.advance(3600_000 + 1);
    expect((await engine.fireDueTimers({ now: clock.now(), owner: 't' })).fired).toBe(1);
    expect(await keys(engine, i2.instanceId)).toEqual(['inner', 'remind']);
    await done(engine, i2.instanceId, 'inner');
    expect(await keys(engine, i2.instanceId)).toEqual(['after', 'remind']);
    // The sub-process left: its timer subscription is gone.
    clock.advance(7200_000);
    expect((await engine.fireDueTimers({ now: clock.now(), owner: 't' })).fired).toBe(0);
  });
});

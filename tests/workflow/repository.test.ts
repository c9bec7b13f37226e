/**
 * Scenario tests: deploy (versions, refusals), suspend/activate, delete deployment (with every row it owns),
 * start (INITIATOR, version pinning), delete instance.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../server/db/store/port';
import { INSTANCE_ROW_TABLES } from '../../server/engine/store/instance-rows';
import { makeEngine, lineXml, names, readCorpus } from './helpers';

const count = async (store: Store, table: string) => (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

describe('deploy', () => {
  it('creates version n+1 per deploy of the same key, each with its own deployment', async () => {
    const { engine } = await makeEngine();
    const a = await engine.deploy({ xml: lineXml('leave', [{ id: 'a' }], { category: 'oa' }), name: '请假' });
    const b = await engine.deploy({ xml: lineXml('leave', [{ id: 'a' }, { id: 'b' }]), name: '请假', category: 'hr' });
    expect([a.version, b.version]).toEqual([1, 2]);
    expect(a.deploymentId).not.toBe(b.deploymentId);
    expect(a.category).toBe('oa');
    expect(b.category).toBe('hr');
    const list = await engine.listDefinitions({ name: '假' });
    expect(list.total).toBe(2);
    expect(list.rows[0]).toMatchObject({ key: 'leave', version: 2, suspensionState: 1, deploymentName: '请假' });
    expect(await engine.getXml({ deploymentId: a.deploymentId })).toContain('<userTask id="a"');
    expect((await engine.listDefinitions({ latestOnly: true })).rows.map((r) => r.version)).toEqual([2]);
    expect((await engine.listDeployments({})).total).toBe(2);
  });

  it('refuses unsupported elements naming id and type, and stores nothing', async () => {
    const { engine } = await makeEngine();
    const xml = lineXml('p', [{ id: 'a' }]).replace('<userTask id="a"', '<serviceTask id="svc" flowable:class="x.Y"/><userTask id="a"');
    await expect(engine.deploy({ xml })).rejects.toThrow('部署失败: svc (bpmn:ServiceTask) 的服务未注册: x.Y');
    const script = lineXml('p', [{ id: 'a' }]).replace('<userTask id="a"', '<scriptTask id="sc" scriptFormat="js"><script>1</script></scriptTask><userTask id="a"');
    await expect(engine.deploy({ xml: script })).rejects.toThrow('部署失败: 不支持的流程元素 sc (bpmn:ScriptTask)');
    const sub = lineXml('p', [{ id: 'a' }]).replace('<endEvent id="end"/>', '<endEvent id="end"><messageEventDefinition/></endEvent>');
    await expect(engine.deploy({ xml: sub })).rejects.toThrow(/end \(bpmn:EndEvent\).*MessageEventDefinition/);
    await expect(engine.deploy({ xml: '<definitions' })).rejects.toThrow('BPMN XML 解析失败');
    expect((await engine.listDefinitions({})).total).toBe(0);
  });

  it('refuses an unregistered listener class and accepts it once registered', async () => {
    const xml = lineXml('p', [{ id: 'a', extra: '' }]).replace('<userTask id="a" name="a"/>',
      '<userTask id="a" name="a"><extensionElements><flowable:taskListener event="create" class="com.x.Missing"/></extensionElements></userTask>');
    await expect((await makeEngine()).engine.deploy({ xml })).rejects.toThrow('部署失败: a (bpmn:UserTask) 的监听器未注册: com.x.Missing');
    const ok = await makeEngine({ listeners: { 'com.x.Missing': () => {} } });
    await expect(ok.engine.deploy({ xml })).resolves.toMatchObject({ version: 1 });
  });

  it('refuses an expression that does not parse', async () => {
    const xml = lineXml('p', [{ id: 'a', assignee: '${a ==}' }]);
    await expect((await makeEngine()).engine.deploy({ xml })).rejects.toThrow(/a \(bpmn:UserTask\) 的表达式无效/);
  });

  it('reads activiti: and camunda: attributes alike and keeps unknown attributes', async () => {
    const { engine } = await makeEngine();
    const xml = lineXml('p', [{ id: 'a' }])
      .replace('xmlns:flowable="http://flowable.org/bpmn"', 'xmlns:flowable="http://camunda.org/schema/1.0/bpmn" xmlns:x="urn:x"')
      .replace('<userTask id="a" name="a"/>', '<userTask id="a" name="a" flowable:assignee="kermit" flowable:dataType="fixed" x:color="red"/>');
    const d = await engine.deploy({ xml });
    expect((await engine.getGraph(d.definitionId)).nodes.a.attrs).toMatchObject({ 'flowable:dataType': 'fixed', 'x:color': 'red' });
    const s = await engine.start({ definitionId: d.definitionId, userId: '1' });
    expect(s.tasks[0].assignee).toBe('kermit');
  });
});

describe('suspend / activate', () => {
  it('refuses start and task actions while suspended, changes nothing, then resumes', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: lineXml('p', [{ id: 'a', assignee: '1' }]) });
    const s = await engine.start({ definitionId: d.definitionId, userId: '1' });
    await engine.setDefinitionState({ deploymentId: d.deploymentId, state: 2 });
    await expect(engine.start({ definitionId: d.definitionId, userId: '1' })).rejects.toThrow('流程已被挂起,请先激活流程');
    expect((await engine.getInstance(s.instanceId)).state).toBe('suspended');
    const rev = (await engine.getInstance(s.instanceId)).revision;
    await expect(engine.complete({ taskId: s.tasks[0].taskId, userId: '1' })).rejects.toThrow('任务处于挂起状态!');
    expect((await engine.getInstance(s.instanceId)).revision).toBe(rev);
    expect((await engine.todoList({ userId: '1' })).total).toBe(0);
    await expect(engine.setDefinitionState({ definitionId: d.definitionId, state: 2 })).rejects.toThrow('流程定义已处于挂起状态');
    await engine.setDefinitionState({ definitionId: d.definitionId, state: 1 });
    expect((await engine.getDefinition({ definitionId: d.definitionId })).suspensionState).toBe(1);
    expect((await engine.complete({ taskId: s.tasks[0].taskId, userId: '1' })).ended).toBe(true);
  });

  it('suspends one instance', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: lineXml('p', [{ id: 'a', assignee: '1' }]) });
    const s = await engine.start({ definitionId: d.definitionId, userId: '1' });
    await engine.setInstanceState({ instanceId: s.instanceId, state: 2 });
    await expect(engine.claim({ taskId: s.tasks[0].taskId, userId: '1' })).rejects.toThrow('任务处于挂起状态!');
    await engine.setInstanceState({ instanceId: s.instanceId, state: 1 });
    expect((await engine.complete({ taskId: s.tasks[0].taskId, userId: '1' })).ended).toBe(true);
  });
});

describe('start', () => {
  it('sets INITIATOR, the start user and the initiator variable; instances stay on their version', async () => {
    const { engine } = await makeEngine();
    const v1 = await engine.deploy({ xml: readCorpus('flowable-VacationRequest.bpmn20.xml') });
    const s = await engine.start({ key: 'vacationRequest', userId: '42', businessKey: 'B-1', variables: { numberOfDays: 1, vacationMotivation: '' } });
    expect(await engine.variables({ instanceId: s.instanceId })).toMatchObject({ INITIATOR: '42', employeeName: '42', numberOfDays: 1 });
    expect(await engine.getInstance(s.instanceId)).toMatchObject({ startUserId: '42', businessKey: 'B-1', version: 1, state: 'running' });
    const v2 = await engine.deploy({ xml: readCorpus('flowable-VacationRequest.bpmn20.xml') });
    expect(v2.version).toBe(2);
    const s2 = await engine.start({ key: 'vacationRequest', userId: '42', variables: { numberOfDays: 1, vacationMotivation: '' } });
    expect((await engine.getInstance(s2.instanceId)).definitionId).toBe(v2.definitionId);
    expect((await engine.getInstance(s.instanceId)).definitionId).toBe(v1.definitionId);
    expect(await names(engine, s.instanceId)).toEqual(['Handle vacation request']);
  });

  it('rolls back everything when the start fails', async () => {
    const { engine, store } = await makeEngine();
    const d = await engine.deploy({ xml: readCorpus('flowable-ExclusiveGatewayTest.testNoSequenceFlowSelected.bpmn20.xml') });
    await expect(engine.start({ definitionId: d.definitionId, userId: '1', variables: { input: 4 } })).rejects.toThrow(/No outgoing sequence flow/);
    for (const t of ['wf_instance', 'wf_execution', 'wf_task', 'wf_variable', 'wf_hi_actinst', 'wf_hi_taskinst']) expect(await count(store, t)).toBe(0);
    await expect(engine.start({ definitionId: 'nope', userId: '1' })).rejects.toThrow('流程定义不存在');
  });
});

/**
 * A model whose instances own rows in every table of INSTANCE_ROW_TABLES and in wf_identity_link:
 * a first task (completed with a comment: history, comments, 抄送 to user 9), then a parallel
 * split into a candidate task with a boundary timer and a message catch (a subscription).
 */
const OWNING_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<message id="m1" name="催办"/>
<process id="owning" name="删除" isExecutable="true">
<startEvent id="s"/>
<userTask id="first" name="申请" flowable:assignee="1" flowable:ccUsers="9"/>
<parallelGateway id="fork"/>
<userTask id="a" name="审批" flowable:candidateUsers="2,3"/>
<boundaryEvent id="late" attachedToRef="a" cancelActivity="true"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
<intermediateCatchEvent id="wait"><messageEventDefinition messageRef="m1"/></intermediateCatchEvent>
<endEvent id="e1"/><endEvent id="e2"/><endEvent id="e3"/>
<sequenceFlow id="f0" sourceRef="s" targetRef="first"/>
<sequenceFlow id="f1" sourceRef="first" targetRef="fork"/>
<sequenceFlow id="f2" sourceRef="fork" targetRef="a"/>
<sequenceFlow id="f3" sourceRef="fork" targetRef="wait"/>
<sequenceFlow id="f4" sourceRef="a" targetRef="e1"/>
<sequenceFlow id="f5" sourceRef="wait" targetRef="e2"/>
<sequenceFlow id="f6" sourceRef="late" targetRef="e3"/>
</process></definitions>`;

/** Rows of instance `id` per table (INSTANCE_ROW_TABLES and wf_identity_link). */
async function rowsOf(store: Store, id: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [...INSTANCE_ROW_TABLES, 'wf_identity_link']) out[t] = Number((await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t} WHERE instance_id = ?`, [id]))!.n);
  return out;
}

/** Rows whose instance is gone, per table (none expected: the tables have no foreign key to wf_instance). */
async function orphanRows(store: Store): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [...INSTANCE_ROW_TABLES, 'wf_identity_link']) {
    const n = Number((await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t} WHERE instance_id IS NOT NULL AND instance_id NOT IN (SELECT id FROM wf_instance)`))!.n);
    if (n) out[t] = n;
  }
  return out;
}

describe('delete', () => {
  it('deleting a deployment removes its definitions, instances, tasks and history', async () => {
    const { engine, store } = await makeEngine();
    const d = await engine.deploy({ xml: lineXml('p', [{ id: 'a', assignee: '1' }, { id: 'b', assignee: '1' }]) });
    const s = await engine.start({ definitionId: d.definitionId, userId: '1' });
    await engine.complete({ taskId: s.tasks[0].taskId, userId: '1', comment: 'ok' });
    await engine.deleteDeployment(d.deploymentId);
    for (const t of ['wf_deployment', 'wf_definition', 'wf_instance', 'wf_execution', 'wf_task', 'wf_identity_link', 'wf_variable',
      'wf_hi_actinst', 'wf_hi_taskinst', 'wf_comment']) expect(await count(store, t)).toBe(0);
    expect(await orphanRows(store)).toEqual({});
  });

  it('deleting an instance removes its runtime and history only: every table holding its rows', async () => {
    const { engine, store } = await makeEngine();
    const d = await engine.deploy({ xml: OWNING_XML });
    const start = async () => {
      const s = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { amount: 5 } });
      await engine.complete({ taskId: s.tasks[0].taskId, userId: '1', comment: 'ok' });
      return s.instanceId;
    };
    const [a, b] = [await start(), await start()];
    const full = await rowsOf(store, a);
    // Each table holds rows of the instance before the delete (the test would prove nothing otherwise).
    for (const [table, n] of Object.entries(full)) expect(n, table).toBeGreaterThan(0);
    await engine.deleteInstance({ instanceIds: [a], deleteReason: 'x' });
    await expect(engine.getInstance(a)).rejects.toThrow('未找到流程实例');
    expect(Object.values(await rowsOf(store, a)).every((n) => n === 0), JSON.stringify(await rowsOf(store, a))).toBe(true);
    expect(await rowsOf(store, b)).toEqual(full);
    expect(await orphanRows(store)).toEqual({});
    await expect(engine.deleteInstance({ instanceIds: 'nope' })).rejects.toThrow('未找到流程实例');
    await engine.deleteDeployment(d.deploymentId);
    expect(Object.values(await rowsOf(store, b)).every((n) => n === 0)).toBe(true);
    expect(await count(store, 'wf_instance')).toBe(0);
  });
});

describe('candidate starters', () => {
  it('only listed users or groups may start when the model names them', async () => {
    const { engine } = await makeEngine();
    const xml = lineXml('p', [{ id: 'a', assignee: '1' }]).replace('<process id="p" name="p"', '<process id="p" name="p" flowable:candidateStarterGroups="10,11" flowable:candidateStarterUsers="7"');
    const d = await engine.deploy({ xml });
    await expect(engine.start({ definitionId: d.definitionId, userId: '1', groupIds: ['12'] })).rejects.toThrow('当前用户无权发起该流程');
    expect((await engine.start({ definitionId: d.definitionId, userId: '1', groupIds: ['11'] })).tasks).toHaveLength(1);
    expect((await engine.start({ definitionId: d.definitionId, userId: '7' })).tasks).toHaveLength(1);
  });
});

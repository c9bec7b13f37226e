/**
 * Reading scopes from the XML (model/normalise.ts, model/nodes.ts): parents and children, event
 * sub-process starts, boundary attachment, event definitions (timer / message / signal / error /
 * terminate), service task and call activity definitions, and the scope refusals (validate lists
 * them all). Plus two runtime edge cases: an error thrown by a child instance during the call,
 * and a BpmnError in a sub-process caught on the sub-process.
 */
import { describe, expect, it } from 'vitest';
import { BpmnError } from '../../server/engine';
import { makeEngine } from './helpers';
import { flow, hiTasks, instanceRow, keys, proc } from './scopes-helpers';

const model = proc('m', `<startEvent id="s"/>
  <subProcess id="sp" name="子"><startEvent id="ss"/><userTask id="u"/><endEvent id="se"><errorEventDefinition errorRef="err1"/></endEvent>
    ${flow('i1', 'ss', 'u')}${flow('i2', 'u', 'se')}
    <subProcess id="esp" triggeredByEvent="true"><startEvent id="es" isInterrupting="false"><signalEventDefinition signalRef="sig"/></startEvent><endEvent id="ee"/>${flow('e1', 'es', 'ee')}</subProcess>
  </subProcess>
  <boundaryEvent id="b1" attachedToRef="sp"><errorEventDefinition/></boundaryEvent>
  <boundaryEvent id="b2" attachedToRef="sp" cancelActivity="false"><timerEventDefinition><timeCycle>R3/PT10M</timeCycle></timerEventDefinition></boundaryEvent>
  <serviceTask id="svc" flowable:expression="\${calc.twice(2)}" flowable:resultVariable="r"/>
  <callActivity id="ca" calledElement="\${key}" flowable:businessKey="\${bk}"><extensionElements><flowable:in sourceExpression="\${a + 1}" target="b"/></extensionElements></callActivity>
  <endEvent id="t"><terminateEventDefinition/></endEvent><endEvent id="e"/>
  <startEvent id="ms"><messageEventDefinition messageRef="msg"/></startEvent>
  ${flow('f1', 's', 'sp')}${flow('f2', 'sp', 'svc')}${flow('f3', 'svc', 'ca')}${flow('f4', 'ca', 'e')}${flow('f5', 'b1', 't')}${flow('f6', 'b2', 't')}${flow('f7', 'ms', 'sp')}`,
'<signal id="sig" name="全局信号"/><message id="msg" name="开始消息"/>');

describe('reading scopes', () => {
  it('fills parents, children, starts, boundaries and event / service / call definitions', async () => {
    const { engine } = await makeEngine({ beans: { calc: { twice: (n: number) => n * 2 } } });
    const { definitionId } = await engine.deploy({ xml: model });
    const g = await engine.getGraph(definitionId);
    expect(g.startId).toBe('s');
    expect(g.eventStartIds).toEqual(['ms']);
    expect(g.nodes.ms.event).toEqual({ kind: 'message', messageRef: 'msg', messageName: '开始消息' });
    expect(g.nodes.sp.subProcess).toEqual({ triggeredByEvent: false, startId: 'ss', eventSubProcessStarts: ['es'], children: ['ss', 'u', 'se', 'esp'] });
    expect(g.nodes.u.parent).toBe('sp');
    expect(g.nodes.es).toMatchObject({ parent: 'esp', isInterrupting: false, event: { kind: 'signal', signalName: '全局信号' } });
    expect(g.nodes.se.event).toEqual({ kind: 'error', errorRef: 'err1', errorCode: 'E1' });
    expect(g.nodes.sp.boundaryEvents).toEqual(['b1', 'b2']);
    expect(g.nodes.b1).toMatchObject({ attachedTo: 'sp', cancelActivity: true, event: { kind: 'error' } });
    expect(g.nodes.b1.event).not.toHaveProperty('errorCode', expect.anything());
    expect(g.nodes.b2).toMatchObject({ cancelActivity: false, event: { kind: 'timer', timeCycle: 'R3/PT10M' } });
    expect(g.nodes.t.event).toEqual({ kind: 'terminate' });
    expect(g.nodes.svc.serviceTask).toEqual({ kind: 'expression', value: '${calc.twice(2)}', resultVariable: 'r', fields: [] });
    expect(g.nodes.ca.callActivity).toEqual({ calledElement: '${key}', binding: 'latest', inheritVariables: false, in: [{ sourceExpression: '${a + 1}', target: 'b' }],
      out: [], businessKey: '${bk}', inheritBusinessKey: false });
  });

  it('refuses scope errors naming the element; validate lists every one', async () => {
    const { engine } = await makeEngine();
    const bad = proc('bad', `<startEvent id="s"/>
      <subProcess id="sp"><startEvent id="ss"/><userTask id="u"/>${flow('cross', 'u', 'after')}${flow('i1', 'ss', 'u')}</subProcess>
      <userTask id="after"/><exclusiveGateway id="gw"/>
      <boundaryEvent id="onGw" attachedToRef="gw"><errorEventDefinition/></boundaryEvent>
      <boundaryEvent id="twoDefs" attachedToRef="after"><errorEventDefinition/><signalEventDefinition/></boundaryEvent>
      <subProcess id="esp" triggeredByEvent="true"><startEvent id="noneStart"/></subProcess>
      <endEvent id="e"/>${flow('f1', 's', 'sp')}${flow('f2', 'after', 'e')}`);
    const problems = await engine.validate({ xml: bad });
    expect(problems.map((p) => p.elementId)).toEqual(['twoDefs', 'noneStart', 'cross', 'onGw']);
    expect(problems.find((p) => p.elementId === 'cross')!.message).toContain('连线不能跨越子流程边界');
    expect(problems.find((p) => p.elementId === 'onGw')!.message).toContain('不能附加到 gw (bpmn:ExclusiveGateway)');
    expect(problems.find((p) => p.elementId === 'noneStart')!.message).toContain('事件子流程的开始事件需要事件定义');
    await expect(engine.deploy({ xml: bad })).rejects.toThrow('twoDefs (bpmn:BoundaryEvent): 多个事件定义');
  });
});

describe('errors across scopes and instances', () => {
  it('a child instance that fails while being called hands the error to the call activity at once', async () => {
    const { engine, store } = await makeEngine();
    await engine.deploy({ xml: proc('failing', `<startEvent id="cs"/><endEvent id="ce"><errorEventDefinition errorRef="err2"/></endEvent>${flow('c1', 'cs', 'ce')}`) });
    const { definitionId } = await engine.deploy({ xml: proc('caller', `<startEvent id="s"/><callActivity id="call" calledElement="failing"/>
      <boundaryEvent id="caught" attachedToRef="call"><errorEventDefinition errorRef="err2"/></boundaryEvent>
      <userTask id="handle"/><endEvent id="e"/><endEvent id="e2"/>${flow('f1', 's', 'call')}${flow('f2', 'call', 'e')}${flow('f3', 'caught', 'handle')}${flow('f4', 'handle', 'e2')}`) });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect(await keys(engine, instanceId)).toEqual(['handle']);
    const [child] = await engine.childInstances(instanceId);
    expect(await instanceRow(store, child.instanceId)).toMatchObject({ state: 'stopped' });
  });

  it('a BpmnError of a service task inside a sub-process is caught on the sub-process; its other tasks are cancelled', async () => {
    const { engine, store } = await makeEngine({ services: { fails: () => { throw new BpmnError('E3'); } } });
    const { definitionId } = await engine.deploy({ xml: proc('svcsub', `<startEvent id="s"/>
      <subProcess id="sp"><startEvent id="ss"/><parallelGateway id="fork"/><userTask id="waiting"/><userTask id="first"/><serviceTask id="svc" flowable:class="fails"/><endEvent id="se"/>
        ${flow('i1', 'ss', 'fork')}${flow('i2', 'fork', 'waiting')}${flow('i3', 'fork', 'first')}${flow('i4', 'first', 'svc')}${flow('i5', 'svc', 'se')}${flow('i6', 'waiting', 'se')}</subProcess>
      <boundaryEvent id="caught" attachedToRef="sp"><errorEventDefinition errorRef="err3"/></boundaryEvent>
      <userTask id="handle"/><endEvent id="e"/><endEvent id="e2"/>${flow('f1', 's', 'sp')}${flow('f2', 'sp', 'e')}${flow('f3', 'caught', 'handle')}${flow('f4', 'handle', 'e2')}`) });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    const first = (await engine.instanceTasks(instanceId)).find((t) => t.taskDefKey === 'first')!;
    await engine.complete({ taskId: first.taskId, userId: '1' });
    expect(await keys(engine, instanceId)).toEqual(['handle']);
    expect(await hiTasks(store, instanceId)).toEqual(expect.arrayContaining(['waiting:cancelled', 'first:done', 'handle:open']));
  });
});

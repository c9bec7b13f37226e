/**
 * Issue 39 items 1 and 2 beyond the corpus cases (corpus-returns.ts): a terminate end reached
 * in the same command as a parallel countersign whose instances are still planned; a return to
 * before a fork inside a sub-process (the join's scope stays); a return into one branch keeps
 * the other branch's arrival (issue 16's restoreJoinArrivals still holds).
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../server/db/store/port';
import { makeEngine, names, completeByName } from './helpers';

const wrap = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="p" name="p"><startEvent id="s" flowable:initiator="INITIATOR"/>${body}</process></definitions>`;
const flow = (id: string, from: string, to: string) => `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

const tokens = async (store: Store, instanceId: string) => (await store.all<{ a: string; x: number }>(
  'SELECT activity_id AS a, is_active AS x FROM wf_execution WHERE instance_id = ?', [instanceId])).map((r) => `${r.a}:${r.x}`).sort();

async function started(xml: string, variables?: Record<string, unknown>) {
  const { engine, store } = await makeEngine();
  const { definitionId } = await engine.deploy({ xml });
  const { instanceId, ended } = await engine.start({ definitionId, userId: 'u1', variables });
  return { engine, store, instanceId, ended };
}

describe('terminate end in a fork (issue 39 item 2)', () => {
  it('a countersign entered before the terminate in the same command leaves no instance task behind', async () => {
    const xml = wrap(`<parallelGateway id="fork"/>
      <userTask id="sign" name="会签" flowable:assignee="\${u}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${users}" flowable:elementVariable="u"/></userTask>
      <endEvent id="stop"><terminateEventDefinition/></endEvent><endEvent id="e"/>
      ${flow('f1', 's', 'fork')}${flow('f2', 'fork', 'sign')}${flow('f3', 'fork', 'stop')}${flow('f4', 'sign', 'e')}`);
    const { engine, store, instanceId, ended } = await started(xml, { users: ['a', 'b'] });
    expect(ended).toBe(true);
    expect(await names(engine, instanceId)).toEqual([]);
    expect((await engine.todoList({ userId: 'a' })).total).toBe(0);
    expect(await tokens(store, instanceId)).toEqual([]);
    expect((await engine.nodeData(instanceId)).filter((n) => !n.completed)).toEqual([]);
  });
});

describe('return to before a fork (issue 39 item 1)', () => {
  it('inside a sub-process: the join in the same scope is cleared, the scope stays', async () => {
    const xml = wrap(`<userTask id="pre" name="准备" flowable:assignee="\${INITIATOR}"/>
      <subProcess id="sub" name="内部"><startEvent id="ss"/><userTask id="apply" name="申请" flowable:assignee="\${INITIATOR}"/>
        <parallelGateway id="fork"/><userTask id="x" name="X" flowable:assignee="x"/><userTask id="y" name="Y" flowable:assignee="y"/>
        <parallelGateway id="join"/><endEvent id="se"/>
        ${flow('g1', 'ss', 'apply')}${flow('g2', 'apply', 'fork')}${flow('g3', 'fork', 'x')}${flow('g4', 'fork', 'y')}${flow('g5', 'x', 'join')}${flow('g6', 'y', 'join')}${flow('g7', 'join', 'se')}
      </subProcess><userTask id="after" name="之后" flowable:assignee="z"/><endEvent id="e"/>
      ${flow('f1', 's', 'pre')}${flow('f2', 'pre', 'sub')}${flow('f3', 'sub', 'after')}${flow('f4', 'after', 'e')}`);
    const { engine, store, instanceId } = await started(xml);
    await completeByName(engine, instanceId, '准备');
    await completeByName(engine, instanceId, '申请');
    await completeByName(engine, instanceId, 'X');
    const y = (await engine.instanceTasks(instanceId)).find((t) => t.name === 'Y')!;
    await engine.returnTo({ taskId: y.taskId, userId: 'y', targetKey: 'apply' });
    expect(await tokens(store, instanceId)).toEqual(['apply:1', 'sub:1']);
    await completeByName(engine, instanceId, '申请');
    await completeByName(engine, instanceId, 'X');
    expect(await names(engine, instanceId)).toEqual(['Y']);
    await completeByName(engine, instanceId, 'Y');
    expect(await names(engine, instanceId)).toEqual(['之后']);
  });

  it('into one branch after the join: the other branch still counts as arrived (issue 16)', async () => {
    const xml = wrap(`<userTask id="apply" name="申请" flowable:assignee="\${INITIATOR}"/><parallelGateway id="fork"/>
      <userTask id="x" name="X" flowable:assignee="x"/><userTask id="y" name="Y" flowable:assignee="y"/><parallelGateway id="join"/>
      <userTask id="z" name="Z" flowable:assignee="z"/><endEvent id="e"/>
      ${flow('f1', 's', 'apply')}${flow('f2', 'apply', 'fork')}${flow('f3', 'fork', 'x')}${flow('f4', 'fork', 'y')}${flow('f5', 'x', 'join')}${flow('f6', 'y', 'join')}${flow('f7', 'join', 'z')}${flow('f8', 'z', 'e')}`);
    const { engine, store, instanceId } = await started(xml);
    for (const n of ['申请', 'X', 'Y']) await completeByName(engine, instanceId, n);
    await engine.returnTo({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: 'z', targetKey: 'x' });
    expect(await tokens(store, instanceId)).toEqual(['join:0', 'x:1']);
    await completeByName(engine, instanceId, 'X');
    expect(await names(engine, instanceId)).toEqual(['Z']);
  });
});

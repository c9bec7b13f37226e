/**
 * 加签 / 减签 on running countersigns (issue 16): parallel and sequential bodies, the completion
 * condition counted again, and reject / return afterwards starting the node from the model's
 * collection again.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../server/db/store/port';
import type { EngineHandlers } from '../../server/engine';
import { makeEngine, makeSqliteEngine, names, completeByName } from './helpers';

/** start → 申请 (initiator) → 会签 (MI over `${users}`, element `u`) → 归档 (9) → end. */
const model = (sequential: boolean, condition?: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="sign">
<startEvent id="s"/><userTask id="apply" name="申请" flowable:assignee="\${INITIATOR}"/>
<userTask id="vote" name="会签" flowable:assignee="\${u}">
  <multiInstanceLoopCharacteristics isSequential="${sequential}" flowable:collection="\${users}" flowable:elementVariable="u">${condition ? `<completionCondition>${condition}</completionCondition>` : ''}</multiInstanceLoopCharacteristics>
</userTask>
<userTask id="archive" name="归档" flowable:assignee="9"/><endEvent id="e"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="apply"/><sequenceFlow id="f2" sourceRef="apply" targetRef="vote"/>
<sequenceFlow id="f3" sourceRef="vote" targetRef="archive"/><sequenceFlow id="f4" sourceRef="archive" targetRef="e"/>
</process></definitions>`;

type E = Awaited<ReturnType<typeof makeEngine>>['engine'];
const votes = async (engine: E, id: string) => (await engine.instanceTasks(id)).filter((t) => t.name === '会签').map((t) => t.assignee).sort();
const taskOf = async (engine: E, id: string, assignee: string) => (await engine.instanceTasks(id)).find((t) => t.assignee === assignee)!;
const vote = async (engine: E, id: string, assignee: string) => engine.complete({ taskId: (await taskOf(engine, id, assignee)).taskId, userId: assignee });
/** A body counter (the MI root's local variable) as stored. */
const counter = async (store: Store, id: string, name: string) => {
  const r = await store.get<{ value: string }>('SELECT value FROM wf_variable WHERE instance_id = ? AND name = ?', [id, name]);
  return r ? JSON.parse(r.value) : undefined;
};
const comments = async (engine: E, id: string) => (await engine.flowRecord(id)).flatMap((r) => r.comments.map((c) => `${c.type}:${c.message}`)).sort();

async function started(sequential: boolean, users: string[], condition?: string) {
  const ctx = await makeEngine();
  const d = await ctx.engine.deploy({ xml: model(sequential, condition) });
  const { instanceId } = await ctx.engine.start({ definitionId: d.definitionId, userId: '1', variables: { users } });
  await completeByName(ctx.engine, instanceId, '申请');
  return { ...ctx, id: instanceId };
}

// The collection variable lives on the embedded sub-process's scope only.
const teamHandlers: EngineHandlers = { listeners: { 'test.Team': (c) => c.execution.setVariableLocal('team', ['a', 'b', 'c']) } };
const teamXml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="sign"><startEvent id="ps"/>
<subProcess id="sp"><extensionElements><flowable:executionListener event="start" class="test.Team"/></extensionElements>
  <startEvent id="s"/>
  <userTask id="vote" name="会签" flowable:assignee="\${u}">
    <multiInstanceLoopCharacteristics isSequential="true" flowable:collection="\${team}" flowable:elementVariable="u"/>
  </userTask><endEvent id="se"/>
  <sequenceFlow id="g1" sourceRef="s" targetRef="vote"/><sequenceFlow id="g2" sourceRef="vote" targetRef="se"/>
</subProcess><endEvent id="e"/>
<sequenceFlow id="f1" sourceRef="ps" targetRef="sp"/><sequenceFlow id="f2" sourceRef="sp" targetRef="e"/>
</process></definitions>`;
/** Deploys teamXml and starts it; the instance id. */
const startScopedTeam = async (engine: E) => (await engine.start({ definitionId: (await engine.deploy({ xml: teamXml })).definitionId, userId: '1' })).instanceId;

describe('加签', () => {
  it('parallel: a new signer votes too before the body completes', async () => {
    const { engine, id, store } = await started(false, ['a', 'b']);
    await expect(engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'x', assignee: 'c', mode: 'parallel' })).rejects.toThrow('当前用户不是该任务的办理人');
    await expect(engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'c', mode: 'after' })).rejects.toThrow('并行会签只能并行加签');
    await expect(engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'b', mode: 'parallel' })).rejects.toThrow('该人员已在会签中');
    await engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'c', mode: 'parallel', comment: '请财务也看' });
    expect(await votes(engine, id)).toEqual(['a', 'b', 'c']);
    expect(await counter(store, id, 'nrOfInstances')).toBe(3);
    expect(await comments(engine, id)).toContain('9:请财务也看');
    await vote(engine, id, 'a');
    await vote(engine, id, 'b');
    expect(await names(engine, id)).toEqual(['会签']);
    await vote(engine, id, 'c');
    expect(await names(engine, id)).toEqual(['归档']);
  });

  it('sequential: after the current approver, or before them (their task comes back later)', async () => {
    const { engine, id } = await started(true, ['a', 'b']);
    await expect(engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'c', mode: 'parallel' })).rejects.toThrow('顺序会签只能向前或向后加签');
    await engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'c', mode: 'after' });
    expect(await votes(engine, id)).toEqual(['a']);
    await vote(engine, id, 'a');
    expect(await votes(engine, id)).toEqual(['c']);
    await engine.addSigner({ taskId: (await taskOf(engine, id, 'c')).taskId, userId: 'c', assignee: 'd', mode: 'before' });
    expect(await votes(engine, id)).toEqual(['d']);
    await vote(engine, id, 'd');
    expect(await votes(engine, id)).toEqual(['c']);
    await vote(engine, id, 'c');
    expect(await votes(engine, id)).toEqual(['b']);
    await vote(engine, id, 'b');
    expect(await names(engine, id)).toEqual(['归档']);
    expect((await engine.flowRecord(id)).filter((r) => r.taskName === '会签').map((r) => r.assigneeId)).toEqual(['b', 'c', 'd', 'c', 'a']);
  });
  it('parallel: a signer added after a 减签 gets the added user as its element', async () => {
    const { engine, id, store } = await started(false, ['a', 'b', 'c']);
    await engine.removeSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'c', manager: true });
    await engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'd', mode: 'parallel' });
    expect(await votes(engine, id)).toEqual(['a', 'b', 'd']);
    const element = await store.get<{ value: string }>(`SELECT v.value FROM wf_variable v JOIN wf_task t ON t.execution_id = v.scope_id
      WHERE t.instance_id = ? AND t.assignee = 'd' AND v.name = 'u'`, [id]);
    expect(JSON.parse(element!.value)).toBe('d');
  });
});

describe('减签', () => {
  it('parallel: removes a signer who has not voted; the completion condition is counted again', async () => {
    const { engine, id } = await started(false, ['a', 'b', 'c'], '${nrOfCompletedInstances/nrOfInstances >= 0.5}');
    await vote(engine, id, 'a'); // 1/3: not yet
    expect(await votes(engine, id)).toEqual(['b', 'c']);
    await expect(engine.removeSigner({ taskId: (await taskOf(engine, id, 'b')).taskId, userId: 'b', assignee: 'b' })).rejects.toThrow('不能对自己减签');
    await expect(engine.removeSigner({ taskId: (await taskOf(engine, id, 'b')).taskId, userId: 'b', assignee: 'a' })).rejects.toThrow('该人员不在会签中或已处理');
    await engine.removeSigner({ taskId: (await taskOf(engine, id, 'b')).taskId, userId: 'b', assignee: 'c', comment: '出差', manager: true });
    // 1 of 2 completed: the condition holds now, the body ends (b's task cancelled with it).
    expect(await names(engine, id)).toEqual(['归档']);
    expect(await comments(engine, id)).toContain('10:出差');
    expect((await engine.flowRecord(id)).filter((r) => r.taskName === '会签').map((r) => [r.assigneeId, r.deleteReason]).sort()).toEqual([['a', null], ['b', 'MI_END'], ['c', 'deleteSign']]);
  });

  it('without a condition the remaining signers still vote; the last one cannot be removed', async () => {
    const { engine, id } = await started(false, ['a', 'b']);
    await engine.removeSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'b', manager: true });
    expect(await votes(engine, id)).toEqual(['a']);
    await engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'b', mode: 'parallel' });
    await expect(engine.removeSigner({ taskId: (await taskOf(engine, id, 'b')).taskId, userId: 'b', assignee: 'b' })).rejects.toThrow('不能对自己减签');
    await vote(engine, id, 'b');
    expect(await votes(engine, id)).toEqual(['a']);
    await vote(engine, id, 'a');
    expect(await names(engine, id)).toEqual(['归档']);
    const single = await started(false, ['a']);
    await expect(single.engine.removeSigner({ taskId: (await taskOf(single.engine, single.id, 'a')).taskId, userId: 'a', assignee: 'z' })).rejects.toThrow('减签后会签节点将没有办理人，无法减签');
  });

  it('sequential: a later approver leaves the order', async () => {
    const { engine, id } = await started(true, ['a', 'b', 'c']);
    await engine.removeSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'b', manager: true });
    await vote(engine, id, 'a');
    expect(await votes(engine, id)).toEqual(['c']);
    await vote(engine, id, 'c');
    expect(await names(engine, id)).toEqual(['归档']);
  });
});

describe('reject and return after 加签', () => {
  it('reject from the body goes back one step; the node starts again from the model collection', async () => {
    const { engine, id } = await started(false, ['a', 'b']);
    await engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'c', mode: 'parallel' });
    await vote(engine, id, 'c');
    await engine.reject({ taskId: (await taskOf(engine, id, 'b')).taskId, userId: 'b', comment: '重填' });
    expect(await names(engine, id)).toEqual(['申请']);
    await completeByName(engine, id, '申请');
    expect(await votes(engine, id)).toEqual(['a', 'b']);
    await vote(engine, id, 'a');
    await vote(engine, id, 'b');
    expect(await names(engine, id)).toEqual(['归档']);
  });

  it('return from the next node to the body: original signers, counters from scratch', async () => {
    const { engine, id, store } = await started(true, ['a', 'b']);
    await engine.addSigner({ taskId: (await taskOf(engine, id, 'a')).taskId, userId: 'a', assignee: 'c', mode: 'after' });
    await vote(engine, id, 'a');
    await vote(engine, id, 'c');
    await vote(engine, id, 'b');
    const archive = (await engine.instanceTasks(id))[0];
    await engine.returnTo({ taskId: archive.taskId, userId: '9', targetKey: 'vote' });
    expect(await votes(engine, id)).toEqual(['a']);
    expect([await counter(store, id, 'nrOfInstances'), await counter(store, id, 'nrOfCompletedInstances'), await counter(store, id, 'miCollection')]).toEqual([2, 0, undefined]);
    await vote(engine, id, 'a');
    expect(await votes(engine, id)).toEqual(['b']);
  });
});

describe('signersOf (the 减签 choices)', () => {
  it('lists running signers, and the later ones of a sequential order; a plain task is no countersign', async () => {
    const par = await started(false, ['a', 'b']);
    expect(await par.engine.signersOf((await taskOf(par.engine, par.id, 'a')).taskId)).toEqual({ multiInstance: true, sequential: false, signers: [{ userId: 'a', state: 'running', addedBy: null }, { userId: 'b', state: 'running', addedBy: null }] });
    const seq = await started(true, ['a', 'b', 'c']);
    expect((await seq.engine.signersOf((await taskOf(seq.engine, seq.id, 'a')).taskId)).signers).toEqual([{ userId: 'a', state: 'running', addedBy: null }, { userId: 'b', state: 'pending', addedBy: null }, { userId: 'c', state: 'pending', addedBy: null }]);
    await seq.engine.addSigner({ taskId: (await taskOf(seq.engine, seq.id, 'a')).taskId, userId: 'a', assignee: 'z', mode: 'after' });
    expect((await seq.engine.signersOf((await taskOf(seq.engine, seq.id, 'a')).taskId)).signers.map((s) => [s.userId, s.addedBy])).toEqual([['a', null], ['z', 'a'], ['b', null], ['c', null]]);
    const plain = await makeEngine();
    const d = await plain.engine.deploy({ xml: model(false).replace(/<multiInstanceLoopCharacteristics[\s\S]*?<\/multiInstanceLoopCharacteristics>/, '').replace('${u}', '5') });
    const { instanceId } = await plain.engine.start({ definitionId: d.definitionId, userId: '1' });
    await completeByName(plain.engine, instanceId, '申请');
    expect(await plain.engine.signersOf((await plain.engine.instanceTasks(instanceId))[0].taskId)).toEqual({ multiInstance: false, sequential: false, signers: [] });
    await expect(plain.engine.signersOf('nope')).rejects.toThrow('任务不存在');
  });

  it('a sequential order whose collection variable lives on the sub-process scope lists its later approvers as pending', async () => {
    const scoped = await makeEngine(teamHandlers);
    const instanceId = await startScopedTeam(scoped.engine);
    expect(await votes(scoped.engine, instanceId)).toEqual(['a']);
    expect((await scoped.engine.signersOf((await taskOf(scoped.engine, instanceId, 'a')).taskId)).signers.map((s) => [s.userId, s.state])).toEqual([['a', 'running'], ['b', 'pending'], ['c', 'pending']]);
  });

  it('a sequential order given as an expression (a member of a variable) lists its later approvers as pending', async () => {
    const expr = await makeEngine();
    const d2 = await expr.engine.deploy({ xml: model(true).replace('${users}', '${form.users}') });
    const started2 = await expr.engine.start({ definitionId: d2.definitionId, userId: '1', variables: { form: { users: ['a', 'b', 'c'] } } });
    await completeByName(expr.engine, started2.instanceId, '申请');
    expect((await expr.engine.signersOf((await taskOf(expr.engine, started2.instanceId, 'a')).taskId)).signers.map((s) => `${s.userId}:${s.state}`)).toEqual(['a:running', 'b:pending', 'c:pending']);
  });
});

describe('撤回 of a vote', () => {
  it('a vote of an earlier round is not withdrawn into the running countersign', async () => {
    const { engine, id, store } = await started(false, ['a', 'b']);
    await vote(engine, id, 'a');
    await engine.reject({ taskId: (await taskOf(engine, id, 'b')).taskId, userId: 'b', comment: '重填' });
    await completeByName(engine, id, '申请');
    expect(await votes(engine, id)).toEqual(['a', 'b']);
    await expect(engine.revoke({ instanceId: id, userId: 'a' })).rejects.toThrow('下一节点已处理，无法撤回');
    expect(await votes(engine, id)).toEqual(['a', 'b']);
    expect(await counter(store, id, 'nrOfCompletedInstances')).toBe(0);
  });
});

// "Nothing written" is read from SQLite's connection counter total_changes(), which PostgreSQL
// has no equivalent of: an engine over SQLite (makeSqliteEngine) in either project; the same
// listing runs on both databases above.
describe('signersOf writes nothing (SQLite: total_changes)', () => {
  it('a sequential order whose collection variable lives on the sub-process scope lists its later approvers as pending', async () => {
    const scoped = makeSqliteEngine(teamHandlers);
    const instanceId = await startScopedTeam(scoped.engine);
    expect(await votes(scoped.engine, instanceId)).toEqual(['a']);
    const changes = () => (scoped.db.$client.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    const before = changes();
    expect((await scoped.engine.signersOf((await taskOf(scoped.engine, instanceId, 'a')).taskId)).signers.map((s) => [s.userId, s.state])).toEqual([['a', 'running'], ['b', 'pending'], ['c', 'pending']]);
    expect(changes()).toBe(before); // read only: nothing written
  });
});

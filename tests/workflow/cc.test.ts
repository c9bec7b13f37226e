/**
 * 抄送 in the engine (issue 16): the model's CC of a user task (users, groups through
 * handlers.usersOfGroups, an expression) sent once when the node is passed, ad hoc copies by the
 * task's holder (comment type 8), the 抄送我的 list with read / unread, and what is not a pass
 * (a return, a failed expression).
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, lineXml, names, completeByName } from './helpers';

const ccAttrs = ' flowable:ccUsers="5,6" flowable:ccGroups="7" flowable:ccExpression="${boss}"';
const line = lineXml('p', [
  { id: 'a', name: '申请', assignee: '${INITIATOR}' },
  { id: 'b', name: '主管', assignee: '2', extra: ccAttrs },
  { id: 'c', name: '经理', assignee: '3' },
], { name: '报销' });

const groups: Record<string, string[]> = { 7: ['6', '8'] };

async function started(variables: Record<string, unknown> = { boss: '10' }) {
  const ctx = await makeEngine({ usersOfGroups: (ids) => ids.flatMap((g) => groups[g] ?? []) });
  const d = await ctx.engine.deploy({ xml: line });
  const s = await ctx.engine.start({ definitionId: d.definitionId, userId: '1', variables });
  return { ...ctx, id: s.instanceId };
}

describe('the model CC of a node', () => {
  it('goes to users, role members and the expression once the node is passed, from its handler', async () => {
    const { engine, id, clock } = await started();
    await completeByName(engine, id, '申请');
    expect(await engine.ccOfInstance(id)).toEqual([]);
    clock.advance(1000);
    await completeByName(engine, id, '主管');
    expect((await engine.ccOfInstance(id)).map((c) => c.userId).sort()).toEqual(['10', '5', '6', '8']);
    const page = await engine.ccList({ userId: '8' });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ procInsId: id, taskDefKey: 'b', taskName: '主管', kind: 'node', senderId: '2', procDefName: '报销', readTime: null, instanceEnded: false });
    expect(await engine.isCcRecipient(id, '8')).toBe(true);
    expect(await engine.isCcRecipient(id, '3')).toBe(false);
    expect(await engine.ccUnread('8')).toBe(1);
    expect(await engine.ccMarkRead({ instanceId: id, userId: '8' })).toBe(1);
    expect(await engine.ccUnread('8')).toBe(0);
    expect((await engine.ccList({ userId: '8', read: '0' })).total).toBe(0);
    expect((await engine.ccList({ userId: '8', read: '1' })).rows[0].readTime).not.toBeNull();
    expect(await engine.ccUnread('5')).toBe(1); // another recipient's copy stays unread
    expect((await engine.ccList({ userId: '8', name: '不存在' })).total).toBe(0);
  });

  it('is not sent when the node is left by a return, and a failing expression fails the approval', async () => {
    const { engine, id } = await started({});
    await completeByName(engine, id, '申请');
    const b = (await engine.instanceTasks(id))[0];
    await expect(engine.complete({ taskId: b.taskId, userId: '2' })).rejects.toThrow('Unknown property used in expression: ${boss}');
    expect(await names(engine, id)).toEqual(['主管']);
    expect(await engine.ccOfInstance(id)).toEqual([]);
    await engine.returnTo({ taskId: b.taskId, userId: '2', targetKey: 'a' });
    expect(await engine.ccOfInstance(id)).toEqual([]);
  });

  it('a countersign sends once, when the body completes', async () => {
    const { engine } = await makeEngine();
    const xml = lineXml('mi', [{ id: 'v', name: '会签', assignee: '${u}', extra: ' flowable:ccUsers="9"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="${users}" flowable:elementVariable="u"/></userTask' }])
      .replace('</userTask/>', '</userTask>');
    const d = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { users: ['a', 'b'] } });
    await completeByName(engine, instanceId, '会签', undefined, 'a');
    expect(await engine.ccOfInstance(instanceId)).toEqual([]);
    await completeByName(engine, instanceId, '会签', undefined, 'b');
    expect(await engine.ccOfInstance(instanceId)).toEqual([expect.objectContaining({ userId: '9', taskDefKey: 'v', kind: 'node' })]);
  });

  it('an instance deleted takes its copies with it', async () => {
    const { engine, id, store } = await started();
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '主管');
    await engine.deleteInstance({ instanceIds: id });
    expect((await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM wf_cc'))!.n).toBe(0);
  });
});

describe('ad hoc 抄送 from the task screen', () => {
  it('by the holder only, to distinct users, with comment type 8', async () => {
    const { engine, id } = await started();
    await completeByName(engine, id, '申请');
    const b = (await engine.instanceTasks(id))[0];
    await expect(engine.copy({ taskId: b.taskId, userId: '3', userIds: ['4'] })).rejects.toThrow('当前用户不是该任务的办理人');
    await expect(engine.copy({ taskId: b.taskId, userId: '2', userIds: [' '] })).rejects.toThrow('请选择抄送人员');
    expect(await engine.copy({ taskId: b.taskId, userId: '2', userIds: ['4', '4', '11'], comment: '请知悉' })).toEqual({ count: 2 });
    expect((await engine.ccList({ userId: '4' })).rows[0]).toMatchObject({ kind: 'manual', message: '请知悉', taskId: b.taskId, senderId: '2' });
    const record = (await engine.flowRecord(id)).find((r) => r.taskName === '主管')!;
    expect(record.comments.map((c) => [c.type, c.message])).toEqual([['8', '请知悉']]);
    expect(await names(engine, id)).toEqual(['主管']); // the task stays where it was
  });
});

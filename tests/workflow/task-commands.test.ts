/**
 * Scenario tests: complete (implicit claim, comments, holder checks), claim/unclaim, delegate /
 * resolve (comment 4), transfer (comment 5), finished tasks.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, lineXml, snapshot } from './helpers';

async function setup(tasks = [{ id: 'a', name: '经办', candidateUsers: '1,2', candidateGroups: '9' }, { id: 'b', name: '审批', assignee: '3' }]) {
  const ctx = await makeEngine();
  const d = await ctx.engine.deploy({ xml: lineXml('p', tasks) });
  const s = await ctx.engine.start({ definitionId: d.definitionId, userId: '1' });
  return { ...ctx, d, s, taskId: s.tasks[0].taskId };
}

const comments = async (engine: Awaited<ReturnType<typeof makeEngine>>['engine'], instanceId: string) =>
  (await engine.flowRecord(instanceId)).flatMap((r) => r.comments.map((c) => `${r.taskName}:${c.type}:${c.message}:${c.userId}`));

describe('complete', () => {
  it('a candidate completes with implicit claim and a type-1 comment', async () => {
    const { engine, s, taskId, clock } = await setup();
    clock.advance(65_000);
    const r = await engine.complete({ taskId, userId: '2', comment: '同意', variables: { amount: 5 } });
    expect(r).toMatchObject({ resolved: false, ended: false });
    expect(r.tasks.map((t) => t.name)).toEqual(['审批']);
    const rec = await engine.flowRecord(s.instanceId);
    expect(rec[1]).toMatchObject({ taskName: '经办', assigneeId: '2', candidateUsers: ['1', '2'], candidateGroups: ['9'], duration: '1分钟', comment: { type: '1', comment: '同意' } });
    expect(rec[0]).toMatchObject({ taskName: '审批', finishTime: null, assigneeId: '3' });
    expect((await engine.variables({ instanceId: s.instanceId })).amount).toBe(5);
    expect((await engine.finishedList({ userId: '2' })).rows[0]).toMatchObject({ taskName: '经办', duration: '1分钟', instanceEnded: false });
  });

  it('a group member completes; a stranger, a finished task and a held task are refused and change nothing', async () => {
    const { engine, s, taskId } = await setup();
    const rev = (await engine.getInstance(s.instanceId)).revision;
    await expect(engine.complete({ taskId, userId: '7', groupIds: ['8'] })).rejects.toThrow('当前用户不是该任务的办理人，无权操作');
    expect((await engine.getInstance(s.instanceId)).revision).toBe(rev);
    expect(await snapshot(engine, s.instanceId)).toEqual(['经办||1,2|9']);
    await engine.complete({ taskId, userId: '7', groupIds: ['9'] });
    await expect(engine.complete({ taskId, userId: '7', groupIds: ['9'] })).rejects.toThrow('任务不存在或已被审批!');
    const b = (await engine.instanceTasks(s.instanceId))[0];
    await expect(engine.complete({ taskId: b.taskId, userId: '2' })).rejects.toThrow('当前用户不是该任务的办理人');
    expect((await engine.complete({ taskId: b.taskId, userId: '3' })).ended).toBe(true);
  });
});

describe('claim / unclaim', () => {
  it('claims, refuses a second claimer, unclaims back to the candidates', async () => {
    const { engine, s, taskId } = await setup();
    await engine.claim({ taskId, userId: '1' });
    expect(await snapshot(engine, s.instanceId)).toEqual(['经办|1|1,2|9']);
    expect((await engine.getTask(taskId)).claimTime).not.toBeNull();
    await expect(engine.claim({ taskId, userId: '2' })).rejects.toThrow('当前用户不是该任务的办理人');
    expect((await engine.todoList({ userId: '2' })).total).toBe(0);
    await expect(engine.unclaim({ taskId, userId: '2' })).rejects.toThrow('当前用户不是该任务的办理人');
    await engine.unclaim({ taskId, userId: '1' });
    expect(await snapshot(engine, s.instanceId)).toEqual(['经办||1,2|9']);
    expect((await engine.todoList({ userId: '2' })).total).toBe(1);
  });
});

describe('delegate / resolve / transfer', () => {
  it('the delegate\'s completion resolves the task back to its owner with comment 4', async () => {
    const { engine, s, taskId } = await setup();
    await engine.claim({ taskId, userId: '1' });
    await engine.delegate({ taskId, userId: '1', assignee: '5' });
    expect(await engine.getTask(taskId)).toMatchObject({ assignee: '5', owner: '1', delegationState: 'PENDING' });
    expect((await engine.todoList({ userId: '5' })).rows[0]).toMatchObject({ taskName: '经办', owner: '1', delegationState: 'PENDING' });
    await expect(engine.complete({ taskId, userId: '1' })).rejects.toThrow('当前用户不是该任务的办理人');
    const r = await engine.complete({ taskId, userId: '5', comment: '看过了' });
    expect(r.resolved).toBe(true);
    expect(await engine.getTask(taskId)).toMatchObject({ assignee: '1', owner: '1', delegationState: 'RESOLVED', finished: false });
    expect(await comments(engine, s.instanceId)).toEqual(['经办:4:看过了:5']);
    await engine.complete({ taskId, userId: '1', comment: '同意' });
    expect((await engine.instanceTasks(s.instanceId)).map((t) => t.name)).toEqual(['审批']);
  });

  it('resolve explicitly; a second delegation is refused while pending', async () => {
    const { engine, taskId } = await setup();
    await engine.delegate({ taskId, userId: '2', assignee: '6' });
    expect(await engine.getTask(taskId)).toMatchObject({ owner: '2', assignee: '6' });
    await expect(engine.delegate({ taskId, userId: '6', assignee: '7' })).rejects.toThrow('任务已处于委派中');
    await expect(engine.resolve({ taskId, userId: '2' })).rejects.toThrow('当前用户不是该任务的办理人');
    await engine.resolve({ taskId, userId: '6', comment: 'done' });
    expect(await engine.getTask(taskId)).toMatchObject({ assignee: '2', delegationState: 'RESOLVED' });
  });

  it('transfer hands the task over with comment 5', async () => {
    const { engine, s } = await setup([{ id: 'a', name: '经办', assignee: '1' }]);
    const taskId = s.tasks[0].taskId;
    await engine.transfer({ taskId, userId: '1', assignee: '4', comment: '请代办' });
    expect((await engine.getTask(taskId)).assignee).toBe('4');
    expect(await comments(engine, s.instanceId)).toEqual(['经办:5:请代办:1']);
    await expect(engine.transfer({ taskId, userId: '1', assignee: '5' })).rejects.toThrow('当前用户不是该任务的办理人');
    expect((await engine.complete({ taskId, userId: '4' })).ended).toBe(true);
  });
});

describe('complete / resolve with the caller\'s own checks inside the command (prepare; issue 44)', () => {
  it('prepare gets the task\'s form context and answers the variables; a throw changes nothing', async () => {
    const { engine, s, taskId } = await setup();
    const before = await snapshot(engine, s.instanceId);
    await expect(engine.complete({ taskId, userId: '2' }, async () => { throw new Error('不许'); })).rejects.toThrow('不许');
    expect(await snapshot(engine, s.instanceId)).toEqual(before);
    const seen: unknown[] = [];
    await engine.complete({ taskId, userId: '2', comment: '同意' }, async (task) => { seen.push(task); return { amount: 7 }; });
    expect(seen).toEqual([{ deploymentId: expect.any(String), definitionId: expect.any(String), taskDefKey: 'a', formKey: null, finished: false, unheld: false }]);
    expect((await engine.variables({ instanceId: s.instanceId })).amount).toBe(7);
    expect((await engine.instanceTasks(s.instanceId)).map((t) => t.name)).toEqual(['审批']);
  });

  it('a finished or unknown task skips prepare and is refused as missing', async () => {
    const { engine, taskId } = await setup();
    await engine.complete({ taskId, userId: '2' });
    for (const id of [taskId, 'no-such-task']) {
      let called = false;
      await expect(engine.complete({ taskId: id, userId: '2' }, async () => { called = true; return undefined; })).rejects.toThrow('任务不存在');
      expect(called).toBe(false);
    }
  });

  it('resolve takes one too: the owner gets the task back with what prepare answered', async () => {
    const { engine, s, taskId } = await setup();
    await engine.claim({ taskId, userId: '1' });
    await engine.delegate({ taskId, userId: '1', assignee: '5' });
    await engine.resolve({ taskId, userId: '5', comment: '办好了' }, async () => ({ note: '已核' }));
    expect((await engine.variables({ instanceId: s.instanceId })).note).toBe('已核');
    expect((await engine.instanceTasks(s.instanceId)).map((t) => t.assignee)).toEqual(['1']);
  });
});

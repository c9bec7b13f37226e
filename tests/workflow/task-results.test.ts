/**
 * Issue 40 §4 in the engine (queries/task-results.ts): 已办任务 lists only the tasks their
 * assignee handled (not those another user's 撤回 or stop took away) with the result type of what
 * the assignee did; a vote withdrawn inside a running parallel countersign is 撤回 too.
 */
import { describe, expect, it } from 'vitest';
import { completeByName, lineXml, makeEngine, readCorpus } from './helpers';

const results = async (engine: Awaited<ReturnType<typeof makeEngine>>['engine'], userId: string) =>
  (await engine.finishedList({ userId })).rows.map((r) => `${r.taskName}:${r.resultType}`);

describe('handled tasks and their results', () => {
  it('a withdrawal: the withdrawer\'s task is 撤回, the next assignee has nothing; a stop hides the stopped task too', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: lineXml('p', [{ id: 'a', name: '申请', assignee: '1' }, { id: 'b', name: '审批', assignee: '2' }]) });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    await completeByName(engine, instanceId, '申请');
    await engine.revoke({ instanceId, userId: '1' });
    expect(await results(engine, '1')).toEqual(['申请:7']);
    expect(await results(engine, '2')).toEqual([]);
    await engine.complete({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: '1', comment: '再交' });
    await engine.reject({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: '2', comment: '不全' });
    expect(await results(engine, '2')).toEqual(['审批:3']);
    await engine.complete({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: '1' });
    await engine.stop({ instanceId, userId: '1' });
    expect(await results(engine, '2')).toEqual(['审批:3']); // the stopped 审批 was not its assignee's doing
    expect((await results(engine, '1')).sort()).toEqual(['申请:1', '申请:1', '申请:7']);
  });

  it('a parallel countersign: a withdrawn vote is 撤回, the vote given again 通过', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: readCorpus('flowable-MultiInstanceTest.testParallelUserTasksCustomExtensions.bpmn20.xml') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { assigneeList: ['a', 'b'] } });
    const byUser = async (u: string) => (await engine.instanceTasks(instanceId)).find((x) => x.assignee === u)!;
    await engine.complete({ taskId: (await byUser('a')).taskId, userId: 'a' });
    await engine.revoke({ instanceId, userId: 'a', comment: '再想想' });
    expect(await results(engine, 'a')).toEqual(['My Task 0:7']);
    await engine.complete({ taskId: (await byUser('a')).taskId, userId: 'a', comment: '同意' });
    await engine.complete({ taskId: (await byUser('b')).taskId, userId: 'b' });
    expect((await results(engine, 'a')).sort()).toEqual(['My Task 0:1', 'My Task 0:7']);
    expect(await results(engine, 'b')).toEqual(['My Task 1:1']);
  });
});

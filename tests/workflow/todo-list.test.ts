/**
 * The to-do list (engine.todoList) against the predicate it implements, written out as the plain
 * reference query (assigned to the user, or unassigned with the user or one of the groups as
 * candidate; not suspended; newest first): the index-driven statement, the COUNT skipped on a
 * page that is not full and the definition columns read once per definition must answer the same
 * rows and totals for every user, group set and page. Also the engine's date text against
 * shared/utils/date formatDateTime.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../server/db/store/port';
import { makeEngine, lineXml } from './helpers';
import { fmt } from '../../server/engine/queries/common';
import { formatDateTime } from '../../shared/utils/date';

/** The to-do predicate as the plain reference query (the pre-issue-15 statement). */
async function reference(store: Store, userId: string, groups: string[], limit: number, offset: number, name?: string) {
  const g = groups.length ? ` OR l.group_id IN (${groups.map(() => '?').join(',')})` : '';
  const n = name ? ` AND d.name LIKE '%' || ? || '%'` : '';
  const from = `FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id JOIN wf_definition d ON d.id = i.definition_id
    WHERE t.suspended = 0 AND (t.assignee = ? OR (t.assignee IS NULL AND EXISTS (SELECT 1 FROM wf_identity_link l WHERE l.task_id = t.id AND (l.user_id = ?${g}))))${n}`;
  const params = [userId, userId, ...groups, ...(name ? [name] : [])];
  const total = (await store.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, params))!.n;
  const ids = await store.all<{ id: string; dn: string; c: string }>(
    `SELECT t.id, d.name AS dn, d.category AS c ${from} ORDER BY t.create_time DESC, t.id DESC LIMIT ? OFFSET ?`, [...params, limit, offset]);
  return { total, ids: ids.map((r) => r.id), names: ids.map((r) => r.dn) };
}

describe('to-do list', () => {
  it('answers the reference rows and totals for assignees, candidate users and groups, claims, suspension and paging', async () => {
    const { engine, store, clock } = await makeEngine();
    const a = await engine.deploy({ xml: lineXml('todoA', [{ id: 'x', name: '经办', assignee: '${INITIATOR}' }, { id: 'y', name: '复核', candidateUsers: '2,3', candidateGroups: 'g1' }], { name: '甲流程', category: 'oa' }) });
    const b = await engine.deploy({ xml: lineXml('todoB', [{ id: 'p', name: '分组', candidateGroups: 'g1,g2' }, { id: 'q', name: '结束前', assignee: '3' }], { name: '乙流程' }) });
    const c = await engine.deploy({ xml: lineXml('todoC', [{ id: 'z', name: '无人', extra: '' }], { name: '丙流程' }) });
    const instances: string[] = [];
    for (let i = 0; i < 7; i++) {
      clock.advance(1000);
      instances.push((await engine.start({ definitionId: a.definitionId, userId: String(1 + (i % 3)) })).instanceId);
      clock.advance(1000);
      instances.push((await engine.start({ definitionId: b.definitionId, userId: '1' })).instanceId);
    }
    await engine.start({ definitionId: c.definitionId, userId: '1' });
    // Move some A instances to the candidate task, claim some, suspend one, complete a B group task.
    for (const id of instances.slice(0, 6)) {
      const t = (await engine.instanceTasks(id))[0];
      if (t.taskDefKey === 'x') await engine.complete({ taskId: t.taskId, userId: t.assignee! });
    }
    const candidate = (await Promise.all(instances.slice(0, 6).map(async (id) => (await engine.instanceTasks(id))[0]))).filter((t) => t.taskDefKey === 'y');
    await engine.claim({ taskId: candidate[0].taskId, userId: '2' });
    await engine.setInstanceState({ instanceId: instances[7], state: 2 });
    const groupTask = (await engine.instanceTasks(instances[9]))[0];
    await engine.complete({ taskId: groupTask.taskId, userId: '9', groupIds: ['g2'] });

    // Group lists of every statement shape: none, a few (one `?` each, a repeated id among them) and
    // more than the statement lists one by one (one JSON array parameter), a matching group last.
    const many = [...Array.from({ length: 40 }, (_, i) => `n${i}`), 'g2'];
    const actors: Array<[string, string[]]> = [['1', []], ['2', []], ['3', []], ['2', ['g1']], ['9', ['g1', 'g2']], ['9', ['g2']], ['4', ['nope']], ['3', ['g1', 'g2']],
      ['2', ['g1', 'g1']], ['9', many], ['3', [...many, 'g1']]];
    let nonEmpty = 0;
    for (const [userId, groupIds] of actors) {
      for (const [pageNum, pageSize] of [[1, 100], [1, 3], [2, 3], [3, 3], [1, 1], [9, 4]]) {
        const got = await engine.todoList({ userId, groupIds, pageNum, pageSize });
        const want = await reference(store, userId, groupIds, pageSize, (pageNum - 1) * pageSize);
        expect({ total: got.total, ids: got.rows.map((r) => r.taskId), names: got.rows.map((r) => r.procDefName) }, `${userId} ${groupIds} ${pageNum}/${pageSize}`).toEqual(want);
        if (got.rows.length) nonEmpty++;
      }
      for (const name of ['甲', '乙流', '丁']) {
        const got = await engine.todoList({ userId, groupIds, name, pageSize: 2 });
        expect({ total: got.total, ids: got.rows.map((r) => r.taskId), names: got.rows.map((r) => r.procDefName) }, `${userId} ${groupIds} ${name}`)
          .toEqual(await reference(store, userId, groupIds, 2, 0, name));
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
    // Row shape and values of one row.
    const row = (await engine.todoList({ userId: '9', groupIds: ['g1'], pageSize: 100 })).rows.find((r) => r.procDefKey === 'todoA')!;
    expect(row).toEqual({
      taskId: expect.any(String), taskDefKey: 'y', taskName: '复核', createTime: (await engine.getTask(row.taskId)).createTime,
      assignee: null, owner: null, delegationState: null, formKey: null, executionId: expect.any(String), procDefId: a.definitionId, procDefKey: 'todoA',
      procDefName: '甲流程', procDefVersion: 1, deployId: a.deploymentId, category: 'oa', procInsId: expect.any(String), businessKey: null,
      startUserId: expect.any(String), superProcInsId: null,
    });
    expect(Object.keys(row)).toEqual(['taskId', 'taskDefKey', 'taskName', 'createTime', 'assignee', 'owner', 'delegationState', 'formKey', 'executionId',
      'procDefId', 'procDefKey', 'procDefName', 'procDefVersion', 'deployId', 'category', 'procInsId', 'businessKey', 'startUserId', 'superProcInsId']);
    // A category changed after the start shows at once (definition columns are read per call).
    await engine.updateDeployment({ deploymentId: a.deploymentId, category: 'finance' });
    const after = (await engine.todoList({ userId: '9', groupIds: ['g1'], pageSize: 100 })).rows.find((r) => r.procDefKey === 'todoA')!;
    const stored = (await store.get<{ category: string }>('SELECT category FROM wf_definition WHERE id = ?', [a.definitionId]))!.category;
    expect(after.category).toBe(stored);
  });

  it('finished and my-process pages: totals and rows agree with the whole list for every page size', async () => {
    const { engine, clock } = await makeEngine();
    const a = await engine.deploy({ xml: lineXml('pgA', [{ id: 'x', name: '一', assignee: '${INITIATOR}' }, { id: 'y', name: '二', assignee: '${INITIATOR}' }]) });
    for (let i = 0; i < 9; i++) {
      clock.advance(1000);
      const s = await engine.start({ definitionId: a.definitionId, userId: String(1 + (i % 2)) });
      if (i % 3 === 0) continue;
      clock.advance(1000);
      const next = await engine.complete({ taskId: s.tasks[0].taskId, userId: String(1 + (i % 2)) });
      if (i % 3 === 2) await engine.complete({ taskId: next.tasks[0].taskId, userId: String(1 + (i % 2)) });
    }
    for (const userId of ['1', '2', '3']) {
      const lists = [async (p: { pageNum: number; pageSize: number }) => engine.finishedList({ userId, ...p }), async (p: { pageNum: number; pageSize: number }) => engine.myProcessList({ userId, ...p })];
      for (const list of lists) {
        const all = await list({ pageNum: 1, pageSize: 500 });
        for (const pageSize of [1, 2, 3, 4, 100]) {
          for (let pageNum = 1; pageNum <= 6; pageNum++) {
            const page = await list({ pageNum, pageSize });
            expect(page.total).toBe(all.total);
            expect(page.rows).toEqual(all.rows.slice((pageNum - 1) * pageSize, pageNum * pageSize));
          }
        }
      }
    }
    expect((await engine.finishedList({ userId: '1', pageSize: 500 })).total).toBeGreaterThan(2);
  });

  it('formats times as formatDateTime does', () => {
    const samples = [0, 1, 999, 86_399_999, Date.UTC(2026, 10, 25, 4, 5, 6), Date.UTC(2026, 2, 29, 1, 30), Date.UTC(1999, 11, 31, 23, 59, 59, 999), 253_402_300_799_000];
    for (let i = 0; i < 200; i++) samples.push(Math.floor(Date.UTC(1990, 0, 1) + i * 7_919_993_117));
    for (const ms of samples) expect(fmt(ms)).toBe(formatDateTime(ms));
    expect(fmt(null)).toBeNull();
    expect(fmt(undefined)).toBeNull();
    expect(fmt(Number.NaN)).toBe(formatDateTime(Number.NaN));
  });
});

/**
 * The ReplayDb's split of statements into reads and writes (replay-state.ts isRead): a row-locking
 * SELECT (issue 44: the instance load's `FOR UPDATE`) is a read, sent once and answered to the
 * later runs, also in a query that may not write.
 */
import { describe, expect, it } from 'vitest';
import { isRead, NeedExec, ReplayState } from './replay-state';
import { ReplayDb } from './replay-db';

describe('isRead', () => {
  it('takes SELECTs, with or without a locking clause, and refuses statements that write', () => {
    expect([
      'SELECT id FROM wf_instance WHERE id = ?',
      '  select id from wf_instance where id = ? for update',
      'SELECT id FROM wf_instance WHERE id = (SELECT instance_id FROM wf_task WHERE id = ?) FOR UPDATE',
      'SELECT id FROM wf_timer WHERE due <= ? FOR NO KEY UPDATE SKIP LOCKED',
      'SELECT id FROM sys_job_lease FOR SHARE',
      'WITH t AS (SELECT 1) SELECT * FROM t',
    ].map(isRead)).toEqual([true, true, true, true, true, true]);
    expect([
      'UPDATE wf_instance SET revision = ? WHERE id = ?',
      'INSERT INTO wf_task SELECT * FROM x',
      'WITH d AS (DELETE FROM wf_timer RETURNING id) SELECT id FROM d',
      'SELECT id FROM wf_instance FOR UPDATE; DELETE FROM wf_task',
      'DELETE FROM wf_task WHERE id = ?',
    ].map(isRead)).toEqual([false, false, false, false, false]);
  });

  it('a locking read in a query (no writes allowed) asks for its rows, then answers them to the next run', () => {
    const db = new ReplayDb();
    const state = new ReplayState(false);
    const sql = 'SELECT id FROM wf_instance WHERE id = ? FOR UPDATE';
    let need: unknown;
    try { db.run(state, () => db.prepare(sql).raw().get('i1')); } catch (e) { need = e; }
    expect(need).toBeInstanceOf(NeedExec);
    const { reads } = need as NeedExec;
    expect(reads).toHaveLength(1);
    state.answers.set(reads[0].key, ['i1']);
    expect(db.run(state, () => db.prepare(sql).raw().get('i1'))).toEqual(['i1']);
    expect(state.writes).toEqual([]);
  });
});

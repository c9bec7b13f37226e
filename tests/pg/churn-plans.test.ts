/**
 * Plans on the tables whose rows come and go (issue 44, CPU per workflow instance): wf_task and
 * wf_execution gain and lose rows with every task, so between two autovacuum passes they fill with
 * deleted rows. PostgreSQL keeps a prepared statement's generic plan once chosen (after five runs
 * on a connection); made while such a table held a row or two, a plan that scanned it whole stayed,
 * and its cost grew with the deleted rows (the to-do page read 130 blocks after a vacuum and 860 a
 * minute later). A transaction's statements and valuesBatch's reads are planned with sequential
 * scans off (server/db/store/pg-transactions.ts TRANSACTION_LEAD, postgres.ts valuesBatch); the
 * to-do page reads through valuesBatch (server/engine/queries/todo-list.ts).
 *
 * What is counted: pg_stat_user_tables' seq_scan of the two tables, for the ONE connection of a
 * store of pool size 1 (its pending statistics flushed with pg_stat_force_next_flush, PostgreSQL 15+,
 * before each reading, on that connection).
 *
 * Merge joins are off in transactions too (TRANSACTION_LEAD): the engine's loads join a token to
 * its activity-instance row and a task to its history row by primary key. With statistics taken
 * while only long-open tasks existed (their ids are old: ids grow with time), the planner took a
 * merge join that would stop early in the history table's key order; the new tasks' ids lie past
 * the statistics, so each load read the history's primary key from its start (bench:cluster's
 * control, with instances left open: 9.8 ms of PostgreSQL per instance for the token load alone).
 * Counted: pg_stat_user_indexes' idx_tup_read of the two history keys.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/core/clock';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { openPostgresStore } from '../../server/db/store/postgres';
import { createEngine, type Engine } from '../../server/engine';
import { todoList } from '../../server/engine/queries/todo-list';
import { lineXml } from '../workflow/helpers';
import { freshDatabase } from './fresh-db';

let store: Awaited<ReturnType<typeof openPostgresStore>>;
let engine: Engine;
let definitionId: string;

beforeAll(async () => {
  const url = await freshDatabase('churn_plans');
  await migratePostgres(url);
  store = await openPostgresStore(url, { max: 1 });
  engine = createEngine({ store, clock: manualClock(Date.UTC(2026, 11, 4, 1, 0, 0)) });
  ({ definitionId } = await engine.deploy({ xml: lineXml('churn', [{ id: 'a', name: '填写', assignee: '1' }, { id: 'b', name: '确认', assignee: '1' }]) }));
});
afterAll(async () => { await store?.close(); });

/** The bench's round (bench/rest-round.ts) through the engine: start → to-do → complete → to-do → complete. */
async function round(): Promise<void> {
  const { instanceId } = await engine.start({ definitionId, userId: '1' });
  for (let k = 0; k < 2; k++) {
    const page = await todoList(store, { userId: '1', groupIds: ['1'], pageSize: 100 });
    const task = page.rows.find((r) => r.procInsId === instanceId);
    expect(task, `to-do ${k + 1} of ${instanceId}`).toBeDefined();
    await engine.complete({ taskId: task!.taskId, userId: '1' });
  }
  expect(await store.get('SELECT end_time FROM wf_instance WHERE id = ? AND end_time IS NOT NULL', [instanceId])).toBeDefined();
}

/** Sequential scans of wf_task and wf_execution so far (this store's one connection included). */
async function seqScans(): Promise<Record<string, number>> {
  await store.get('SELECT pg_stat_force_next_flush()');
  const rows = await store.all<{ relname: string; n: number }>(
    "SELECT relname, seq_scan AS n FROM pg_stat_user_tables WHERE relname IN ('wf_task', 'wf_execution') ORDER BY relname");
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)]));
}

/** Index entries read from the history tables' primary keys so far. */
async function historyKeyReads(): Promise<number> {
  await store.get('SELECT pg_stat_force_next_flush()');
  const rows = await store.all<{ n: number }>(
    "SELECT idx_tup_read AS n FROM pg_stat_user_indexes WHERE indexrelname IN ('wf_hi_actinst_pkey', 'wf_hi_taskinst_pkey')");
  expect(rows).toHaveLength(2);
  return rows.reduce((s, r) => s + Number(r.n), 0);
}

describe('plans of wf_task and wf_execution (issue 44)', () => {
  it('rounds of start, to-do and complete scan neither table whole once their plans are made while the tables hold a row or two', async () => {
    for (let i = 0; i < 8; i++) await round(); // every statement run more than five times: generic plans chosen now
    const before = await seqScans();
    expect(Object.keys(before)).toEqual(['wf_execution', 'wf_task']);
    for (let i = 0; i < 8; i++) await round();
    expect(await seqScans()).toEqual(before);
  });

  it('loads read the history by key, not from its start, after statistics taken while only long-open tasks existed', async () => {
    const open: string[] = [];
    for (let i = 0; i < 3; i++) open.push((await engine.start({ definitionId, userId: '1' })).instanceId); // left at their first task
    for (let i = 0; i < 30; i++) await round(); // history to read through
    await store.get('ANALYZE wf_task, wf_execution, wf_hi_actinst, wf_hi_taskinst');
    await store.get('DISCARD PLANS'); // the store's one connection plans again, from these statistics
    for (let i = 0; i < 8; i++) await round();
    const before = await historyKeyReads();
    for (let i = 0; i < 8; i++) await round();
    // About 10 entries a round by key (a start and two completes, each loading its tokens and tasks
    // with their history rows); from the start of the keys, every round read more than a hundred.
    expect(await historyKeyReads() - before).toBeLessThan(8 * 40);
    for (const id of open) expect(await store.get('SELECT 1 AS x FROM wf_task WHERE instance_id = ?', [id])).toEqual({ x: 1 });
  });

  it('a transaction plans with sequential scans off until it ends; valuesBatch outside one only for its own reads', async () => {
    const setting = async () => (await store.get<{ v: string }>("SELECT current_setting('enable_seqscan') AS v"))!.v;
    expect(await setting()).toBe('on');
    expect(await store.transaction(async () => [await setting(), await store.get('SELECT 1 AS x'), await setting()])).toEqual(['off', { x: 1 }, 'off']);
    expect(await setting()).toBe('on');
    expect(await store.valuesBatch!([{ sql: "SELECT current_setting('enable_seqscan')" }, { sql: 'SELECT 2' }])).toEqual([[['off']], [[2]]]);
    expect(await setting()).toBe('on'); // the same connection (pool of one) after it
    await expect(store.valuesBatch!([{ sql: 'SELECT 1/0' }])).rejects.toThrow('division by zero');
    expect(await setting()).toBe('on');
    // Drizzle's queries in a transaction open it with the same lead (pg-transactions.ts `connection`).
    expect(await store.transaction(async () => (await store.db.execute(sql`SELECT current_setting('enable_seqscan') AS v`)).rows[0])).toEqual({ v: 'off' });
  });
});

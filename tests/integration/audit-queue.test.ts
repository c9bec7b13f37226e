/**
 * The operation log's write queue (core/audit.ts, issue 15; on the async store, issue 43): rows of
 * one event-loop turn are written together in call order in one `store.batch` (one transaction; on
 * PostgreSQL one round trip, issue 44), readers of the
 * log see every answered call, a failed write keeps its rows (the oldest dropped past
 * MAX_QUEUED_AUDIT_ROWS), reports and is retried, and closing the app writes what is queued.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { router, createCallerFactory } from '../../server/trpc/init';
import { permProcedure } from '../../server/trpc/procedures';
import { AUDIT_RETRY_MS, auditIdle, flushAudit, MAX_QUEUED_AUDIT_ROWS, onAuditError, writeAudit, type AuditEntry } from '../../server/core/audit';
import { operlogClean, operlogList } from '../../server/modules/monitor/operlog/operlog.service';
import { defaultRegistry } from '../../server/modules/monitor/job/handlers';
import { silentLogger } from '../../server/modules/monitor/job/registry';
import { login, makeTestApp, onPostgres, testDatabaseUrl, type TestApp } from '../helpers/app';
import { sysOperLog } from '../../server/db/schema';
import { pendingCommitOf } from '../../server/db/store/sqlite';

const testRouter = router({
  save: permProcedure('system:user:add').meta({ log: { title: '队列测试', businessType: 1 } })
    .input(z.object({ name: z.string() }))
    .mutation(({ input }) => ({ name: input.name })),
});

let t: TestApp;
let token: string;
beforeAll(async () => { t = await makeTestApp(); token = await login(t.app); });
/**
 * Waits until no transaction group of the store is open (they linger GROUP_LINGER_TURNS turns for
 * more writes): the raw schema changes and connection checks below must not land inside one.
 */
const settled = async () => {
  for (let c = pendingCommitOf(t.app.deps.store); c; c = pendingCommitOf(t.app.deps.store)) await c.catch(() => undefined);
};
afterAll(async () => { await t.app.close(); });

const caller = () => createCallerFactory(testRouter)({ deps: t.app.deps, token, client: { ip: '10.1.1.9', userAgent: 'x' }, request: { method: 'POST', url: '/caishui-api/q' } });
/** The queue test's rows as stored, oldest first, without flushing (a Drizzle read on `store.db` waits for no group). */
const stored = async () => (await t.app.deps.store.db.select({ p: sysOperLog.operParam }).from(sysOperLog)
  .where(eq(sysOperLog.title, '队列测试')).orderBy(asc(sysOperLog.operId))).map((r) => r.p);
/** Renames the operation log's table away (`from` sys_oper_log) or back, so its writes fail meanwhile. */
const rename = async (from: string, to: string) => { await t.app.deps.store.run(`ALTER TABLE ${from} RENAME TO ${to}`); };
/**
 * Waits until the queue's turn-end write (and any flush under way) has finished: on SQLite it ends
 * within the turn, on PostgreSQL after network round trips, so the tests wait for it, not for turns.
 */
const idle = () => auditIdle(t.app.deps.store);
/**
 * Counts the store's outer writes until restored: `batches`, calls of `store.batch` outside a
 * transaction, and `transactions`, outer `store.transaction` calls other than the one a batch
 * opens itself (the SQLite adapter's batch is a transaction; PostgreSQL's sends its statements in
 * one round trip). Nested ones (savepoints) are not counted.
 */
function countWrites() {
  const store = t.app.deps.store;
  const transaction = store.transaction.bind(store);
  const batch = store.batch.bind(store);
  let batches = 0, transactions = 0, inBatch = false;
  const txSpy = vi.spyOn(store, 'transaction').mockImplementation((fn) => {
    if (!store.inTransaction && !inBatch) transactions++;
    return transaction(fn);
  });
  const batchSpy = vi.spyOn(store, 'batch').mockImplementation((list) => {
    if (!store.inTransaction) batches++;
    inBatch = true; // the adapter's own transaction starts synchronously inside the call
    try { return batch(list); } finally { inBatch = false; }
  });
  return { count: () => ({ batches, transactions }), restore: () => { txSpy.mockRestore(); batchSpy.mockRestore(); } };
}
const entry = (name: string): AuditEntry => ({
  title: '队列测试', businessType: 1, method: 'q', requestMethod: 'POST', operName: 'admin', deptName: '研发部门', operUrl: '/q', operIp: '1.1.1.1',
  input: { name }, result: null, startedAt: 0, endedAt: 1,
});

it('writes the rows of one turn together, in call order, when the turn ends', async () => {
  await idle();
  const before = (await stored()).length;
  const tx = countWrites();
  try {
    for (const name of ['a', 'b', 'c']) await caller().save({ name });
    expect(await stored()).toHaveLength(before); // queued, not yet written
    await idle();
    expect((await stored()).slice(before)).toEqual(['{"name":"a"}', '{"name":"b"}', '{"name":"c"}']);
    expect(tx.count()).toEqual({ batches: 1, transactions: 0 }); // one write: a batch, no BEGIN … COMMIT around it
  } finally {
    tx.restore();
  }
});

it('a list and a clean see the calls answered before them', async () => {
  await caller().save({ name: 'listed' });
  const page = await operlogList(t.app.deps, { pageNum: 1, pageSize: 5 });
  expect(page.rows[0]).toMatchObject({ title: '队列测试', operParam: '{"name":"listed"}' });
  await caller().save({ name: 'cleaned' });
  await operlogClean(t.app.deps);
  await idle();
  expect(await stored()).toEqual([]);
});

it('the log-cleaning job (logTask.clean) also cleans old rows still queued', async () => {
  await idle();
  const now = t.clock.now();
  const old = now - 40 * 24 * 3600 * 1000;
  writeAudit(t.app.deps.store, { ...entry('old-queued'), startedAt: old, endedAt: old });
  await defaultRegistry.get('logTask')!.get('clean')!.run(
    { store: t.app.deps.store, clock: t.clock, log: silentLogger, dataDir: os.tmpdir(), job: { jobId: 0, jobName: 'clean', jobGroup: 'DEFAULT' }, fireTime: now }, [30]);
  await idle();
  expect(await stored()).not.toContain('{"name":"old-queued"}');
});

it('keeps the rows of a failed write, reports it, and writes them on the next flush', async () => {
  await idle();
  const reports: Array<{ queued: number; dropped: number; message: string }> = [];
  onAuditError(t.app.deps.store, (err, info) => reports.push({ ...info, message: String(err) }));
  await settled();
  await rename('sys_oper_log', 'sys_oper_log_away');
  try {
    writeAudit(t.app.deps.store, entry('kept-1'));
    writeAudit(t.app.deps.store, entry('kept-2'));
    expect(await flushAudit(t.app.deps.store)).toBe(0);
    expect(reports).toEqual([{ queued: 2, dropped: 0, message: expect.stringContaining('sys_oper_log') }]);
  } finally {
    await settled();
    await rename('sys_oper_log_away', 'sys_oper_log');
  }
  expect(await flushAudit(t.app.deps.store)).toBe(2);
  expect((await stored()).slice(-2)).toEqual(['{"name":"kept-1"}', '{"name":"kept-2"}']);
  expect(await flushAudit(t.app.deps.store)).toBe(0);
});

it('retries a failed write after AUDIT_RETRY_MS, in a write (batch) of its own; rows queued meanwhile wait for it', async () => {
  await idle();
  onAuditError(t.app.deps.store, () => undefined);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await settled();
  await rename('sys_oper_log', 'sys_oper_log_away');
    try {
      writeAudit(t.app.deps.store, entry('retried'));
      expect(await flushAudit(t.app.deps.store)).toBe(0); // fails: the retry is set
    } finally {
      await settled();
      await rename('sys_oper_log_away', 'sys_oper_log');
    }
    // A row queued while the retry is pending is not written at the turn's end: it waits for the retry.
    writeAudit(t.app.deps.store, entry('waiting'));
    await new Promise<void>((resolve) => setImmediate(resolve)); // the turn ends (no write is scheduled)
    await idle();
    expect(await stored()).not.toContain('{"name":"retried"}');
    const tx = countWrites();
    try {
      vi.advanceTimersByTime(AUDIT_RETRY_MS);
      await idle();
      expect(tx.count()).toEqual({ batches: 1, transactions: 0 });
    } finally {
      tx.restore();
    }
    await settled();
    // SQLite: no group left open on the connection (PostgreSQL pools connections, none to look at).
    if (t.app.deps.db) expect(t.app.deps.db.$client.inTransaction).toBe(false);
    expect((await stored()).slice(-2)).toEqual(['{"name":"retried"}', '{"name":"waiting"}']);
  } finally {
    vi.useRealTimers();
  }
});

it('a reporter that throws does not make the flush reject (it runs from setImmediate)', async () => {
  onAuditError(t.app.deps.store, () => { throw new Error('reporter down'); });
  await settled();
  await rename('sys_oper_log', 'sys_oper_log_away');
  try {
    writeAudit(t.app.deps.store, entry('kept-3'));
    expect(await flushAudit(t.app.deps.store)).toBe(0);
  } finally {
    await settled();
    await rename('sys_oper_log_away', 'sys_oper_log');
  }
  expect(await flushAudit(t.app.deps.store)).toBe(1);
  expect((await stored()).at(-1)).toBe('{"name":"kept-3"}');
});

it(`drops the oldest rows past ${MAX_QUEUED_AUDIT_ROWS} while writes fail`, async () => {
  await idle();
  await operlogClean(t.app.deps);
  const reports: Array<{ queued: number; dropped: number }> = [];
  onAuditError(t.app.deps.store, (_err, info) => reports.push(info));
  await settled();
  await rename('sys_oper_log', 'sys_oper_log_away');
  try {
    for (let i = 0; i <= MAX_QUEUED_AUDIT_ROWS; i++) writeAudit(t.app.deps.store, entry(`n${i}`));
    expect(await flushAudit(t.app.deps.store)).toBe(0);
  } finally {
    await settled();
    await rename('sys_oper_log_away', 'sys_oper_log');
  }
  expect(reports).toEqual([{ queued: MAX_QUEUED_AUDIT_ROWS, dropped: 1 }]);
  expect(await flushAudit(t.app.deps.store)).toBe(MAX_QUEUED_AUDIT_ROWS);
  const rows = await stored();
  expect(rows).toHaveLength(MAX_QUEUED_AUDIT_ROWS);
  expect([rows[0], rows.at(-1)]).toEqual(['{"name":"n1"}', `{"name":"n${MAX_QUEUED_AUDIT_ROWS}"}`]);
});

/** oper_param of the rows titled 队列测试 in the database at `url`, read over a connection of the test's own. */
async function queuedTestRows(url: string): Promise<unknown[]> {
  const sql = "SELECT oper_param FROM sys_oper_log WHERE title = '队列测试'";
  if (onPostgres) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try { return (await client.query(sql)).rows.map((r: { oper_param: unknown }) => r.oper_param); } finally { await client.end(); }
  }
  const db = new Database(url, { readonly: true });
  try { return db.prepare(sql).pluck().all(); } finally { db.close(); }
}

// The rows are read back once the app is closed: from its SQLite file, or its PostgreSQL database.
it('closing the app writes the rows still queued', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-audit-'));
  try {
    const url = onPostgres ? await testDatabaseUrl() : path.join(dir, 'caishui.db');
    const fileApp = await makeTestApp({ DATABASE_URL: url });
    const fileToken = await login(fileApp.app);
    const save = createCallerFactory(testRouter)({ deps: fileApp.app.deps, token: fileToken, client: { ip: '10.1.1.9', userAgent: 'x' } });
    await save.save({ name: 'at-close' });
    await fileApp.app.close();
    expect(await queuedTestRows(url)).toEqual(['{"name":"at-close"}']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

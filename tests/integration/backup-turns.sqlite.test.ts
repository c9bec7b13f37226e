/**
 * The online backup job (`backupTask.backup`, issue 4) under write load: a backup taken while
 * requests write is complete and consistent. The copy runs through the request connection, with
 * nothing paused (issue 15's write turns, which kept that connection inside a transaction between
 * event-loop turns and had to be paused, are gone): SQLite answers a backup step SQLITE_BUSY while
 * its source connection is in a write transaction (better-sqlite3 then ends the copy empty and
 * deletes the file), and the store's groups commit within the event-loop callback that opened them
 * (server/db/store/sqlite.ts, `strict`), so no step meets one. Over a database file, as served:
 * writes through the connection during the copy reach it (SQLite's backup rule), each transaction
 * whole or not at all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysJobLog, sysLogininfor } from '../../server/db/schema';
import { JobScheduler } from '../../server/modules/monitor/job/scheduler';
import { findJob, insertJob } from '../../server/modules/monitor/job/job.repo';
import { formatDateTime } from '../../shared/utils/date';
import { makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let dir: string;
let scheduler: JobScheduler;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-backup-turns-'));
  t = await makeTestApp({ DATABASE_URL: path.join(dir, 'caishui.db') });
  scheduler = new JobScheduler({ store: t.app.deps.store, clock: t.clock }, { dataDir: dir });
});
afterAll(async () => {
  await scheduler.stop();
  await t.app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// SQLite-only: the online backup copies the SQLite file (backups on PostgreSQL are pg_dump's).
it('copies what is committed, whole transactions only, while requests write through the same connection', async () => {
  const db = t.app.deps.db!; // SQLite: the backup copies its connection
  const { store } = t.app.deps;
  // Steady write load: each check phase commits a store transaction of two rows (as a write
  // request does), so the connection writes between nearly every two steps of the copy.
  let writing = true;
  let n = 0;
  let failed: unknown;
  const pairs = () => (db.$client.prepare("SELECT COUNT(*) AS c FROM sys_logininfor WHERE user_name LIKE 'turn-load-%'").get() as { c: number }).c;
  const load = async () => {
    if (!writing) return;
    const k = n++;
    store.transaction(async () => {
      await store.db.insert(sysLogininfor).values({ userName: `turn-load-${k}-a`, loginTime: formatDateTime(t.clock.now()) });
      await store.db.insert(sysLogininfor).values({ userName: `turn-load-${k}-b`, loginTime: formatDateTime(t.clock.now()) });
    }).catch((err: unknown) => { failed = err; });
    setImmediate(load);
  };
  load();
  const jobId = await store.transaction(() => insertJob(store, { jobName: 'backup-under-load', invokeTarget: "backupTask.backup('backups', 1)", cronExpression: '0 0 3 * * ?', status: '1' }, t.clock.now()));
  const before = pairs();
  try {
    await scheduler.runOnce((await findJob(store, jobId))!);
  } finally {
    writing = false;
  }
  const after = pairs();
  expect(failed).toBeUndefined();
  const log = db.select().from(sysJobLog).where(eq(sysJobLog.jobName, 'backup-under-load')).get()!;
  expect(log.exceptionInfo ?? '').toBe('');
  expect(log.status).toBe('0');
  expect(n).toBeGreaterThan(2);
  const names = fs.readdirSync(path.join(dir, 'backups'));
  expect(names).toHaveLength(1);
  const copy = new Database(path.join(dir, 'backups', names[0]), { readonly: true });
  try {
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    const rows = (copy.prepare("SELECT user_name AS u FROM sys_logininfor WHERE user_name LIKE 'turn-load-%'").all() as { u: string }[]).map((r) => r.u);
    // Complete: every row committed before the job started is there (and none that was never written).
    expect(rows.length).toBeGreaterThanOrEqual(before);
    expect(rows.length).toBeLessThanOrEqual(after);
    // Consistent: each load transaction's two rows are both there or both absent.
    const set = new Set(rows);
    for (const u of rows) expect(set.has(u.endsWith('-a') ? u.replace(/-a$/, '-b') : u.replace(/-b$/, '-a')), u).toBe(true);
    // And the copy is a whole database: the job's own definition row is in it.
    expect(copy.prepare('SELECT job_name AS j FROM sys_job WHERE job_id = ?').get(jobId)).toEqual({ j: 'backup-under-load' });
  } finally {
    copy.close();
  }
  // The connection writes on as before once the copy is over.
  await store.transaction(async () => { await store.db.insert(sysLogininfor).values({ userName: 'after-backup', loginTime: formatDateTime(t.clock.now()) }); });
  expect(db.$client.inTransaction).toBe(false);
});

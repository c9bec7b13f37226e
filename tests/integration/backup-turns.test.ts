/**
 * The online backup job (`backupTask.backup`, issue 4) under write load (issue 15's write turns):
 * a write turn keeps the request connection inside a transaction between event-loop turns, and
 * SQLite answers a backup step through that connection SQLITE_BUSY meanwhile (better-sqlite3 then
 * ends the copy empty and deletes the file). The job pauses turns for its copy. Over a database
 * file, as served: writes through the connection during the copy reach it (SQLite's backup rule).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysJobLog, sysLogininfor } from '../../server/db/schema';
import { joinWriteTurn, pendingWriteTurn } from '../../server/db/write-turn';
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
  scheduler = new JobScheduler({ db: t.app.deps.db, store: t.app.deps.store, clock: t.clock }, { dataDir: dir });
});
afterAll(async () => {
  await scheduler.stop();
  await t.app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('copies what is committed while write requests keep a write turn open (no step meets one)', async () => {
  const db = t.app.deps.db;
  // Steady write load: each check phase joins or opens a write turn (as write requests do) and
  // writes a row into it, so a turn is open nearly all the time.
  let writing = true;
  let n = 0;
  const load = () => {
    if (!writing) return;
    joinWriteTurn(db);
    db.insert(sysLogininfor).values({ userName: `turn-load-${n++}`, loginTime: formatDateTime(t.clock.now()) }).run();
    setImmediate(load);
  };
  load();
  expect(pendingWriteTurn(db)).toBeInstanceOf(Promise);
  const { store } = t.app.deps;
  const jobId = await store.transaction(() => insertJob(store, { jobName: 'backup-under-load', invokeTarget: "backupTask.backup('backups', 1)", cronExpression: '0 0 3 * * ?', status: '1' }, t.clock.now()));
  try {
    await scheduler.runOnce((await findJob(store, jobId))!);
  } finally {
    writing = false;
  }
  const log = db.select().from(sysJobLog).where(eq(sysJobLog.jobName, 'backup-under-load')).get()!;
  expect(log.exceptionInfo ?? '').toBe('');
  expect(log.status).toBe('0');
  expect(n).toBeGreaterThan(2);
  const names = fs.readdirSync(path.join(dir, 'backups'));
  expect(names).toHaveLength(1);
  const copy = new Database(path.join(dir, 'backups', names[0]), { readonly: true });
  try {
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    expect((copy.prepare("SELECT COUNT(*) AS c FROM sys_logininfor WHERE user_name LIKE 'turn-load-%'").get() as { c: number }).c).toBeGreaterThan(0);
  } finally {
    copy.close();
  }
  // Turns open again once the copy is over.
  await pendingWriteTurn(db);
  const turn = joinWriteTurn(db);
  expect(turn).toBeInstanceOf(Promise);
  await turn;
});

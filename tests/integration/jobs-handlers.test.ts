/**
 * The maintenance task handlers (issue 4): the log cleaner, the expired-session sweeper and the
 * online SQLite backup into a folder of the data dir keeping the newest N copies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysJobLog, sysLogininfor, sysOperLog, sysSession } from '../../server/db/schema';
import { JobScheduler } from '../../server/modules/monitor/job/scheduler';
import { insertJob, findJob } from '../../server/modules/monitor/job/job.repo';
import { backupDir } from '../../server/modules/monitor/job/handlers';
import { formatDateTime } from '../../shared/utils/date';
import { makeTestApp, onPostgres, type TestApp } from '../helpers/app';
import { PG_BACKUP_MESSAGE } from '../../server/db/online-backup';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let dataDir: string;
let scheduler: JobScheduler;
beforeAll(async () => {
  t = await makeTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-data-'));
  scheduler = new JobScheduler({ store: t.app.deps.store, clock: t.clock }, { dataDir });
});
afterAll(async () => {
  await scheduler.stop();
  await t.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const DAY = 24 * 3600 * 1000;
const runTarget = async (invokeTarget: string) => {
  const jobName = `h-${Math.random().toString(36).slice(2, 8)}`;
  const { store } = t.app.deps;
  const jobId = await store.transaction(() => insertJob(store, { jobName, invokeTarget, cronExpression: '0 0 3 * * ?', status: '1' }, t.clock.now()));
  await scheduler.runOnce((await findJob(store, jobId))!);
  return firstRow(await t.app.deps.store.db.select().from(sysJobLog).where(eq(sysJobLog.jobName, jobName)).limit(1))!;
};

describe('logTask.clean(days)', () => {
  it('deletes job, login and operation log rows older than N days and keeps newer ones', async () => {
    const db = t.app.deps.store.db;
    const now = t.clock.now();
    const old = formatDateTime(now - 40 * DAY);
    const recent = formatDateTime(now - 2 * DAY);
    for (const time of [old, recent]) {
      await db.insert(sysJobLog).values({ jobName: `clean-${time}`, jobGroup: 'DEFAULT', invokeTarget: 'x', createTime: time });
      await db.insert(sysLogininfor).values({ userName: `clean-${time}`, loginTime: time });
      await db.insert(sysOperLog).values({ title: `clean-${time}`, operTime: time });
    }
    const log = await runTarget('logTask.clean(30)');
    expect(log.status).toBe('0');
    expect(await db.select().from(sysJobLog).where(eq(sysJobLog.jobName, `clean-${old}`))).toHaveLength(0);
    expect(await db.select().from(sysJobLog).where(eq(sysJobLog.jobName, `clean-${recent}`))).toHaveLength(1);
    expect(await db.select().from(sysLogininfor).where(eq(sysLogininfor.userName, `clean-${old}`))).toHaveLength(0);
    expect(await db.select().from(sysLogininfor).where(eq(sysLogininfor.userName, `clean-${recent}`))).toHaveLength(1);
    expect(await db.select().from(sysOperLog).where(eq(sysOperLog.title, `clean-${old}`))).toHaveLength(0);
    expect(await db.select().from(sysOperLog).where(eq(sysOperLog.title, `clean-${recent}`))).toHaveLength(1);
  });
});

describe('sessionTask.sweepExpired()', () => {
  it('deletes sessions past their expiry only', async () => {
    const db = t.app.deps.store.db;
    const base = { userId: 1, userName: 'admin', loginTime: formatDateTime(t.clock.now()) };
    await db.insert(sysSession).values([
      { ...base, sessionId: 'sweep-old', expireTime: t.clock.now() - 1 },
      { ...base, sessionId: 'sweep-live', expireTime: t.clock.now() + 60_000 },
    ]);
    expect((await runTarget('sessionTask.sweepExpired()')).status).toBe('0');
    const ids = (await db.select().from(sysSession)).map((s) => s.sessionId);
    expect(ids).toContain('sweep-live');
    expect(ids).not.toContain('sweep-old');
  });
});

// The task copies the SQLite file online (better-sqlite3's backup). On PostgreSQL, whose backups
// are pg_dump's (README "Two databases"), every run fails saying so and writes nothing.
describe("backupTask.backup('folder', keep)", () => {
  /** Runs `target` on PostgreSQL: the run fails with PG_BACKUP_MESSAGE and no folder appears. */
  const refusedOnPostgres = async (target: string, folder: string) => {
    const log = await runTarget(target);
    expect(log.status).toBe('1');
    expect(log.exceptionInfo).toContain(PG_BACKUP_MESSAGE);
    expect(fs.existsSync(path.join(dataDir, folder))).toBe(false);
  };

  it('writes a consistent copy of the database and keeps the newest N', async () => {
    if (onPostgres) return refusedOnPostgres("backupTask.backup('backups/daily', 2)", 'backups');
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      expect((await runTarget("backupTask.backup('backups/daily', 2)")).status).toBe('0');
      names.push(fs.readdirSync(path.join(dataDir, 'backups/daily')).sort().at(-1)!);
    }
    const left = fs.readdirSync(path.join(dataDir, 'backups/daily')).sort();
    expect(left).toEqual(names.slice(1));
    expect(left[0]).toMatch(/^caishui-\d{17}\.db$/);
    const copy = new Database(path.join(dataDir, 'backups/daily', left[1]), { readonly: true });
    try {
      expect(copy.prepare('SELECT job_name FROM sys_job WHERE job_id = 1').get()).toEqual({ job_name: '系统默认（无参）' });
    } finally {
      copy.close();
    }
  });

  it('fails, keeping no file, when the copy could not be made', async () => {
    if (onPostgres) return refusedOnPostgres("backupTask.backup('backups/empty', 1)", 'backups');
    const original = t.app.deps.db!.$client.backup;
    t.app.deps.db!.$client.backup = async () => ({ totalPages: 0, remainingPages: 0 });
    try {
      const log = await runTarget("backupTask.backup('backups/empty', 1)");
      expect(log.status).toBe('1');
      expect(log.exceptionInfo).toContain('数据库备份失败');
    } finally {
      t.app.deps.db!.$client.backup = original;
    }
  });

  it('refuses folders outside the data dir, also at run time', async () => {
    expect(() => backupDir(dataDir, '../x')).toThrow("备份目录不能包含'..'");
    expect(() => backupDir(dataDir, 'a/../../x')).toThrow("备份目录不能包含'..'");
    expect(() => backupDir(dataDir, '/tmp/x')).toThrow('备份目录须为数据目录下的相对路径');
    expect(backupDir(dataDir, 'a/b')).toBe(path.join(dataDir, 'a', 'b'));
    const log = await runTarget("backupTask.backup('../escape', 2)");
    expect(log.status).toBe('1');
    expect(log.exceptionInfo).toContain("备份目录不能包含'..'"); // the target's own check, before the database is asked
    expect(fs.existsSync(path.join(dataDir, '..', 'escape'))).toBe(false);
  });
});

/**
 * The scheduler's, the cache monitor's and the upload ledger's statements on both adapters (issue
 * 44): lease claims (first insert wins, also when two claims race on PostgreSQL's pool), the
 * schedule state raised and never lowered, run log rows, the maintenance deletes, the clear log,
 * the upload sums and the database figures of 服务监控.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { seedDatabase } from '../../server/db/seed';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import { sysJobLease, sysJobState } from '../../server/db/schema';
import { claimFires, insertJobLog, readStates } from '../../server/modules/monitor/job/scheduler.repo';
import { deleteExpiredSessions, deleteLogsBefore } from '../../server/modules/monitor/job/maintenance.repo';
import { appendClearEvent, readClearLog } from '../../server/modules/monitor/cache/cache.repo';
import { insertUpload, totalUploadBytes, userUploadBytes } from '../../server/modules/common/upload-quota.repo';
import { databaseFigures } from '../../server/modules/monitor/server/server.repo';
import { freshDatabase } from './fresh-db';

let pgStore: Store<Db>;
let lite: Store<Db>;

beforeAll(async () => {
  const url = await freshDatabase('sched');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  for (const store of [pgStore, lite]) await seedDatabase(store, '2026-01-05 09:00:00', { listeners: [] });
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

const both = () => [['postgres', pgStore], ['sqlite', lite]] as const;
const T = 1_800_000_000_000;

describe.each([['postgres'], ['sqlite']])('on %s', (kind) => {
  const store = () => Object.fromEntries(both())[kind] as Store<Db>;

  it('claims leases: the first insert of a (job, fire time) wins; the state is raised, never lowered; old leases pruned', async () => {
    const s = store();
    expect(await claimFires(s, 7, [T + 1000, T + 2000], 'A', T + 2000, T + 2000, 0)).toEqual([T + 1000, T + 2000]);
    expect(await claimFires(s, 7, [T + 2000, T + 3000], 'B', T + 3000, T + 3000, 0)).toEqual([T + 3000]);
    expect((await readStates(s)).get(7)).toBe(T + 3000);
    expect(await claimFires(s, 7, [], 'A', T + 3000, T + 1500, T + 1500)).toEqual([]); // a lower handledUpTo keeps the state
    expect((await readStates(s)).get(7)).toBe(T + 3000);
    const leases = await s.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, 7)).orderBy(sysJobLease.fireTime);
    expect(leases.map((l) => [Number(l.fireTime), l.owner])).toEqual([[T + 2000, 'A'], [T + 3000, 'B']]);
    const [state] = await s.db.select().from(sysJobState).where(eq(sysJobState.jobId, 7));
    expect(Number(state.lastFireTime)).toBe(T + 3000);
  });

  it('writes run log rows and deletes old logs and expired sessions', async () => {
    const s = store();
    const id = await insertJobLog(s, { jobName: 'n', jobGroup: 'DEFAULT', invokeTarget: 'ryTask.ryNoParams', jobMessage: 'm', status: '0', exceptionInfo: '', createTime: '2020-01-01 00:00:00' });
    expect(id).toBeGreaterThan(0);
    expect((await deleteLogsBefore(s, '2021-01-01 00:00:00')).jobLogs).toBe(1);
    expect(await deleteExpiredSessions(s, 0)).toBe(0);
  });

  it('appends to the clear log and sums the upload ledger', async () => {
    const s = store();
    expect((await readClearLog(s)).seq).toBe(0);
    await appendClearEvent(s, 'sys_dict:', null);
    expect(await appendClearEvent(s, null, null)).toEqual({ seq: 2, events: [{ seq: 1, name: 'sys_dict:', key: null }, { seq: 2, name: null, key: null }] });
    expect(await readClearLog(s)).toMatchObject({ seq: 2 });
    await s.transaction(async () => {
      await insertUpload(s, { userId: 1, fileName: '', size: 300, createTime: '2026-01-05 09:00:00' });
      await insertUpload(s, { userId: 2, fileName: '', size: 200, createTime: '2026-01-05 09:00:00' });
    });
    expect([await userUploadBytes(s, 1), await userUploadBytes(s, 3), await totalUploadBytes(s)]).toEqual([300, 0, 500]);
  });

  it('reads the database figures', async () => {
    const f = await databaseFigures(store());
    expect(f.pageSize).toBeGreaterThan(0);
    expect(f.pageCount).toBeGreaterThan(0);
    expect(f.sqliteVersion).toMatch(/^\d+\.\d+/);
  });
});

describe('claims racing on PostgreSQL', () => {
  it('gives each fire time to exactly one of two claims made at once', async () => {
    const fires = [T + 10_000, T + 20_000, T + 30_000];
    const [a, b] = await Promise.all([claimFires(pgStore, 8, fires, 'A', T, T + 30_000, 0), claimFires(pgStore, 8, fires, 'B', T, T + 30_000, 0)]);
    expect([...a, ...b].sort()).toEqual(fires);
  });
});

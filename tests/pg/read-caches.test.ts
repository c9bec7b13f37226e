/**
 * The read caches on PostgreSQL (issue 43; server/db/table-versions.ts, server/db/store/pg-table-versions.ts):
 * two stores on one database stand for two nodes. A write through store A is seen through A's
 * caches at once (the adapter tells its own writes: with the notifications held back, only that
 * can make it so), through B's after the notification, and after a poll when B's listener is down;
 * a session deleted on A ends at once there and within a bounded wait on B. Waits are bounded
 * polling loops (never a duration asserted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as pgTables from '../../server/db/pg-schema/tables';
import type { Db } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { seedDatabase } from '../../server/db/seed';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import type { PgTableVersionsHandle } from '../../server/db/store/pg-table-versions';
import { tableVersionsOf } from '../../server/db/table-versions';
import { systemClock } from '../../server/core/clock';
import type { AppDeps } from '../../server/deps';
import { dictCache, dictEntries } from '../../server/modules/system/dict/dict.cache';
import { configCache } from '../../server/modules/system/config/config.cache';
import { configValue } from '../../server/modules/system/config/config.repo';
import { findUserById } from '../../server/modules/auth/auth.repo';
import { deleteSession } from '../../server/modules/auth/session.repo';
import { cachedSession } from '../../server/modules/auth/session-cache';
import { openSession, resolveSession } from '../../server/modules/auth/session.service';
import { freshDatabase } from './fresh-db';

let a: Store<Db>;
let b: Store<Db>;
const versions = (s: Store<Db>) => tableVersionsOf(s) as PgTableVersionsHandle;
const sexLabels = async (s: Store<Db>) => (await dictEntries(s, 'sys_user_sex')).map((d) => d.dictLabel);

/** Calls `probe` until it returns true, at most ~5 s (then fails with `what`). */
async function until(what: string, probe: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within 5 s: ${what}`);
}

/** Reads through `s`'s dict cache until the entry is kept (the store follows other processes). */
async function cachedOn(s: Store<Db>): Promise<void> {
  await until('the dict cache keeps entries', async () => { await sexLabels(s); return dictCache.peek(s, 'sys_user_sex') !== undefined; });
}

beforeAll(async () => {
  const url = await freshDatabase('read_caches');
  await migratePostgres(url);
  a = (await openPostgresStore(url)) as unknown as Store<Db>;
  b = (await openPostgresStore(url)) as unknown as Store<Db>;
  await seedDatabase(a, '2026-01-05 09:00:00', { listeners: [] });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('read caches on PostgreSQL, two nodes', () => {
  it('a dict write through A shows through A at once (its own write), through B after the notification', async () => {
    await cachedOn(a);
    await cachedOn(b);
    expect(await sexLabels(b)).toEqual(['男', '女', '未知']);
    versions(a).holdNotifications(true);
    try {
      await a.run("UPDATE sys_dict_data SET dict_label = '男士' WHERE dict_type = 'sys_user_sex' AND dict_value = '0'");
      expect(await sexLabels(a)).toEqual(['男士', '女', '未知']); // stale without the adapter's local bump
      expect(dictCache.peek(a, 'sys_user_sex')).toBeDefined(); // and cached again
      // Inside a transaction too: seen once it ended.
      await a.transaction(async () => {
        await a.run("UPDATE sys_dict_data SET dict_label = '女士' WHERE dict_type = 'sys_user_sex' AND dict_value = '1'");
      });
      expect(await sexLabels(a)).toEqual(['男士', '女士', '未知']);
      // A batch, outside and inside a transaction (its text starts with a SAVEPOINT there).
      await a.batch([{ sql: "UPDATE sys_dict_data SET dict_label = '不详' WHERE dict_type = 'sys_user_sex' AND dict_value = '2'" }]);
      expect(await sexLabels(a)).toEqual(['男士', '女士', '不详']);
      await a.transaction(() => a.batch([{ sql: "UPDATE sys_dict_data SET dict_label = '未知' WHERE dict_type = 'sys_user_sex' AND dict_value = '2'" }]));
      expect(await sexLabels(a)).toEqual(['男士', '女士', '未知']);
    } finally {
      versions(a).holdNotifications(false);
    }
    await until('B listens', () => versions(b).listening);
    await until('B sees A\'s dict write', async () => (await sexLabels(b)).join() === '男士,女士,未知');
  });

  it('a config write through A (Drizzle on the pool) shows through A at once and through B after the notification', async () => {
    const key = 'sys.user.initPassword';
    for (const s of [a, b]) await until('the config cache keeps the value', async () => (await configValue(s, key)) === '123456' && configCache.peek(s, key) !== undefined);
    versions(a).holdNotifications(true);
    try {
      const db = a.db as unknown as NodePgDatabase;
      await db.update(pgTables.sysConfig).set({ configValue: 'changed1' }).where(eq(pgTables.sysConfig.configKey, key));
      expect(await configValue(a, key)).toBe('changed1');
    } finally {
      versions(a).holdNotifications(false);
    }
    await until('B sees A\'s config write', async () => (await configValue(b, key)) === 'changed1');
  });

  it('while B\'s listener is down, B follows A\'s writes by polling the version rows', async () => {
    await cachedOn(b);
    const told: string[] = [];
    versions(b).onFollowChange((change) => told.push(change.mode));
    expect(told).toEqual(['listening']);
    versions(b).suspendListening(true);
    try {
      await until('B polls instead of listening', async () => !versions(b).listening && (await sexLabels(b), dictCache.peek(b, 'sys_user_sex') !== undefined));
      await a.run("UPDATE sys_dict_data SET dict_label = '男性' WHERE dict_type = 'sys_user_sex' AND dict_value = '0'");
      await until('B sees A\'s write by a poll', async () => (await sexLabels(b))[0] === '男性');
      expect(versions(b).listening).toBe(false);
    } finally {
      versions(b).suspendListening(false);
    }
    await until('B listens again', () => versions(b).listening);
    expect(told).toEqual(['listening', 'polling', 'listening']);
  });

  it('a session deleted on A ends at once on A and soon on B', async () => {
    const keys = { jwtKey: new TextEncoder().encode('k'.repeat(32)) };
    const deps = (store: Store<Db>) => ({ store, clock: systemClock, keys }) as unknown as AppDeps;
    const admin = (await findUserById(a, 1))!;
    const token = await openSession(deps(a), admin, { ip: '127.0.0.1', userAgent: 'test' });
    expect((await resolveSession(deps(a), token)).userName).toBe('admin');
    expect((await resolveSession(deps(b), token)).userName).toBe('admin');
    const sid = (await resolveSession(deps(b), token)).sessionId;
    expect(cachedSession(b, sid)).toBeDefined();
    versions(a).holdNotifications(true);
    try {
      // By hand (no service forgets the entry): only the table versions can end it.
      await a.transaction(() => deleteSession(a, sid));
      await expect(resolveSession(deps(a), token)).rejects.toThrow('登录状态已过期');
    } finally {
      versions(a).holdNotifications(false);
    }
    await until('B refuses the deleted session', () => Promise.resolve(resolveSession(deps(b), token)).then(() => false, (e: Error) => e.message === '登录状态已过期'));
  });

  it('installs its triggers outside the public schema once, and leaves no trigger work for reads', async () => {
    const rows = await a.all<{ n: number }>("SELECT count(*) AS n FROM pg_trigger WHERE tgname LIKE 'caishui_tv_%' AND NOT tgisinternal");
    expect(rows[0].n).toBeGreaterThan(5);
    expect(await a.all("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'caishui%'")).toEqual([]);
    expect(versions(a).lastError).toBeUndefined();
  });
});

/**
 * The synchronous config reader (config-sync.repo.ts: what the engine reads its budgets with) over
 * REST writes, direct SQL and a rolled-back synchronous transaction: it never serves a stale or
 * rolled-back value. It and synchronous better-sqlite3 transactions exist on SQLite alone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { sysConfig } from '../../server/db/schema';
import { getConfigValue } from '../../server/modules/system/config/config-sync.repo';
import { configValue } from '../../server/modules/system/config/config.repo';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST' | 'DELETE', url: string) => call(t.app, method, url, admin).then((r) => r.body);

it('the synchronous reader never serves a stale or rolled-back value', async () => {
  const db = t.app.deps.db!;
  await t.app.deps.store.db.update(sysConfig).set({ configValue: '123456' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
  await api('POST', '/system/config/refreshCache');
  expect(getConfigValue(db, 'sys.user.initPassword')).toBe('123456');
  await api('GET', '/getInfo');
  db.update(sysConfig).set({ configValue: 'direct' }).where(eq(sysConfig.configKey, 'sys.user.initPassword')).run();
  expect(getConfigValue(db, 'sys.user.initPassword')).toBe('direct');
  expect(await configValue(t.app.deps.store, 'sys.user.initPassword')).toBe('direct');
  expect(() => db.transaction((tx) => {
    tx.update(sysConfig).set({ configValue: 'rolled back' }).where(eq(sysConfig.configKey, 'sys.user.initPassword')).run();
    expect(getConfigValue(db, 'sys.user.initPassword')).toBe('rolled back');
    throw new Error('abort');
  })).toThrow('abort');
  expect(getConfigValue(db, 'sys.user.initPassword')).toBe('direct');
  expect((await api('DELETE', '/system/config/refreshCache')).code).toBe(200);
});

/**
 * The session layer's SQL on both adapters (issue 43): the seeded data on SQLite and on
 * PostgreSQL, and the same answers from the sign-in reads (user by name and id, dept, roles, menu
 * permissions per role, the LoginUser built from them), the session row (insert, expiry, lease,
 * delete; the shared auth version its delete moves), the wrong-password counter (the count, its
 * expiry, the 5-attempt lockout's arithmetic, the unlock) and the server's secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { openDatabase } from '../../db/client';
import { migratePostgres } from '../../db/pg-schema/migrate';
import { seedDatabase } from '../../db/seed';
import { openPostgresStore } from '../../db/store/postgres';
import type { Store } from '../../db/store/port';
import { sqliteStore } from '../../db/store/sqlite';
import { freshDatabase } from '../../../tests/pg/fresh-db';
import { findDept, findMenuPermsByRole, findUserById, findUserByName, findUserRoles, stampLogin } from './auth.repo';
import { LOCK_TIME_MS, MAX_RETRY_COUNT, clearWrongPasswords, recordWrongPassword, retryCount } from './password.service';
import { ensureServerKeys } from './secrets.service';
import { deleteSession, findSession, findSessionExpiry, insertSession, leaseSession, readAuthVersion } from './session.repo';
import { loadLoginUser } from './session.service';

const NOW = '2026-01-05 09:00:00';
const T0 = Date.parse('2026-01-05T01:00:00Z');

let pgStore: Store<Db>;
let lite: Store<Db>;

/** Runs `fn` on SQLite, then on PostgreSQL, and expects the same answer; returns it. */
async function same<T>(fn: (store: Store<Db>) => Promise<T>): Promise<T> {
  const a = await fn(lite);
  expect(await fn(pgStore)).toEqual(a);
  return a;
}

beforeAll(async () => {
  const url = await freshDatabase('auth');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  for (const store of [lite, pgStore]) await seedDatabase(store, NOW, { listeners: [] });
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

describe('the sign-in reads on both databases', () => {
  it('reads users, dept, roles and permissions alike', async () => {
    expect(await same((s) => findUserByName(s, 'admin'))).toMatchObject({ userId: 1, delFlag: '0' });
    expect(await same((s) => findUserByName(s, 'nobody'))).toBeUndefined();
    expect(await same((s) => findUserById(s, 2))).toMatchObject({ userName: 'ry' });
    expect(await same((s) => findDept(s, 103))).toMatchObject({ deptId: 103 });
    expect(await same((s) => findDept(s, null))).toBeUndefined();
    expect((await same((s) => findUserRoles(s, 2))).map((r) => r.roleId)).toEqual([2]);
    const perms = await same(async (s) => [...(await findMenuPermsByRole(s, [1, 2]))]);
    expect(perms.find(([roleId]) => roleId === 2)?.[1]).toContain('system:user:list');
    expect(await same(async (s) => [...(await findMenuPermsByRole(s, []))])).toEqual([]);
    const ry = await same(async (s) => loadLoginUser({ store: s }, (await findUserById(s, 2))!, 'sid'));
    expect(ry).toMatchObject({ userName: 'ry', admin: false, roleKeys: ['common'] });
    expect((await same(async (s) => loadLoginUser({ store: s }, (await findUserById(s, 1))!, 'sid')))).toMatchObject({ admin: true, permissions: ['*:*:*'] });
  });

  it('stamps the sign-in on the user row alike', async () => {
    const user = await same(async (s) => {
      await s.transaction(() => stampLogin(s, 2, '10.0.0.9', NOW));
      return findUserById(s, 2);
    });
    expect(user).toMatchObject({ loginIp: '10.0.0.9', loginDate: NOW });
  });
});

describe('the session row on both databases', () => {
  it('inserts, reads, leases and deletes alike; the delete moves the shared auth version', async () => {
    const row = {
      sessionId: 'pg-session-1', userId: 2, userName: 'ry', deptName: '测试部门', ipaddr: '10.0.0.1', loginLocation: '', browser: 'Chrome',
      os: 'Linux', loginTime: NOW, expireTime: T0 + 30 * 60 * 1000,
    };
    await same(async (s) => {
      const before = await readAuthVersion(s);
      await s.transaction(() => insertSession(s, row));
      const found = await findSession(s, row.sessionId);
      await s.transaction(() => leaseSession(s, row.sessionId, T0 + 31 * 60 * 1000));
      const leased = await findSessionExpiry(s, row.sessionId);
      await s.transaction(() => deleteSession(s, row.sessionId));
      return { found, leased, gone: await findSessionExpiry(s, row.sessionId), moved: (await readAuthVersion(s)) > before };
    });
    expect(await findSessionExpiry(lite, 'unknown')).toBeUndefined();
  });
});

describe('the wrong-password counter on both databases', () => {
  it('counts to the lockout, restarts after its expiry and clears alike', async () => {
    const counts = await same(async (s) => {
      const seen: number[] = [];
      for (let i = 0; i < MAX_RETRY_COUNT + 1; i++) seen.push(await recordWrongPassword({ store: s }, 'ry', T0 + i));
      const locked = await retryCount({ store: s }, 'ry', T0 + 10);
      const expired = await retryCount({ store: s }, 'ry', T0 + MAX_RETRY_COUNT + LOCK_TIME_MS);
      // After its expiry the next wrong password counts from 1 again.
      const restart = await recordWrongPassword({ store: s }, 'ry', T0 + MAX_RETRY_COUNT + LOCK_TIME_MS);
      await clearWrongPasswords({ store: s }, 'ry');
      return { seen, locked, expired, restart, cleared: await retryCount({ store: s }, 'ry', T0) };
    });
    expect(counts).toEqual({ seen: [1, 2, 3, 4, 5, 6], locked: 6, expired: 0, restart: 1, cleared: 0 });
  });
});

describe('the server keys on both databases', () => {
  it('makes the keys once and reads them back; JWT_SECRET wins', async () => {
    for (const s of [lite, pgStore]) {
      const first = await ensureServerKeys(s);
      const again = await ensureServerKeys(s);
      expect(again.publicKeySpki).toBe(first.publicKeySpki);
      expect(Buffer.from(again.jwtKey).toString()).toBe(Buffer.from(first.jwtKey).toString());
      expect(Buffer.from((await ensureServerKeys(s, 'from-env')).jwtKey).toString()).toBe('from-env');
    }
  });
});

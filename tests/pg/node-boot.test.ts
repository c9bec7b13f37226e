/**
 * Concurrent first boot on PostgreSQL (issue 44: several nodes, none special): two apps built at
 * the same moment over one empty database both boot, and the database is migrated, seeded and
 * given its first-start secrets once (server/db/pg-schema/boot-lock.ts, the advisory lock
 * buildApp holds around that boot). The counts of seeded tables equal those of a database booted
 * by one app alone, there is one jwt_secret and one RSA key row, and both nodes hold the same keys
 * (a token signed by one is accepted by the other).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app';
import { freshDatabase } from './fresh-db';

const apps: TestApp[] = [];
afterAll(async () => { for (const t of apps) await t.app.close(); });

const SEEDED = ['sys_user', 'sys_role', 'sys_menu', 'sys_dept', 'sys_dict_type', 'sys_dict_data', 'sys_config', 'sys_secret', 'sys_job'];

async function counts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of SEEDED) out[table] = Number((await t.app.deps.store.get<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`))!.n);
  return out;
}

describe('two nodes booting at once on an empty PostgreSQL database', () => {
  it('both boot; migrations, seed and first-start secrets happen once', async () => {
    const url = await freshDatabase('node_boot');
    // JWT_SECRET unset: each node reads (or makes) the secret in sys_secret.
    const pair = await Promise.all([makeTestApp({ DATABASE_URL: url, JWT_SECRET: undefined }), makeTestApp({ DATABASE_URL: url, JWT_SECRET: undefined })]);
    apps.push(...pair);
    const [a, b] = pair;

    const alone = await makeTestApp({ DATABASE_URL: await freshDatabase('node_boot_alone'), JWT_SECRET: undefined });
    apps.push(alone);
    expect(await counts(a)).toEqual(await counts(alone));

    const store = a.app.deps.store;
    expect(Number((await store.get<{ n: number | string }>(`SELECT count(*) AS n FROM sys_user WHERE user_name = 'admin'`))!.n)).toBe(1);
    expect(Number((await store.get<{ n: number | string }>(`SELECT count(*) AS n FROM sys_secret WHERE secret_key = 'jwt_secret'`))!.n)).toBe(1);
    expect(Number((await store.get<{ n: number | string }>(`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`))!.n))
      .toBe(Number((await alone.app.deps.store.get<{ n: number | string }>(`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`))!.n));

    expect(Buffer.from(a.app.deps.keys.jwtKey).equals(Buffer.from(b.app.deps.keys.jwtKey))).toBe(true);
    expect(a.app.deps.keys.publicKeySpki).toBe(b.app.deps.keys.publicKeySpki);

    // A token signed by node A is accepted by node B.
    const login = await a.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: 'admin', password: 'admin123' } });
    const token = login.json().token as string;
    expect(token).toBeTruthy();
    const info = await b.app.inject({ method: 'GET', url: '/caishui-api/getInfo', headers: { authorization: `Bearer ${token}` } });
    expect(info.json()).toMatchObject({ code: 200, user: { userName: 'admin' } });
  });
});

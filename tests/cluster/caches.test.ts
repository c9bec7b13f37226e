/**
 * Caches across nodes (issue 44 "Caches stay correct"): a change made through node A holds on
 * node B. The mechanism (server/db/store/pg-table-versions.ts): statement triggers append a change
 * row and `pg_notify` at commit; every node LISTENs and drops the caches of the changed tables, and
 * while its listening connection is down it polls the version rows every EXTERNAL_POLL_MS (1 s);
 * signed-in sessions with their user, roles and permissions (server/modules/auth/session-cache.ts)
 * reload when `sys_auth_version`, bumped by triggers on every auth table, moves (read at most every
 * second). That is the "within 1 second" guarantee; these tests do not time it (these machines are too
 * loaded for wall-clock assertions): each waits, by polling node B, at most a bounded time
 * for the change to show (rig.ts `until`, 30 s), after first making B cache the old state (so a stale cache would fail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN_PASSWORD_HASH } from '../../server/db/seed';
import { api, startCluster, until, type Cluster } from './rig';

let c: Cluster;
let A: string;
let B: string;
let adminA: string;

/** A role holding only 用户管理 (menu 100, `system:user:list`) and a user of it (password admin123); resolves to their ids. */
async function roleAndUser(name: string): Promise<{ roleId: number; userId: number }> {
  const [{ role_id: roleId }] = await c.sql<{ role_id: number }>(
    "INSERT INTO sys_role (role_name, role_key, role_sort, data_scope, status) VALUES ($1, $1, 9, '1', '0') RETURNING role_id", [name]);
  await c.sql('INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, 100)', [roleId]);
  const [{ user_id: userId }] = await c.sql<{ user_id: number }>(
    "INSERT INTO sys_user (dept_id, user_name, nick_name, password, create_time) VALUES (103, $1, $1, $2, '2026-11-01 10:00:00') RETURNING user_id",
    [name, SEED_ADMIN_PASSWORD_HASH]);
  await c.sql('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [userId, roleId]);
  return { roleId, userId };
}

const userList = (base: string, token: string) => api(base, 'GET', '/system/user/list?pageNum=1&pageSize=1', token);
const getInfo = (base: string, token: string) => api(base, 'GET', '/getInfo', token);
/** `token` answers 401 on `base` (the session ended there). */
const refusedOn = (base: string, token: string) => async () => (await getInfo(base, token)).code === 401;
const sexLabels = async (base: string, token: string) => ((await api(base, 'GET', '/system/dict/data/type/sys_user_sex', token)).data as { dictLabel: string }[]).map((d) => d.dictLabel);

beforeAll(async () => {
  c = await startCluster({ nodes: 2, prefix: 'cluster_caches' });
  [A, B] = [c.node(0).url, c.node(1).url];
  adminA = await c.login(A);
});
afterAll(async () => { await c?.stop(); });

describe('a change on node A holds on node B', () => {
  it('a role loses a menu permission on A → its user is refused on B', async () => {
    const { roleId } = await roleAndUser('perm_user');
    const token = await c.login(B, 'perm_user');
    expect((await userList(B, token)).code).toBe(200); // B caches the session with the permission
    const role = await api(A, 'GET', `/system/role/${roleId}`, adminA);
    const saved = await api(A, 'PUT', '/system/role', adminA, { ...role.data, menuIds: [] });
    expect(saved.code, saved.msg).toBe(200);
    await until('B refuses the permission', async () => (await userList(B, token)).code === 403);
  });

  it('a dict data label changed on A shows on B', async () => {
    const adminB = await c.login(B);
    expect(await sexLabels(B, adminB)).toEqual(['男', '女', '未知']);
    const rows = (await api(A, 'GET', '/system/dict/data/list?dictType=sys_user_sex&pageNum=1&pageSize=10', adminA)).rows as Record<string, unknown>[];
    const male = rows.find((r) => r.dictValue === '0')!;
    const saved = await api(A, 'PUT', '/system/dict/data', adminA, { ...male, dictLabel: '男士' });
    expect(saved.code, saved.msg).toBe(200);
    await until('B shows 男士', async () => (await sexLabels(B, adminB))[0] === '男士');
  });

  it('a config value changed on A shows on B', async () => {
    const adminB = await c.login(B);
    const key = 'sys.index.skinName';
    const read = async () => (await api(B, 'GET', `/system/config/configKey/${key}`, adminB)).msg;
    expect(await read()).toBe('skin-blue');
    const row = ((await api(A, 'GET', `/system/config/list?configKey=${key}&pageNum=1&pageSize=10`, adminA)).rows as Record<string, unknown>[])[0];
    const saved = await api(A, 'PUT', '/system/config', adminA, { ...row, configValue: 'skin-purple' });
    expect(saved.code, saved.msg).toBe(200);
    await until('B reads skin-purple', async () => (await read()) === 'skin-purple');
  });

  it('a user disabled on A is refused on B', async () => {
    const { userId } = await roleAndUser('disabled_user');
    const token = await c.login(B, 'disabled_user');
    expect((await getInfo(B, token)).code).toBe(200);
    const r = await api(A, 'PUT', '/system/user/changeStatus', adminA, { userId, status: '1' });
    expect(r.code, r.msg).toBe(200);
    await until('B refuses the disabled user', refusedOn(B, token));
  });

  it('a logout on A ends the session on B', async () => {
    await roleAndUser('logout_user');
    const token = await c.login(A, 'logout_user');
    expect((await getInfo(B, token)).code).toBe(200);
    expect((await api(A, 'POST', '/logout', token)).code).toBe(200);
    await until('B refuses the token', refusedOn(B, token));
  });

  it('a force-logout on A ends the session on B; the online list of every node lists the sessions of both', async () => {
    await roleAndUser('online_a');
    await roleAndUser('online_b');
    const onA = await c.login(A, 'online_a');
    const onB = await c.login(B, 'online_b');
    expect((await getInfo(B, onB)).code).toBe(200);
    const adminB = await c.login(B);
    const names = async (base: string, token: string) =>
      ((await api(base, 'GET', '/monitor/online/list', token)).rows as { userName: string; tokenId: string }[]);
    for (const [base, token] of [[A, adminA], [B, adminB]]) {
      const rows = await names(base, token);
      expect(rows.map((r) => r.userName)).toEqual(expect.arrayContaining(['online_a', 'online_b']));
    }
    const row = (await names(A, adminA)).find((r) => r.userName === 'online_b')!;
    // B serves the session from its cache right before (loads on B write the session row, which alone would reload it).
    for (let k = 0; k < 2; k++) expect((await getInfo(B, onB)).code).toBe(200);
    const r = await api(A, 'DELETE', `/monitor/online/${row.tokenId}`, adminA);
    expect(r.code, r.msg).toBe(200);
    await until('B refuses the forced-out token', refusedOn(B, onB));
    expect((await getInfo(B, onA)).code).toBe(200); // the other session lives on
    expect((await names(B, adminB)).map((x) => x.userName)).not.toContain('online_b');
  });

  it('with every listening connection cut, B still follows A, and listens again', async () => {
    const adminB = await c.login(B);
    const key = 'sys.user.initPassword';
    const read = async () => (await api(B, 'GET', `/system/config/configKey/${key}`, adminB)).msg;
    expect(await read()).toBe('123456');
    const cut = await c.sql("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'");
    expect(cut.length).toBeGreaterThanOrEqual(2);
    const row = ((await api(A, 'GET', `/system/config/list?configKey=${key}&pageNum=1&pageSize=10`, adminA)).rows as Record<string, unknown>[])[0];
    expect((await api(A, 'PUT', '/system/config', adminA, { ...row, configValue: 'changed1' })).code).toBe(200);
    await until('B reads the new value', async () => (await read()) === 'changed1');
    await until('both nodes listen again', async () =>
      (await c.sql("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'")).length >= 2);
  });
});

/**
 * The user module on both adapters (issue 43): the same seeded data plus a few users on SQLite and
 * on PostgreSQL, and the same answers from the list (its statements compiled once per shape and
 * run through `store.all`: SQL text, `?` numbering, quoted aliases), the data scope, the role
 * screen's user pages, the single-user reads, and the writes of the commands in one
 * `store.transaction` each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginUser } from '../../../core/authz';
import { manualClock } from '../../../core/clock';
import type { Db } from '../../../db/client';
import { openDatabase } from '../../../db/client';
import { migratePostgres } from '../../../db/pg-schema/migrate';
import { seedDatabase } from '../../../db/seed';
import { openPostgresStore } from '../../../db/store/postgres';
import type { Store } from '../../../db/store/port';
import { sqliteStore } from '../../../db/store/sqlite';
import { freshDatabase } from '../../../../tests/pg/fresh-db';
import { authUserPage } from './role-users.repo';
import { listAllUsers, listUsers, type UserListFilter } from './user-list.repo';
import { findUserDetail, findUserIdBy, userPostIds, userPostNames, userRoleIds } from './user.repo';
import { userScope } from './user-scope.repo';
import { addRoleUsers, insertUser, removeRoleUsers, replaceUserPosts, replaceUserRoles, softDeleteUsers, updateUser } from './user-write.repo';
import { addUser, checkUserUnique, removeUsers, updateUserInfo } from './user.service';

const NOW = '2026-01-05 09:00:00';
const WORKFLOW = { listeners: [] };

let pgStore: Store<Db>;
let lite: Store<Db>;
const both = () => [lite, pgStore] as const;

/**
 * Runs `fn` on SQLite, then on PostgreSQL, and expects the same answer; returns it. A list page
 * is compared as `{rows, total}` (SQLite's comes from the page cache, with its JSON kept beside).
 */
async function same<T>(fn: (store: Store<Db>) => Promise<T>): Promise<T> {
  const plain = (v: T) => (v && typeof v === 'object' && 'rows' in v && 'total' in v ? { rows: [...(v.rows as unknown[])], total: v.total } : v);
  const a = await fn(lite);
  expect(plain(await fn(pgStore))).toEqual(plain(a));
  return a;
}

const login = (roles: LoginUser['roles'], deptId: number, userId = 2): LoginUser => ({
  sessionId: 's', userId, userName: 'ry', nickName: '测试员', deptId, deptName: '', roles, roleKeys: [], permissions: [], admin: false,
});
const ADMIN: LoginUser = { ...login([], 103, 1), userName: 'admin', admin: true };

beforeAll(async () => {
  const url = await freshDatabase('users');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  for (const store of both()) {
    await seedDatabase(store, NOW, WORKFLOW);
    await store.transaction(async () => {
      for (const [i, [userName, deptId]] of ([['Alpha_One', 101], ['alpha%two', 103], ['beta', 105], ['GAMMA', null]] as const).entries()) {
        const id = await insertUser(store, {
          userName, nickName: `用户${i}`, deptId, phonenumber: `1390000000${i}`, email: `${userName}@example.com`, status: i === 2 ? '1' : '0',
          createBy: 'admin', createTime: `2026-02-0${i + 1} 10:00:00`,
        });
        await replaceUserRoles(store, id, [2]);
        await replaceUserPosts(store, id, [i + 1]);
      }
    });
  }
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

describe('the user list on both databases', () => {
  const page = (f: Partial<UserListFilter>) => ({ pageNum: 1, pageSize: 10, ...f });

  it('answers every filter shape alike, rows under the same names and in the same order', async () => {
    const all = await same((s) => listUsers(s, page({})));
    expect(all.total).toBe(6);
    expect(Object.keys(all.rows[0])).toEqual([
      'userId', 'deptId', 'userName', 'nickName', 'userType', 'email', 'phonenumber', 'sex', 'avatar', 'status', 'delFlag', 'loginIp',
      'loginDate', 'createBy', 'createTime', 'updateBy', 'updateTime', 'remark', 'dept',
    ]);
    expect(all.rows[0].dept).toEqual({ deptId: 103, deptName: '研发部门', leader: '若依' });
    // LIKE ignores case on both (ILIKE on PostgreSQL) and takes % literally.
    expect((await same((s) => listUsers(s, page({ userName: 'ALPHA' })))).rows.map((r) => r.userName)).toEqual(['Alpha_One', 'alpha%two']);
    expect((await same((s) => listUsers(s, page({ userName: '%' })))).rows.map((r) => r.userName)).toEqual(['alpha%two']);
    expect((await same((s) => listUsers(s, page({ phonenumber: '13900000003' })))).rows.map((r) => r.userName)).toEqual(['GAMMA']);
    // A dept and its descendants (100 is the root).
    expect((await same((s) => listUsers(s, page({ deptId: 101 })))).total).toBe(5);
    expect((await same((s) => listUsers(s, page({ status: '1', orderByColumn: 'userName', isAsc: 'descending' })))).rows.map((r) => r.userName)).toEqual(['beta']);
    expect((await same((s) => listUsers(s, page({ params: { beginTime: '2026-02-02', endTime: '2026-02-03' } })))).total).toBe(2);
    const sorted = await same((s) => listUsers(s, page({ orderByColumn: 'createTime', isAsc: 'desc', pageNum: 2, pageSize: 4 })));
    expect(sorted).toMatchObject({ total: 6 });
    expect(sorted.rows).toHaveLength(2);
    expect((await same((s) => listAllUsers(s, { userName: 'a' }))).length).toBeGreaterThan(2);
  });

  it('filters by the data scope alike (scopes 2, 4 and 5)', async () => {
    const perms = ['system:user:list'];
    const sub = login([{ roleId: 2, roleKey: 'common', dataScope: '4', status: '0', perms }], 101);
    expect((await same((s) => listUsers(s, page({}), userScope(s.db, sub, 'system:user:list')))).rows.map((r) => r.userName)).toEqual(['admin', 'ry', 'Alpha_One', 'alpha%two', 'beta']);
    const self = login([{ roleId: 2, roleKey: 'common', dataScope: '5', status: '0', perms }], 101);
    expect((await same((s) => listUsers(s, page({}), userScope(s.db, self, 'system:user:list')))).rows.map((r) => r.userName)).toEqual(['ry']);
    const custom = login([{ roleId: 2, roleKey: 'common', dataScope: '2', status: '0', perms }], 101);
    await same((s) => listUsers(s, page({}), userScope(s.db, custom, 'system:user:list')));
    const none = login([{ roleId: 2, roleKey: 'common', dataScope: '1', status: '0', perms: [] }], 101);
    expect((await same((s) => listUsers(s, page({}), userScope(s.db, none, 'system:user:list')))).total).toBe(0);
  });
});

describe('the other reads and the writes on both databases', () => {
  it('reads one user, its links, uniqueness and the role screen pages alike', async () => {
    const admin = await same((s) => findUserDetail(s, 1));
    expect(admin).toMatchObject({ userName: 'admin', admin: true, dept: { deptId: 103 }, roles: [{ roleId: 1 }] });
    await same((s) => findUserIdBy(s, 'email', 'beta@example.com'));
    await same((s) => userRoleIds(s, 2));
    await same((s) => userPostIds(s, 1));
    await same((s) => userPostNames(s, 1));
    const f = { roleId: 2, pageNum: 1, pageSize: 10, userName: 'A' };
    expect((await same((s) => authUserPage(s, f, true, undefined))).total).toBe(4);
    expect((await same((s) => authUserPage(s, { ...f, userName: undefined, orderByColumn: 'userName', isAsc: 'desc' }, false, undefined))).rows.map((r) => r.userName)).toEqual(['admin']);
  });

  it('writes in one transaction alike: links kept once, counts of changed rows, soft delete', async () => {
    await same((s) => s.transaction(async () => {
      const id = (await findUserIdBy(s, 'userName', 'GAMMA'))!;
      await addRoleUsers(s, 1, [id, id]);
      await addRoleUsers(s, 1, [id]);
      const removed = await removeRoleUsers(s, 1, [id, 9999]);
      const changed = await updateUser(s, id, { nickName: '改名', updateBy: 'admin', updateTime: NOW });
      const deleted = await softDeleteUsers(s, [id, 9999], 'admin', NOW);
      return { removed, changed, deleted, after: await findUserDetail(s, id), again: await updateUser(s, id, { nickName: 'x' }) };
    }));
  });

  it('runs the commands alike, a refused one writing nothing', async () => {
    const deps = (store: Store<Db>) => ({ store, clock: manualClock(Date.parse('2026-03-01T02:00:00Z')) });
    const made = await same(async (s) => {
      await addUser(deps(s), ADMIN, { userName: 'newbie', nickName: '新人', password: 'abc123', deptId: 105, roleIds: [2], postIds: [1, 2] });
      const id = (await findUserIdBy(s, 'userName', 'newbie'))!;
      await updateUserInfo(deps(s), ADMIN, { userId: id, nickName: '新人二', phonenumber: '13911111111', postIds: [3] });
      const { userId, createTime, ...rest } = (await findUserDetail(s, id))!;
      return { rest, posts: await userPostIds(s, id), roles: await userRoleIds(s, id), createTime: typeof createTime };
    });
    expect(made.rest).toMatchObject({ nickName: '新人二', phonenumber: '13911111111' });
    for (const s of both()) {
      await expect(checkUserUnique(s, '新增', 'x', { phonenumber: '13911111111' })).rejects.toThrow("新增用户'x'失败，手机号码已存在");
      const id = (await findUserIdBy(s, 'userName', 'newbie'))!;
      await expect(updateUserInfo(deps(s), ADMIN, { userId: id, nickName: '不该保存', roleIds: [9999] })).rejects.toThrow('参数 roleIds 无效：角色 9999 不存在');
      expect((await findUserDetail(s, id))?.nickName).toBe('新人二');
      await removeUsers(deps(s), ADMIN, [id]);
      expect(await findUserDetail(s, id)).toBeUndefined();
    }
  });
});

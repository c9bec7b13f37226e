/**
 * Tests of the initial seed (reference/ruoyi-flowable.md §3 "Seed data" and "Menu tree") over a
 * migrated in-memory database: idempotence, the marker row, and the content rules.
 */
import bcrypt from 'bcryptjs';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../client';
import {
  sysConfig, sysDept, sysDictData, sysDictType, sysJob, sysMenu, sysNotice, sysRole, sysRoleDept, sysRoleMenu,
  sysSecret, sysUser, sysUserPost, sysUserRole,
} from '../schema';
import { SEED_ADMIN_PASSWORD_HASH, SEED_MARKER_KEY, SEED_VERSION, seedDatabase } from './index';
import { sqliteStore } from '../store/sqlite';
import type { Store } from '../store/port';

/**
 * The listener rows buildApp passes from the flowable module (server/db imports no module, tests
 * under it neither: rule core-and-db-import-no-module-or-transport); the app's own list is checked
 * by tests/integration/workflow-listeners.test.ts.
 */
const WORKFLOW = { listeners: [{ name: '用户任务监听器', type: '1', eventType: 'create', valueType: 'classListener', value: 'caishui.listener.UserTaskListener', remark: '内置监听器' }] };

const NOW = '2026-01-05 09:00:00';

const TABLES = [
  'sys_dept', 'sys_user', 'sys_post', 'sys_role', 'sys_menu', 'sys_user_role', 'sys_role_menu',
  'sys_role_dept', 'sys_user_post', 'sys_dict_type', 'sys_dict_data', 'sys_config', 'sys_job', 'sys_secret',
  'sys_notice',
] as const;

function counts(db: Db): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    out[t] = (db.$client.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
  }
  return out;
}

describe('seedDatabase', () => {
  let db: Db;
  let store: Store<Db>;
  beforeEach(async () => {
    db = openDatabase({ url: ':memory:' });
    store = sqliteStore(db);
    await seedDatabase(store, NOW, WORKFLOW);
  });

  it('is idempotent: a second run changes no row count', async () => {
    const first = counts(db);
    await seedDatabase(store, '2026-02-01 10:00:00', WORKFLOW);
    expect(counts(db)).toEqual(first);
    expect(first).toMatchObject({
      sys_dept: 10, sys_user: 2, sys_post: 4, sys_role: 2, sys_user_role: 2, sys_user_post: 2,
      sys_role_dept: 3, sys_config: 11, sys_job: 3, sys_secret: 1, sys_notice: 2,
    });
    // create_time keeps the first run's value
    const admin = db.select().from(sysUser).where(eq(sysUser.userId, 1)).get();
    expect(admin?.createTime).toBe(NOW);
  });

  it('records the marker row', async () => {
    const row = db.select().from(sysSecret).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).get();
    expect(row?.secretValue).toBe(SEED_VERSION);
  });

  it('step 2 (抄送我的, issue 16) reaches a database seeded at version 1, once', async () => {
    db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, 2049)).run();
    db.delete(sysMenu).where(eq(sysMenu.menuId, 2049)).run();
    db.update(sysSecret).set({ secretValue: '1' }).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).run();
    db.delete(sysJob).where(eq(sysJob.jobId, 2)).run(); // deleted by an administrator: stays deleted
    await seedDatabase(store, '2026-03-01 08:00:00', WORKFLOW);
    expect(db.select().from(sysMenu).where(eq(sysMenu.menuId, 2049)).get()).toMatchObject({ menuName: '抄送我的', parentId: 2023, component: 'flowable/task/copy/index', createTime: '2026-03-01 08:00:00' });
    expect(db.select().from(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, 2), eq(sysRoleMenu.menuId, 2049))).get()).toBeDefined();
    expect(db.select().from(sysJob).where(eq(sysJob.jobId, 2)).get()).toBeUndefined();
    expect(db.select().from(sysSecret).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).get()?.secretValue).toBe(SEED_VERSION);
    db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, 2049)).run();
    await seedDatabase(store, NOW, WORKFLOW);
    expect(db.select().from(sysRoleMenu).where(eq(sysRoleMenu.menuId, 2049)).all()).toEqual([]);
  });

  it('step 3 (发起, issue 40) gives the button to every role holding 我的流程 or system:deployment:add, once', async () => {
    // A database seeded at version 2: no button 2050; role 2 holds 我的流程, a custom role only 新增 (2031), another neither.
    db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, 2050)).run();
    db.delete(sysMenu).where(eq(sysMenu.menuId, 2050)).run();
    db.update(sysSecret).set({ secretValue: '2' }).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).run();
    const deployer = db.insert(sysRole).values({ roleName: '部署员', roleKey: 'deployer', roleSort: 3 }).returning().get().roleId;
    const other = db.insert(sysRole).values({ roleName: '其他', roleKey: 'other', roleSort: 4 }).returning().get().roleId;
    db.insert(sysRoleMenu).values([{ roleId: deployer, menuId: 2031 }, { roleId: other, menuId: 100 }]).run();
    db.update(sysUser).set({ nickName: '若依' }).where(eq(sysUser.userId, 2)).run();
    await seedDatabase(store, '2026-03-01 08:00:00', WORKFLOW);
    expect(db.select().from(sysMenu).where(eq(sysMenu.menuId, 2050)).get())
      .toMatchObject({ menuName: '发起', parentId: 2026, menuType: 'F', perms: 'flowable:process:start', createTime: '2026-03-01 08:00:00' });
    const holders = () => db.select({ roleId: sysRoleMenu.roleId }).from(sysRoleMenu).where(eq(sysRoleMenu.menuId, 2050)).all().map((r) => r.roleId).sort();
    expect(holders()).toEqual([2, deployer].sort());
    expect(db.select().from(sysSecret).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).get()?.secretValue).toBe(SEED_VERSION);
    // Existing users keep their nick names (only fresh seeds name ry 测试员).
    expect(db.select().from(sysUser).where(eq(sysUser.userId, 2)).get()?.nickName).toBe('若依');
    // Once: a grant removed afterwards stays removed.
    db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, deployer), eq(sysRoleMenu.menuId, 2050))).run();
    await seedDatabase(store, NOW, WORKFLOW);
    expect(holders()).toEqual([2]);
  });

  it('step 4 (通知公告 and monitor menus, issue 41 §5) reaches a database seeded at version 3, once', async () => {
    // A database seeded at version 3: no menus 107, 1035-1038, 112-114; role 2 holds 系统管理 and
    // 系统监控, a custom role only 系统管理, another only 系统监控, a third neither.
    const added = [107, 1035, 1036, 1037, 1038, 112, 113, 114];
    db.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, added)).run();
    db.delete(sysMenu).where(inArray(sysMenu.menuId, added)).run();
    db.delete(sysNotice).run();
    db.update(sysSecret).set({ secretValue: '3' }).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).run();
    const sys = db.insert(sysRole).values({ roleName: '系统', roleKey: 'sys', roleSort: 3 }).returning().get().roleId;
    const mon = db.insert(sysRole).values({ roleName: '监控', roleKey: 'mon', roleSort: 4 }).returning().get().roleId;
    const other = db.insert(sysRole).values({ roleName: '其他', roleKey: 'other', roleSort: 5 }).returning().get().roleId;
    db.insert(sysRoleMenu).values([{ roleId: sys, menuId: 1 }, { roleId: mon, menuId: 2 }, { roleId: other, menuId: 100 }]).run();
    await seedDatabase(store, '2026-03-01 08:00:00', WORKFLOW);
    expect(db.select().from(sysMenu).where(eq(sysMenu.menuId, 107)).get()).toMatchObject({
      menuName: '通知公告', parentId: 1, orderNum: 8, path: 'notice', component: 'system/notice/index', menuType: 'C',
      perms: 'system:notice:list', icon: 'message', createTime: '2026-03-01 08:00:00',
    });
    const buttons = db.select().from(sysMenu).where(eq(sysMenu.parentId, 107)).orderBy(sysMenu.menuId).all();
    expect(buttons.map((b) => [b.menuId, b.menuName, b.perms, b.orderNum])).toEqual([
      [1035, '公告查询', 'system:notice:query', 1], [1036, '公告新增', 'system:notice:add', 2],
      [1037, '公告修改', 'system:notice:edit', 3], [1038, '公告删除', 'system:notice:remove', 4],
    ]);
    const monitors = db.select().from(sysMenu).where(inArray(sysMenu.menuId, [112, 113, 114])).orderBy(sysMenu.menuId).all();
    expect(monitors.map((m) => [m.menuName, m.parentId, m.orderNum, m.path, m.component, m.perms, m.icon])).toEqual([
      ['服务监控', 2, 4, 'server', 'monitor/server/index', 'monitor:server:list', 'server'],
      ['缓存监控', 2, 5, 'cache', 'monitor/cache/index', 'monitor:cache:list', 'redis'],
      ['缓存列表', 2, 6, 'cacheList', 'monitor/cache/list', 'monitor:cache:list', 'redis-list'],
    ]);
    const grants = (roleId: number) => db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu)
      .where(and(eq(sysRoleMenu.roleId, roleId), inArray(sysRoleMenu.menuId, added))).all().map((r) => r.menuId).sort((a, b) => a - b);
    expect(grants(2)).toEqual([...added].sort((a, b) => a - b));
    expect(grants(sys)).toEqual([107, 1035, 1036, 1037, 1038]);
    expect(grants(mon)).toEqual([112, 113, 114]);
    expect(grants(other)).toEqual([]);
    expect(db.select().from(sysSecret).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).get()?.secretValue).toBe(SEED_VERSION);
    // Menus only: an older database gets no demo notices.
    expect(db.select().from(sysNotice).all()).toEqual([]);
    // Once: a grant removed afterwards stays removed.
    db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, sys), eq(sysRoleMenu.menuId, 107))).run();
    await seedDatabase(store, NOW, WORKFLOW);
    expect(grants(sys)).toEqual([1035, 1036, 1037, 1038]);
  });

  it('steps 2, 3 and 4 all reach a database seeded at version 1', async () => {
    const added = [2049, 2050, 107, 1035, 112, 113, 114];
    db.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, added)).run();
    db.delete(sysMenu).where(inArray(sysMenu.menuId, added)).run();
    db.update(sysSecret).set({ secretValue: '1' }).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).run();
    await seedDatabase(store, NOW, WORKFLOW);
    const role2 = db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, 2)).all().map((r) => r.menuId);
    expect(role2).toEqual(expect.arrayContaining(added));
  });

  it('seeds RuoYi\'s two demo notices on a fresh database', async () => {
    const rows = db.select().from(sysNotice).orderBy(sysNotice.noticeId).all();
    expect(rows.map((n) => [n.noticeId, n.noticeTitle, n.noticeType, n.noticeContent, n.status, n.createBy, n.createTime])).toEqual([
      [1, '温馨提醒：2018-07-01 若依新版本发布啦', '2', '新版本内容', '0', 'admin', NOW],
      [2, '维护通知：2018-07-01 若依系统凌晨维护', '1', '维护内容', '0', 'admin', NOW],
    ]);
  });

  it('does not resurrect rows deleted after the first run', async () => {
    db.delete(sysJob).where(eq(sysJob.jobId, 2)).run();
    db.delete(sysDictData).where(eq(sysDictData.dictType, 'sys_notice_type')).run();
    db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, 2), eq(sysRoleMenu.menuId, 1000))).run();
    const before = counts(db);
    await seedDatabase(store, NOW, WORKFLOW);
    expect(counts(db)).toEqual(before);
    expect(db.select().from(sysJob).where(eq(sysJob.jobId, 2)).get()).toBeUndefined();
  });

  it('seeds admin and ry with their depts, roles and posts', async () => {
    const users = db.select().from(sysUser).orderBy(sysUser.userId).all();
    expect(users.map((u) => [u.userId, u.userName, u.nickName, u.deptId, u.email, u.phonenumber, u.sex, u.remark]))
      .toEqual([
        [1, 'admin', '若依', 103, 'ry@163.com', '15888888888', '1', '管理员'],
        [2, 'ry', '测试员', 105, 'ry@qq.com', '15666666666', '1', '测试员'],
      ]);
    for (const u of users) {
      expect(u.password).toBe(SEED_ADMIN_PASSWORD_HASH);
      expect(u.createBy).toBe('admin');
      expect(u.status).toBe('0');
      expect(u.delFlag).toBe('0');
    }
    const roles = db.select({ userId: sysUserRole.userId, roleKey: sysRole.roleKey })
      .from(sysUserRole).innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
      .orderBy(sysUserRole.userId).all();
    expect(roles).toEqual([{ userId: 1, roleKey: 'admin' }, { userId: 2, roleKey: 'common' }]);
    expect(db.select().from(sysUserPost).orderBy(sysUserPost.userId).all())
      .toEqual([{ userId: 1, postId: 1 }, { userId: 2, postId: 2 }]);
    const role2 = db.select().from(sysRole).where(eq(sysRole.roleId, 2)).get();
    expect(role2?.dataScope).toBe('2');
    expect(db.select().from(sysRoleDept).all().map((r) => r.deptId).sort()).toEqual([100, 101, 105]);
  });

  it('stores the bcrypt hash of admin123', async () => {
    expect(bcrypt.compareSync('admin123', SEED_ADMIN_PASSWORD_HASH)).toBe(true);
  });

  it('builds the dept tree with consistent ancestors', async () => {
    const depts = db.select().from(sysDept).all();
    const byId = new Map(depts.map((d) => [d.deptId, d]));
    for (const d of depts) {
      if (d.parentId === 0) {
        expect(d.ancestors).toBe('0');
      } else {
        const parent = byId.get(d.parentId);
        expect(parent).toBeDefined();
        expect(d.ancestors).toBe(`${parent?.ancestors},${d.parentId}`);
      }
      expect([d.leader, d.phone, d.email]).toEqual(['若依', '15888888888', 'ry@qq.com']);
    }
  });

  it('gives role 2 every system menu, the 任务管理 menus and 发起, no other workflow menu', async () => {
    const granted = db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu)
      .where(eq(sysRoleMenu.roleId, 2)).all().map((r) => r.menuId);
    expect(granted.filter((id) => id >= 2000).sort((a, b) => a - b)).toEqual([2023, 2024, 2025, 2026, 2049, 2050]);
    const systemMenus = db.select({ menuId: sysMenu.menuId }).from(sysMenu).all()
      .map((m) => m.menuId).filter((id) => id < 2000);
    expect(granted.filter((id) => id < 2000).sort((a, b) => a - b)).toEqual(systemMenus.sort((a, b) => a - b));
    expect(db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, 1)).all()).toEqual([]);
  });

  it('seeds a well-formed menu tree', async () => {
    const menus = db.select().from(sysMenu).all();
    const ids = new Set(menus.map((m) => m.menuId));
    for (const m of menus) {
      if (m.parentId !== 0) expect(ids.has(m.parentId), `parent of ${m.menuId}`).toBe(true);
      if (m.menuType === 'C') expect(m.component, `component of ${m.menuId}`).toBeTruthy();
      if (m.menuType === 'M') expect(m.component).toBeNull();
      if (m.menuType === 'F') {
        expect(m.perms, `perms of ${m.menuId}`).toBeTruthy();
        expect([m.path, m.icon]).toEqual(['', '#']);
      }
    }
    for (const excluded of [4, 111, 117, 2035]) expect(ids.has(excluded)).toBe(false);
    const perms = new Set(menus.map((m) => m.perms));
    for (const p of ['system:user:query', 'system:user:resetPwd', 'monitor:job:changeStatus', 'tool:gen:code',
      'monitor:logininfor:unlock', 'flowable:form:query', 'system:expression:export', 'system:listener:export',
      'system:deployment:remove', 'system:park:list', 'system:park:remove', 'system:notice:list', 'system:notice:remove',
      'monitor:server:list', 'monitor:cache:list']) {
      expect(perms.has(p), p).toBe(true);
    }
    expect(perms.has('system:user:updatePwd')).toBe(false);
    const todo = menus.find((m) => m.menuId === 2024);
    expect(todo).toMatchObject({ path: 'todo', component: 'flowable/task/todo/index', isCache: 1 });
    const workflowButtons = db.select().from(sysMenu)
      .where(and(gte(sysMenu.menuId, 2000), eq(sysMenu.menuType, 'F'))).all();
    expect(workflowButtons).toHaveLength(19);
    expect(workflowButtons.find((m) => m.menuId === 2050)).toMatchObject({ menuName: '发起', parentId: 2026, perms: 'flowable:process:start' });
    expect(workflowButtons.find((m) => m.menuId === 2048)).toMatchObject({ menuName: '流程监控', parentId: 2026, perms: 'flowable:instance:monitor' });
  });

  it('seeds the listed dictionary types, each with data', async () => {
    const types = ['sys_user_sex', 'sys_show_hide', 'sys_normal_disable', 'sys_job_status', 'sys_job_group',
      'sys_yes_no', 'sys_notice_type', 'sys_notice_status', 'sys_oper_type', 'sys_common_status',
      'exp_data_type', 'sys_listener_type', 'sys_listener_value_type', 'sys_listener_event_type',
      'sys_process_category'];
    const seeded = db.select().from(sysDictType).all().map((t) => t.dictType);
    expect(seeded.sort()).toEqual([...types].sort());
    for (const t of types) {
      const data = db.select().from(sysDictData).where(eq(sysDictData.dictType, t)).all();
      expect(data.length, t).toBeGreaterThan(0);
    }
    const sex = db.select().from(sysDictData).where(eq(sysDictData.dictType, 'sys_user_sex'))
      .orderBy(sysDictData.dictSort).all();
    expect(sex.map((d) => [d.dictValue, d.dictLabel, d.isDefault])).toEqual([['0', '男', 'Y'], ['1', '女', 'N'], ['2', '未知', 'N']]);
    const other = db.select().from(sysDictData).where(eq(sysDictData.dictCode, 18)).get();
    expect(other).toMatchObject({ dictType: 'sys_oper_type', dictValue: '0', dictSort: 99, listClass: 'info' });
  });

  it('seeds the built-in config keys', async () => {
    const rows = db.select().from(sysConfig).all();
    const byKey = Object.fromEntries(rows.map((r) => [r.configKey, r.configValue]));
    expect(byKey).toEqual({
      'sys.index.skinName': 'skin-blue',
      'sys.user.initPassword': '123456',
      'sys.index.sideTheme': 'theme-dark',
      'sys.account.captchaEnabled': 'true',
      'sys.account.registerUser': 'false',
      'sys.login.blackIPList': '',
      'sys.upload.userQuota': '200',
      'sys.upload.totalQuota': '10240',
      'flowable.multiInstance.maxInstances': '1000',
      'flowable.variable.maxBytes': '1048576',
      'flowable.simulate.maxSeconds': '10',
    });
    expect(rows.every((r) => r.configType === 'Y')).toBe(true);
  });

  it('seeds the three demo jobs paused', async () => {
    const jobs = db.select().from(sysJob).orderBy(sysJob.jobId).all();
    expect(jobs.map((j) => [j.jobId, j.invokeTarget, j.cronExpression])).toEqual([
      [1, 'ryTask.ryNoParams', '0/10 * * * * ?'],
      [2, "ryTask.ryParams('ry')", '0/15 * * * * ?'],
      [3, "ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)", '0/20 * * * * ?'],
    ]);
    for (const j of jobs) {
      expect([j.status, j.misfirePolicy, j.concurrent, j.jobGroup]).toEqual(['1', '3', '1', 'DEFAULT']);
    }
  });
});

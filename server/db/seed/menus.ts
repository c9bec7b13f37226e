/**
 * Seed of the menu tree (sys_menu) and role 2's menu grants (sys_role_menu).
 * Source: reference/ruoyi-flowable.md §3 "Menu tree" and "Seed data" (RuoYi `sql/ry_20240629.sql`
 * for ids 1-1060, tony2y `sql/tony-flowable.sql` for the workflow ids 2020-2047).
 *
 * Left out on purpose (no screen in this product): 4 若依官网 (external link), 111 数据监控,
 * 117 系统接口, and 2035 修改密码 (`system:user:updatePwd`). Button ids keep RuoYi's standard numbers.
 * 107 通知公告 with its buttons 1035-1038, 112 服务监控, 113 缓存监控 and 114 缓存列表 came with
 * issue 41 §5 (seed step 4 adds them to older databases).
 * Conventions: directories (M) have component NULL; buttons (F) have path '' and icon '#';
 * visible '0', status '0', is_frame 1, is_cache 0 unless stated.
 */
import { eq, or } from 'drizzle-orm';
import { sysMenu, sysRoleMenu } from '../schema';
import { SEED_CREATE_BY, type SeedTx } from './types';

export interface MenuSeed {
  menuId: number;
  menuName: string;
  parentId: number;
  orderNum: number;
  path: string;
  component: string | null;
  menuType: 'M' | 'C' | 'F';
  perms: string;
  icon: string;
  isCache: number;
  remark: string;
}

function dir(menuId: number, menuName: string, parentId: number, orderNum: number, path: string, icon: string, remark = ''): MenuSeed {
  return { menuId, menuName, parentId, orderNum, path, component: null, menuType: 'M', perms: '', icon, isCache: 0, remark };
}

function page(
  menuId: number, menuName: string, parentId: number, orderNum: number, path: string,
  component: string, perms: string, icon: string, remark = '', isCache = 0,
): MenuSeed {
  return { menuId, menuName, parentId, orderNum, path, component, menuType: 'C', perms, icon, isCache, remark };
}

function button(menuId: number, menuName: string, parentId: number, orderNum: number, perms: string): MenuSeed {
  return { menuId, menuName, parentId, orderNum, path: '', component: null, menuType: 'F', perms, icon: '#', isCache: 0, remark: '' };
}

/** Buttons numbered from `firstId`, ordered 1..n under `parentId`; entries are [name, perms]. */
function buttons(firstId: number, parentId: number, entries: ReadonlyArray<readonly [string, string]>): MenuSeed[] {
  return entries.map(([name, perms], i) => button(firstId + i, name, parentId, i + 1, perms));
}

/** The 通知公告 page (issue 41 §5); its buttons are 1035-1038. */
export const NOTICE_MENU_ID = 107;
/** Menus of issue 41 §5 under 系统管理 (1): 通知公告 and its buttons (seed step 4). */
export const NOTICE_MENU_IDS: readonly number[] = [NOTICE_MENU_ID, 1035, 1036, 1037, 1038];
/** Menus of issue 41 §5 under 系统监控 (2): 服务监控, 缓存监控, 缓存列表 (seed step 4). */
export const MONITOR_MENU_IDS: readonly number[] = [112, 113, 114];

/** System part of the tree (ids < 2000), granted to role 2. */
const SYSTEM_MENUS: MenuSeed[] = [
  dir(1, '系统管理', 0, 1, 'system', 'system', '系统管理目录'),
  dir(2, '系统监控', 0, 2, 'monitor', 'monitor', '系统监控目录'),
  dir(3, '系统工具', 0, 3, 'tool', 'tool', '系统工具目录'),

  page(100, '用户管理', 1, 1, 'user', 'system/user/index', 'system:user:list', 'user', '用户管理菜单'),
  page(101, '角色管理', 1, 2, 'role', 'system/role/index', 'system:role:list', 'peoples', '角色管理菜单'),
  page(102, '菜单管理', 1, 3, 'menu', 'system/menu/index', 'system:menu:list', 'tree-table', '菜单管理菜单'),
  page(103, '部门管理', 1, 4, 'dept', 'system/dept/index', 'system:dept:list', 'tree', '部门管理菜单'),
  page(104, '岗位管理', 1, 5, 'post', 'system/post/index', 'system:post:list', 'post', '岗位管理菜单'),
  page(105, '字典管理', 1, 6, 'dict', 'system/dict/index', 'system:dict:list', 'dict', '字典管理菜单'),
  page(106, '参数设置', 1, 7, 'config', 'system/config/index', 'system:config:list', 'edit', '参数设置菜单'),
  page(118, '园区管理', 1, 8, 'park', 'system/park/index', 'system:park:list', 'tree', '园区管理菜单'),
  page(NOTICE_MENU_ID, '通知公告', 1, 8, 'notice', 'system/notice/index', 'system:notice:list', 'message', '通知公告菜单'),
  dir(108, '日志管理', 1, 9, 'log', 'log', '日志管理菜单'),
  page(109, '在线用户', 2, 1, 'online', 'monitor/online/index', 'monitor:online:list', 'online', '在线用户菜单'),
  page(110, '定时任务', 2, 2, 'job', 'monitor/job/index', 'monitor:job:list', 'job', '定时任务菜单'),
  page(112, '服务监控', 2, 4, 'server', 'monitor/server/index', 'monitor:server:list', 'server', '服务监控菜单'),
  page(113, '缓存监控', 2, 5, 'cache', 'monitor/cache/index', 'monitor:cache:list', 'redis', '缓存监控菜单'),
  page(114, '缓存列表', 2, 6, 'cacheList', 'monitor/cache/list', 'monitor:cache:list', 'redis-list', '缓存列表菜单'),
  page(115, '表单构建', 3, 1, 'build', 'tool/build/index', 'tool:build:list', 'build', '表单构建菜单'),
  page(116, '代码生成', 3, 2, 'gen', 'tool/gen/index', 'tool:gen:list', 'code', '代码生成菜单'),
  page(500, '操作日志', 108, 1, 'operlog', 'monitor/operlog/index', 'monitor:operlog:list', 'form', '操作日志菜单'),
  page(501, '登录日志', 108, 2, 'logininfor', 'monitor/logininfor/index', 'monitor:logininfor:list', 'logininfor', '登录日志菜单'),

  ...buttons(1000, 100, [
    ['用户查询', 'system:user:query'], ['用户新增', 'system:user:add'], ['用户修改', 'system:user:edit'],
    ['用户删除', 'system:user:remove'], ['用户导出', 'system:user:export'], ['用户导入', 'system:user:import'],
    ['重置密码', 'system:user:resetPwd'],
  ]),
  ...buttons(1007, 101, [
    ['角色查询', 'system:role:query'], ['角色新增', 'system:role:add'], ['角色修改', 'system:role:edit'],
    ['角色删除', 'system:role:remove'], ['角色导出', 'system:role:export'],
  ]),
  ...buttons(1012, 102, [
    ['菜单查询', 'system:menu:query'], ['菜单新增', 'system:menu:add'], ['菜单修改', 'system:menu:edit'],
    ['菜单删除', 'system:menu:remove'],
  ]),
  ...buttons(1016, 103, [
    ['部门查询', 'system:dept:query'], ['部门新增', 'system:dept:add'], ['部门修改', 'system:dept:edit'],
    ['部门删除', 'system:dept:remove'],
  ]),
  ...buttons(1020, 104, [
    ['岗位查询', 'system:post:query'], ['岗位新增', 'system:post:add'], ['岗位修改', 'system:post:edit'],
    ['岗位删除', 'system:post:remove'], ['岗位导出', 'system:post:export'],
  ]),
  ...buttons(1025, 105, [
    ['字典查询', 'system:dict:query'], ['字典新增', 'system:dict:add'], ['字典修改', 'system:dict:edit'],
    ['字典删除', 'system:dict:remove'], ['字典导出', 'system:dict:export'],
  ]),
  ...buttons(1030, 106, [
    ['参数查询', 'system:config:query'], ['参数新增', 'system:config:add'], ['参数修改', 'system:config:edit'],
    ['参数删除', 'system:config:remove'], ['参数导出', 'system:config:export'],
  ]),
  ...buttons(1035, NOTICE_MENU_ID, [
    ['公告查询', 'system:notice:query'], ['公告新增', 'system:notice:add'], ['公告修改', 'system:notice:edit'],
    ['公告删除', 'system:notice:remove'],
  ]),
  ...buttons(1039, 500, [
    ['操作查询', 'monitor:operlog:query'], ['操作删除', 'monitor:operlog:remove'], ['日志导出', 'monitor:operlog:export'],
  ]),
  ...buttons(1042, 501, [
    ['登录查询', 'monitor:logininfor:query'], ['登录删除', 'monitor:logininfor:remove'],
    ['日志导出', 'monitor:logininfor:export'], ['账户解锁', 'monitor:logininfor:unlock'],
  ]),
  ...buttons(1046, 109, [
    ['在线查询', 'monitor:online:query'], ['批量强退', 'monitor:online:batchLogout'], ['单条强退', 'monitor:online:forceLogout'],
  ]),
  ...buttons(1049, 110, [
    ['任务查询', 'monitor:job:query'], ['任务新增', 'monitor:job:add'], ['任务修改', 'monitor:job:edit'],
    ['任务删除', 'monitor:job:remove'], ['状态修改', 'monitor:job:changeStatus'], ['任务导出', 'monitor:job:export'],
  ]),
  ...buttons(1061, 118, [
    ['园区查询', 'system:park:query'], ['园区新增', 'system:park:add'], ['园区修改', 'system:park:edit'],
    ['园区删除', 'system:park:remove'],
  ]),
  ...buttons(1055, 116, [
    ['生成查询', 'tool:gen:query'], ['生成修改', 'tool:gen:edit'], ['生成删除', 'tool:gen:remove'],
    ['导入代码', 'tool:gen:import'], ['预览代码', 'tool:gen:preview'], ['生成代码', 'tool:gen:code'],
  ]),
];

/** Workflow part of the tree (ids >= 2000). Order numbers as upstream. */
/** The 抄送我的 page (issue 16). */
export const CC_MENU_ID = 2049;
/** The 发起 button under 我的流程 (issue 40 §1): starting a process, `flowable:process:start`. */
export const PROCESS_START_MENU_ID = 2050;

const WORKFLOW_MENUS: MenuSeed[] = [
  dir(2020, '流程管理', 0, 6, 'flowable', 'cascader'),
  page(2022, '流程定义', 2020, 2, 'definition', 'flowable/definition/index', '', 'job'),
  page(2027, '表单配置', 2020, 2, 'form', 'flowable/task/form/index', 'flowable:form:list', 'form'),
  button(2028, '新增', 2027, 1, 'flowable:form:add'),
  button(2030, '编辑', 2027, 2, 'flowable:form:edit'),
  button(2029, '删除', 2027, 3, 'flowable:form:remove'),
  button(2034, '查询', 2027, 4, 'flowable:form:query'),
  page(2036, '流程表达式', 2020, 3, 'expression', 'flowable/expression/index', 'system:expression:list', 'list', '流程表达式菜单'),
  ...buttons(2037, 2036, [
    ['流程表达式查询', 'system:expression:query'], ['流程表达式新增', 'system:expression:add'],
    ['流程表达式修改', 'system:expression:edit'], ['流程表达式删除', 'system:expression:remove'],
    ['流程表达式导出', 'system:expression:export'],
  ]),
  page(2042, '流程监听', 2020, 4, 'listener', 'flowable/listener/index', 'system:listener:list', 'monitor', '流程监听菜单'),
  ...buttons(2043, 2042, [
    ['流程监听查询', 'system:listener:query'], ['流程监听新增', 'system:listener:add'],
    ['流程监听修改', 'system:listener:edit'], ['流程监听删除', 'system:listener:remove'],
    ['流程监听导出', 'system:listener:export'],
  ]),

  dir(2023, '任务管理', 0, 7, 'task', 'dict'),
  page(2026, '我的流程', 2023, 1, 'process', 'flowable/task/myProcess/index', '', 'guide'),
  ...buttons(2031, 2026, [
    ['新增', 'system:deployment:add'], ['编辑', 'system:deployment:edit'], ['删除', 'system:deployment:remove'],
  ]),
  // Not upstream (issue 11 §3): reading any process instance's data (modules/flowable/common/access.service.ts).
  button(2048, '流程监控', 2026, 4, 'flowable:instance:monitor'),
  // Not upstream (issue 40 §1): starting a process is its own permission, apart from deploying and
  // deleting (2031-2033); seed step 3 adds it to older databases.
  button(PROCESS_START_MENU_ID, '发起', 2026, 5, 'flowable:process:start'),
  page(2024, '待办任务', 2023, 2, 'todo', 'flowable/task/todo/index', '', 'cascader', '', 1),
  page(2025, '已办任务', 2023, 3, 'finished', 'flowable/task/finished/index', '', 'time-range'),
  // Not upstream (issue 16): the copies (抄送) a user received; seed step 2 adds it to older databases.
  page(CC_MENU_ID, '抄送我的', 2023, 4, 'copy', 'flowable/task/copy/index', '', 'email'),
];

/** Every seeded menu, parents before children. */
export const SEED_MENUS: readonly MenuSeed[] = [...SYSTEM_MENUS, ...WORKFLOW_MENUS];

/**
 * The 任务管理 menus staff need to handle approvals: the directory 2023 and its pages 我的流程
 * (2026), 待办任务 (2024), 已办任务 (2025) and 抄送我的 (2049), and 我的流程's button 发起 (2050,
 * issue 40 §1: an ordinary user starts approvals on day one). Not 我的流程's buttons 2031-2033
 * (system:deployment:add/edit/remove): on the server those permissions deploy and delete process
 * definitions and suspend or delete anyone's instances, which stays with administrators.
 */
export const SEED_TASK_MENU_IDS: readonly number[] = [2023, 2026, 2024, 2025, CC_MENU_ID, PROCESS_START_MENU_ID];

/**
 * Menu ids granted to role 2 普通角色: the whole system part (as upstream) and the 任务管理 menus
 * (issue 11 §5, not upstream: upstream grants no workflow menu, so the seeded user ry could not
 * open his to-do list on a fresh install). 流程管理 (2020 and below) is not granted.
 */
export const SEED_ROLE2_MENU_IDS: readonly number[] = [...SYSTEM_MENUS.map((m) => m.menuId), ...SEED_TASK_MENU_IDS];

/** Inserts the menu tree and role 2's grants. Needs role 2 to exist (foreign key). */
export async function seedMenus(tx: SeedTx, now: string): Promise<void> {
  await tx.insert(sysMenu)
    .values(SEED_MENUS.map((m) => ({
      ...m,
      // Directories and permission-less pages keep perms '' as RuoYi's seed does.
      query: null,
      routeName: '',
      isFrame: 1,
      visible: '0',
      status: '0',
      createBy: SEED_CREATE_BY,
      createTime: now,
    })))
    .onConflictDoNothing();

  await tx.insert(sysRoleMenu)
    .values(SEED_ROLE2_MENU_IDS.map((menuId) => ({ roleId: 2, menuId })))
    .onConflictDoNothing();
}

/**
 * Seed step 2 (issue 16) for databases seeded before it: the 抄送我的 page under 任务管理 and its
 * grant to role 2, as a fresh seed has them (ON CONFLICT DO NOTHING: an existing row stays).
 */
export async function seedCcMenu(tx: SeedTx, now: string): Promise<void> {
  const m = SEED_MENUS.find((x) => x.menuId === CC_MENU_ID)!;
  await tx.insert(sysMenu).values({ ...m, query: null, routeName: '', isFrame: 1, visible: '0', status: '0', createBy: SEED_CREATE_BY, createTime: now })
    .onConflictDoNothing();
  await tx.insert(sysRoleMenu).values({ roleId: 2, menuId: CC_MENU_ID }).onConflictDoNothing();
}

/**
 * Seed step 3 (issue 40 §1) for databases seeded before it: the button 发起
 * (`flowable:process:start`, PROCESS_START_MENU_ID) under 我的流程, granted to every role that
 * holds 我的流程 (2026) or a menu carrying `system:deployment:add` (the permission that showed
 * 新增流程 before), so no one loses the start they had. ON CONFLICT DO NOTHING: an existing row stays.
 */
export async function seedProcessStartMenu(tx: SeedTx, now: string): Promise<void> {
  const m = SEED_MENUS.find((x) => x.menuId === PROCESS_START_MENU_ID)!;
  await tx.insert(sysMenu).values({ ...m, query: null, routeName: '', isFrame: 1, visible: '0', status: '0', createBy: SEED_CREATE_BY, createTime: now })
    .onConflictDoNothing();
  const holders = await tx.selectDistinct({ roleId: sysRoleMenu.roleId }).from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(or(eq(sysMenu.menuId, 2026), eq(sysMenu.perms, 'system:deployment:add')));
  if (holders.length) {
    await tx.insert(sysRoleMenu).values(holders.map((h) => ({ roleId: h.roleId, menuId: PROCESS_START_MENU_ID }))).onConflictDoNothing();
  }
}

/**
 * Seed step 4 (issue 41 §5) for databases seeded before it: 通知公告 (107) with its buttons
 * 1035-1038 under 系统管理, and 服务监控 / 缓存监控 / 缓存列表 (112-114) under 系统监控, as a fresh
 * seed has them. The notice menus go to every role holding 系统管理 (1), the monitor menus to every
 * role holding 系统监控 (2) (upstream grants them with the whole system part, as role 2 has).
 * ON CONFLICT DO NOTHING: an existing row stays.
 */
export async function seedNoticeMonitorMenus(tx: SeedTx, now: string): Promise<void> {
  const ids = [...NOTICE_MENU_IDS, ...MONITOR_MENU_IDS];
  await tx.insert(sysMenu)
    .values(SEED_MENUS.filter((m) => ids.includes(m.menuId))
      .map((m) => ({ ...m, query: null, routeName: '', isFrame: 1, visible: '0', status: '0', createBy: SEED_CREATE_BY, createTime: now })))
    .onConflictDoNothing();
  for (const [parentId, menuIds] of [[1, NOTICE_MENU_IDS], [2, MONITOR_MENU_IDS]] as const) {
    const holders = await tx.selectDistinct({ roleId: sysRoleMenu.roleId }).from(sysRoleMenu)
      .where(eq(sysRoleMenu.menuId, parentId));
    const grants = holders.flatMap((h) => menuIds.map((menuId) => ({ roleId: h.roleId, menuId })));
    if (grants.length) await tx.insert(sysRoleMenu).values(grants).onConflictDoNothing();
  }
}

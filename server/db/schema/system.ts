/**
 * System tables (reference/ruoyi-flowable.md §3): depts, users, posts, roles, menus and their
 * link tables, dictionaries and config. Property names are the RuoYi JSON field names; column
 * names are RuoYi's snake_case ones. Status `'0'` normal / `'1'` disabled; delFlag `'0'` / `'2'`.
 *
 * Uniqueness (issue 44: it must hold under concurrent creates on several nodes): every rule the
 * services check by reading first (…已存在) is also a unique index, named `*_uq`, partial where the
 * rule is: among live rows (`del_flag = '0'`) and, for a user's phone and e-mail, non-blank values.
 * The read-first check gives the friendly path; the index is the guarantee, and a violation is
 * answered with the same message (server/db/unique-violation.ts).
 */
import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, primaryKey, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { audit } from './common';

export const sysDept = sqliteTable('sys_dept', {
  deptId: integer('dept_id').primaryKey({ autoIncrement: true }),
  parentId: integer('parent_id').notNull().default(0),
  ancestors: text('ancestors').notNull().default(''),
  deptName: text('dept_name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  leader: text('leader'),
  phone: text('phone'),
  email: text('email'),
  status: text('status').notNull().default('0'),
  delFlag: text('del_flag').notNull().default('0'),
  ...audit,
}, (t) => [uniqueIndex('sys_dept_parent_name_uq').on(t.parentId, t.deptName).where(sql`del_flag = '0'`)]);

export const sysUser = sqliteTable('sys_user', {
  userId: integer('user_id').primaryKey({ autoIncrement: true }),
  deptId: integer('dept_id'),
  userName: text('user_name').notNull(),
  nickName: text('nick_name').notNull(),
  userType: text('user_type').notNull().default('00'),
  email: text('email').notNull().default(''),
  phonenumber: text('phonenumber').notNull().default(''),
  sex: text('sex').notNull().default('0'),
  avatar: text('avatar').notNull().default(''),
  password: text('password').notNull().default(''),
  status: text('status').notNull().default('0'),
  delFlag: text('del_flag').notNull().default('0'),
  loginIp: text('login_ip').notNull().default(''),
  loginDate: text('login_date'),
  ...audit,
}, (t) => [index('sys_user_name_idx').on(t.userName), index('sys_user_dept_idx').on(t.deptId), index('sys_user_del_flag_idx').on(t.delFlag),
  uniqueIndex('sys_user_name_uq').on(t.userName).where(sql`del_flag = '0'`),
  uniqueIndex('sys_user_phone_uq').on(t.phonenumber).where(sql`del_flag = '0' AND phonenumber <> ''`),
  uniqueIndex('sys_user_email_uq').on(t.email).where(sql`del_flag = '0' AND email <> ''`)]);

export const sysPost = sqliteTable('sys_post', {
  postId: integer('post_id').primaryKey({ autoIncrement: true }),
  postCode: text('post_code').notNull(),
  postName: text('post_name').notNull(),
  postSort: integer('post_sort').notNull(),
  status: text('status').notNull().default('0'),
  ...audit,
}, (t) => [uniqueIndex('sys_post_name_uq').on(t.postName), uniqueIndex('sys_post_code_uq').on(t.postCode)]);

export const sysRole = sqliteTable('sys_role', {
  roleId: integer('role_id').primaryKey({ autoIncrement: true }),
  roleName: text('role_name').notNull(),
  roleKey: text('role_key').notNull(),
  roleSort: integer('role_sort').notNull().default(0),
  dataScope: text('data_scope').notNull().default('1'),
  menuCheckStrictly: integer('menu_check_strictly', { mode: 'boolean' }).notNull().default(true),
  deptCheckStrictly: integer('dept_check_strictly', { mode: 'boolean' }).notNull().default(true),
  status: text('status').notNull().default('0'),
  delFlag: text('del_flag').notNull().default('0'),
  ...audit,
}, (t) => [uniqueIndex('sys_role_name_uq').on(t.roleName).where(sql`del_flag = '0'`), uniqueIndex('sys_role_key_uq').on(t.roleKey).where(sql`del_flag = '0'`)]);

export const sysMenu = sqliteTable('sys_menu', {
  menuId: integer('menu_id').primaryKey({ autoIncrement: true }),
  menuName: text('menu_name').notNull(),
  parentId: integer('parent_id').notNull().default(0),
  orderNum: integer('order_num').notNull().default(0),
  path: text('path').notNull().default(''),
  component: text('component'),
  query: text('query'),
  routeName: text('route_name').notNull().default(''),
  isFrame: integer('is_frame').notNull().default(1),
  isCache: integer('is_cache').notNull().default(0),
  menuType: text('menu_type').notNull(),
  visible: text('visible').notNull().default('0'),
  status: text('status').notNull().default('0'),
  perms: text('perms'),
  icon: text('icon').notNull().default('#'),
  ...audit,
}, (t) => [index('sys_menu_parent_idx').on(t.parentId), uniqueIndex('sys_menu_parent_name_uq').on(t.parentId, t.menuName)]);

export const sysUserRole = sqliteTable('sys_user_role', {
  userId: integer('user_id').notNull().references(() => sysUser.userId, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)]);

export const sysRoleMenu = sqliteTable('sys_role_menu', {
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  menuId: integer('menu_id').notNull().references(() => sysMenu.menuId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_role_menu_menu_idx').on(t.menuId)]);

export const sysRoleDept = sqliteTable('sys_role_dept', {
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  deptId: integer('dept_id').notNull().references(() => sysDept.deptId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.deptId] })]);

export const sysUserPost = sqliteTable('sys_user_post', {
  userId: integer('user_id').notNull().references(() => sysUser.userId, { onDelete: 'cascade' }),
  postId: integer('post_id').notNull().references(() => sysPost.postId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.postId] })]);

export const sysDictType = sqliteTable('sys_dict_type', {
  dictId: integer('dict_id').primaryKey({ autoIncrement: true }),
  dictName: text('dict_name').notNull(),
  dictType: text('dict_type').notNull(),
  status: text('status').notNull().default('0'),
  ...audit,
}, (t) => [uniqueIndex('sys_dict_type_type_uq').on(t.dictType)]);

export const sysDictData = sqliteTable('sys_dict_data', {
  dictCode: integer('dict_code').primaryKey({ autoIncrement: true }),
  dictSort: integer('dict_sort').notNull().default(0),
  dictLabel: text('dict_label').notNull(),
  dictValue: text('dict_value').notNull(),
  dictType: text('dict_type').notNull(),
  cssClass: text('css_class').notNull().default(''),
  listClass: text('list_class').notNull().default('default'),
  isDefault: text('is_default').notNull().default('N'),
  status: text('status').notNull().default('0'),
  ...audit,
}, (t) => [index('sys_dict_data_type_idx').on(t.dictType)]);

export const sysConfig = sqliteTable('sys_config', {
  configId: integer('config_id').primaryKey({ autoIncrement: true }),
  configName: text('config_name').notNull(),
  configKey: text('config_key').notNull(),
  configValue: text('config_value').notNull().default(''),
  configType: text('config_type').notNull().default('N'),
  ...audit,
}, (t) => [uniqueIndex('sys_config_key_uq').on(t.configKey)]);

/** Parks (园区): a tree like depts (issue 3), assignable to roles beside the dept data scope. */
export const sysPark = sqliteTable('sys_park', {
  parkId: integer('park_id').primaryKey({ autoIncrement: true }),
  parentId: integer('parent_id').notNull().default(0),
  ancestors: text('ancestors').notNull().default(''),
  parkName: text('park_name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  status: text('status').notNull().default('0'),
  delFlag: text('del_flag').notNull().default('0'),
  ...audit,
}, (t) => [uniqueIndex('sys_park_parent_name_uq').on(t.parentId, t.parkName).where(sql`del_flag = '0'`)]);

export const sysRolePark = sqliteTable('sys_role_park', {
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  parkId: integer('park_id').notNull().references(() => sysPark.parkId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.parkId] })]);

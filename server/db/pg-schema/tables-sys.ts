/**
 * GENERATED FILE, do not edit: `npm run db:generate:pg` rewrites it (scripts/gen-pg-schema.ts, from the
 * SQLite schema server/db/schema through server/db/pg-schema/generate.ts, whose comment lists the
 * type mapping), then drizzle-kit writes the migration into drizzle-pg/. Change the SQLite schema
 * and regenerate. The PostgreSQL schema of issue 43: the same exported names, tables, columns,
 * keys and indexes as the SQLite schema.
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * SQLite's integer({ mode: 'boolean' }): an integer column holding 1/0 (the app's raw SQL writes
 * and compares 1/0 on both databases), read and written as a boolean through Drizzle.
 */
const intBoolean = customType<{ data: boolean; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (value) => (value ? 1 : 0),
  fromDriver: (value) => Number(value) !== 0,
});

export const sysAuthVersion = pgTable('sys_auth_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

export const sysCaptcha = pgTable('sys_captcha', {
  uuid: text('uuid').primaryKey(),
  answer: text('answer').notNull(),
  expireTime: bigint('expire_time', { mode: 'number' }).notNull(),
}, (t) => [
  index('sys_captcha_expire_idx').on(t.expireTime),
]);

export const sysConfig = pgTable('sys_config', {
  configId: integer('config_id').primaryKey().generatedByDefaultAsIdentity(),
  configName: text('config_name').notNull(),
  configKey: text('config_key').notNull(),
  configValue: text('config_value').notNull().default(''),
  configType: text('config_type').notNull().default('N'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  uniqueIndex('sys_config_key_uq').on(t.configKey),
]);

export const sysDeployForm = pgTable('sys_deploy_form', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  formId: integer('form_id').notNull(),
  deployId: text('deploy_id').notNull(),
}, (t) => [
  uniqueIndex('sys_deploy_form_deploy_idx').on(t.deployId),
  index('sys_deploy_form_form_idx').on(t.formId),
]);

export const sysDeployFormContent = pgTable('sys_deploy_form_content', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  deployId: text('deploy_id').notNull(),
  formId: integer('form_id').notNull(),
  formName: text('form_name').notNull().default(''),
  formContent: text('form_content'),
}, (t) => [
  uniqueIndex('sys_deploy_form_content_idx').on(t.deployId, t.formId),
]);

export const sysDept = pgTable('sys_dept', {
  deptId: integer('dept_id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').notNull().default(0),
  ancestors: text('ancestors').notNull().default(''),
  deptName: text('dept_name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  leader: text('leader'),
  phone: text('phone'),
  email: text('email'),
  status: text('status').notNull().default('0'),
  delFlag: text('del_flag').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  uniqueIndex('sys_dept_parent_name_uq').on(t.parentId, t.deptName).where(sql`del_flag = '0'`),
]);

export const sysDictData = pgTable('sys_dict_data', {
  dictCode: integer('dict_code').primaryKey().generatedByDefaultAsIdentity(),
  dictSort: integer('dict_sort').notNull().default(0),
  dictLabel: text('dict_label').notNull(),
  dictValue: text('dict_value').notNull(),
  dictType: text('dict_type').notNull(),
  cssClass: text('css_class').notNull().default(''),
  listClass: text('list_class').notNull().default('default'),
  isDefault: text('is_default').notNull().default('N'),
  status: text('status').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  index('sys_dict_data_type_idx').on(t.dictType),
]);

export const sysDictType = pgTable('sys_dict_type', {
  dictId: integer('dict_id').primaryKey().generatedByDefaultAsIdentity(),
  dictName: text('dict_name').notNull(),
  dictType: text('dict_type').notNull(),
  status: text('status').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  uniqueIndex('sys_dict_type_type_uq').on(t.dictType),
]);

export const sysExpression = pgTable('sys_expression', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  expression: text('expression').notNull(),
  dataType: text('data_type').notNull().default('fixed'),
  status: text('status').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
});

export const sysForm = pgTable('sys_form', {
  formId: integer('form_id').primaryKey().generatedByDefaultAsIdentity(),
  formName: text('form_name').notNull(),
  formContent: text('form_content'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
});

export const sysJob = pgTable('sys_job', {
  jobId: integer('job_id').primaryKey().generatedByDefaultAsIdentity(),
  jobName: text('job_name').notNull(),
  jobGroup: text('job_group').notNull().default('DEFAULT'),
  invokeTarget: text('invoke_target').notNull(),
  cronExpression: text('cron_expression').notNull().default(''),
  misfirePolicy: text('misfire_policy').notNull().default('3'),
  concurrent: text('concurrent').notNull().default('1'),
  status: text('status').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
});

export const sysJobLease = pgTable('sys_job_lease', {
  jobId: integer('job_id').notNull(),
  fireTime: bigint('fire_time', { mode: 'number' }).notNull(),
  owner: text('owner').notNull(),
  acquiredAt: bigint('acquired_at', { mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.jobId, t.fireTime] }),
]);

export const sysJobLog = pgTable('sys_job_log', {
  jobLogId: integer('job_log_id').primaryKey().generatedByDefaultAsIdentity(),
  jobName: text('job_name').notNull(),
  jobGroup: text('job_group').notNull(),
  invokeTarget: text('invoke_target').notNull(),
  jobMessage: text('job_message').notNull().default(''),
  status: text('status').notNull().default('0'),
  exceptionInfo: text('exception_info').notNull().default(''),
  createTime: text('create_time'),
}, (t) => [
  index('sys_job_log_time_idx').on(t.createTime),
]);

export const sysJobState = pgTable('sys_job_state', {
  jobId: integer('job_id').primaryKey(),
  lastFireTime: bigint('last_fire_time', { mode: 'number' }),
});

export const sysListener = pgTable('sys_listener', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  eventType: text('event_type').notNull(),
  valueType: text('value_type').notNull(),
  value: text('value').notNull(),
  status: text('status').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
});

export const sysLogininfor = pgTable('sys_logininfor', {
  infoId: integer('info_id').primaryKey().generatedByDefaultAsIdentity(),
  userName: text('user_name').notNull().default(''),
  ipaddr: text('ipaddr').notNull().default(''),
  loginLocation: text('login_location').notNull().default(''),
  browser: text('browser').notNull().default(''),
  os: text('os').notNull().default(''),
  status: text('status').notNull().default('0'),
  msg: text('msg').notNull().default(''),
  loginTime: text('login_time'),
}, (t) => [
  index('sys_logininfor_time_idx').on(t.loginTime),
]);

export const sysMenu = pgTable('sys_menu', {
  menuId: integer('menu_id').primaryKey().generatedByDefaultAsIdentity(),
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
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  index('sys_menu_parent_idx').on(t.parentId),
  uniqueIndex('sys_menu_parent_name_uq').on(t.parentId, t.menuName),
]);

export const sysNotice = pgTable('sys_notice', {
  noticeId: integer('notice_id').primaryKey().generatedByDefaultAsIdentity(),
  noticeTitle: text('notice_title').notNull(),
  noticeType: text('notice_type').notNull(),
  noticeContent: text('notice_content'),
  status: text('status').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  index('sys_notice_status_idx').on(t.status, t.createTime),
]);

export const sysOperLog = pgTable('sys_oper_log', {
  operId: integer('oper_id').primaryKey().generatedByDefaultAsIdentity(),
  title: text('title').notNull().default(''),
  businessType: integer('business_type').notNull().default(0),
  method: text('method').notNull().default(''),
  requestMethod: text('request_method').notNull().default(''),
  operatorType: integer('operator_type').notNull().default(0),
  operName: text('oper_name').notNull().default(''),
  deptName: text('dept_name').notNull().default(''),
  operUrl: text('oper_url').notNull().default(''),
  operIp: text('oper_ip').notNull().default(''),
  operLocation: text('oper_location').notNull().default(''),
  operParam: text('oper_param').notNull().default(''),
  jsonResult: text('json_result').notNull().default(''),
  status: integer('status').notNull().default(0),
  errorMsg: text('error_msg').notNull().default(''),
  operTime: text('oper_time'),
  costTime: bigint('cost_time', { mode: 'number' }).notNull().default(0),
}, (t) => [
  index('sys_oper_log_time_idx').on(t.operTime),
]);

export const sysPark = pgTable('sys_park', {
  parkId: integer('park_id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').notNull().default(0),
  ancestors: text('ancestors').notNull().default(''),
  parkName: text('park_name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  status: text('status').notNull().default('0'),
  delFlag: text('del_flag').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  uniqueIndex('sys_park_parent_name_uq').on(t.parentId, t.parkName).where(sql`del_flag = '0'`),
]);

export const sysPasswordRetry = pgTable('sys_password_retry', {
  userName: text('user_name').primaryKey(),
  retryCount: integer('retry_count').notNull().default(0),
  expireTime: bigint('expire_time', { mode: 'number' }).notNull(),
});

export const sysPost = pgTable('sys_post', {
  postId: integer('post_id').primaryKey().generatedByDefaultAsIdentity(),
  postCode: text('post_code').notNull(),
  postName: text('post_name').notNull(),
  postSort: integer('post_sort').notNull(),
  status: text('status').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  uniqueIndex('sys_post_name_uq').on(t.postName),
  uniqueIndex('sys_post_code_uq').on(t.postCode),
]);

export const sysRole = pgTable('sys_role', {
  roleId: integer('role_id').primaryKey().generatedByDefaultAsIdentity(),
  roleName: text('role_name').notNull(),
  roleKey: text('role_key').notNull(),
  roleSort: integer('role_sort').notNull().default(0),
  dataScope: text('data_scope').notNull().default('1'),
  menuCheckStrictly: intBoolean('menu_check_strictly').notNull().default(sql`1`),
  deptCheckStrictly: intBoolean('dept_check_strictly').notNull().default(sql`1`),
  status: text('status').notNull().default('0'),
  delFlag: text('del_flag').notNull().default('0'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  uniqueIndex('sys_role_name_uq').on(t.roleName).where(sql`del_flag = '0'`),
  uniqueIndex('sys_role_key_uq').on(t.roleKey).where(sql`del_flag = '0'`),
]);

export const sysRoleDept = pgTable('sys_role_dept', {
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  deptId: integer('dept_id').notNull().references(() => sysDept.deptId, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.roleId, t.deptId] }),
]);

export const sysRoleMenu = pgTable('sys_role_menu', {
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  menuId: integer('menu_id').notNull().references(() => sysMenu.menuId, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.roleId, t.menuId] }),
  index('sys_role_menu_menu_idx').on(t.menuId),
]);

export const sysRolePark = pgTable('sys_role_park', {
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  parkId: integer('park_id').notNull().references(() => sysPark.parkId, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.roleId, t.parkId] }),
]);

export const sysSecret = pgTable('sys_secret', {
  secretKey: text('secret_key').primaryKey(),
  secretValue: text('secret_value').notNull(),
});

export const sysSession = pgTable('sys_session', {
  sessionId: text('session_id').primaryKey(),
  userId: integer('user_id').notNull(),
  userName: text('user_name').notNull(),
  deptName: text('dept_name').notNull().default(''),
  ipaddr: text('ipaddr').notNull().default(''),
  loginLocation: text('login_location').notNull().default(''),
  browser: text('browser').notNull().default(''),
  os: text('os').notNull().default(''),
  loginTime: text('login_time').notNull(),
  expireTime: bigint('expire_time', { mode: 'number' }).notNull(),
}, (t) => [
  index('sys_session_user_idx').on(t.userId),
]);

export const sysUpload = pgTable('sys_upload', {
  uploadId: integer('upload_id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id').notNull(),
  fileName: text('file_name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createTime: text('create_time'),
}, (t) => [
  index('sys_upload_user_idx').on(t.userId),
]);

export const sysUser = pgTable('sys_user', {
  userId: integer('user_id').primaryKey().generatedByDefaultAsIdentity(),
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
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  index('sys_user_name_idx').on(t.userName),
  index('sys_user_dept_idx').on(t.deptId),
  index('sys_user_del_flag_idx').on(t.delFlag),
  uniqueIndex('sys_user_name_uq').on(t.userName).where(sql`del_flag = '0'`),
  uniqueIndex('sys_user_phone_uq').on(t.phonenumber).where(sql`del_flag = '0' AND phonenumber <> ''`),
  uniqueIndex('sys_user_email_uq').on(t.email).where(sql`del_flag = '0' AND email <> ''`),
]);

export const sysUserPost = pgTable('sys_user_post', {
  userId: integer('user_id').notNull().references(() => sysUser.userId, { onDelete: 'cascade' }),
  postId: integer('post_id').notNull().references(() => sysPost.postId, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.userId, t.postId] }),
]);

export const sysUserRole = pgTable('sys_user_role', {
  userId: integer('user_id').notNull().references(() => sysUser.userId, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.userId, t.roleId] }),
  index('sys_user_role_role_idx').on(t.roleId),
]);

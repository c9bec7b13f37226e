/**
 * Monitor tables (reference §3): login log, operation log, sessions (RuoYi keeps these in Redis
 * as `login_tokens:<uuid>`; we keep them here), password-retry counters (Redis `pwd_err_cnt:`),
 * scheduled jobs and their log, and the server's own secrets (JWT secret, RSA key pair).
 */
import { sqliteTable, integer, text, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { audit } from './common';

export const sysLogininfor = sqliteTable('sys_logininfor', {
  infoId: integer('info_id').primaryKey({ autoIncrement: true }),
  userName: text('user_name').notNull().default(''),
  ipaddr: text('ipaddr').notNull().default(''),
  loginLocation: text('login_location').notNull().default(''),
  browser: text('browser').notNull().default(''),
  os: text('os').notNull().default(''),
  status: text('status').notNull().default('0'),
  msg: text('msg').notNull().default(''),
  loginTime: text('login_time'),
}, (t) => [index('sys_logininfor_time_idx').on(t.loginTime)]);

export const sysOperLog = sqliteTable('sys_oper_log', {
  operId: integer('oper_id').primaryKey({ autoIncrement: true }),
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
  costTime: integer('cost_time').notNull().default(0),
}, (t) => [index('sys_oper_log_time_idx').on(t.operTime)]);

/** A signed-in session; `expireTime` is epoch milliseconds, slid forward on use (30 min idle). */
export const sysSession = sqliteTable('sys_session', {
  sessionId: text('session_id').primaryKey(),
  userId: integer('user_id').notNull(),
  userName: text('user_name').notNull(),
  deptName: text('dept_name').notNull().default(''),
  ipaddr: text('ipaddr').notNull().default(''),
  loginLocation: text('login_location').notNull().default(''),
  browser: text('browser').notNull().default(''),
  os: text('os').notNull().default(''),
  loginTime: text('login_time').notNull(),
  expireTime: integer('expire_time').notNull(),
}, (t) => [index('sys_session_user_idx').on(t.userId)]);

/**
 * Captcha answers waiting for their sign-in (issue 44: in the database, so the login may land on
 * another node than the image): one-use (deleted at the check), valid until `expireTime` (epoch
 * milliseconds, 2 minutes after creation); expired rows are pruned and the table is capped
 * (server/modules/auth/captcha.service.ts).
 */
export const sysCaptcha = sqliteTable('sys_captcha', {
  uuid: text('uuid').primaryKey(),
  answer: text('answer').notNull(),
  expireTime: integer('expire_time').notNull(),
}, (t) => [index('sys_captcha_expire_idx').on(t.expireTime)]);

/**
 * One row (`id` 1) whose `version` moves on every committed change that can alter a signed-in
 * user's identity, roles, permissions or dept, or end a session (issue 15). SQL triggers bump it
 * (drizzle/0005_auth_version.sql): UPDATE/DELETE of sys_user, sys_role, sys_menu, sys_dept; any
 * write to sys_user_role, sys_role_menu; DELETE of sys_session. The session cache
 * (server/modules/auth/session-cache.ts) reads it on every request, so a change made by this
 * process or by another process sharing the file takes effect on the next request.
 */
export const sysAuthVersion = sqliteTable('sys_auth_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** Wrong-password counter per user name; `expireTime` epoch ms (lockout window, reference §1). */
export const sysPasswordRetry = sqliteTable('sys_password_retry', {
  userName: text('user_name').primaryKey(),
  retryCount: integer('retry_count').notNull().default(0),
  expireTime: integer('expire_time').notNull(),
});

export const sysJob = sqliteTable('sys_job', {
  jobId: integer('job_id').primaryKey({ autoIncrement: true }),
  jobName: text('job_name').notNull(),
  jobGroup: text('job_group').notNull().default('DEFAULT'),
  invokeTarget: text('invoke_target').notNull(),
  cronExpression: text('cron_expression').notNull().default(''),
  misfirePolicy: text('misfire_policy').notNull().default('3'),
  concurrent: text('concurrent').notNull().default('1'),
  status: text('status').notNull().default('0'),
  ...audit,
});

export const sysJobLog = sqliteTable('sys_job_log', {
  jobLogId: integer('job_log_id').primaryKey({ autoIncrement: true }),
  jobName: text('job_name').notNull(),
  jobGroup: text('job_group').notNull(),
  invokeTarget: text('invoke_target').notNull(),
  jobMessage: text('job_message').notNull().default(''),
  status: text('status').notNull().default('0'),
  exceptionInfo: text('exception_info').notNull().default(''),
  createTime: text('create_time'),
}, (t) => [index('sys_job_log_time_idx').on(t.createTime)]);

/** Scheduler state per job: the last fire time handled (epoch ms), for misfire rules after a restart. */
export const sysJobState = sqliteTable('sys_job_state', {
  jobId: integer('job_id').primaryKey(),
  lastFireTime: integer('last_fire_time'),
});

/**
 * One lease per job and fire time (epoch ms): the process that inserts it runs that fire, so two
 * processes over one database never both fire a job.
 */
export const sysJobLease = sqliteTable('sys_job_lease', {
  jobId: integer('job_id').notNull(),
  fireTime: integer('fire_time').notNull(),
  owner: text('owner').notNull(),
  acquiredAt: integer('acquired_at').notNull(),
}, (t) => [primaryKey({ columns: [t.jobId, t.fireTime] })]);

/** Server-held secrets made on first start (`jwt_secret`, `rsa_private_key`, `rsa_public_key`). */
export const sysSecret = sqliteTable('sys_secret', {
  secretKey: text('secret_key').primaryKey(),
  secretValue: text('secret_value').notNull(),
});

/**
 * Seed of the built-in parameters (sys_config, all config_type 'Y') and the three demo jobs
 * (sys_job, all paused).
 * Source: reference/ruoyi-flowable.md §3 "Seed data" → Config and Jobs (RuoYi `sql/ry_20240629.sql`).
 */
import { sysConfig, sysJob } from '../schema';
import { SEED_CREATE_BY, type SeedTx } from './types';

export const SEED_CONFIGS = [
  {
    configId: 1, configName: '主框架页-默认皮肤样式名称', configKey: 'sys.index.skinName', configValue: 'skin-blue',
    remark: '蓝色 skin-blue、绿色 skin-green、紫色 skin-purple、红色 skin-red、黄色 skin-yellow',
  },
  {
    configId: 2, configName: '用户管理-账号初始密码', configKey: 'sys.user.initPassword', configValue: '123456',
    remark: '初始化密码 123456',
  },
  {
    configId: 3, configName: '主框架页-侧边栏主题', configKey: 'sys.index.sideTheme', configValue: 'theme-dark',
    remark: '深色主题theme-dark，浅色主题theme-light',
  },
  {
    configId: 4, configName: '账号自助-验证码开关', configKey: 'sys.account.captchaEnabled', configValue: 'true',
    remark: '是否开启验证码功能（true开启，false关闭）',
  },
  {
    configId: 5, configName: '账号自助-是否开启用户注册功能', configKey: 'sys.account.registerUser', configValue: 'false',
    remark: '是否开启注册用户功能（true开启，false关闭）',
  },
  {
    configId: 6, configName: '用户登录-黑名单列表', configKey: 'sys.login.blackIPList', configValue: '',
    remark: '设置登录IP黑名单限制，多个匹配项以;分隔，支持匹配（*通配、网段）',
  },
  // Issue 38 §7: upload quotas in MB (server/modules/common/upload-quota.service.ts).
  {
    configId: 7, configName: '文件上传-每个用户的上传空间限额', configKey: 'sys.upload.userQuota', configValue: '200',
    remark: '每个用户可保存的上传文件总大小（MB，正数；无效时按 200）',
  },
  {
    configId: 8, configName: '文件上传-系统上传空间总限额', configKey: 'sys.upload.totalQuota', configValue: '10240',
    remark: '所有用户可保存的上传文件总大小（MB，正数；无效时按 10240）',
  },
  // Issue 38 §6: workflow budgets (server/modules/flowable/common/budgets.ts).
  {
    configId: 9, configName: '流程引擎-多实例节点实例数上限', configKey: 'flowable.multiInstance.maxInstances', configValue: '1000',
    remark: '一个多实例（会签）节点最多创建的实例数（正整数；无效时按 1000）',
  },
  {
    configId: 10, configName: '流程引擎-单个流程变量大小上限', configKey: 'flowable.variable.maxBytes', configValue: '1048576',
    remark: '一个流程变量的 JSON 文本最大字节数（正整数；无效时按 1048576，即 1 MB）',
  },
  {
    configId: 11, configName: '流程模拟-运行时间上限', configKey: 'flowable.simulate.maxSeconds', configValue: '10',
    remark: '一次流程模拟最多运行的秒数（正整数；无效时按 10）',
  },
] as const;

/** Demo jobs calling the `ryTask` handler; status '1' paused, misfire '3', concurrent '1' (forbid). */
export const SEED_JOBS = [
  { jobId: 1, jobName: '系统默认（无参）', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?' },
  { jobId: 2, jobName: '系统默认（有参）', invokeTarget: "ryTask.ryParams('ry')", cronExpression: '0/15 * * * * ?' },
  {
    jobId: 3, jobName: '系统默认（多参）',
    invokeTarget: "ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)", cronExpression: '0/20 * * * * ?',
  },
] as const;

/** Inserts the built-in config entries and the demo jobs. */
export async function seedConfigAndJobs(tx: SeedTx, now: string): Promise<void> {
  const audit = { createBy: SEED_CREATE_BY, createTime: now };

  await tx.insert(sysConfig)
    .values(SEED_CONFIGS.map((c) => ({ ...c, configType: 'Y', ...audit })))
    .onConflictDoNothing();

  await tx.insert(sysJob)
    .values(SEED_JOBS.map((j) => ({
      ...j, jobGroup: 'DEFAULT', misfirePolicy: '3', concurrent: '1', status: '1', remark: '', ...audit,
    })))
    .onConflictDoNothing();
}

/**
 * Add/edit rules of a job in the order of RuoYi's `SysJobController.add/edit` (reference §5).
 * Every message reads `<新增|修改>任务'<jobName>'失败，<reason>`:
 *
 * 1. the cron is valid Quartz (cron.ts)                 → Cron表达式不正确
 *    … and this server can schedule that form           → Cron表达式无法调度：<form>
 * 2. no `rmi:`                                          → 目标字符串不允许'rmi'调用
 * 3. no `ldap:` / `ldaps:`                              → 目标字符串不允许'ldap(s)'调用
 * 4. no `http://` / `https://`                          → 目标字符串不允许'http(s)'调用
 * 5. none of the black-listed strings                   → 目标字符串存在违规
 * 6. resolves in the handler registry with the declared
 *    argument types (registry.ts)                       → 目标字符串不在白名单内
 * 7. the handler's own argument rules (e.g. backup dir) → <the handler's sentence>
 *
 * All string checks ignore case. Errors: AppError('invalid') with the message (REST code 500); nothing is written.
 */
import { AppError } from '../../../core/errors';
import { parseQuartzCron, type QuartzCron } from './cron';
import { resolveTarget, type HandlerRegistry } from './registry';

/** RuoYi `Constants.JOB_ERROR_STR`, plus the Node.js names that must never appear in a target. */
export const JOB_ERROR_STR = [
  'java.net.URL', 'javax.naming.InitialContext', 'org.yaml.snakeyaml', 'org.springframework', 'org.apache',
  'com.ruoyi.common.utils.file', 'com.ruoyi.common.config', 'com.ruoyi.generator',
  'child_process', 'require(', 'import(', 'eval(', '__proto__', 'prototype', 'constructor',
];

const has = (text: string, needles: string[]) => {
  const lower = text.toLowerCase();
  return needles.some((n) => lower.includes(n.toLowerCase()));
};

export interface JobRuleInput {
  jobName: string;
  invokeTarget: string;
  cronExpression: string;
}

/** The reason a job may not be saved, or undefined (see the file header for the order). */
export function jobRuleProblem(job: JobRuleInput, registry: HandlerRegistry): string | undefined {
  const cron = parseQuartzCron(job.cronExpression);
  if (!cron.ok) return cron.reason === 'invalid' ? 'Cron表达式不正确' : `Cron表达式无法调度：${cron.detail}`;
  const target = job.invokeTarget;
  if (has(target, ['rmi:'])) return "目标字符串不允许'rmi'调用";
  if (has(target, ['ldap:', 'ldaps:'])) return "目标字符串不允许'ldap(s)'调用";
  if (has(target, ['http://', 'https://'])) return "目标字符串不允许'http(s)'调用";
  if (has(target, JOB_ERROR_STR)) return '目标字符串存在违规';
  const resolved = resolveTarget(registry, target);
  if (!resolved.ok) return resolved.kind === 'whitelist' ? '目标字符串不在白名单内' : resolved.error;
  return undefined;
}

/** Throws AppError('invalid', `<action>任务'<name>'失败，<reason>`) when `jobRuleProblem` finds one. */
export function assertJobRules(job: JobRuleInput, action: '新增' | '修改', registry: HandlerRegistry): void {
  const problem = jobRuleProblem(job, registry);
  if (problem) throw new AppError('invalid', `${action}任务'${job.jobName}'失败，${problem}`);
}

const cronCache = new Map<string, QuartzCron | null>();

/** The parsed cron of a stored job, or null when it does not parse (memoised, 500 entries). */
export function cronOf(expression: string): QuartzCron | null {
  let c = cronCache.get(expression);
  if (c === undefined) {
    const r = parseQuartzCron(expression);
    c = r.ok ? r.cron : null;
    if (cronCache.size >= 500) cronCache.clear();
    cronCache.set(expression, c);
  }
  return c;
}

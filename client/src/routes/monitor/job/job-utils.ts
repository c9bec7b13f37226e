/**
 * Pure helpers of the 定时任务 and 调度日志 screens: code labels, filters → procedure input, the
 * job form's defaults, required-field checks and cron presets, and the log status tag options.
 */
import { JOB_LOG_STATUS_LABELS, type JobRow } from '../../../../../shared/schemas/job';
import type { DictOption } from '../../../hooks/dict-cache';

/** Misfire policies as the job dialog names them (RuoYi: 默认策略 / 立即执行 / 执行一次 / 放弃执行). */
export const MISFIRE_OPTIONS = [
  { value: '1', label: '立即执行' },
  { value: '2', label: '执行一次' },
  { value: '3', label: '放弃执行' },
];
export const MISFIRE_TEXT: Record<string, string> = { '0': '默认策略', '1': '立即执行', '2': '执行一次', '3': '放弃执行' };
export const CONCURRENT_OPTIONS = [
  { value: '0', label: '允许' },
  { value: '1', label: '禁止' },
];

/** The search filters of both screens (text, '' = not given). */
export interface JobFilters {
  jobName: string;
  jobGroup: string;
  status: string;
}

export const EMPTY_FILTERS: JobFilters = { jobName: '', jobGroup: '', status: '' };

/** Filters → procedure input: blanks dropped. */
export function filterInput(f: JobFilters) {
  return {
    jobName: f.jobName.trim() || undefined,
    jobGroup: f.jobGroup || undefined,
    status: (f.status || undefined) as '0' | '1' | undefined,
  };
}

export interface JobFormValues {
  jobId?: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  status: string;
  remark: string;
}

/** RuoYi's reset(): misfire 1, concurrent 1 (forbid), status 0. */
export const NEW_JOB: JobFormValues = {
  jobName: '', jobGroup: '', invokeTarget: '', cronExpression: '', misfirePolicy: '1', concurrent: '1', status: '0', remark: '',
};

export function jobToForm(job: JobRow): JobFormValues {
  return {
    jobId: job.jobId, jobName: job.jobName, jobGroup: job.jobGroup, invokeTarget: job.invokeTarget,
    cronExpression: job.cronExpression, misfirePolicy: job.misfirePolicy, concurrent: job.concurrent, status: job.status,
    remark: job.remark ?? '',
  };
}

/** Common Quartz expressions offered by 生成表达式 (seconds first). */
export const CRON_PRESETS = [
  { label: '每秒执行一次', value: '* * * * * ?' },
  { label: '每5秒执行一次', value: '0/5 * * * * ?' },
  { label: '每分钟执行一次', value: '0 * * * * ?' },
  { label: '每5分钟执行一次', value: '0 0/5 * * * ?' },
  { label: '每小时整点执行', value: '0 0 * * * ?' },
  { label: '每天凌晨0点执行', value: '0 0 0 * * ?' },
  { label: '每天凌晨2点执行', value: '0 0 2 * * ?' },
  { label: '每周一上午9点执行', value: '0 0 9 ? * MON' },
  { label: '工作日上午9点执行', value: '0 0 9 ? * MON-FRI' },
  { label: '每月1日凌晨0点执行', value: '0 0 0 1 * ?' },
  { label: '每月最后一天23点执行', value: '0 0 23 L * ?' },
];

const REQUIRED: Partial<Record<keyof JobFormValues, string>> = {
  jobName: '任务名称不能为空',
  invokeTarget: '调用目标字符串不能为空',
  cronExpression: 'cron执行表达式不能为空',
};

export function validateJob(form: JobFormValues) {
  const errors: Partial<Record<keyof JobFormValues, string>> = {};
  for (const [key, msg] of Object.entries(REQUIRED) as [keyof JobFormValues, string][]) {
    if (!String(form[key] ?? '').trim()) errors[key] = msg;
  }
  return errors;
}

/** Status tags read 成功 / 失败 (JOB_LOG_STATUS_LABELS, the words of the filter's sys_common_status) in that dictionary's colours. */
export function logStatusOptions(dict: DictOption[]): DictOption[] {
  return (['0', '1'] as const).map((value) => {
    const entry = dict.find((o) => o.value === value);
    const label = JOB_LOG_STATUS_LABELS[value];
    return entry
      ? { ...entry, label }
      : { value, label, elTagType: value === '0' ? 'primary' : 'danger', elTagClass: '', raw: { dictLabel: label, dictValue: value } };
  });
}

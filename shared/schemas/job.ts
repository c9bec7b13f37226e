/**
 * Scheduled jobs and their log (platform spec §2 "Scheduled job log", §7 "Jobs and logs";
 * reference §3 sys_job / sys_job_log, §5): inputs of `monitor.job.*` and `monitor.jobLog.*`,
 * row shapes and the labels of the codes. Numbers and codes accept JSON numbers or text (REST
 * query strings and RuoYi's form, which sends `misfirePolicy: 1`); '' means "not given".
 * Required fields carry RuoYi's Chinese messages (SysJob's bean validation), which name the field.
 */
import { z } from 'zod';
import { pageInput } from './common';
import { controlCharsMessage, isMultiLine, isOneLine } from './text';

/** Misfire policies (reference §5 ScheduleConstants; export labels of SysJob). */
export const MISFIRE_LABELS = { '0': '默认', '1': '立即触发执行', '2': '触发一次执行', '3': '不触发立即执行' } as const;
/** Concurrent flag: 0 allow parallel runs, 1 forbid. */
export const CONCURRENT_LABELS = { '0': '允许', '1': '禁止' } as const;
/** Job status (dictionary sys_job_status): 0 normal (scheduled), 1 paused. */
export const JOB_STATUS_LABELS = { '0': '正常', '1': '暂停' } as const;
/**
 * Job log status: 0 succeeded, 1 failed (or skipped, with the reason in exceptionInfo). Labelled
 * 成功 / 失败 like the dictionary sys_common_status the job log's filter and tags use (RuoYi
 * job/log.vue), so the list, the detail, the filter and the export speak one vocabulary (issue 40 §9).
 */
export const JOB_LOG_STATUS_LABELS = { '0': '成功', '1': '失败' } as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** A positive integer id given as number or text; missing → `${label}不能为空`. */
export const jobIdValue = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blank(v)),
    z.number({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}必须是正整数`) })
      .int(`${label}必须是正整数`).positive(`${label}必须是正整数`),
  );

const code = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}只能是 ${values.join('、')}`) });

/** A code with a default when absent or ''. */
const codeOr = <const T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) =>
  z.preprocess((v) => blank(text(v)) ?? fallback, code(label, values));

const requiredCode = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess((v) => blank(text(v)), code(label, values));

const filterText = z.string().max(200).refine(isOneLine, controlCharsMessage('查询条件')).nullish().transform((v) => (v ? v : undefined));
const filterCode = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => blank(text(v)), z.enum(values).optional());

/** Job list filters (`GET /monitor/job/list`): name LIKE, group =, status =, target LIKE. */
const jobFilters = {
  jobName: filterText,
  jobGroup: filterText,
  status: filterCode(['0', '1']),
  invokeTarget: filterText,
};
export const jobListInput = pageInput.extend(jobFilters);
export type JobListInput = z.input<typeof jobListInput>;
/** Export filters: the list filters without paging (every matching row). */
export const jobExportInput = pageInput.omit({ pageNum: true, pageSize: true }).extend(jobFilters);

/** The add form (`POST /monitor/job`). */
export const jobAddInput = z.object({
  jobName: z.string({ error: '任务名称不能为空' }).trim().min(1, '任务名称不能为空').max(64, '任务名称不能超过64个字符')
    .refine(isOneLine, controlCharsMessage('任务名称')),
  jobGroup: z.preprocess(blank, z.string().trim().max(64, '任务组名不能超过64个字符').refine(isOneLine, controlCharsMessage('任务组名')).default('DEFAULT')),
  invokeTarget: z.string({ error: '调用目标字符串不能为空' }).trim().min(1, '调用目标字符串不能为空')
    .max(500, '调用目标字符串长度不能超过500个字符').refine(isOneLine, controlCharsMessage('调用目标字符串')),
  cronExpression: z.string({ error: 'Cron执行表达式不能为空' }).trim().min(1, 'Cron执行表达式不能为空')
    .max(255, 'Cron执行表达式不能超过255个字符').refine(isOneLine, controlCharsMessage('Cron执行表达式')),
  misfirePolicy: codeOr('计划执行策略', ['0', '1', '2', '3'], '0'),
  concurrent: codeOr('是否并发执行', ['0', '1'], '1'),
  status: codeOr('任务状态', ['0', '1'], '0'),
  remark: z.string().max(500, '备注不能超过500个字符').refine(isMultiLine, controlCharsMessage('备注')).nullish().transform((v) => v ?? ''),
});
export type JobAddInput = z.input<typeof jobAddInput>;
export type JobForm = z.output<typeof jobAddInput>;

/** The edit form (`POST /monitor/job/update`, alias `PUT /monitor/job`). */
export const jobUpdateInput = jobAddInput.extend({ jobId: jobIdValue('任务编号') });
export type JobUpdateInput = z.input<typeof jobUpdateInput>;

export const jobIdInput = z.object({ jobId: jobIdValue('任务编号') });
export const jobIdsInput = z.object({ ids: z.array(jobIdValue('任务编号')).min(1, '请选择要删除的数据') });

/** `{jobId, status}`: 0 resume, 1 pause. */
export const jobChangeStatusInput = z.object({ jobId: jobIdValue('任务编号'), status: requiredCode('任务状态', ['0', '1']) });
/** `{jobId, jobGroup?}`: run once now; a given group must be the job's. */
export const jobRunInput = z.object({ jobId: jobIdValue('任务编号'), jobGroup: filterText });

/** Job log filters (`GET /monitor/jobLog/list`) with the day range `params[beginTime]`/`params[endTime]`. */
const jobLogFilters = {
  jobName: filterText,
  jobGroup: filterText,
  status: filterCode(['0', '1']),
  invokeTarget: filterText,
};
export const jobLogListInput = pageInput.extend(jobLogFilters);
export type JobLogListInput = z.input<typeof jobLogListInput>;
export const jobLogExportInput = pageInput.omit({ pageNum: true, pageSize: true }).extend(jobLogFilters);
export const jobLogIdInput = z.object({ jobLogId: jobIdValue('日志编号') });
export const jobLogIdsInput = z.object({ ids: z.array(jobIdValue('日志编号')).min(1, '请选择要删除的数据') });

/** A job as the list and `get` answer it; `nextValidTime` `yyyy-MM-dd HH:mm:ss` or null. */
export interface JobRow {
  jobId: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  status: string;
  createBy: string;
  createTime: string | null;
  updateBy: string;
  updateTime: string | null;
  remark: string | null;
  nextValidTime: string | null;
}

/** One run of a job. `jobMessage` is `<jobName> 总共耗时：<ms>毫秒`; status 0 normal, 1 failed. */
export interface JobLogRow {
  jobLogId: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  jobMessage: string;
  status: string;
  exceptionInfo: string;
  createTime: string | null;
}

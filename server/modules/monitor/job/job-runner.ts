/**
 * One run of a job and its log row (reference §5 "Log", RuoYi AbstractQuartzJob): resolve the
 * invoke target in the registry again (never evaluate it), call the handler, then write
 * sys_job_log `{jobName, jobGroup, invokeTarget, jobMessage: '<jobName> 总共耗时：<ms>毫秒',
 * status: '0' | '1', exceptionInfo: first 2000 characters of the error's stack, createTime}`.
 * Durations come from the injected clock (ms). A skipped run (concurrency) writes status '1'
 * with the reason. Errors of the handler never escape; a failing log write goes to the app log.
 * The log row is one `store.transaction` (scheduler.repo.ts `insertJobLog`, issue 43).
 */
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import type { Clock } from '../../../core/clock';
import { formatDateTime } from '../../../../shared/utils/date';
import { insertJobLog } from './scheduler.repo';
import type { JobRecord } from './job.repo';
import { resolveTarget, type HandlerRegistry, type JobLogger } from './registry';

export const MAX_EXCEPTION_INFO = 2000;

export interface RunnerDeps {
  store: Store<Db>;
  clock: Clock;
  log: JobLogger;
  registry: HandlerRegistry;
  dataDir: string;
}

/** The text stored in exceptionInfo: the stack (or message) cut to 2000 characters. */
export function exceptionText(err: unknown): string {
  const text = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  return text.slice(0, MAX_EXCEPTION_INFO);
}

async function writeLog(d: RunnerDeps, job: JobRecord, status: '0' | '1', jobMessage: string, exceptionInfo: string): Promise<void> {
  try {
    await insertJobLog(d.store, {
      jobName: job.jobName, jobGroup: job.jobGroup, invokeTarget: job.invokeTarget,
      jobMessage: jobMessage.slice(0, 500), status, exceptionInfo, createTime: formatDateTime(d.clock.now()),
    });
  } catch (e) {
    d.log.error(`定时任务 ${job.jobName} 的日志写入失败：${(e as Error).message}`);
  }
}

/** Runs `job` for `fireTime` and writes its log row; resolves when both are done. */
export async function runJob(d: RunnerDeps, job: JobRecord, fireTime: number): Promise<void> {
  const startedAt = d.clock.now();
  let failure: unknown;
  try {
    const resolved = resolveTarget(d.registry, job.invokeTarget);
    if (!resolved.ok) throw new Error(`目标字符串不在白名单内：${resolved.error}`);
    const ctx = { store: d.store, clock: d.clock, log: d.log, dataDir: d.dataDir, job: { jobId: job.jobId, jobName: job.jobName, jobGroup: job.jobGroup }, fireTime };
    const result = await resolved.handler.run(ctx, resolved.target.args.map((a) => a.value));
    if (typeof result === 'string' && result) d.log.info(`定时任务 ${job.jobName}：${result}`);
  } catch (e) {
    failure = e ?? new Error('任务执行失败');
  }
  const ms = Math.max(0, d.clock.now() - startedAt);
  if (failure !== undefined) d.log.warn(`定时任务 ${job.jobName} 执行失败：${(failure as Error)?.message ?? failure}`);
  await writeLog(d, job, failure === undefined ? '0' : '1', `${job.jobName} 总共耗时：${ms}毫秒`, failure === undefined ? '' : exceptionText(failure));
}

/**
 * Writes the log row of a run skipped because the previous run of a non-concurrent job is still
 * going; resolves when it is written (a failed write goes to the app log, never rejects).
 */
export async function logSkipped(d: RunnerDeps, job: JobRecord, fireTime: number): Promise<void> {
  d.log.warn(`定时任务 ${job.jobName} 跳过 ${formatDateTime(fireTime)} 的执行：上一次执行尚未结束`);
  await writeLog(d, job, '1', `${job.jobName} 已跳过：上一次执行尚未结束（禁止并发执行）`,
    `计划于 ${formatDateTime(fireTime)} 的执行被跳过：该任务禁止并发执行（concurrent = 1），上一次执行仍在进行。`);
}

/**
 * The runs of one scheduler: one at a time per job when `concurrent = '1'` (an overlapping fire is
 * logged as skipped, logSkipped), overlapping with '0'; `idle()` waits for every run in progress.
 */
export class JobRuns {
  private readonly running = new Map<number, number>();
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly d: RunnerDeps) {}

  /**
   * Runs `job` at each of `fireTimes`, one after another (the first starts at the call); before
   * each later one, `stillDue()` (the job not paused or changed since: scheduler.repo.ts
   * stillScheduled) must resolve true, else the rest are dropped. A failing check drops them too
   * (logged). Tracked by `idle()`.
   */
  sequence(job: JobRecord, fireTimes: number[], stillDue: () => Promise<boolean> = async () => true): Promise<void> {
    return this.track((async () => {
      for (const [i, t] of fireTimes.entries()) {
        if (i > 0 && !(await this.due(job, stillDue))) return;
        await this.execute(job, t);
      }
    })());
  }

  private async due(job: JobRecord, stillDue: () => Promise<boolean>): Promise<boolean> {
    try {
      return await stillDue();
    } catch (e) {
      this.d.log.error(`定时任务 ${job.jobName} 的状态读取失败：${(e as Error).message}`);
      return false;
    }
  }

  /** Runs `job` once for `fireTime` (a manual run: RuoYi `run`); tracked by `idle()`. */
  once(job: JobRecord, fireTime: number): Promise<void> {
    return this.track(this.execute(job, fireTime));
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  private track(p: Promise<void>): Promise<void> {
    const tracked = p.finally(() => { this.inflight.delete(tracked); });
    this.inflight.add(tracked);
    return tracked;
  }

  private async execute(job: JobRecord, fireTime: number): Promise<void> {
    const busy = this.running.get(job.jobId) ?? 0;
    if (job.concurrent === '1' && busy > 0) {
      await logSkipped(this.d, job, fireTime);
      return;
    }
    this.running.set(job.jobId, busy + 1);
    try {
      await runJob(this.d, job, fireTime);
    } finally {
      const left = (this.running.get(job.jobId) ?? 1) - 1;
      if (left > 0) this.running.set(job.jobId, left);
      else this.running.delete(job.jobId);
    }
  }
}

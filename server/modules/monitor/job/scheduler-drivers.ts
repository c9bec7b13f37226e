/**
 * What wakes the scheduler for its armed jobs (issue 4; scheduler.ts header): a node-cron task
 * when node-cron can express the job's Quartz form and agrees with croner on the next 8 fire
 * times, else the scheduler's own timer (the earliest next fire of the timer-driven jobs, at most
 * MAX_WAKE_MS ahead). Both only call the scheduler's tick; nothing here reads the database.
 */
import nodeCron, { type ScheduledTask } from 'node-cron';
import { nextFireAfter, nextFireTimes, type QuartzCron } from './cron';
import type { JobRecord } from './job.repo';
import type { JobLogger } from './registry';

/** An armed job: its row, fingerprint, parsed cron, cursor and driver. */
export interface Armed {
  job: JobRecord;
  fingerprint: string;
  cron: QuartzCron;
  /** Last fire time handled (epoch ms). */
  cursor: number;
  driver?: 'node-cron' | 'timer';
  task?: ScheduledTask;
}

/** Longest the own timer sleeps before it re-arms (ms). */
export const MAX_WAKE_MS = 60_000;

/** node-cron's logger over the scheduler's. */
export const cronLoggerOf = (log: JobLogger) => ({
  info: (m: string) => log.info(String(m)),
  warn: (m: string) => log.warn(String(m)),
  error: (m: string | Error) => log.error(String(m)),
  debug: () => {},
});

/** Gives `a` a node-cron task calling `fire` when node-cron can express its form and agrees with croner; else marks it timer-driven. */
export function attachDriver(a: Armed, now: number, fire: () => void, logger: ReturnType<typeof cronLoggerOf>): void {
  a.driver = 'timer';
  const expr = a.cron.nodeCron;
  if (!expr || !nodeCron.validate(expr)) return;
  let task: ScheduledTask | undefined;
  try {
    task = nodeCron.createTask(expr, fire, { name: `sys-job-${a.job.jobId}`, logger, suppressMissedWarning: true, unref: true });
    if (!nextFireTimes(a.cron, now, 8).every((t) => task!.match(new Date(t)))) throw new Error('node-cron disagrees with croner');
    task.start();
    a.task = task;
    a.driver = 'node-cron';
  } catch {
    void task?.destroy();
  }
}

/** Destroys the node-cron task of `a`, if any. */
export function disarm(a: Armed): void {
  if (a.task) void a.task.destroy();
  a.task = undefined;
}

/** Milliseconds until the own timer should wake (earliest next fire of the timer-driven jobs, capped), or null. */
export function wakeDelay(armed: Iterable<Armed>, now: number): number | null {
  let next = Infinity;
  for (const a of armed) {
    if (a.driver !== 'timer') continue;
    const t = nextFireAfter(a.cron, Math.max(now, a.cursor));
    if (t !== null && t < next) next = t;
  }
  return next === Infinity ? null : Math.min(Math.max(0, next - now), MAX_WAKE_MS);
}

/**
 * Which fire times of one job to run now (reference §5 "Misfire"; Quartz CronTrigger misfire
 * instructions). Pure: the scheduler passes the job's cursor (the last fire time handled, from
 * memory or sys_job_state after a restart) and the clock's now.
 *
 * A fire time is *on time* when it lies in `(cursor, now]` and is at most `thresholdMs` old
 * (Quartz RAMJobStore's misfireThreshold, 5000 ms); older ones in `(cursor, now - threshold]`
 * are *missed*. On-time fires always run. Missed ones by policy:
 *   '1' 立即触发执行 (ignore misfires): every missed fire runs now, oldest first (the newest
 *       `maxCatchUp` at most);
 *   '2' 触发一次执行 (fire once now): one run now, keyed by the newest missed fire time, unless an
 *       on-time fire already runs now;
 *   '0' 默认 (Quartz smart policy, which for cron triggers is fire once now): as '2';
 *   '3' 不触发立即执行 (do nothing): none.
 * `handledUpTo` is the newest fire time considered (the cursor's next value, stored in
 * sys_job_state so a restart does not see the same misfire twice).
 */
import { fireTimesBetween, lastFireAtOrBefore, type QuartzCron } from './cron';

export const MISFIRE_POLICIES = new Set(['0', '1', '2', '3']);
export const DEFAULT_MISFIRE_THRESHOLD_MS = 5000;

export interface PlanInput {
  policy: string;
  /** Last fire time handled (epoch ms). */
  cursor: number;
  now: number;
  thresholdMs?: number;
  maxCatchUp?: number;
}

export interface FirePlan {
  /** Fire times to run now, ascending (each is also the lease key). */
  fires: number[];
  /** Newest missed fire time, or null when nothing was missed. */
  lastMissed: number | null;
  /** Newest fire time considered; equals `cursor` when nothing was due. */
  handledUpTo: number;
}

export function planFires(cron: QuartzCron, p: PlanInput): FirePlan {
  const threshold = p.thresholdMs ?? DEFAULT_MISFIRE_THRESHOLD_MS;
  const cap = p.maxCatchUp ?? 1000;
  const edge = p.now - threshold;
  const onTime = fireTimesBetween(cron, Math.max(p.cursor, edge), p.now, cap);
  let lastMissed: number | null = null;
  if (p.cursor < edge) {
    const t = lastFireAtOrBefore(cron, edge);
    if (t !== null && t > p.cursor) lastMissed = t;
  }
  let fires: number[];
  if (lastMissed === null || p.policy === '3') fires = onTime;
  else if (p.policy === '1') fires = [...fireTimesBetween(cron, p.cursor, edge, cap), ...onTime];
  else fires = onTime.length ? onTime : [lastMissed];
  const handledUpTo = Math.max(p.cursor, lastMissed ?? -Infinity, onTime[onTime.length - 1] ?? -Infinity);
  return { fires, lastMissed, handledUpTo };
}

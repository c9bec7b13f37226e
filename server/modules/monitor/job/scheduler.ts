/**
 * The job scheduler (issue 4; reference §5). One instance per app, made by `createJobScheduler`
 * in buildApp and started only by server/main.ts (`start()`), so building an app fires nothing.
 *
 * How it decides: `tick(now)` is the single place where jobs fire, for real timers and tests
 * alike. It re-reads sys_job (jobs with status '0'; paused jobs are never armed, so they never
 * fire), then for each armed job plans the fire times due in `(cursor, now]` with croner's
 * next-fire computation in the server's time zone and the misfire policy (misfire.ts), takes a
 * sys_job_lease row per fire time (only the process whose insert succeeds runs it; the state
 * row sys_job_state is raised in the same transaction), and runs the won fires one after another.
 * A job whose previous run is still going is skipped and logged as skipped when concurrent = '1';
 * with '0' runs overlap. Every run writes a sys_job_log row (job-runner.ts).
 *
 * What wakes it (with `start({timers: true})`, the default):
 * - node-cron: each job whose Quartz form node-cron can express (cron.ts `nodeCron`: `?` → `*`,
 *   explicit lists, Sunday = 0, `nL` for the last weekday; checked at arming: node-cron must
 *   match croner's next 8 fire times) gets a node-cron task whose callback calls `tick()`;
 * - an own timer: jobs node-cron cannot express (a restricted year, or any disagreement) get a
 *   setTimeout to croner's next fire time (at most 60 s ahead, then re-armed) calling `tick()`;
 * - a sync interval (10 s) calling `tick()`, which picks up changes made by other processes.
 * Changes made through this process's services call `jobsChanged()` and apply at once.
 * After a restart the first tick applies the misfire policies to the fire times missed since
 * sys_job_state.lastFireTime. Adding, editing or resuming a job resets that state to the change
 * time, so a pause is not a misfire.
 * Limits: overlap (concurrent = '1') is detected within one process; across processes the
 * lease guarantees each fire time runs once.
 *
 * Tick handlers (`addTickHandler`, issue 13): other due work — the workflow engine's timers —
 * runs at every `tick(now)` after the jobs, and, with timers, on a fine poll (HANDLER_POLL_MS)
 * whenever the handler's `nextDue()` (one indexed query) is at or before now, so a timer of a
 * few seconds fires within about a second. A handler's error is logged, never thrown.
 */
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodeCron, { type ScheduledTask } from 'node-cron';
import type { Db } from '../../../db/client';
import { commitWriteTurn } from '../../../db/write-turn';
import type { Clock } from '../../../core/clock';
import type { AppEnv } from '../../../env';
import { nextFireAfter, nextFireTimes, type QuartzCron } from './cron';
import { cronOf } from './job-rules';
import type { JobRecord } from './job.repo';
// Synchronous on purpose (issue 43): the claim of fire times and `jobsChanged` run synchronous transactions and reads (issue 44 moves them).
import { activeJobs, claimFires, readStates } from './scheduler.repo';
import { logSkipped, runJob, type RunnerDeps } from './job-runner';
import { MISFIRE_POLICIES, planFires } from './misfire';
import { defaultRegistry } from './handlers';
import { silentLogger, type HandlerRegistry, type JobLogger } from './registry';

export interface SchedulerOptions {
  log?: JobLogger;
  registry?: HandlerRegistry;
  /** Absolute folder the backup handler writes below. */
  dataDir?: string;
  /** Lease owner id (default `<host>:<pid>:<random>`). */
  owner?: string;
  misfireThresholdMs?: number;
  /** Most missed fires run by policy 1 after a downtime (the newest ones). */
  maxCatchUp?: number;
  syncIntervalMs?: number;
}

/** Due work run by the scheduler besides the jobs (e.g. engine timers). */
export interface TickHandler {
  /** Runs what is due at `now` (epoch ms). */
  tick(now: number): unknown;
  /** The earliest due time (epoch ms) or null: the fine poll calls `tick` only when it is <= now. */
  nextDue?(): number | null;
}

/** How often (ms) the fine poll asks the tick handlers whether something is due. */
export const HANDLER_POLL_MS = 1000;

interface Armed {
  job: JobRecord;
  fingerprint: string;
  cron: QuartzCron;
  /** Last fire time handled (epoch ms). */
  cursor: number;
  driver?: 'node-cron' | 'timer';
  task?: ScheduledTask;
}

const LEASE_KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_WAKE_MS = 60_000;
const schedulers = new WeakMap<Db, JobScheduler>();

/** The scheduler made for this database by buildApp (the services notify it of changes). */
export const schedulerOf = (db: Db): JobScheduler | undefined => schedulers.get(db);

const fingerprint = (j: JobRecord) =>
  JSON.stringify([j.cronExpression, j.invokeTarget, j.misfirePolicy, j.concurrent, j.jobName, j.jobGroup, j.updateTime]);

export class JobScheduler {
  readonly owner: string;
  readonly registry: HandlerRegistry;
  private readonly runner: RunnerDeps;
  private readonly o: Required<Pick<SchedulerOptions, 'misfireThresholdMs' | 'maxCatchUp' | 'syncIntervalMs'>>;
  private readonly armed = new Map<number, Armed>();
  private readonly running = new Map<number, number>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly warned = new Set<string>();
  private started = false;
  private timers = false;
  private wake?: NodeJS.Timeout;
  private syncTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private readonly handlers: TickHandler[] = [];

  /** Registers itself as `schedulerOf(deps.db)`. Nothing runs until `start()`. */
  constructor(private readonly deps: { db: Db; clock: Clock }, options: SchedulerOptions = {}) {
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.registry = options.registry ?? defaultRegistry;
    this.runner = {
      db: deps.db, clock: deps.clock, log: options.log ?? silentLogger, registry: this.registry,
      dataDir: path.resolve(options.dataDir ?? 'data'),
    };
    this.o = { misfireThresholdMs: options.misfireThresholdMs ?? 5000, maxCatchUp: options.maxCatchUp ?? 1000, syncIntervalMs: options.syncIntervalMs ?? 10_000 };
    schedulers.set(deps.db, this);
  }

  get isStarted(): boolean { return this.started; }

  /** How each armed job is driven (`node-cron` | `timer`; undefined without timers), by job id. */
  drivers(): Map<number, Armed['driver']> {
    return new Map([...this.armed].map(([id, a]) => [id, a.driver]));
  }

  /**
   * Arms every normal job and runs the first tick (misfire rules for the downtime). With
   * `timers: false` nothing fires by itself: tests call `tick(now)`.
   */
  async start(opts: { timers?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.timers = opts.timers ?? true;
    if (this.timers) {
      this.syncTimer = setInterval(() => void this.tick(), this.o.syncIntervalMs);
      this.syncTimer.unref();
      this.pollTimer = setInterval(() => this.pollHandlers(), HANDLER_POLL_MS);
      this.pollTimer.unref();
    }
    await this.tick();
  }

  /** Disarms everything and waits (at most `timeoutMs`) for runs in progress. Idempotent. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.started = false;
    if (this.syncTimer) clearInterval(this.syncTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.wake) clearTimeout(this.wake);
    this.syncTimer = this.wake = this.pollTimer = undefined;
    for (const a of this.armed.values()) this.disarm(a);
    this.armed.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((r) => { timer = setTimeout(r, timeoutMs); })]);
    clearTimeout(timer);
  }

  /** Re-reads the jobs after a change made through the services (no-op until started). */
  jobsChanged(): void {
    if (!this.started) return;
    this.sync(this.deps.clock.now());
    this.armWake();
  }

  /** Fires what is due at `now` (see the file header); resolves when those runs are done. */
  async tick(now = this.deps.clock.now()): Promise<void> {
    if (!this.started) return;
    // Claims and engine timers commit on their own, not with an open write turn of requests.
    commitWriteTurn(this.deps.db);
    const runs: Promise<void>[] = [];
    try {
      this.sync(now);
      const states = readStates(this.deps.db);
      for (const a of this.armed.values()) {
        const cursor = Math.max(a.cursor, states.get(a.job.jobId) ?? -Infinity);
        const plan = planFires(a.cron, { policy: a.job.misfirePolicy, cursor, now, thresholdMs: this.o.misfireThresholdMs, maxCatchUp: this.o.maxCatchUp });
        if (plan.handledUpTo <= cursor) continue;
        const won = claimFires(this.deps.db, a.job.jobId, plan.fires, this.owner, now, plan.handledUpTo, now - LEASE_KEEP_MS);
        a.cursor = plan.handledUpTo;
        if (plan.lastMissed !== null) this.runner.log.warn(`定时任务 ${a.job.jobName} 错过了触发时间，按策略 ${a.job.misfirePolicy} 处理，执行 ${won.length} 次`);
        if (won.length) runs.push(this.track(this.runSequence(a.job, won)));
      }
    } catch (e) {
      this.runner.log.error(`定时任务调度失败：${(e as Error).message}`);
    }
    this.armWake();
    this.runHandlers(now);
    await Promise.all(runs);
  }

  /** Adds due work every tick runs after the jobs (see the file header). */
  addTickHandler(handler: TickHandler): void {
    this.handlers.push(handler);
  }

  private runHandlers(now: number): void {
    for (const h of this.handlers) {
      try {
        h.tick(now);
      } catch (e) {
        this.runner.log.error(`调度处理失败：${(e as Error).message}`);
      }
    }
  }

  /** The fine poll: handlers whose next due time has come. */
  private pollHandlers(): void {
    if (!this.started) return;
    const now = this.deps.clock.now();
    for (const h of this.handlers) {
      try {
        const due = h.nextDue ? h.nextDue() : now;
        if (due !== null && due <= now) {
          commitWriteTurn(this.deps.db);
          h.tick(now);
        }
      } catch (e) {
        this.runner.log.error(`调度处理失败：${(e as Error).message}`);
      }
    }
  }

  /** Runs `job` once now (RuoYi `run`), even when paused; tracked by `idle()`. */
  runOnce(job: JobRecord): Promise<void> {
    return this.track(this.execute(job, this.deps.clock.now()));
  }

  /** Resolves when no run started by this scheduler is in progress. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  private track(p: Promise<void>): Promise<void> {
    const tracked = p.finally(() => { this.inflight.delete(tracked); });
    this.inflight.add(tracked);
    return tracked;
  }

  private async runSequence(job: JobRecord, fireTimes: number[]): Promise<void> {
    for (const t of fireTimes) await this.execute(job, t);
  }

  private async execute(job: JobRecord, fireTime: number): Promise<void> {
    const busy = this.running.get(job.jobId) ?? 0;
    if (job.concurrent === '1' && busy > 0) {
      logSkipped(this.runner, job, fireTime);
      return;
    }
    this.running.set(job.jobId, busy + 1);
    try {
      await runJob(this.runner, job, fireTime);
    } finally {
      const left = (this.running.get(job.jobId) ?? 1) - 1;
      if (left > 0) this.running.set(job.jobId, left);
      else this.running.delete(job.jobId);
    }
  }

  /** Aligns the armed set with sys_job: new or changed normal jobs (re)armed, others disarmed. */
  private sync(now: number): void {
    const states = readStates(this.deps.db);
    const seen = new Set<number>();
    for (const job of activeJobs(this.deps.db)) {
      const fp = fingerprint(job);
      const cron = cronOf(job.cronExpression);
      if (!cron || !MISFIRE_POLICIES.has(job.misfirePolicy)) {
        if (!this.warned.has(fp)) this.runner.log.warn(`定时任务 ${job.jobName} 的 Cron 表达式或计划策略无效，未调度`);
        this.warned.add(fp);
        continue;
      }
      seen.add(job.jobId);
      const current = this.armed.get(job.jobId);
      if (current?.fingerprint === fp) continue;
      if (current) this.disarm(current);
      const a: Armed = { job, fingerprint: fp, cron, cursor: states.get(job.jobId) ?? now };
      if (this.timers) this.attachDriver(a, now);
      this.armed.set(job.jobId, a);
    }
    for (const [id, a] of this.armed) {
      if (!seen.has(id)) {
        this.disarm(a);
        this.armed.delete(id);
      }
    }
  }

  /** node-cron when it can express the form and agrees with croner; else the own timer. */
  private attachDriver(a: Armed, now: number): void {
    a.driver = 'timer';
    const expr = a.cron.nodeCron;
    if (!expr || !nodeCron.validate(expr)) return;
    let task: ScheduledTask | undefined;
    try {
      task = nodeCron.createTask(expr, () => void this.tick(), { name: `sys-job-${a.job.jobId}`, logger: this.cronLogger, suppressMissedWarning: true, unref: true });
      if (!nextFireTimes(a.cron, now, 8).every((t) => task!.match(new Date(t)))) throw new Error('node-cron disagrees with croner');
      task.start();
      a.task = task;
      a.driver = 'node-cron';
    } catch {
      void task?.destroy();
    }
  }

  private disarm(a: Armed): void {
    if (a.task) void a.task.destroy();
    a.task = undefined;
  }

  /** Sets the own timer to the earliest next fire of the timer-driven jobs. */
  private armWake(): void {
    if (this.wake) clearTimeout(this.wake);
    this.wake = undefined;
    if (!this.started || !this.timers) return;
    const now = this.deps.clock.now();
    let next = Infinity;
    for (const a of this.armed.values()) {
      if (a.driver !== 'timer') continue;
      const t = nextFireAfter(a.cron, Math.max(now, a.cursor));
      if (t !== null && t < next) next = t;
    }
    if (next === Infinity) return;
    this.wake = setTimeout(() => void this.tick(), Math.min(Math.max(0, next - now), MAX_WAKE_MS));
    this.wake.unref();
  }

  private readonly cronLogger = {
    info: (m: string) => this.runner.log.info(String(m)),
    warn: (m: string) => this.runner.log.warn(String(m)),
    error: (m: string | Error) => this.runner.log.error(String(m)),
    debug: () => {},
  };
}

/**
 * The app's scheduler: backups go below the database file's folder (`./data` for `:memory:`).
 * Not started here (server/main.ts starts it).
 */
export function createJobScheduler(deps: { db: Db; clock: Clock; env: AppEnv }, log?: JobLogger): JobScheduler {
  const url = deps.env.DATABASE_URL;
  const dataDir = url === ':memory:' ? path.resolve('data') : path.dirname(path.resolve(url));
  return new JobScheduler(deps, { log, dataDir });
}

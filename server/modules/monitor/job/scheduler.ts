/**
 * The job scheduler (issue 4; reference §5). One instance per app, made by `createJobScheduler`
 * in buildApp and started only by server/main.ts (`start()`), so building an app fires nothing.
 *
 * How it decides: `tick(now)` is the single place where jobs fire, for real timers and tests
 * alike. It re-reads sys_job (jobs with status '0'; paused jobs are never armed, so they never
 * fire), then for each armed job plans the fire times due in `(cursor, now]` with croner's
 * next-fire computation in the server's time zone and the misfire policy (misfire.ts), takes a
 * sys_job_lease row per fire time (only the process whose insert succeeds runs it; the state
 * row sys_job_state is raised in the same transaction: one `store.transaction` per job and tick,
 * scheduler.repo.ts), and runs the won fires one after another.
 * A job whose previous run is still going is skipped and logged as skipped when concurrent = '1';
 * with '0' runs overlap. Every run writes a sys_job_log row (job-runner.ts).
 * A pause or an edit holds on every node from its commit (Quartz: a trigger paused after its
 * acquisition does not fire): the claim re-reads the job's row and claims nothing for a job
 * paused or changed since the pass read it, and the won fires of one pass (a catch-up, or fires
 * late on a busy machine) each check the row again before they start; a run already started
 * finishes. A manual run (`runOnce`) runs even when paused.
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
 * On the async store (issue 44): a tick's pass (re-read, claims, tick handlers) awaits the store,
 * and passes never overlap (tick-gate.ts): a tick asked for while a pass runs is chained after
 * it; ticks of the timers (no explicit `now`) join the one already waiting. `jobsChanged` and the
 * fine poll go through the same gate; `stop()` waits for the running pass (the app's onClose)
 * before the store closes, then (at most `timeoutMs`) for the runs.
 *
 * Tick handlers (`addTickHandler`, issue 13): other due work — the workflow engine's timers —
 * runs at every `tick(now)` after the jobs, and, with timers, on a fine poll (HANDLER_POLL_MS)
 * whenever the handler's `nextDue()` (one indexed query) is at or before now, so a timer of a
 * few seconds fires within about a second. A handler's error is logged, never thrown. `stop()`
 * calls each handler's `release()` once the last pass ended (the engine hands its unfired timer
 * claims back, issue 44). `owner` (`<host>:<pid>:<random>`) is unique per scheduler, so per
 * process and per app of one process: the lease owner and the timers' `lock_owner`.
 */
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import type { AppEnv } from '../../../env';
import { cronOf } from './job-rules';
import type { JobRecord } from './job.repo';
import { activeJobs, claimFires, jobFingerprint, readStates, stillScheduled } from './scheduler.repo';
import { JobRuns, type RunnerDeps } from './job-runner';
import { MISFIRE_POLICIES, planFires } from './misfire';
import { defaultRegistry } from './handlers';
import { silentLogger, type HandlerRegistry, type JobLogger } from './registry';
import { attachDriver, cronLoggerOf, disarm, wakeDelay, type Armed } from './scheduler-drivers';
import { TickGate } from './tick-gate';
import type { SchedulerDeps, SchedulerOptions, TickHandler } from './scheduler-types';

export type { SchedulerDeps, SchedulerOptions, TickHandler } from './scheduler-types';

/** How often (ms) the fine poll asks the tick handlers whether something is due. */
export const HANDLER_POLL_MS = 1000;

const LEASE_KEEP_MS = 24 * 60 * 60 * 1000;
const schedulers = new WeakMap<Store<Db>, JobScheduler>();

/** The scheduler made by buildApp for this database, found by its store (the services notify it of changes). */
export const schedulerOf = (store: Store<Db>): JobScheduler | undefined => schedulers.get(store);


export class JobScheduler {
  readonly owner: string;
  readonly registry: HandlerRegistry;
  private readonly runner: RunnerDeps;
  private readonly o: Required<Pick<SchedulerOptions, 'misfireThresholdMs' | 'maxCatchUp' | 'syncIntervalMs'>>;
  private readonly armed = new Map<number, Armed>();
  private readonly runs: JobRuns;
  private readonly warned = new Set<string>();
  private readonly gate = new TickGate();
  /** The timer-driven pass waiting for its turn (later timer ticks join it). */
  private clockPass?: Promise<Promise<void>[]>;
  private started = false;
  private timers = false;
  private wake?: NodeJS.Timeout;
  private syncTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private readonly handlers: TickHandler[] = [];
  private readonly cronLogger: ReturnType<typeof cronLoggerOf>;

  /** Registers itself as `schedulerOf(deps.store)`. Nothing runs until `start()`. */
  constructor(private readonly deps: SchedulerDeps, options: SchedulerOptions = {}) {
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.registry = options.registry ?? defaultRegistry;
    this.runner = {
      store: deps.store, clock: deps.clock, log: options.log ?? silentLogger, registry: this.registry,
      dataDir: path.resolve(options.dataDir ?? 'data'),
    };
    this.runs = new JobRuns(this.runner);
    this.cronLogger = cronLoggerOf(this.runner.log);
    this.o = { misfireThresholdMs: options.misfireThresholdMs ?? 5000, maxCatchUp: options.maxCatchUp ?? 1000, syncIntervalMs: options.syncIntervalMs ?? 10_000 };
    schedulers.set(deps.store, this);
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

  /**
   * Disarms everything, waits for the running (and queued) pass, calls the handlers' `release`
   * (a started scheduler only; an error is logged), then waits (at most `timeoutMs`) for runs in
   * progress. Idempotent.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    const wasStarted = this.started;
    this.started = false;
    if (this.syncTimer) clearInterval(this.syncTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.wake) clearTimeout(this.wake);
    this.syncTimer = this.wake = this.pollTimer = undefined;
    await this.gate.idle();
    for (const h of wasStarted ? this.handlers : []) {
      try {
        await h.release?.();
      } catch (e) {
        this.runner.log.error(`调度处理失败：${(e as Error).message}`);
      }
    }
    for (const a of this.armed.values()) disarm(a);
    this.armed.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((r) => { timer = setTimeout(r, timeoutMs); })]);
    clearTimeout(timer);
  }

  /**
   * Re-reads the jobs after a change made through the services (no-op until started); resolves
   * once the armed set matches sys_job (after the pass running, if any). A failed read is logged.
   */
  async jobsChanged(): Promise<void> {
    if (!this.started) return;
    await this.gate.run(async () => {
      if (!this.started) return;
      try {
        await this.sync(this.deps.clock.now());
      } catch (e) {
        this.runner.log.error(`定时任务调度失败：${(e as Error).message}`);
      }
      this.armWake();
    });
  }

  /**
   * Fires what is due at `now` (see the file header); resolves when those runs are done.
   */
  async tick(now?: number): Promise<void> {
    if (!this.started) return;
    const runs = await this.requestPass(now);
    await Promise.all(runs);
  }

  /** Adds due work every tick runs after the jobs (see the file header). */
  addTickHandler(handler: TickHandler): void {
    this.handlers.push(handler);
  }

  /** A pass at `now` after the queued ones; a timer tick (no `now`) joins the timer pass already waiting. */
  private requestPass(now?: number): Promise<Promise<void>[]> {
    if (now !== undefined) return this.gate.run(() => this.pass(now));
    if (this.clockPass) return this.clockPass;
    const pass: Promise<Promise<void>[]> = this.gate.run(() => {
      if (this.clockPass === pass) this.clockPass = undefined;
      return this.pass(this.deps.clock.now());
    });
    this.clockPass = pass;
    return pass;
  }

  /** One pass: re-read, plan and claim each armed job, start the won runs, run the handlers; resolves to the runs started. */
  private async pass(now: number): Promise<Promise<void>[]> {
    if (!this.started) return [];
    const runs: Promise<void>[] = [];
    try {
      const states = await this.sync(now);
      for (const a of [...this.armed.values()]) {
        if (!this.started) break;
        const cursor = Math.max(a.cursor, states.get(a.job.jobId) ?? -Infinity);
        const plan = planFires(a.cron, { policy: a.job.misfirePolicy, cursor, now, thresholdMs: this.o.misfireThresholdMs, maxCatchUp: this.o.maxCatchUp });
        if (plan.handledUpTo <= cursor) continue;
        const won = await claimFires(this.deps.store, a.job, plan.fires, this.owner, now, plan.handledUpTo, now - LEASE_KEEP_MS);
        if (won === null) continue; // paused or changed since the sync read it: the next pass re-arms it
        a.cursor = plan.handledUpTo;
        if (plan.lastMissed !== null) this.runner.log.warn(`定时任务 ${a.job.jobName} 错过了触发时间，按策略 ${a.job.misfirePolicy} 处理，执行 ${won.length} 次`);
        if (won.length) runs.push(this.runs.sequence(a.job, won, () => stillScheduled(this.deps.store, a.job)));
      }
    } catch (e) {
      this.runner.log.error(`定时任务调度失败：${(e as Error).message}`);
    }
    this.armWake();
    await this.runHandlers(now, false);
    return runs;
  }

  /** Runs the handlers (with `onlyDue`, those whose `nextDue()` has come); an error is logged, never thrown. */
  private async runHandlers(now: number, onlyDue: boolean): Promise<void> {
    for (const h of this.handlers) {
      if (!this.started) return;
      try {
        const due = onlyDue && h.nextDue ? await h.nextDue() : now;
        if (due === null || due > now) continue;
        await h.tick(now);
      } catch (e) {
        this.runner.log.error(`调度处理失败：${(e as Error).message}`);
      }
    }
  }

  /** The fine poll: handlers whose next due time has come; skipped while a pass runs or waits (it runs them). */
  private pollHandlers(): void {
    if (!this.started || this.gate.busy) return;
    void this.gate.run(() => this.runHandlers(this.deps.clock.now(), true));
  }

  /** Runs `job` once now (RuoYi `run`), even when paused; tracked by `idle()`. */
  runOnce(job: JobRecord): Promise<void> {
    return this.runs.once(job, this.deps.clock.now());
  }

  /** Resolves when no run started by this scheduler is in progress. */
  idle(): Promise<void> {
    return this.runs.idle();
  }

  /**
   * Aligns the armed set with sys_job: new or changed normal jobs (re)armed, others disarmed;
   * resolves to the schedule states it read (jobId → last fire time). Changes nothing once stopped.
   */
  private async sync(now: number): Promise<Map<number, number>> {
    const states = await readStates(this.deps.store);
    const jobs = await activeJobs(this.deps.store);
    if (!this.started) return states;
    const seen = new Set<number>();
    for (const job of jobs) {
      const fp = jobFingerprint(job);
      const cron = cronOf(job.cronExpression);
      if (!cron || !MISFIRE_POLICIES.has(job.misfirePolicy)) {
        if (!this.warned.has(fp)) this.runner.log.warn(`定时任务 ${job.jobName} 的 Cron 表达式或计划策略无效，未调度`);
        this.warned.add(fp);
        continue;
      }
      seen.add(job.jobId);
      const current = this.armed.get(job.jobId);
      if (current?.fingerprint === fp) continue;
      if (current) disarm(current);
      const a: Armed = { job, fingerprint: fp, cron, cursor: states.get(job.jobId) ?? now };
      if (this.timers) attachDriver(a, now, () => void this.tick(), this.cronLogger);
      this.armed.set(job.jobId, a);
    }
    for (const [id, a] of this.armed) {
      if (!seen.has(id)) {
        disarm(a);
        this.armed.delete(id);
      }
    }
    return states;
  }

  /** Sets the own timer to the earliest next fire of the timer-driven jobs. */
  private armWake(): void {
    if (this.wake) clearTimeout(this.wake);
    this.wake = undefined;
    if (!this.started || !this.timers) return;
    const delay = wakeDelay(this.armed.values(), this.deps.clock.now());
    if (delay === null) return;
    this.wake = setTimeout(() => void this.tick(), delay);
    this.wake.unref();
  }
}

/**
 * The app's scheduler: backups go below the database file's folder (`./data` for `:memory:` and
 * for PostgreSQL). Not started here (server/main.ts starts it).
 */
export function createJobScheduler(deps: SchedulerDeps & { env: AppEnv }, log?: JobLogger): JobScheduler {
  const url = deps.env.DATABASE_URL;
  const dataDir = url === ':memory:' || deps.store.kind !== 'sqlite' ? path.resolve('data') : path.dirname(path.resolve(url));
  return new JobScheduler({ store: deps.store, clock: deps.clock }, { log, dataDir });
}

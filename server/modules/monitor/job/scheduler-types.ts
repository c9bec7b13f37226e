/**
 * The job scheduler's option and handler shapes (scheduler.ts, which re-exports them): its
 * options, the tick handlers other due work plugs in (the workflow engine's timers, issue 13;
 * their hand-back at stop, issue 44) and what it runs on.
 */
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import type { Clock } from '../../../core/clock';
import type { HandlerRegistry, JobLogger } from './registry';

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
  /** Runs what is due at `now` (epoch ms); a returned promise is awaited. */
  tick(now: number): unknown;
  /** The earliest due time (epoch ms) or null: the fine poll calls `tick` only when it is <= now. */
  nextDue?(): number | null | Promise<number | null>;
  /** Hands back what this scheduler claimed and did not run (engine timers: other nodes take them); called by `stop()`. */
  release?(): unknown;
}

/** What the scheduler runs on: the async store (SQLite or PostgreSQL) and the clock. */
export interface SchedulerDeps {
  store: Store<Db>;
  clock: Clock;
}

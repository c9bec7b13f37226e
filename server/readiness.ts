/**
 * Readiness of a node for a load balancer (issue 44): `GET /caishui-api/health/ready`, no token,
 * answers 200 `{"status":"UP"}` while the node takes traffic, and 503 `{"status":"DOWN","reason":…}`
 * otherwise:
 * - `reason: 'draining'`: the node is shutting down (SIGTERM/SIGINT: server/cli.ts
 *   `gracefulShutdown` calls `drain()` first, and any `app.close()` does in its preClose hook).
 *   From then on readiness stays 503; no database is asked.
 * - `reason: 'database'`: the database did not answer `SELECT 1` (an error, or no answer within
 *   READY_PROBE_TIMEOUT_MS: on PostgreSQL the probe needs a pooled connection).
 *
 * Liveness stays `GET /caishui-api/health` (server/health.ts: the full report, a query per call).
 * Readiness is cheap: the probe's result is kept READY_DB_TTL_MS, so the database sees at most
 * one `SELECT 1` per node per second however many balancers poll, and concurrent checks share
 * the probe in progress. The body names no host, version or error text.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from './db/store/port';

/** How long a database probe's result is reused (ms). */
export const READY_DB_TTL_MS = 1000;
/** How long a database probe may take before the node counts as not ready (ms). */
export const READY_PROBE_TIMEOUT_MS = 2000;

/** The answer of the readiness check. */
export type ReadyReport = { status: 'UP' } | { status: 'DOWN'; reason: 'draining' | 'database' };

/**
 * A node's readiness: `drain()` (idempotent) turns it DOWN for good; `check()` resolves to the
 * report. `probe` resolves true when the database answers (it may reject: counted as false);
 * `now` is a monotonic clock in ms (injected by tests).
 */
export class Readiness {
  private drained = false;
  private last: { at: number; ok: boolean } | undefined;
  private pending: Promise<boolean> | undefined;

  constructor(
    private readonly probe: () => Promise<boolean>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** True once `drain()` was called. */
  get draining(): boolean { return this.drained; }

  /** Marks the node as shutting down: every later check answers DOWN, reason `draining`. */
  drain(): void { this.drained = true; }

  /** The current report (see the file header). Never rejects. */
  async check(): Promise<ReadyReport> {
    if (this.drained) return { status: 'DOWN', reason: 'draining' };
    const ok = await this.reachable();
    if (this.drained) return { status: 'DOWN', reason: 'draining' };
    return ok ? { status: 'UP' } : { status: 'DOWN', reason: 'database' };
  }

  private reachable(): Promise<boolean> {
    const t = this.now();
    if (this.last && t - this.last.at < READY_DB_TTL_MS) return Promise.resolve(this.last.ok);
    this.pending ??= withTimeout(this.probe(), READY_PROBE_TIMEOUT_MS).then(
      (ok) => ok, () => false,
    ).then((ok) => {
      this.last = { at: this.now(), ok };
      this.pending = undefined;
      return ok;
    });
    return this.pending;
  }
}

function withTimeout(p: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); timer.unref(); });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The database probe of `store` (SQLite or PostgreSQL): true when `SELECT 1` returns 1. */
export function storeProbe(store: Pick<Store, 'get'>): () => Promise<boolean> {
  return async () => Number((await store.get<{ one: number }>('SELECT 1 AS "one"'))?.one) === 1;
}

/** Registers `GET <prefix>/health/ready` on `api` (the `/caishui-api` plugin): 200 UP, 503 DOWN, never cached. */
export function registerReadinessRoute(api: FastifyInstance, readiness: Readiness): void {
  api.get('/health/ready', async (_req, reply) => {
    const report = await readiness.check();
    reply.header('cache-control', 'no-store');
    return reply.status(report.status === 'UP' ? 200 : 503).send(report);
  });
}

/**
 * Health of the running server for load balancers and monitoring (issue 7):
 * `GET /caishui-api/health`, no token, answers
 * `{status: 'UP' | 'DOWN', version, uptimeSeconds, db: {kind, ok, sizeBytes, walMode, checkpoints?}}`.
 *
 * - `db.kind`: `sqlite` or `postgres`, the adapter `DATABASE_URL` chose (issue 43: health reports
 *   the database kind and its reachability).
 * - `db.ok`: a `SELECT 1` on the app's connection succeeded.
 * - `db.sizeBytes`: `page_count * page_size` of the main database file (the WAL file is not
 *   counted), 0 when unknown.
 * - `db.walMode`: `PRAGMA journal_mode` is `wal` (false for `:memory:`).
 * - `db.checkpoints` (file databases): who runs the WAL checkpoints, `worker` (the background
 *   thread of server/db/checkpointer.ts), `starting` (it is loading) or `inline` (it failed).
 * - `uptimeSeconds`: seconds since the process started (whole seconds).
 * - `version`: package.json's version, embedded in the bundle at build time.
 *
 * HTTP status: 200 when UP, 503 when DOWN (the database failed, or it is already closed during a
 * shutdown), so a load balancer's plain status check takes the node out of rotation. The body is
 * the same JSON in both cases. Not the RuoYi `{code, msg}` envelope: this is an operations
 * endpoint, not part of the REST contract.
 */
import type { FastifyInstance } from 'fastify';
import type { CheckpointMode } from './db/checkpointer';
import { preparedFor } from './core/prepared';
import { version as packageVersion } from '../package.json';

/** package.json's version (bundled into the binary by esbuild, read by tsx/vitest). */
export const APP_VERSION: string = packageVersion;

export interface HealthReport {
  status: 'UP' | 'DOWN';
  version: string;
  uptimeSeconds: number;
  db: { kind: 'sqlite'; ok: boolean; sizeBytes: number; walMode: boolean; checkpoints?: CheckpointMode; error?: string };
}

/** The better-sqlite3 call the check needs (so tests can pass a failing stand-in). */
export interface SqliteProbe {
  prepare(sql: string): { pluck(toggle?: boolean): { get(): unknown } };
}

/** The check's four statements, prepared once per connection (core/prepared.ts; issue 15: a probe prepares nothing). */
const statementsOf = (sqlite: SqliteProbe) => preparedFor(sqlite, 'health', () => ({
  one: sqlite.prepare('SELECT 1').pluck(),
  pageCount: sqlite.prepare('PRAGMA page_count').pluck(),
  pageSize: sqlite.prepare('PRAGMA page_size').pluck(),
  journalMode: sqlite.prepare('PRAGMA journal_mode').pluck(),
}));

/**
 * Runs the checks on `sqlite` with statements prepared on its first check; never throws (a
 * failure, a closed connection included, is reported as DOWN with its message).
 */
export function checkHealth(sqlite: SqliteProbe, options: { version?: string; uptimeSeconds?: number; checkpoints?: CheckpointMode } = {}): HealthReport {
  const version = options.version ?? APP_VERSION;
  const uptimeSeconds = options.uptimeSeconds ?? Math.floor(process.uptime());
  try {
    const q = statementsOf(sqlite);
    const one = q.one.get();
    if (one !== 1) throw new Error(`SELECT 1 returned ${String(one)}`);
    const pageCount = Number(q.pageCount.get() ?? 0);
    const pageSize = Number(q.pageSize.get() ?? 0);
    const journalMode = String(q.journalMode.get() ?? '').toLowerCase();
    return {
      status: 'UP', version, uptimeSeconds,
      db: {
        kind: 'sqlite', ok: true, sizeBytes: pageCount * pageSize || 0, walMode: journalMode === 'wal',
        ...(options.checkpoints ? { checkpoints: options.checkpoints } : {}),
      },
    };
  } catch (err) {
    return {
      status: 'DOWN', version, uptimeSeconds,
      db: { kind: 'sqlite', ok: false, sizeBytes: 0, walMode: false, error: err instanceof Error ? err.message : String(err) },
    };
  }
}

/** Registers `GET <prefix>/health` on `api` (the `/caishui-api` plugin): 200 UP, 503 DOWN. */
export function registerHealthRoute(
  api: FastifyInstance, deps: { db: { $client: SqliteProbe } }, checkpointer?: { mode(): CheckpointMode } | null,
): void {
  api.get('/health', async (_req, reply) => {
    const report = checkHealth(deps.db.$client, { checkpoints: checkpointer?.mode() });
    reply.header('cache-control', 'no-store');
    return reply.status(report.status === 'UP' ? 200 : 503).send(report);
  });
}

/**
 * Health of the running server for load balancers and monitoring (issue 7):
 * `GET /caishui-api/health`, no token, answers
 * `{status: 'UP' | 'DOWN', version, uptimeSeconds, db: {kind, ok, sizeBytes, walMode, checkpoints?}}`.
 *
 * - `db.kind`: `sqlite` or `postgres`, the adapter `DATABASE_URL` chose (issue 43: health reports
 *   the database kind and its reachability).
 * - `db.ok`: a `SELECT 1` succeeded: on SQLite on the app's connection (statements prepared once),
 *   on PostgreSQL through the store (a pooled connection: checkStoreHealth).
 * - `db.sizeBytes`: SQLite: `page_count * page_size` of the main database file (the WAL file is
 *   not counted); PostgreSQL: `pg_database_size(current_database())`; 0 when unknown.
 * - `db.walMode`: `PRAGMA journal_mode` is `wal` (false for `:memory:`; always false on PostgreSQL,
 *   which has no such mode to report).
 * - `db.checkpoints` (SQLite file databases): who runs the WAL checkpoints, `worker` (the background
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
import { probeSqlite, sqliteProbeOf, type SqliteHandle, type SqliteProbe } from './db/sqlite-health';
import type { DbKind, Store } from './db/store/port';
import { version as packageVersion } from '../package.json';

/** package.json's version (bundled into the binary by esbuild, read by tsx/vitest). */
export const APP_VERSION: string = packageVersion;

export type { SqliteProbe };

export interface HealthReport {
  status: 'UP' | 'DOWN';
  version: string;
  uptimeSeconds: number;
  db: { kind: DbKind; ok: boolean; sizeBytes: number; walMode: boolean; checkpoints?: CheckpointMode; error?: string };
}

/** The report's version and uptime: the options' or package.json's and the process's. */
const basics = (options: { version?: string; uptimeSeconds?: number }) => ({
  version: options.version ?? APP_VERSION,
  uptimeSeconds: options.uptimeSeconds ?? Math.floor(process.uptime()),
});

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs the SQLite checks on `sqlite` (server/db/sqlite-health.ts: statements prepared on its
 * first check); never throws (a failure, a closed connection included, is reported as DOWN with
 * its message).
 */
export function checkHealth(sqlite: SqliteProbe, options: { version?: string; uptimeSeconds?: number; checkpoints?: CheckpointMode } = {}): HealthReport {
  const { version, uptimeSeconds } = basics(options);
  try {
    const { sizeBytes, walMode } = probeSqlite(sqlite);
    return {
      status: 'UP', version, uptimeSeconds,
      db: { kind: 'sqlite', ok: true, sizeBytes, walMode, ...(options.checkpoints ? { checkpoints: options.checkpoints } : {}) },
    };
  } catch (err) {
    return {
      status: 'DOWN', version, uptimeSeconds,
      db: { kind: 'sqlite', ok: false, sizeBytes: 0, walMode: false, error: messageOf(err) },
    };
  }
}

/** How long a PostgreSQL database size stays good for /health (ms): `pg_database_size` walks the database's files. */
export const PG_SIZE_TTL_MS = 10_000;
const pgSizes = new WeakMap<object, { at: number; size: number }>();

/**
 * The check of a PostgreSQL store (issue 43): `SELECT 1` through the store (a pooled connection)
 * on every call, with the database's size read at most every PG_SIZE_TTL_MS (a load balancer
 * polls /health often). Never rejects: a failure (the server gone, the pool closed during a
 * shutdown) is reported as DOWN with its message.
 */
export async function checkStoreHealth(store: Pick<Store, 'kind' | 'get'>, options: { version?: string; uptimeSeconds?: number; now?: number } = {}): Promise<HealthReport> {
  const { version, uptimeSeconds } = basics(options);
  try {
    const now = options.now ?? Date.now();
    const known = pgSizes.get(store);
    const fresh = known && now - known.at < PG_SIZE_TTL_MS;
    const row = await store.get<{ one: number; size: number | string | bigint | null }>(
      fresh ? 'SELECT 1 AS "one"' : 'SELECT 1 AS "one", pg_database_size(current_database()) AS "size"');
    if (Number(row?.one) !== 1) throw new Error(`SELECT 1 returned ${String(row?.one)}`);
    const sizeBytes = fresh ? known.size : Number(row?.size ?? 0) || 0;
    if (!fresh) pgSizes.set(store, { at: now, size: sizeBytes });
    return { status: 'UP', version, uptimeSeconds, db: { kind: store.kind, ok: true, sizeBytes, walMode: false } };
  } catch (err) {
    return { status: 'DOWN', version, uptimeSeconds, db: { kind: store.kind, ok: false, sizeBytes: 0, walMode: false, error: messageOf(err) } };
  }
}

/**
 * Registers `GET <prefix>/health` on `api` (the `/caishui-api` plugin): 200 UP, 503 DOWN. The
 * check follows `deps.store.kind`: SQLite's on the store's connection (`store.db`'s, with the
 * checkpointer's mode: none on PostgreSQL), PostgreSQL's through the store (checkStoreHealth).
 */
export function registerHealthRoute(
  api: FastifyInstance, deps: { store: Pick<Store, 'kind' | 'get' | 'db'> }, checkpointer?: { mode(): CheckpointMode } | null,
): void {
  const { store } = deps;
  // Resolved once: the SQLite store's `db` is its one connection's handle.
  const sqlite = store.kind === 'sqlite' ? sqliteProbeOf(store.db as SqliteHandle) : null;
  api.get('/health', async (_req, reply) => {
    const report = sqlite ? checkHealth(sqlite, { checkpoints: checkpointer?.mode() }) : await checkStoreHealth(store);
    reply.header('cache-control', 'no-store');
    return reply.status(report.status === 'UP' ? 200 : 503).send(report);
  });
}

/**
 * The command line of the server (issue 7), shared by `tsx server/main.ts` and the single binary
 * (server/sea/entry.ts): `caishui [serve]`, `caishui migrate`, `caishui backup <file>`, `caishui copy <from> <to>`,
 * `caishui --version`, `caishui --help`. Configuration comes from the same environment variables
 * as `npm start` (server/env.ts).
 *
 * `runCli` resolves with the process exit code for one-shot commands and with `undefined` once the
 * server listens (the process then lives until a signal). It never calls `process.exit` itself
 * except from the signal handlers of `serve`.
 *
 * Where the binary differs from tsx is only in `CliRuntime` (the extracted web client and
 * migrations folders, the loaded better-sqlite3 addon); `prepare` is called by the commands that
 * need them, so `--version` and `--help` cost nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { WalCheckpointerOptions } from './db/checkpointer';
import type { TodoReaderOptions } from './modules/flowable/task/todo-reader';
import { databaseName, dbKindOf, loadEnv, type AppEnv } from './env';
import { APP_VERSION } from './health';

export interface CliRuntime {
  /** Folder of the built client (default: dist/client beside the sources). */
  webDir?: string;
  /** Drizzle migrations folder (default: drizzle/ beside the sources). */
  migrationsFolder?: string;
  /** PostgreSQL's migrations folder (default: drizzle-pg/ beside the sources). */
  pgMigrationsFolder?: string;
  /** A loaded better-sqlite3 addon (the binary loads it with process.dlopen). */
  nativeBinding?: unknown;
  /** Paths for the WAL checkpointer's worker thread (the binary's extracted copies). */
  checkpointer?: Pick<WalCheckpointerOptions, 'modulePath' | 'addonPath'>;
  /** Paths for the to-do reader's worker thread (the binary's extracted copies). */
  todoReader?: Pick<TodoReaderOptions, 'scriptPath' | 'addonPath'>;
  /** Extra fields for the start-up log line (e.g. where the binary extracted its assets). */
  info?: Record<string, unknown>;
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

/** Longest time in-flight requests get after SIGTERM/SIGINT before their connections are cut (SHUTDOWN_DRAIN_MS's default). */
export const SHUTDOWN_GRACE_MS = 10_000;

/** How gracefulShutdown proceeds (the server takes them from SHUTDOWN_DRAIN_MS and SHUTDOWN_DELAY_MS). */
export interface ShutdownOptions {
  /** ms requests in flight get once the server stopped accepting; then their connections are cut (default SHUTDOWN_GRACE_MS). */
  drainMs?: number;
  /** ms the node keeps serving with readiness already 503 before it stops accepting (default 0). */
  delayMs?: number;
  /** Ends the delay early when aborted (tests; a caller that knows the balancers took the node out). */
  endDelay?: AbortSignal;
}

export const HELP = `caishui ${APP_VERSION}: 财税 back office, one program over one SQLite file (or a PostgreSQL database)

Usage:
  caishui                 serve the app: http://HOST:PORT/caishui/ (API under /caishui-api)
  caishui serve           the same
  caishui migrate         apply pending database migrations, then exit
  caishui backup <file>   online backup of the SQLite database into <file> (a new file; safe
                          while the server runs), then exit; PostgreSQL: use pg_dump
  caishui copy <from> <to> copy every row of one database into a new, empty one: a SQLite
                          file or postgres://… URL each (SQLite → PostgreSQL moves an install;
                          the target's migrations are applied first), then exit
  caishui --version       print the version
  caishui --help          print this text

Environment (the same as npm start):
  PORT             HTTP port (8080)
  HOST             listen address (0.0.0.0)
  DATABASE_URL     SQLite file, WAL mode (./data/caishui.db, relative to the working folder),
                   or postgres://user:password@host:port/database (migrated and seeded on start)
  UPLOAD_DIR       uploaded files (./data/uploads)
  JWT_SECRET       token secret, 16+ characters (default: generated once, kept in the database)
  CAPTCHA_ENABLED  true/false, overrides the config entry sys.account.captchaEnabled
  TRUST_PROXY      true behind a reverse proxy: client addresses from X-Forwarded-For (false)
  LOG_LEVEL        fatal, error, warn, info (default), debug, trace or silent
  SHUTDOWN_DRAIN_MS
                   ms requests in flight get to finish at a shutdown (10000)
  SHUTDOWN_DELAY_MS
                   ms a stopping node keeps serving, readiness already 503, before it stops
                   accepting, so load balancers take it out first (0)
  WEB_DIR          folder of the built client (default: the bundled one); for test runs

Health: GET /caishui-api/health (no token) answers 200 when UP, 503 when DOWN.
Readiness: GET /caishui-api/health/ready (no token) answers 200, or 503 once stopping or when the
database does not answer.
Stopping: SIGTERM or SIGINT turns readiness to 503 (then waits SHUTDOWN_DELAY_MS), stops
accepting connections, lets requests in flight finish (up to SHUTDOWN_DRAIN_MS), stops the job
scheduler (handing its unfired timers back), checkpoints the WAL and closes the database; a
second signal exits at once.
Exit codes: 0 done, 1 failed, 2 bad command line.`;

type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'serve' } | { kind: 'migrate' } | { kind: 'backup'; file: string }
  | { kind: 'copy'; from: string; to: string };

/** Parses the arguments after the program name; throws a usage message for anything else. */
export function parseArgs(argv: string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'serve') {
    if (rest.length) throw new Error(`unexpected argument: ${rest[0]}`);
    return { kind: 'serve' };
  }
  if (first === '--help' || first === '-h' || first === 'help') return { kind: 'help' };
  if (first === '--version' || first === '-v' || first === 'version') return { kind: 'version' };
  if (first === 'migrate') {
    if (rest.length) throw new Error(`unexpected argument: ${rest[0]}`);
    return { kind: 'migrate' };
  }
  if (first === 'backup') {
    if (rest.length !== 1 || !rest[0] || rest[0].startsWith('-')) throw new Error('usage: caishui backup <file>');
    return { kind: 'backup', file: rest[0] };
  }
  if (first === 'copy') {
    if (rest.length !== 2 || rest.some((a) => !a || a.startsWith('-'))) throw new Error('usage: caishui copy <from> <to>');
    return { kind: 'copy', from: rest[0], to: rest[1] };
  }
  throw new Error(`unknown command: ${first}`);
}

/** Runs one command line (see the file header). */
export async function runCli(argv: string[], prepare: () => CliRuntime = () => ({}), io: CliIo = defaultIo): Promise<number | undefined> {
  let command: Command;
  try {
    command = parseArgs(argv);
  } catch (err) {
    io.err(`caishui: ${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (command.kind === 'help') { io.out(HELP); return 0; }
  if (command.kind === 'version') { io.out(APP_VERSION); return 0; }

  let env: AppEnv;
  try {
    env = loadEnv(io.env);
  } catch (err) {
    io.err(`caishui: ${(err as Error).message}`);
    return 1;
  }
  try {
    const runtime = prepare();
    if (command.kind === 'serve') { await serve(runtime); return undefined; }
    if (command.kind === 'migrate') return migrateCommand(env, runtime, io);
    if (command.kind === 'copy') return await copyCommand(runtime, command, io);
    return await backupCommand(env, runtime, command.file, io);
  } catch (err) {
    io.err(`caishui: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  }
}

/** Builds the app, listens, starts the scheduler and installs the signal handlers. */
async function serve(runtime: CliRuntime): Promise<void> {
  const t0 = performance.now();
  const { buildApp } = await import('./app');
  const t1 = performance.now();
  const { webDir, migrationsFolder, pgMigrationsFolder, nativeBinding, checkpointer, todoReader } = runtime;
  const app = await buildApp({ webDir: webDir ?? (process.env.WEB_DIR || undefined), migrationsFolder, pgMigrationsFolder, nativeBinding, checkpointer, todoReader });
  const t2 = performance.now();
  const { PORT, HOST, DATABASE_URL, SHUTDOWN_DRAIN_MS, SHUTDOWN_DELAY_MS } = app.deps.env;
  try {
    await app.listen({ port: PORT, host: HOST });
    await app.scheduler.start();
  } catch (err) {
    await app.close();
    throw err;
  }
  app.log.info({
    version: APP_VERSION, pid: process.pid, database: databaseName(DATABASE_URL),
    scheduler: app.scheduler.owner, ...runtime.info,
    startupMs: Math.round(performance.now()), loadMs: Math.round(t1 - t0), buildMs: Math.round(t2 - t1), listenMs: Math.round(performance.now() - t2),
  }, `caishui ${APP_VERSION} ready`);

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(130);
    }
    stopping = true;
    app.log.info({ signal, delayMs: SHUTDOWN_DELAY_MS, drainMs: SHUTDOWN_DRAIN_MS }, 'shutting down: readiness 503, then no new connections, waiting for requests in flight');
    gracefulShutdown(app, { drainMs: SHUTDOWN_DRAIN_MS, delayMs: SHUTDOWN_DELAY_MS }).then(
      (ms) => { app.log.info({ shutdownMs: ms }, 'stopped'); process.exit(0); },
      (err) => { app.log.error({ err }, 'shutdown failed'); process.exit(1); },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * Closes `app` in order (issue 7; issue 44 rolling restarts): readiness turns 503 at once
 * (`app.readiness.drain()`, server/readiness.ts) and the node keeps serving for `delayMs` (ended
 * early by `endDelay`), so load balancers polling /health/ready stop sending; then the server
 * stops accepting and waits for requests in flight (at most `drainMs`, then their connections are
 * cut), then the onClose hooks of buildApp stop the scheduler (waiting for running jobs; it hands
 * this node's unfired timer claims back: the engine's `releaseTimers`), write the queued
 * operation-log rows and close the store (PostgreSQL: the pool; SQLite: TRUNCATE checkpoint, then
 * the connection). Resolves with the time taken in ms; rejects when a close step fails.
 */
export async function gracefulShutdown(
  app: {
    close(): PromiseLike<unknown>;
    server: { closeAllConnections(): void; closeIdleConnections(): void };
    log: { warn(o: object, m: string): void };
    readiness?: { drain(): void };
  },
  options: ShutdownOptions = {},
): Promise<number> {
  const { drainMs: graceMs = SHUTDOWN_GRACE_MS, delayMs = 0, endDelay } = options;
  const t0 = performance.now();
  app.readiness?.drain();
  if (delayMs > 0 && !endDelay?.aborted) {
    await new Promise<void>((resolve) => {
      const done = () => { clearTimeout(timer); endDelay?.removeEventListener('abort', done); resolve(); };
      const timer = setTimeout(done, delayMs);
      endDelay?.addEventListener('abort', done);
    });
  }
  // server.close() closes the idle keep-alive connections once; a connection whose request
  // finishes later stays open (keep-alive) and would hold the close until the grace period.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const force = setTimeout(() => {
    app.log.warn({ graceMs }, 'requests still in flight after the grace period: closing their connections');
    app.server.closeAllConnections();
  }, graceMs);
  force.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(force);
    clearInterval(idle);
  }
  return Math.round(performance.now() - t0);
}


function fileDatabase(env: AppEnv): string {
  if (dbKindOf(env.DATABASE_URL) === 'postgres') throw new Error('DATABASE_URL names a PostgreSQL database: back it up with pg_dump (PostgreSQL\'s own tools); caishui backup copies a SQLite file');
  if (env.DATABASE_URL === ':memory:') throw new Error('DATABASE_URL is :memory:, there is no database file');
  return path.resolve(env.DATABASE_URL);
}

function appliedMigrations(file: string, nativeBinding: unknown): number {
  if (!fs.existsSync(file)) return 0;
  const db = new Database(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding: nativeBinding as string } : {}) });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
    return table ? Number(db.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()) : 0;
  } finally {
    db.close();
  }
}

/** `caishui migrate`: applies pending migrations (no seeding; the server seeds on start), SQLite's or PostgreSQL's. */
async function migrateCommand(env: AppEnv, runtime: CliRuntime, io: CliIo): Promise<number> {
  if (dbKindOf(env.DATABASE_URL) === 'postgres') {
    const { defaultPgMigrationsFolder, migratePostgres } = await import('./db/pg-schema/migrate');
    const { withBootLock } = await import('./db/pg-schema/boot-lock');
    const t0 = performance.now();
    // Under the nodes' boot lock (issue 44): never beside a node's own boot-time migration.
    await withBootLock(env.DATABASE_URL, () => migratePostgres(env.DATABASE_URL, runtime.pgMigrationsFolder ?? defaultPgMigrationsFolder));
    io.out(`${databaseName(env.DATABASE_URL)}: migrations applied (${Math.round(performance.now() - t0)} ms)`);
    return 0;
  }
  const file = fileDatabase(env);
  const { openDatabase } = await import('./db/client');
  const before = appliedMigrations(file, runtime.nativeBinding);
  const t0 = performance.now();
  const db = openDatabase({ url: file, migrationsFolder: runtime.migrationsFolder, nativeBinding: runtime.nativeBinding });
  const after = Number(db.$client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get());
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  io.out(`${file}: ${after - before} migration(s) applied, ${after} in total (${Math.round(performance.now() - t0)} ms)`);
  return 0;
}

/** `caishui copy <from> <to>` (server/db/copy.ts): prints the rows per table and what was skipped. */
async function copyCommand(runtime: CliRuntime, c: { from: string; to: string }, io: CliIo): Promise<number> {
  const { copyDatabase } = await import('./db/copy');
  const t0 = performance.now();
  const r = await copyDatabase(c.from, c.to, { migrationsFolder: runtime.migrationsFolder, pgMigrationsFolder: runtime.pgMigrationsFolder, nativeBinding: runtime.nativeBinding });
  const rows = r.tables.reduce((n, t) => n + t.rows, 0);
  io.out(`copied ${rows} rows in ${r.tables.length} tables (${r.from} → ${r.to}, ${Math.round(performance.now() - t0)} ms)`);
  if (r.skipped.length) io.out(`skipped (the target has no such table): ${r.skipped.join(', ')}`);
  return 0;
}

/** The largest step better-sqlite3's backup takes (pages): the whole database. */
const ALL_PAGES = 0x7fffffff;

/**
 * `caishui backup <file>`: SQLite's online backup API (better-sqlite3 `backup()`), consistent
 * while the server keeps writing (WAL): one snapshot, copied in one step. The copy is switched to
 * journal_mode DELETE so it is one self-contained file, then checked with `PRAGMA quick_check`.
 * Refuses to overwrite a file.
 */
async function backupCommand(env: AppEnv, runtime: CliRuntime, file: string, io: CliIo): Promise<number> {
  const source = fileDatabase(env);
  const target = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`no database at ${source} (check DATABASE_URL and the working folder)`);
  if (target === source) throw new Error('the backup file must differ from the database file');
  if (fs.existsSync(target)) throw new Error(`${target} exists; choose a new file name`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const binding = runtime.nativeBinding ? { nativeBinding: runtime.nativeBinding as string } : {};
  const t0 = performance.now();
  let pages = 0;
  try {
    const db = new Database(source, { fileMustExist: true, timeout: 5000, ...binding });
    try {
      // Every page in the step after the first (which only sizes the copy): SQLite restarts a
      // copy when another connection commits between two steps, so under the server's steady
      // writes a copy in small steps would never end. One step reads one snapshot.
      pages = (await db.backup(target, { progress: () => ALL_PAGES })).totalPages;
    } finally {
      db.close();
    }
    const copy = new Database(target, { fileMustExist: true, ...binding });
    let check: unknown;
    try {
      copy.pragma('journal_mode = DELETE');
      check = copy.pragma('quick_check', { simple: true });
    } finally {
      copy.close();
    }
    if (check !== 'ok') throw new Error(`quick_check of the copy says: ${String(check)}`);
  } catch (err) {
    for (const f of [target, `${target}-wal`, `${target}-shm`, `${target}-journal`]) fs.rmSync(f, { force: true });
    throw err;
  }
  const bytes = fs.statSync(target).size;
  io.out(`backup of ${source} written to ${target}: ${bytes} bytes, ${pages} pages, quick_check ok (${Math.round(performance.now() - t0)} ms)`);
  return 0;
}

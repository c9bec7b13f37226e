/**
 * Background WAL checkpoints for a file database: a worker thread with its own better-sqlite3
 * connection runs `PRAGMA wal_checkpoint(PASSIVE)` every `intervalMs`, so the copying of WAL
 * frames into the database file and its fsyncs happen beside the request thread instead of inside
 * whichever commit crosses `wal_autocheckpoint` (SQLite "Write-Ahead Logging" §"Checkpointing";
 * a PASSIVE checkpoint never blocks the writer). While the worker runs, the request connection's
 * own auto-checkpoint stays as a fallback at `FALLBACK_AUTOCHECKPOINT_PAGES`, which bounds the WAL
 * when the writer never pauses long enough for a checkpoint to catch up (SQLite only restarts the
 * WAL after a complete one). Measured by bench/engine.bench.ts (issue 5).
 *
 * The worker loads better-sqlite3 from `modulePath` (default: this installation's package) and,
 * in the single binary, the native addon from `addonPath`. If it cannot start or fails later, the
 * request connection gets its inline auto-checkpoint back (`INLINE_AUTOCHECKPOINT_PAGES`) and
 * `onError` is told; nothing else changes. `:memory:` databases get no worker (returns null).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { HELPER_THREAD_NICE_STEP } from './thread-priority';

/** Auto-checkpoint threshold (WAL pages) of a connection without a background checkpointer. */
export const INLINE_AUTOCHECKPOINT_PAGES = 8000;
/** Auto-checkpoint threshold (WAL pages) kept as a fallback while the worker checkpoints. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 50_000;

export interface WalCheckpointerOptions {
  /** Milliseconds between two PASSIVE checkpoints (default 100). */
  intervalMs?: number;
  /** Absolute path of better-sqlite3's CommonJS entry for the worker (default: resolved here). */
  modulePath?: string;
  /** Absolute path of better_sqlite3.node to load with `process.dlopen` (single binary). */
  addonPath?: string;
  /** Told when the worker cannot start or stops on an error (inline checkpoints are back on). */
  onError?: (err: Error) => void;
}

/** `starting` until the worker has opened its connection, `worker` then, `inline` after a failure. */
export type CheckpointMode = 'starting' | 'worker' | 'inline';

export interface WalCheckpointer {
  mode(): CheckpointMode;
  /** Stops the worker (closing its connection) and restores the inline auto-checkpoint. */
  stop(): Promise<void>;
}

// The worker's whole program (CommonJS, run with `eval: true`): no file to ship or transpile.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
// Below the request thread's priority (thread-priority.ts: this repeats lowerThreadPriority).
try {
  const os = require('node:os');
  const step = workerData.niceStep;
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(step) && step > 0 && Number.isInteger(tid) && tid > 0) os.setPriority(tid, Math.min(19, os.getPriority(tid) + step));
} catch {}
const options = { fileMustExist: true, timeout: 0 };
if (workerData.addonPath) {
  const addon = { exports: {} };
  process.dlopen(addon, workerData.addonPath);
  options.nativeBinding = addon.exports;
}
const db = new Database(workerData.file, options);
parentPort.postMessage('ready');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { if (err && err.code !== 'SQLITE_BUSY') throw err; }
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'stop') { clearInterval(timer); db.close(); parentPort.close(); }
});
`;

/**
 * Starts the background checkpointer of `db` (a WAL file database opened by `openDatabase`).
 * Returns null for `:memory:`. Errors: none thrown; see `onError`.
 */
export function startWalCheckpointer(db: { $client: Database.Database }, options: WalCheckpointerOptions = {}): WalCheckpointer | null {
  const sqlite = db.$client;
  if (sqlite.memory || !sqlite.open) return null;
  const setAuto = (pages: number) => { if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${pages}`); };
  let modulePath = options.modulePath;
  try {
    modulePath ??= createRequire(import.meta.url).resolve('better-sqlite3');
  } catch (err) {
    options.onError?.(err as Error);
    return null;
  }
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file: sqlite.name, modulePath, addonPath: options.addonPath, intervalMs: options.intervalMs ?? 100, niceStep: HELPER_THREAD_NICE_STEP },
    // A small young generation of its own: the thread allocates little, and V8's heap flags are
    // the process's (`npm start` fixes the request thread's semi-space at 16 MB).
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  setAuto(FALLBACK_AUTOCHECKPOINT_PAGES);
  let running = true;
  let mode: CheckpointMode = 'starting';
  worker.on('message', (m) => { if (m === 'ready' && running) mode = 'worker'; });
  const fallBack = () => { running = false; mode = 'inline'; setAuto(INLINE_AUTOCHECKPOINT_PAGES); };
  const exited = new Promise<void>((resolve) => worker.once('exit', () => { fallBack(); resolve(); }));
  worker.on('error', (err) => { fallBack(); options.onError?.(err); });
  return {
    mode: () => mode,
    async stop() {
      const wasRunning = running;
      fallBack();
      if (wasRunning) worker.postMessage('stop');
      // A worker that does not close within 2 s (a checkpoint stuck on I/O) is terminated.
      const timer = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The to-do reader (issue 15): to-do pages for the REST adapter, read and serialised by a worker
 * thread (todo-worker.ts) with its own connection, so the request thread only passes the query
 * and sends the bytes. On this 2-core machine a to-do page of 16 rows cost the request thread
 * ~140 µs beyond a getInfo (the statement, the names, JSON.stringify and the UTF-8 encoding of a
 * two-byte string); the REST workflow round asks for two per instance.
 *
 * Consistency: the worker reads the last commit. A write's answer leaves only after its commit
 * (server/db/store/sqlite.ts), so a page asked for after any answer includes that write; a page asked
 * for while a transaction group is open shows the state before it, which no answer has yet reported.
 * Another process's commits show at once. The session and the input are checked on the request
 * thread before the query is passed (the procedure's own middleware chain).
 *
 * Lifecycle: started by buildApp for a SQLite file database (none for `:memory:`: `startTodoReader`
 * returns null; none on PostgreSQL, issue 43: the worker reads a SQLite file with its own
 * connection, so there the request thread reads every page, the engine's `todoList` on the store). Until the worker has opened the file (`starting`), and for good after it fails or
 * exits (`inline`), `read` returns null and callers read on their own thread; a read in flight
 * when the worker dies is rejected (callers read again on their thread). `stop` closes it.
 */
import { Worker } from 'node:worker_threads';
import type { TodoReaderPort, TodoReaderQuery } from '../../../deps';
import { JsonPage } from '../../../core/pre-serialized';
import type { Db } from '../../../db/client';

export interface TodoReaderOptions {
  /** The worker's program (a JavaScript file): the single binary's bundled copy; default todo-worker.ts beside this file, run with tsx. */
  scriptPath?: string;
  /** better-sqlite3's native addon for the worker (single binary). */
  addonPath?: string;
  /** Told when the worker cannot start or stops on an error (pages are read inline from then on). */
  onError?: (err: Error) => void;
}

export type TodoReaderMode = 'starting' | 'worker' | 'inline';

export interface TodoReader extends TodoReaderPort {
  mode(): TodoReaderMode;
  /** Closes the worker's connection and thread; reads in flight are rejected. */
  stop(): Promise<void>;
}

interface Pending { resolve: (page: JsonPage) => void; reject: (err: Error) => void }
type Reply = { ready: true } | { id: number; total: number; rows: ArrayBuffer } | { id: number; error: string };

/**
 * Starts the to-do reader of `db` (a file database opened by openDatabase). Returns null for
 * `:memory:` or a closed database. Errors: none thrown (see `onError`).
 */
export function startTodoReader(db: Db, options: TodoReaderOptions = {}): TodoReader | null {
  const sqlite = db.$client;
  if (sqlite.memory || !sqlite.open) return null;
  const workerData = { file: sqlite.name, addonPath: options.addonPath };
  let worker: Worker;
  try {
    // A small heap: the worker holds one page at a time (at most 500 rows); past it the worker
    // stops and pages are read inline.
    const resourceLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };
    worker = options.scriptPath
      ? new Worker(options.scriptPath, { workerData, resourceLimits })
      // The TypeScript program, through tsx's loader registered in the thread itself (Node 20 does
      // not apply an `--import` of the worker's execArgv to its entry), whatever the parent runs
      // under (tsx, vitest).
      : new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./todo-worker.ts', import.meta.url).href)}); })`
        + '.catch((err) => { process.nextTick(() => { throw err; }); });', { eval: true, workerData, resourceLimits });
  } catch (err) {
    options.onError?.(err as Error);
    return null;
  }
  worker.unref();
  let mode: TodoReaderMode = 'starting';
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let stopping = false;
  const fail = (err: Error) => {
    mode = 'inline';
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (m: Reply) => {
    if ('ready' in m) {
      if (mode === 'starting') mode = 'worker';
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if ('error' in m) p.reject(new Error(m.error));
    else p.resolve(new JsonPage(m.total, Buffer.from(m.rows)));
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', (code) => {
    // An exit nobody asked for (not `stop`, not an 'error' already reported) is reported too.
    if (!stopping && mode !== 'inline') options.onError?.(new Error(`to-do reader exited with code ${code}`));
    fail(new Error('to-do reader stopped'));
    resolve();
  }));
  worker.on('error', (err) => { fail(err); options.onError?.(err); });
  return {
    mode: () => mode,
    read(q: TodoReaderQuery) {
      if (mode !== 'worker') return null;
      const id = nextId++;
      return new Promise<JsonPage>((resolve, reject) => {
        // Referenced while a read is in flight, so its answer arrives even when nothing else keeps the process up.
        if (pending.size === 0) worker.ref();
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, q });
      });
    },
    async stop() {
      stopping = true;
      const wasRunning = mode !== 'inline';
      fail(new Error('to-do reader stopped'));
      if (wasRunning) worker.postMessage({ stop: true });
      // A worker that does not close within 2 s is terminated.
      const timer = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}

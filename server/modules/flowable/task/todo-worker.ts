/**
 * The to-do reader's worker thread (todo-reader.ts starts it; issue 15): its own connection to the
 * database file, answering each `{id, q}` with the to-do page of `q` (todo-page.ts, the names read
 * fresh) as `{id, total, rows}`, `rows` the UTF-8 bytes of the rows' JSON array (an ArrayBuffer,
 * transferred), or `{id, error}`. It never writes (`query_only`); it reads what is committed, so
 * a page is never built from a transaction group that may still fail (every answer that tells of
 * a write leaves after its commit: server/db/store/sqlite.ts). Posts `{ready: true}` once the file is open.
 *
 * workerData: `file` (the database path) and, in the single binary, `addonPath` (better-sqlite3's
 * native addon, loaded with process.dlopen as the WAL checkpointer's worker does). `{stop: true}`
 * closes the connection and the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Db } from '../../../db/client';
import { lowerThreadPriority } from '../../../db/thread-priority';
import { todoPage, type TodoQuery } from './todo-page';

const port = parentPort;
if (!port) throw new Error('todo-worker.ts runs as a worker thread (todo-reader.ts)');
// Below the request thread's priority when the cores are short (db/thread-priority.ts).
lowerThreadPriority();
const { file, addonPath } = workerData as { file: string; addonPath?: string };
const options: Database.Options = { fileMustExist: true, timeout: 5000 };
if (addonPath) {
  const addon = { exports: {} };
  process.dlopen(addon, addonPath);
  options.nativeBinding = addon.exports as unknown as string;
}
const sqlite = new Database(file, options);
sqlite.pragma('query_only = ON');
const db = drizzle({ client: sqlite }) as unknown as Db;

/** `bytes` as an ArrayBuffer of its own (a small Buffer is a view into Node's shared pool). */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes.buffer as ArrayBuffer;
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
}

port.on('message', (m: { id?: number; q?: TodoQuery; stop?: boolean }) => {
  if (m.stop) {
    sqlite.close();
    port.close();
    return;
  }
  try {
    const page = todoPage(db, m.q as TodoQuery);
    const rows = ownBuffer(Buffer.from(JSON.stringify(page.rows)));
    port.postMessage({ id: m.id, total: page.total, rows }, [rows]);
  } catch (err) {
    port.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: true });

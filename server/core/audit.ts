/**
 * The operation log (issue 3 "Logs"; reference §3 sys_oper_log; RuoYi's 操作日志): one row per call
 * of a procedure whose meta has `log`, written after the call with its status (0 ok, 1 error),
 * error message, parameters and result without secrets (core/redact.ts: password, token,
 * Authorization … in objects, arrays, multipart fields, and JSON or form-encoded string bodies),
 * cost in ms; texts truncated to 2000 characters. Written outside the command's transaction so a
 * failed command is still logged.
 *
 * Rows are queued per store (server/db/store/port.ts) and written together, in call order, in one
 * `store.batch` (one transaction by the port's contract: on SQLite a transaction of the group
 * commit, on PostgreSQL one round trip, its statements in one implicit transaction, instead of
 * BEGIN, INSERT and COMMIT: issue 44), when the event loop next reaches its check phase (`setImmediate`;
 * on PostgreSQL 10 ms later, AUDIT_PG_DELAY_MS): under
 * load one write carries the rows of every request answered in that turn instead of one each
 * (issue 15: a separate commit per audited write cost ~30 µs and 3–4 WAL pages; the SQLite
 * adapter's group commit may fold it further into other requests' commit). RuoYi writes the log
 * asynchronously as well (AsyncManager, 10 ms later). Readers of the log await `flushAudit` first,
 * so this process always sees its own rows; another process sees them once the write commits
 * (within the turn after the answer). A row is built (texts cut and redacted) when the call ends;
 * only its insert waits. A failed write keeps the rows queued and retries (see flushAudit).
 * The SQL is portable (`?` placeholders, issue 43): the same statements run on SQLite and PostgreSQL.
 */
import { setTimeout as nodeSetTimeout } from 'node:timers';
import type { SqlParam, SqlStatement, Store } from '../db/store/port';
import { sysOperLog } from '../db/schema';
import { formatDateTime } from '../../shared/utils/date';
import { redactSecrets } from './redact';

export const MAX_LOG_TEXT = 2000;

/** JSON.stringify replacer: a Buffer's JSON form becomes `<binary n bytes>`. */
function binaryAsSize(_key: string, v: unknown): unknown {
  if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer' && Array.isArray((v as { data?: unknown }).data)) {
    return `<binary ${(v as { data: unknown[] }).data.length} bytes>`;
  }
  return v;
}

/**
 * JSON of `value` without secrets (redactSecrets drops them, whatever form the body came in: a
 * string body stays a JSON string), file bytes as `<binary n bytes>`, cut to 2000 characters.
 */
export function auditText(value: unknown): string {
  if (value === undefined) return '';
  let text: string;
  try {
    const redacted = redactSecrets(value);
    text = JSON.stringify(redacted) ?? '';
    // Bytes serialise as {"type":"Buffer","data":[…]}: only then is the text built again with the
    // replacer (a replacer call per value costs more than the whole plain stringify; issue 15).
    if (text.includes('"type":"Buffer"')) text = JSON.stringify(redacted, binaryAsSize) ?? '';
  } catch {
    text = String(redactSecrets(String(value)));
  }
  return text.slice(0, MAX_LOG_TEXT);
}

export interface AuditEntry {
  title: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  input: unknown;
  result: unknown;
  error?: string;
  startedAt: number;
  endedAt: number;
}

type OperLogValues = typeof sysOperLog.$inferInsert;
const OPER_LOG_KEYS = ['title', 'businessType', 'method', 'requestMethod', 'operatorType', 'operName', 'deptName', 'operUrl', 'operIp',
  'operLocation', 'operParam', 'jsonResult', 'status', 'errorMsg', 'operTime', 'costTime'] as const satisfies readonly (keyof OperLogValues)[];
/** One queued row: its values in OPER_LOG_KEYS order. */
type OperLogRow = (string | number)[];

/**
 * Rows per INSERT statement: a flush writes its rows with multi-row INSERTs of these sizes (the
 * largest that fits first), so few statement texts exist (each prepared once by the SQLite
 * adapter) and none passes the databases' parameter limits (64 rows × 16 = 1024 parameters).
 */
const ROWS_PER_INSERT = [64, 32, 16, 8, 4, 2, 1];
/** `INSERT INTO sys_oper_log (…) VALUES (?, …), …` for n rows, built once per size. */
const insertSql = new Map<number, string>();
const columns = `INSERT INTO sys_oper_log (${OPER_LOG_KEYS.map((k) => sysOperLog[k].name).join(', ')}) VALUES `;
const oneRow = `(${OPER_LOG_KEYS.map(() => '?').join(', ')})`;
function insertOf(n: number): string {
  let text = insertSql.get(n);
  if (!text) insertSql.set(n, (text = columns + new Array(n).fill(oneRow).join(', ')));
  return text;
}

/** The statements inserting `rows` in order. */
function insertsOf(rows: readonly OperLogRow[]): SqlStatement[] {
  const list: SqlStatement[] = [];
  for (let i = 0; i < rows.length;) {
    const n = ROWS_PER_INSERT.find((size) => size <= rows.length - i)!;
    list.push({ sql: insertOf(n), params: rows.slice(i, i + n).flat() as SqlParam[] });
    i += n;
  }
  return list;
}

/**
 * Rows waiting for their write, in call order, per store; `writing`: the last flush started;
 * `turnEnd`: while `scheduled`, the turn-end write's end, made only when auditIdle asks for it.
 */
interface AuditQueue {
  rows: OperLogRow[]; scheduled: boolean; retry?: ReturnType<typeof setTimeout>; writing: Promise<number>;
  turnEnd?: { done: Promise<void>; settle: () => void };
}
const queues = new WeakMap<Store, AuditQueue>();
/** Queued rows kept while writes fail (the oldest are dropped past it, and reported). */
export const MAX_QUEUED_AUDIT_ROWS = 10_000;
/** Milliseconds before a failed write is tried again. */
export const AUDIT_RETRY_MS = 1000;
/** What both adapters reject a transaction with after `close()` (server/db/store/port.ts contract). */
const STORE_CLOSED = 'the store is closed';
/** What node-postgres' pool rejects a batch outside a transaction with once the store closed it. */
const POOL_ENDED = 'Cannot use a pool after calling end on the pool';

/** Told when queued rows cannot be written (`dropped`: rows given up past MAX_QUEUED_AUDIT_ROWS). */
export type AuditErrorHandler = (err: unknown, info: { queued: number; dropped: number }) => void;
const errorHandlers = new WeakMap<Store, AuditErrorHandler>();

/** Sets who hears of failed operation-log writes on `store` (the app's logger; default console.error). */
export function onAuditError(store: Store, handler: AuditErrorHandler): void {
  errorHandlers.set(store, handler);
}

function queueOf(store: Store): AuditQueue {
  let q = queues.get(store);
  if (!q) queues.set(store, (q = { rows: [], scheduled: false, writing: Promise.resolve(0) }));
  return q;
}

/**
 * Queues one operation-log row for `e` on `store` (texts cut as sys_oper_log's columns allow,
 * secrets redacted: auditText / redactSecrets) and schedules its write for the end of this
 * event-loop turn (see the file's doc; while a failed write waits for its retry, the row waits
 * with it). Synchronous and cheap: nothing is written here, so it may be called anywhere.
 * Errors: none thrown (a failed write is reported to the onAuditError handler).
 */
export function writeAudit(store: Store, e: AuditEntry): void {
  const q = queueOf(store);
  // In OPER_LOG_KEYS order.
  q.rows.push([
    e.title.slice(0, 50),
    e.businessType,
    e.method.slice(0, 200),
    e.requestMethod.slice(0, 10),
    1, // operatorType
    e.operName,
    e.deptName,
    e.operUrl.slice(0, 255),
    e.operIp,
    '', // operLocation
    auditText(e.input),
    e.error ? '' : auditText(e.result),
    e.error ? 1 : 0,
    redactSecrets(e.error ?? '').slice(0, MAX_LOG_TEXT),
    formatDateTime(e.startedAt),
    Math.max(0, e.endedAt - e.startedAt),
  ]);
  if (!q.scheduled && !q.retry) {
    q.scheduled = true;
    later(store, () => {
      q.scheduled = false;
      const waiter = q.turnEnd;
      q.turnEnd = undefined;
      // A write under way may fail before this one's turn (over PostgreSQL's network I/O it often
      // is still under way here): the rows then wait for the retry (`retry` checked again in line).
      const done = q.retry ? undefined : chainWrite(store, q, true);
      if (waiter) void (done ?? Promise.resolve()).then(waiter.settle);
    });
  }
}

/**
 * How long a PostgreSQL store's operation-log rows wait for company (ms): RuoYi's AsyncManager
 * writes 10 ms later too. Over the network each write is a round trip and a transaction of the
 * server's: under load one write then carries the rows of every request answered in that time
 * (issue 44's CPU per instance). SQLite writes at the end of the turn (its group commit folds more).
 */
export const AUDIT_PG_DELAY_MS = 10;

/**
 * Runs `fn` when the queue's rows are due: the turn's end on SQLite, AUDIT_PG_DELAY_MS later on
 * PostgreSQL (node:timers' own setTimeout: a test that fakes the global timers to drive the
 * retry, AUDIT_RETRY_MS, still sees the rows written on their own).
 */
function later(store: Store, fn: () => void): void {
  if (store.kind === 'postgres') nodeSetTimeout(fn, AUDIT_PG_DELAY_MS);
  else setImmediate(fn);
}

/**
 * Resolves once `store`'s operation-log queue is idle: the turn-end write scheduled by writeAudit
 * (if any) and every flush started before have finished (committed, or failed and reported). It
 * starts no write of its own (rows waiting for a failed write's retry stay queued; the retry is not
 * waited for). For tests, which must see the turn-end write happen rather than count event-loop
 * turns: on SQLite it ends within the turn, on PostgreSQL only after network round trips.
 * Never rejects.
 */
export async function auditIdle(store: Store): Promise<void> {
  const q = queues.get(store);
  if (!q) return;
  for (;;) {
    if (q.scheduled) {
      if (!q.turnEnd) {
        let settle!: () => void;
        const done = new Promise<void>((resolve) => { settle = resolve; });
        q.turnEnd = { done, settle };
      }
      await q.turnEnd.done;
      continue;
    }
    const writing = q.writing;
    await writing;
    if (writing === q.writing && !q.scheduled) return;
  }
}

/**
 * Writes every queued operation-log row of `store`, in call order, in one `store.batch`,
 * after any write already under way; resolves with the number of rows this call wrote, once they
 * are committed. Readers of sys_oper_log (the list, delete, clean and export of
 * operlog.service.ts, the log-cleaning job, the app's close before the store closes) await it
 * first, outside any store transaction (inside one it would wait for a write queued behind that
 * transaction). Never rejects: when the write fails (the SQLite file locked past busy_timeout, a
 * failed group COMMIT, a full disk, PostgreSQL unreachable) the rows stay queued ahead of newer
 * ones, the error goes to the onAuditError handler (a throwing handler is ignored) and the write
 * is tried again after AUDIT_RETRY_MS (or at the next flushAudit); past MAX_QUEUED_AUDIT_ROWS the
 * oldest rows are dropped (and counted in the report); resolves 0. A closed store keeps nothing
 * (rows queued once `store.close()` was called are dropped, unreported).
 */
export function flushAudit(store: Store): Promise<number> {
  const q = queues.get(store);
  if (!q) return Promise.resolve(0);
  return chainWrite(store, q, false);
}

/**
 * Starts a write of `q`'s rows after the write under way (flushes never overlap). The turn-end
 * write (`turnEnd`) writes nothing when, by its turn, a failed write has set a retry: the rows wait
 * for it (an explicit flushAudit writes at once).
 */
function chainWrite(store: Store, q: AuditQueue, turnEnd: boolean): Promise<number> {
  const run = q.writing.then(() => (turnEnd && q.retry ? 0 : writeQueued(store, q)));
  q.writing = run;
  return run;
}

async function writeQueued(store: Store, q: AuditQueue): Promise<number> {
  if (q.rows.length === 0) return 0;
  if (q.retry) { clearTimeout(q.retry); q.retry = undefined; }
  const rows = q.rows.splice(0);
  try {
    // One batch: one transaction on both adapters (port contract), a single round trip on PostgreSQL.
    await store.batch(insertsOf(rows));
    return rows.length;
  } catch (err) {
    if (isClosedStore(err)) return 0;
    q.rows.unshift(...rows);
    const dropped = Math.max(0, q.rows.length - MAX_QUEUED_AUDIT_ROWS);
    if (dropped) q.rows.splice(0, dropped);
    const report = errorHandlers.get(store) ?? ((e: unknown, info: { queued: number; dropped: number }) => console.error('operation log write failed', info, e));
    try {
      report(err, { queued: q.rows.length, dropped });
    } catch {
      // a failing reporter must not take the server down (the flush runs from setImmediate)
    }
    if (!q.retry) {
      q.retry = setTimeout(() => {
        q.retry = undefined;
        void flushAudit(store);
      }, AUDIT_RETRY_MS);
      q.retry.unref();
    }
    return 0;
  }
}

/** True for the rejection of a write on a closed store (a batch's BatchError carries it as its cause). */
function isClosedStore(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if (e.message === STORE_CLOSED || e.message === POOL_ENDED) return true;
  }
  return false;
}

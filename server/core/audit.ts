/**
 * The operation log (issue 3 "Logs"; reference §3 sys_oper_log): one row per call of a procedure
 * whose meta has `log`, written after the call with its status (0 ok, 1 error), error message,
 * parameters and result without secrets (core/redact.ts: password, token, Authorization … in
 * objects, arrays, multipart fields, and JSON or form-encoded string bodies), cost in ms; texts
 * truncated to 2000 characters. Written outside the command's transaction so a failed command is
 * still logged.
 *
 * Rows are queued and written together, in call order and in one transaction, when the event loop
 * next reaches its check phase (`setImmediate`): under load one commit carries the rows of every
 * request answered in that turn instead of one commit each (issue 15: a separate commit per
 * audited write cost ~30 µs and 3–4 WAL pages). RuoYi writes the log asynchronously as well
 * (AsyncManager, 10 ms later). Readers of the log call `flushAudit` first, so this process always
 * sees its own rows; another process sees them once the turn ends (well under a millisecond
 * after the answer). A row is built (texts cut and redacted) when the call ends; only its insert
 * waits. A failed write keeps the rows queued and retries (see flushAudit). Inside a write turn
 * (server/db/write-turn.ts: the write requests of two poll phases share one commit) the row is
 * inserted at once, outside the command's savepoint, and commits with the turn.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sysOperLog } from '../db/schema';
import { formatDateTime } from '../../shared/utils/date';
import { redactSecrets } from './redact';
import { atWriteTurnTop, commitWriteTurn } from '../db/write-turn';

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
type OperLogParams = Record<(typeof OPER_LOG_KEYS)[number], string | number>;

/**
 * The INSERT of one sys_oper_log row, prepared once per database (issue 15: one per audited
 * call). Drizzle writes the SQL (named placeholders, in OPER_LOG_KEYS order); better-sqlite3 runs
 * it with the values in that order, without Drizzle's per-call placeholder filling (~10 µs).
 */
const inserts = new WeakMap<Db, { run(params: OperLogParams): unknown }>();
function insertOf(db: Db) {
  let stmt = inserts.get(db);
  if (!stmt) {
    const values = Object.fromEntries(OPER_LOG_KEYS.map((k) => [k, sql.placeholder(k)])) as unknown as OperLogValues;
    const query = db.insert(sysOperLog).values(values).toSQL();
    // Each parameter is a Param around the Placeholder (its column's encoder: text and integer
    // columns pass JS strings and numbers through unchanged).
    const order = query.params.map((p) => (p as { value?: { name?: string } }).value?.name as (typeof OPER_LOG_KEYS)[number]);
    if (order.length !== OPER_LOG_KEYS.length || order.some((k) => !OPER_LOG_KEYS.includes(k))) throw new Error('sys_oper_log insert: unexpected parameters');
    const raw = db.$client.prepare(query.sql);
    const args: (string | number)[] = new Array(order.length);
    stmt = {
      run(params: OperLogParams) {
        for (let i = 0; i < order.length; i++) args[i] = params[order[i]];
        return raw.run(args);
      },
    };
    inserts.set(db, stmt);
  }
  return stmt;
}

/** The rows' INSERTs as one transaction (a savepoint inside an open one), created once per database. */
const insertAlls = new WeakMap<Db, (rows: OperLogParams[]) => void>();
function insertAllOf(db: Db) {
  let all = insertAlls.get(db);
  if (!all) {
    const insert = insertOf(db);
    all = db.$client.transaction((rows: OperLogParams[]) => { for (const row of rows) insert.run(row); });
    insertAlls.set(db, all);
  }
  return all;
}

/** Rows waiting for their flush, in call order, per database. */
interface AuditQueue { rows: OperLogParams[]; scheduled: boolean; retry?: ReturnType<typeof setTimeout> }
const queues = new WeakMap<Db, AuditQueue>();
/** Queued rows kept while writes fail (the oldest are dropped past it, and reported). */
export const MAX_QUEUED_AUDIT_ROWS = 10_000;
/** Milliseconds before a failed write is tried again. */
export const AUDIT_RETRY_MS = 1000;

/** Told when queued rows cannot be written (`dropped`: rows given up past MAX_QUEUED_AUDIT_ROWS). */
export type AuditErrorHandler = (err: unknown, info: { queued: number; dropped: number }) => void;
const errorHandlers = new WeakMap<Db, AuditErrorHandler>();

/** Sets who hears of failed operation-log writes for `db` (the app's logger; default console.error). */
export function onAuditError(db: Db, handler: AuditErrorHandler): void {
  errorHandlers.set(db, handler);
}

function queueOf(db: Db): AuditQueue {
  let q = queues.get(db);
  if (!q) queues.set(db, (q = { rows: [], scheduled: false }));
  return q;
}

/**
 * Queues one operation-log row for `e` (texts cut as sys_oper_log's columns allow, secrets
 * redacted: auditText / redactSecrets) and schedules its write (see the file's doc). Outside any
 * command's transaction. Errors: none thrown (a failed write is reported by flushAudit).
 */
export function writeAudit(db: Db, e: AuditEntry): void {
  const q = queueOf(db);
  const row: OperLogParams = {
    title: e.title.slice(0, 50),
    businessType: e.businessType,
    method: e.method.slice(0, 200),
    requestMethod: e.requestMethod.slice(0, 10),
    operatorType: 1,
    operName: e.operName,
    deptName: e.deptName,
    operUrl: e.operUrl.slice(0, 255),
    operIp: e.operIp,
    operLocation: '',
    operParam: auditText(e.input),
    jsonResult: e.error ? '' : auditText(e.result),
    status: e.error ? 1 : 0,
    errorMsg: redactSecrets(e.error ?? '').slice(0, MAX_LOG_TEXT),
    operTime: formatDateTime(e.startedAt),
    costTime: Math.max(0, e.endedAt - e.startedAt),
  };
  // Inside a write turn (server/db/write-turn.ts) between commands, with nothing queued before it:
  // the row is inserted now and commits with the turn (one statement: no savepoint needed).
  if (q.rows.length === 0 && !q.retry && atWriteTurnTop(db)) {
    try {
      insertOf(db).run(row);
      return;
    } catch {
      // queued below: flushAudit retries and reports
    }
  }
  q.rows.push(row);
  if (!q.scheduled && !q.retry) {
    q.scheduled = true;
    setImmediate(() => {
      q.scheduled = false;
      flushAudit(db);
    });
  }
}

/**
 * Writes every queued operation-log row of `db` now, in call order, in one transaction (a
 * savepoint inside a caller's open transaction). Readers of sys_oper_log call it first. When the
 * write fails (the file locked by another process past busy_timeout, a full disk) the rows stay
 * queued, the error goes to the onAuditError handler and the write is tried again after
 * AUDIT_RETRY_MS; past MAX_QUEUED_AUDIT_ROWS the oldest rows are dropped (and counted in the
 * report). A closed database keeps nothing. Returns the number of rows written.
 */
export function flushAudit(db: Db): number {
  const q = queues.get(db);
  if (!q || q.rows.length === 0) return 0;
  if (q.retry) { clearTimeout(q.retry); q.retry = undefined; }
  if (!db.$client.open) { q.rows.length = 0; return 0; }
  const rows = q.rows.splice(0);
  try {
    insertAllOf(db)(rows);
    return rows.length;
  } catch (err) {
    q.rows.unshift(...rows);
    const dropped = Math.max(0, q.rows.length - MAX_QUEUED_AUDIT_ROWS);
    if (dropped) q.rows.splice(0, dropped);
    const report = errorHandlers.get(db) ?? ((e: unknown, info: { queued: number; dropped: number }) => console.error('operation log write failed', info, e));
    try {
      report(err, { queued: q.rows.length, dropped });
    } catch {
      // a failing reporter must not take the server down (flushAudit runs from setImmediate)
    }
    q.retry = setTimeout(() => {
      q.retry = undefined;
      commitWriteTurn(db); // the retried rows commit on their own, not with a turn of requests
      flushAudit(db);
    }, AUDIT_RETRY_MS);
    q.retry.unref();
    return 0;
  }
}

/**
 * The operation log (issue 3 "Logs"; reference §3 sys_oper_log): one row per call of a procedure
 * whose meta has `log`, written after the call with its status (0 ok, 1 error), error message,
 * parameters and result without secrets (core/redact.ts: password, token, Authorization … in
 * objects, arrays, multipart fields, and JSON or form-encoded string bodies), cost in ms; texts
 * truncated to 2000 characters. Written outside the command's transaction so a failed command is
 * still logged.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sysOperLog } from '../db/schema';
import { formatDateTime } from '../../shared/utils/date';
import { redactSecrets } from './redact';

export const MAX_LOG_TEXT = 2000;

/**
 * JSON of `value` without secrets (redactSecrets drops them, whatever form the body came in: a
 * string body stays a JSON string), file bytes as `<binary n bytes>`, cut to 2000 characters.
 */
export function auditText(value: unknown): string {
  if (value === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(redactSecrets(value), (_k, v) => {
      if (v && typeof v === 'object' && v.type === 'Buffer' && Array.isArray(v.data)) return `<binary ${v.data.length} bytes>`;
      return v;
    }) ?? '';
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

/** The INSERT of one sys_oper_log row, prepared once per database (issue 15: one per audited call). */
const inserts = new WeakMap<Db, { run(params: OperLogParams): unknown }>();
function insertOf(db: Db) {
  let stmt = inserts.get(db);
  if (!stmt) {
    const values = Object.fromEntries(OPER_LOG_KEYS.map((k) => [k, sql.placeholder(k)])) as unknown as OperLogValues;
    stmt = db.insert(sysOperLog).values(values).prepare();
    inserts.set(db, stmt);
  }
  return stmt;
}

/**
 * Writes one operation-log row for `e` (texts cut as sys_oper_log's columns allow, secrets
 * redacted: auditText / redactSecrets). Outside any command's transaction (see the file's doc).
 */
export function writeAudit(db: Db, e: AuditEntry): void {
  insertOf(db).run({
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
  });
}

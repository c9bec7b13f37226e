/**
 * tRPC setup: one error formatter turns every failure into `{ message, data.appCode }` where
 * appCode is the envelope code (401/403/500/601, core/errors.ts) and input-validation messages
 * name the field (api-contract "Bad input").
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { ZodError } from 'zod';
import { AppError, appCodeOfTrpc, ERROR_KINDS, type AppCode } from '../core/errors';
import type { Context } from './context';
import { CommitError } from '../db/store/port';
import type { RestMeta } from '../core/rest-meta';

const hasCjk = (s: string) => /[\u4e00-\u9fff]/.test(s);

/** The first zod issue as one line; the spec's own (Chinese) message stands alone. */
export function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return '参数错误';
  const field = issue.path.join('.') || '请求体';
  return hasCjk(issue.message) ? issue.message : `参数 ${field} 无效：${issue.message}`;
}

/** The spec's message for an unexpected failure (platform-and-admin §"Default HTTP messages"). */
export const UNKNOWN_ERROR_MESSAGE = '系统未知错误，请反馈给管理员';

/**
 * True when `cause` is an operating-system failure (Node's errors carry `syscall` / `errno` and
 * usually an absolute path in their text) or its text names the server's working folder: such a
 * text never reaches a client (issue 38 §2 "never disclose server paths").
 */
function discloses(cause: unknown): boolean {
  if (!(cause instanceof Error)) return false;
  const sys = cause as Error & { syscall?: unknown; errno?: unknown };
  if (typeof sys.syscall === 'string' || typeof sys.errno === 'number') return true;
  const cwd = process.cwd();
  return cwd.length > 1 && cause.message.includes(cwd);
}

/**
 * Envelope code and message of any error thrown inside a procedure: an AppError's own, a zod
 * issue's, else tRPC's text; an unexpected error whose text could disclose server paths answers
 * UNKNOWN_ERROR_MESSAGE instead.
 */
export function describeError(error: TRPCError): { appCode: AppCode; message: string } {
  const cause = error.cause;
  if (cause instanceof AppError) return { appCode: cause.code, message: cause.message };
  if (cause instanceof ZodError) return { appCode: ERROR_KINDS.invalid.appCode, message: zodMessage(cause) };
  if (cause instanceof CommitError) return { appCode: 500, message: cause.message };
  if (discloses(cause)) return { appCode: 500, message: UNKNOWN_ERROR_MESSAGE };
  if (error.code === 'INTERNAL_SERVER_ERROR') return { appCode: 500, message: error.message || '操作失败' };
  return { appCode: appCodeOfTrpc(error.code), message: error.message };
}

/**
 * Procedure metadata. `log` marks a write for the operation log (reference §3 sys_oper_log):
 * title (the module, e.g. 用户管理) and business type (0 other, 1 insert, 2 update, 3 delete,
 * 4 grant, 5 export, 6 import, 7 force-logout, 8 gencode, 9 clean). `rest`: the REST rows that
 * serve the procedure (core/rest-meta.ts; the adapter server/rest/table.ts walks the router for
 * them). `.meta()` calls merge shallowly, so `.meta(log(1))` and `.meta({ rest })` combine.
 */
export interface ProcedureMeta {
  log?: { title: string; businessType: number };
  rest?: RestMeta | RestMeta[];
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    const { appCode, message } = describeError(error);
    return { ...shape, message, data: { ...shape.data, stack: undefined, appCode } };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const baseProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;

/**
 * The answer tRPC's HTTP handler gives a failed request, for answers built outside a procedure
 * (input refused before tRPC parses it:
 * rest/plugin.ts registerInputGuards). `rest` is the URL after the tRPC prefix
 * (`/system.post.add`, `/a.b,c.d?batch=1&input=…`): the calls are named by its path, and a query
 * with `batch=1` gets one `{error: shape}` per call, else a single `{error: shape}`. Each shape goes
 * through this file's errorFormatter, so the browser's tRPC client reads `message` and
 * `data.appCode` as for any other failure (client/src/lib/request-error.ts). `status` is the HTTP
 * status tRPC gives `error` (500 for INTERNAL_SERVER_ERROR). Never throws: a malformed escape in
 * the path keeps the names as sent (callers run where a throw would crash the server).
 */
export function trpcErrorReply(rest: string, method: string, error: TRPCError): { status: number; body: string } {
  const q = rest.indexOf('?');
  const raw = (q < 0 ? rest : rest.slice(0, q)).replace(/^\//, '');
  let paths: string[];
  try {
    paths = decodeURIComponent(raw).split(',');
  } catch {
    paths = raw.split(',');
  }
  const batch = q >= 0 && new URLSearchParams(rest.slice(q + 1)).get('batch') === '1';
  const type = method === 'GET' ? 'query' : 'mutation';
  const entry = (path: string) => ({ error: getErrorShape({ config: t._config, error, type, path, input: undefined, ctx: undefined }) });
  return { status: getHTTPStatusCodeFromError(error), body: JSON.stringify(batch ? paths.map(entry) : entry(paths[0] ?? '')) };
}

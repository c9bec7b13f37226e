/**
 * The one application error (design.md "Conventions"; issue 42 "error kinds that mean
 * something"): services throw `AppError(kind, message)` through the shorthands below, and ONE
 * table (ERROR_KINDS) maps each kind to
 * - the REST envelope code (api-contract "Envelope": 401, 403, 500, 601 warning). RuoYi answers a
 *   ServiceException as code 500 with its message, so not found, invalid input, conflict, rule
 *   refused and internal all answer `{code: 500, msg}`: the REST replies are RuoYi's whatever the
 *   kind;
 * - the tRPC error code (its HTTP status on `/trpc`): distinct per kind, so a tRPC caller can tell
 *   a missing row (NOT_FOUND) from bad input (BAD_REQUEST), a duplicate (CONFLICT) or a refused
 *   business rule (UNPROCESSABLE_CONTENT). The envelope code still travels as `data.appCode`
 *   (trpc/init.ts), which is what the browser reads (client/src/lib/request-error.ts).
 * Errors tRPC raises itself (zod input, unknown procedure …) map back through the same table
 * (kindOfTrpc).
 */
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/** The envelope codes of a failed REST reply. */
export type AppCode = 401 | 403 | 500 | 601;

/**
 * What went wrong, in the caller's terms:
 * - `unauthorized`: no live session (401); `forbidden`: missing permission or not the holder (403);
 * - `notFound`: the named row does not exist (…不存在, 未找到…);
 * - `invalid`: the input itself is wrong (format, required, length, range, unparsable text);
 * - `conflict`: the input collides with stored data (…已存在, 重复, 不唯一);
 * - `refused`: a business rule refuses the command in the current state (不能删除, 已分配, 已挂起 …);
 * - `warn`: RuoYi's warning code 601 (shown as a warning toast);
 * - `internal`: the server failed while doing what was asked (a write or a generation failed).
 */
export type AppErrorKind = 'unauthorized' | 'forbidden' | 'notFound' | 'invalid' | 'conflict' | 'refused' | 'warn' | 'internal';

/** The one table: each kind's REST envelope code and tRPC error code. */
export const ERROR_KINDS: Readonly<Record<AppErrorKind, { readonly appCode: AppCode; readonly trpc: TRPC_ERROR_CODE_KEY }>> = {
  unauthorized: { appCode: 401, trpc: 'UNAUTHORIZED' },
  forbidden: { appCode: 403, trpc: 'FORBIDDEN' },
  notFound: { appCode: 500, trpc: 'NOT_FOUND' },
  invalid: { appCode: 500, trpc: 'BAD_REQUEST' },
  conflict: { appCode: 500, trpc: 'CONFLICT' },
  refused: { appCode: 500, trpc: 'UNPROCESSABLE_CONTENT' },
  warn: { appCode: 601, trpc: 'PRECONDITION_FAILED' },
  internal: { appCode: 500, trpc: 'INTERNAL_SERVER_ERROR' },
};

export class AppError extends Error {
  readonly kind: AppErrorKind;
  /** The REST envelope code of the kind (ERROR_KINDS). */
  readonly code: AppCode;
  constructor(kind: AppErrorKind, message: string) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = ERROR_KINDS[kind].appCode;
  }
}

/** tRPC code → kind, the table read backwards (each tRPC code names one kind). */
const KIND_OF_TRPC = new Map<TRPC_ERROR_CODE_KEY, AppErrorKind>(
  (Object.entries(ERROR_KINDS) as [AppErrorKind, { trpc: TRPC_ERROR_CODE_KEY }][]).map(([kind, { trpc }]) => [trpc, kind]),
);

/** The kind of an error tRPC raised itself (e.g. BAD_REQUEST for zod input → invalid); anything unlisted is internal. */
export function kindOfTrpc(code: TRPC_ERROR_CODE_KEY): AppErrorKind {
  return KIND_OF_TRPC.get(code) ?? 'internal';
}

/** The tRPC code an AppError is answered with (ERROR_KINDS). */
export function trpcCodeOf(error: AppError): TRPC_ERROR_CODE_KEY {
  return ERROR_KINDS[error.kind].trpc;
}

/** The envelope code for a tRPC error code (through kindOfTrpc); anything unlisted answers 500. */
export function appCodeOfTrpc(code: TRPC_ERROR_CODE_KEY): AppCode {
  return ERROR_KINDS[kindOfTrpc(code)].appCode;
}

/** Shorthands, one per kind, with the spec's default texts where it has one. */
export const unauthorized = (msg = '认证失败，无法访问系统资源') => new AppError('unauthorized', msg);
export const forbidden = (msg = '没有权限，请联系管理员授权') => new AppError('forbidden', msg);
export const notFound = (msg: string) => new AppError('notFound', msg);
export const invalid = (msg: string) => new AppError('invalid', msg);
export const conflict = (msg: string) => new AppError('conflict', msg);
export const refused = (msg: string) => new AppError('refused', msg);
export const warn = (msg: string) => new AppError('warn', msg);
export const internal = (msg: string) => new AppError('internal', msg);

/**
 * The one application error (design.md "Conventions"): services throw `AppError(code, message)`;
 * one table maps each code to a tRPC error code, and the REST adapter answers the code in the
 * envelope (api-contract "Envelope": 200 ok, 401, 403, 500, 601 warning).
 */
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

export type AppCode = 401 | 403 | 500 | 601;

export class AppError extends Error {
  readonly code: AppCode;
  constructor(code: AppCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
}

/** AppError code → tRPC code, and back (for errors tRPC raises itself). */
export const APP_CODE_TO_TRPC: Record<AppCode, TRPC_ERROR_CODE_KEY> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  500: 'BAD_REQUEST',
  601: 'PRECONDITION_FAILED',
};

const TRPC_TO_APP_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, AppCode>> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PRECONDITION_FAILED: 601,
};

/** The envelope code for a tRPC error code; anything unlisted answers 500. */
export function appCodeOfTrpc(code: TRPC_ERROR_CODE_KEY): AppCode {
  return TRPC_TO_APP_CODE[code] ?? 500;
}

/** Shorthands with the spec's default texts. */
export const unauthorized = (msg = '认证失败，无法访问系统资源') => new AppError(401, msg);
export const forbidden = (msg = '没有权限，请联系管理员授权') => new AppError(403, msg);
export const fail = (msg: string) => new AppError(500, msg);
export const warn = (msg: string) => new AppError(601, msg);

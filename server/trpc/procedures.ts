/**
 * Procedure builders (foundation issue "Authorisation core"):
 * - `publicProcedure`: no session needed (captcha, publicKey, login, register, logout);
 * - `authedProcedure`: a live session (401 otherwise), `ctx.login` is the signed-in user;
 * - `permProcedure('system:user:list')`: also the permission (403 没有权限，请联系管理员授权).
 * AppErrors thrown by services become tRPC errors with the table of core/errors.ts.
 */
import { TRPCError } from '@trpc/server';
import { AppError, APP_CODE_TO_TRPC } from '../core/errors';
import { hasPermission } from '../core/authz';
import { resolveSession } from '../modules/auth/session.service';
import { writeAudit } from '../core/audit';
import { baseProcedure, describeError, middleware } from './init';
import { assertSafeValue } from '../core/input';

/** Rethrows AppError as a TRPCError keeping it as the cause. */
const appErrors = middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: APP_CODE_TO_TRPC[cause.code], message: cause.message, cause });
  }
  return result;
});

/**
 * Every procedure's raw input, from either transport, is at most MAX_INPUT_DEPTH deep and has no
 * key that reaches a prototype (issue 11 §2; core/input.ts); refused with AppError(500) otherwise.
 */
const inputGuard = middleware(async ({ getRawInput, next }) => {
  assertSafeValue(await getRawInput());
  return next();
});

export const publicProcedure = baseProcedure.use(appErrors).use(inputGuard);

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.token) throw new AppError(401, '认证失败，无法访问系统资源');
  const login = await resolveSession(ctx.deps, ctx.token);
  return next({ ctx: { ...ctx, login } });
});

/**
 * Writes the operation log for procedures with `meta.log` (core/audit.ts), after the call, with
 * the outcome. Use `.meta({ log: { title: '用户管理', businessType: 1 } })` on write procedures.
 */
export const auditedProcedure = authedProcedure.use(async ({ ctx, meta, path, getRawInput, next }) => {
  if (!meta?.log) return next();
  const startedAt = ctx.deps.clock.now();
  const result = await next();
  const input = await getRawInput().catch(() => undefined);
  writeAudit(ctx.deps.db, {
    title: meta.log.title,
    businessType: meta.log.businessType,
    method: path,
    requestMethod: ctx.request?.method ?? 'TRPC',
    operName: ctx.login.userName,
    deptName: ctx.login.deptName,
    operUrl: ctx.request?.url ?? path,
    operIp: ctx.client.ip,
    input,
    result: result.ok ? result.data : undefined,
    error: result.ok ? undefined : describeError(result.error).message,
    startedAt,
    endedAt: ctx.deps.clock.now(),
  });
  return result;
});

/** An authed procedure that also requires `perm` (`*:*:*` and role admin pass). */
export function permProcedure(perm: string) {
  return auditedProcedure.use(({ ctx, next }) => {
    if (!hasPermission(ctx.login, perm)) throw new AppError(403, '没有权限，请联系管理员授权');
    return next();
  });
}

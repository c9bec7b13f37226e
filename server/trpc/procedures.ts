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
import { baseProcedure, middleware } from './init';

/** Rethrows AppError as a TRPCError keeping it as the cause. */
const appErrors = middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: APP_CODE_TO_TRPC[cause.code], message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = baseProcedure.use(appErrors);

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.token) throw new AppError(401, '认证失败，无法访问系统资源');
  const login = await resolveSession(ctx.deps, ctx.token);
  return next({ ctx: { ...ctx, login } });
});

/** An authed procedure that also requires `perm` (`*:*:*` and role admin pass). */
export function permProcedure(perm: string) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!hasPermission(ctx.login, perm)) throw new AppError(403, '没有权限，请联系管理员授权');
    return next();
  });
}

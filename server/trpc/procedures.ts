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
import type { Context } from './context';
import type { LoginUser } from '../core/authz';
import { assertSafeValue } from '../core/input';

/**
 * The first layer of every procedure:
 * - the raw input, from either transport, is at most MAX_INPUT_DEPTH deep and has no key that
 *   reaches a prototype (issue 11 §2; core/input.ts); refused with AppError(500) otherwise;
 * - AppErrors thrown below are rethrown as TRPCErrors keeping the AppError as the cause (the
 *   code table of core/errors.ts).
 * One middleware rather than two: each tRPC layer costs a context merge per call (issue 15).
 */
const guard = middleware(async ({ getRawInput, next }) => {
  assertSafeValue(await getRawInput());
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: APP_CODE_TO_TRPC[cause.code], message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = baseProcedure.use(guard);

/** The signed-in user of a context; AppError 401 without a token or a live session. */
async function signedIn(ctx: Context): Promise<LoginUser> {
  if (!ctx.token) throw new AppError(401, '认证失败，无法访问系统资源');
  return resolveSession(ctx.deps, ctx.token);
}

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => next({ ctx: { login: await signedIn(ctx) } }));

/**
 * The session layer of write and permission procedures, in one middleware: the signed-in user,
 * then (when `perm` is given) the permission (403 没有权限，请联系管理员授权), then the call; with
 * `meta.log` the operation log is written after the call with its outcome (core/audit.ts), a
 * refused permission included. Use `.meta({ log: { title: '用户管理', businessType: 1 } })` on
 * write procedures.
 */
function sessionLayer(perm?: string) {
  return middleware(async ({ ctx, meta, path, getRawInput, next }) => {
    const login = await signedIn(ctx);
    const run = async () => {
      if (perm !== undefined && !hasPermission(login, perm)) throw new AppError(403, '没有权限，请联系管理员授权');
      return next({ ctx: { login } });
    };
    if (!meta?.log) return run();
    const startedAt = ctx.deps.clock.now();
    // `next()` reports failures as results; only the permission check throws (an AppError).
    let refused: AppError | undefined;
    const result = await run().catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      refused = err;
      return undefined;
    });
    const input = await getRawInput().catch(() => undefined);
    writeAudit(ctx.deps.db, {
      title: meta.log.title,
      businessType: meta.log.businessType,
      method: path,
      requestMethod: ctx.request?.method ?? 'TRPC',
      operName: login.userName,
      deptName: login.deptName,
      operUrl: ctx.request?.url ?? path,
      operIp: ctx.client.ip,
      input,
      result: result?.ok ? result.data : undefined,
      error: refused ? refused.message : result && !result.ok ? describeError(result.error).message : undefined,
      startedAt,
      endedAt: ctx.deps.clock.now(),
    });
    if (refused || !result) throw refused;
    return result;
  });
}

/** An authed procedure that writes the operation log when it has `meta.log`. */
export const auditedProcedure = publicProcedure.use(sessionLayer());

/** An authed, audited procedure that also requires `perm` (`*:*:*` and role admin pass). */
export function permProcedure(perm: string) {
  return publicProcedure.use(sessionLayer(perm));
}

/**
 * Procedure builders (foundation issue "Authorisation core"):
 * - `publicProcedure`: no session needed (captcha, publicKey, login, register, logout);
 * - `authedProcedure`: a live session (401 otherwise), `ctx.login` is the signed-in user;
 * - `permProcedure('system:user:list')`: also the permission (403 没有权限，请联系管理员授权).
 * AppErrors thrown by services become tRPC errors with the table of core/errors.ts.
 */
import { TRPCError } from '@trpc/server';
import { AppError, trpcCodeOf } from '../core/errors';
import { hasPermission } from '../core/authz';
import { resolveSession } from '../modules/auth/session.service';
import { FILE_COOKIE, FILE_COOKIE_OPTIONS, resolveFileCookie } from '../modules/auth/file-cookie.service';
import { writeAudit } from '../core/audit';
import { baseProcedure, describeError, middleware } from './init';
import type { Context } from './context';
import type { LoginUser } from '../core/authz';
import { assertSafeValue } from '../core/input';

/** An AppError as the TRPCError the transports answer with (its kind's tRPC code: core/errors.ts ERROR_KINDS). */
const asTrpc = (cause: AppError) => new TRPCError({ code: trpcCodeOf(cause), message: cause.message, cause });

/**
 * The signed-in user of a context: by the bearer token, else by the file cookie (which the
 * context carries only on GET/HEAD of `/profile/**`, issue 41 §3; a refused cookie is cleared on
 * the answer). AppError unauthorized (401) without either or without a live session.
 */
async function signedIn(ctx: Context): Promise<LoginUser> {
  if (ctx.token) return resolveSession(ctx.deps, ctx.token);
  if (ctx.fileCookie === undefined) throw new AppError('unauthorized', '认证失败，无法访问系统资源');
  try {
    return await resolveFileCookie(ctx.deps, ctx.fileCookie);
  } catch (err) {
    ctx.cookies?.clear(FILE_COOKIE, FILE_COOKIE_OPTIONS);
    throw err;
  }
}

interface SessionRule {
  /** The permission the caller must hold (`*:*:*` and role admin pass). */
  perm?: string;
  /** Write the operation log for procedures with `meta.log`. */
  audit: boolean;
}

/**
 * Runs a middleware body so that AppErrors, thrown in it or reported by the services below,
 * become TRPCErrors keeping the AppError as the cause.
 */
async function mappingAppErrors<R extends { ok: boolean; error?: unknown }>(body: () => Promise<R>): Promise<R> {
  try {
    const result = await body();
    if (!result.ok && result.error instanceof TRPCError && result.error.cause instanceof AppError) throw asTrpc(result.error.cause);
    return result;
  } catch (err) {
    throw err instanceof AppError ? asTrpc(err) : err;
  }
}

/**
 * The one middleware of public procedures: the raw input, from either transport, is at most
 * MAX_INPUT_DEPTH deep and has no key that reaches a prototype (issue 11 §2; core/input.ts;
 * refused with AppError 'invalid'); AppErrors become TRPCErrors (mappingAppErrors).
 */
const publicLayer = middleware(({ ctx, type, getRawInput, next }) => mappingAppErrors(async () => {
  assertSafeValue(await getRawInput());
  return next();
}));

/**
 * The one middleware of session procedures (each tRPC layer costs a context merge per call, so
 * the steps share one; issue 15), in this order: the input check of publicLayer; the signed-in
 * user (401); the permission (403 没有权限，请联系管理员授权); the call. With `audit` and
 * `meta.log`, the operation log is written after the call with its outcome, a refused permission
 * included (core/audit.ts). AppErrors become TRPCErrors (mappingAppErrors).
 */
function sessionLayer({ perm, audit }: SessionRule) {
  return middleware(({ ctx, meta, path, type, getRawInput, next }) => mappingAppErrors(async () => {
    assertSafeValue(await getRawInput());
    const login = await signedIn(ctx);
    // No closure per call here: esbuild's keepNames (tsx, the single binary) names each with a defineProperty.
    const refused = perm !== undefined && !hasPermission(login, perm) ? new AppError('forbidden', '没有权限，请联系管理员授权') : undefined;
    if (!audit || !meta?.log) {
      if (refused) throw refused;
      return next({ ctx: { login } });
    }
    const startedAt = ctx.deps.clock.now();
    // `next()` reports failures as results; a refused permission is logged, then thrown.
    const result = refused ? undefined : await next({ ctx: { login } });
    const input = await getRawInput().catch(() => undefined);
    writeAudit(ctx.deps.store, {
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
  }));
}

export const publicProcedure = baseProcedure.use(publicLayer);

export const authedProcedure = baseProcedure.use(sessionLayer({ audit: false }));

/**
 * An authed procedure that writes the operation log when it has `meta.log`: use
 * `.meta({ log: { title: '用户管理', businessType: 1 } })` on write procedures.
 */
export const auditedProcedure = baseProcedure.use(sessionLayer({ audit: true }));

/** An authed, audited procedure that also requires `perm` (`*:*:*` and role admin pass). */
export function permProcedure(perm: string) {
  return baseProcedure.use(sessionLayer({ perm, audit: true }));
}

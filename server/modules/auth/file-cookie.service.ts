/**
 * The file cookie (issue 41 §3): uploaded files under `/caishui-api/profile/**` are shown by a
 * plain `<img src>`, which sends no bearer header. Sign-in sets cookie FILE_COOKIE, and GET/HEAD
 * of `/profile/**` accept it instead of the header (the REST meta of `common.profile`, common/common.router.ts, marks that row
 * `fileCookie`; trpc/context.ts reads the cookie on marked rows only; trpc/procedures.ts resolves
 * it). Its value is not the bearer token but a JWT of its own (jose, HS256, the server's key):
 * `{sid, purpose: 'file'}`, so it opens no other row and cannot be sent as a bearer token (a
 * bearer token carries `login_user_key`, which this value lacks, and the other way round).
 * It is valid only while its session lives; its use does not extend the session. Attributes:
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Path=/ (RuoYi's
 * client reaches the API through a proxy prefix such as `/prod-api`), Secure when the request came
 * over https (Fastify's `request.protocol`: https on a TLS socket, or X-Forwarded-Proto from a
 * trusted proxy with TRUST_PROXY), no Max-Age (it ends with the browser session, as the client's
 * token cookie does). Logout clears it; a refused value is cleared by the answer that refuses it.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { AppDeps } from '../../deps';
import type { LoginUser } from '../../core/authz';
import { AppError } from '../../core/errors';
import { liveSession, sessionIdOf } from './session.service';

/** The cookie's name. */
export const FILE_COOKIE = 'caishui_file';
/** The `purpose` claim that tells a file cookie from any other token signed with the same key. */
const PURPOSE = 'file';

/** Cookie attributes (@fastify/cookie serialize options): see the file docstring. */
export const FILE_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'strict', secure: 'auto' } as const;

/**
 * The file cookie's value for the session a bearer token names (right after sign-in), or null
 * when the token is not one of ours.
 */
export async function fileCookieValue(deps: AppDeps, token: string): Promise<string | null> {
  const sid = await sessionIdOf(deps, token);
  if (!sid) return null;
  return new SignJWT({ sid, purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(deps.clock.now() / 1000))
    .sign(deps.keys.jwtKey);
}

/**
 * The signed-in user a file cookie's value names, its session checked but not extended
 * (session.service liveSession). Errors: AppError('unauthorized', 认证失败，无法访问系统资源) (401) when the
 * value is not a file cookie signed by this server; unauthorized 登录状态已过期 when its session ended or expired.
 */
export async function resolveFileCookie(deps: AppDeps, value: string): Promise<LoginUser> {
  let sid: unknown;
  try {
    const { payload } = await jwtVerify(value, deps.keys.jwtKey, { algorithms: ['HS256'] });
    if (payload.purpose === PURPOSE && payload.login_user_key === undefined) sid = payload.sid;
  } catch {
    sid = undefined;
  }
  if (typeof sid !== 'string' || !sid) throw new AppError('unauthorized', '认证失败，无法访问系统资源');
  return liveSession(deps, sid, false);
}

/**
 * The tRPC context: services' deps, the bearer token of the request (header
 * `Authorization: Bearer <token>`; `?Authorization=` only on the download rows, whose routes
 * carry config `queryToken`, issue 11 §4 and server/security.ts), the file cookie (GET/HEAD of the
 * rows with config `fileCookie` only, issue 41 §3), the answer's cookies and where the request came
 * from. The session itself is resolved lazily by the authed procedures.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AppDeps, ClientInfo } from '../deps';
import { FILE_COOKIE } from '../modules/auth/file-cookie.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts the token as `?Authorization=` (download rows only; server/security.ts marks them). */
    queryToken?: boolean;
    /** The route accepts the file cookie on GET and HEAD (`/profile/**` only; server/security.ts marks it). */
    fileCookie?: boolean;
  }
}

/** Cookies of the answer (@fastify/cookie on the transport's reply). */
export interface ReplyCookies {
  set(name: string, value: string, options: CookieSerializeOptions): void;
  clear(name: string, options: CookieSerializeOptions): void;
}

export interface Context {
  deps: AppDeps;
  token?: string;
  client: ClientInfo;
  /** Method and URL of the HTTP request (operation log); absent for server-side callers. */
  request?: { method: string; url: string };
  /**
   * The file cookie's value (modules/auth/file-cookie.service.ts), read only on GET or HEAD of a
   * route marked `fileCookie`; undefined everywhere else, so it opens nothing else.
   */
  fileCookie?: string;
  /** Sets or clears cookies on the answer; absent for server-side callers. */
  cookies?: ReplyCookies;
}

/** `Bearer x` → `x`; a bare token is accepted too. */
export function tokenOf(header: unknown): string | undefined {
  if (typeof header !== 'string' || !header.trim()) return undefined;
  const t = header.trim();
  return t.toLowerCase().startsWith('bearer ') ? t.slice(7).trim() || undefined : t;
}

/** The file cookie of a GET or HEAD request to a route marked `fileCookie`, else undefined. */
function fileCookieOf(req: FastifyRequest): string | undefined {
  if (req.routeOptions.config?.fileCookie !== true || (req.method !== 'GET' && req.method !== 'HEAD') || !req.headers.cookie) return undefined;
  return req.server.parseCookie(req.headers.cookie)[FILE_COOKIE];
}

/**
 * The context of one HTTP request (tRPC or a REST row). The token comes from the
 * `Authorization` header; the `?Authorization=` query value counts only when the matched route
 * is marked `queryToken` (the download rows), so tokens stay out of every other URL; the file
 * cookie only on GET/HEAD of routes marked `fileCookie`. `reply` (the answer) takes cookies.
 */
export function contextFromRequest(deps: AppDeps, req: FastifyRequest, reply?: FastifyReply): Context {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const queryToken = req.routeOptions.config?.queryToken === true ? tokenOf(query.Authorization) : undefined;
  return {
    deps,
    token: tokenOf(req.headers.authorization) ?? queryToken,
    fileCookie: fileCookieOf(req),
    cookies: reply && {
      set: (name, value, options) => { reply.setCookie(name, value, options); },
      clear: (name, options) => { reply.clearCookie(name, options); },
    },
    client: { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') },
    request: { method: req.method, url: req.url.split('?')[0] },
  };
}

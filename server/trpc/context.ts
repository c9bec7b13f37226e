/**
 * The tRPC context: services' deps, the bearer token of the request (header
 * `Authorization: Bearer <token>`; `?Authorization=` only on the download rows, whose routes
 * carry config `queryToken`, issue 11 §4 and server/security.ts) and where the request came from.
 * The session itself is resolved lazily by the authed procedures.
 */
import type { FastifyRequest } from 'fastify';
import type { AppDeps, ClientInfo } from '../core/deps';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts the token as `?Authorization=` (download rows only; server/security.ts marks them). */
    queryToken?: boolean;
  }
}

export interface Context {
  deps: AppDeps;
  token?: string;
  client: ClientInfo;
  /** Method and URL of the HTTP request (operation log); absent for server-side callers. */
  request?: { method: string; url: string };
  /**
   * The transport holds every answer until the open write turn has committed (server/write-turns.ts),
   * so a mutation may run inside one (trpc/procedures.ts). Absent for server-side callers.
   */
  writeTurns?: boolean;
  /**
   * The answer goes into a REST envelope (server/rest/plugin.ts), which also takes rows already
   * serialised (core/pre-serialized.ts JsonPage). Set by the REST adapter only.
   */
  restEnvelope?: boolean;
}

/** `Bearer x` → `x`; a bare token is accepted too. */
export function tokenOf(header: unknown): string | undefined {
  if (typeof header !== 'string' || !header.trim()) return undefined;
  const t = header.trim();
  return t.toLowerCase().startsWith('bearer ') ? t.slice(7).trim() || undefined : t;
}

/**
 * The context of one HTTP request (tRPC or a REST row). The token comes from the
 * `Authorization` header; the `?Authorization=` query value counts only when the matched route
 * is marked `queryToken` (the download rows), so tokens stay out of every other URL.
 */
export function contextFromRequest(deps: AppDeps, req: FastifyRequest): Context {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const queryToken = req.routeOptions.config?.queryToken === true ? tokenOf(query.Authorization) : undefined;
  return {
    deps,
    token: tokenOf(req.headers.authorization) ?? queryToken,
    client: { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') },
    request: { method: req.method, url: req.url.split('?')[0] },
    writeTurns: true,
  };
}

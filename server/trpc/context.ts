/**
 * The tRPC context: services' deps, the bearer token of the request (header
 * `Authorization: Bearer <token>`, or `?Authorization=` for downloads) and where the request came
 * from. The session itself is resolved lazily by the authed procedures.
 */
import type { FastifyRequest } from 'fastify';
import type { AppDeps, ClientInfo } from '../core/deps';

export interface Context {
  deps: AppDeps;
  token?: string;
  client: ClientInfo;
  /** Method and URL of the HTTP request (operation log); absent for server-side callers. */
  request?: { method: string; url: string };
}

/** `Bearer x` → `x`; a bare token is accepted too. */
export function tokenOf(header: unknown): string | undefined {
  if (typeof header !== 'string' || !header.trim()) return undefined;
  const t = header.trim();
  return t.toLowerCase().startsWith('bearer ') ? t.slice(7).trim() || undefined : t;
}

export function contextFromRequest(deps: AppDeps, req: FastifyRequest): Context {
  const query = (req.query ?? {}) as Record<string, unknown>;
  return {
    deps,
    token: tokenOf(req.headers.authorization) ?? tokenOf(query.Authorization),
    client: { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') },
    request: { method: req.method, url: req.url.split('?')[0] },
  };
}

/**
 * Fastify/pino logger settings (issue 7): one JSON object per line on stdout, each request's lines
 * carrying `reqId`, and secrets kept out of the log.
 *
 * - Request ids: the caller's `X-Request-Id` when it looks like an id (1-64 of `A-Za-z0-9._:-`,
 *   so a reverse proxy's id can be followed end to end), else a random UUID.
 * - Redaction: pino `redact` censors authorization and cookie headers, set-cookie, and any
 *   `password`/`oldPassword`/`newPassword`/`confirmPassword`/`token`/`secret`/`privateKey` field at
 *   the top level or up to two levels down (e.g. `{body: {password}}`, `{input: {user: {password}}}`).
 * - URLs: the token may come in the query (`?Authorization=Bearer …`, trpc/context.ts), so the
 *   request serializer masks `authorization`, `token`, `access_token` and `password` query values.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { AppEnv } from './env';

const SECRET_FIELDS = ['password', 'oldPassword', 'newPassword', 'confirmPassword', 'token', 'secret', 'privateKey', 'JWT_SECRET'];

export const REDACT_PATHS: string[] = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]',
  'headers.authorization', 'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

const SECRET_QUERY = /([?&](?:authorization|token|access_token|password)=)[^&#]*/gi;

/** `url` with secret query values replaced by `[REDACTED]`. */
export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request id: a sane `X-Request-Id` from the caller, else a random UUID. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The Fastify options for logging at `level` (`silent` or `enabled: false` turns logging off). */
export function loggingOptions(level: AppEnv['LOG_LEVEL'], enabled = true): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  if (!enabled || level === 'silent') return { logger: false, genReqId: requestId };
  return {
    genReqId: requestId,
    logger: {
      level,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method, url: maskUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
        }),
      },
    },
  };
}

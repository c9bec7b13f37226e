/**
 * Fastify/pino logger settings (issue 7): one JSON object per line on stdout, each request's lines
 * carrying `reqId`, and secrets kept out of the log.
 *
 * - Request ids: the caller's `X-Request-Id` when it looks like an id (1-64 of `A-Za-z0-9._:-`,
 *   so a reverse proxy's id can be followed end to end), else a random UUID.
 * - Redaction (issue 11 §4): every logged object goes through core/redact.ts `redactSecrets`, the
 *   rule the operation log uses too: any password/token/secret/Authorization/cookie/privateKey
 *   field at any depth, in arrays, and inside string bodies that are JSON or form-encoded text
 *   (`{body: 'username=a&password=…'}`) becomes `[REDACTED]`. After the serializers, pino `redact`
 *   still censors the authorization and cookie headers and set-cookie.
 * - URLs: the token may come in the query (`?Authorization=Bearer …`, trpc/context.ts), and RuoYi
 *   clients send `updatePwd?oldPassword=…&newPassword=…` (issue 38 §7), so the request serializer
 *   masks the value of every query key that contains password, passwd, pwd, token, secret,
 *   authorization, apikey or cookie (any case, without `_`/`-`, also percent-encoded:
 *   core/redact.ts `maskQuerySecrets`). The same rule runs over every finished line before it is
 *   written (pino's `streamWrite` hook), so a URL quoted in a message (Fastify's `Route GET:/x?…
 *   not found`) or in an error's text is masked too.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { AppEnv } from './env';
import { maskQuerySecrets, maskQuerySecretsInJson, redactSecrets } from './core/redact';

export const REDACTED = '[REDACTED]';

/** Where log lines go instead of stdout (tests): one JSON line per `write`. */
export interface LogStream {
  write(line: string): void;
}

export const REDACT_PATHS: string[] = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]',
  'headers.authorization', 'headers.cookie',
  'res.headers["set-cookie"]',
];

/** `url` with secret query values (core/redact.ts isSecretQueryKey) replaced by `[REDACTED]` (issue 38 §7). */
export function maskUrl(url: string): string {
  return maskQuerySecrets(url, REDACTED);
}

/** One finished JSON log line with every secret query value masked (issue 38 §7: every log line). */
export function maskLogLine(line: string): string {
  return maskQuerySecretsInJson(line, REDACTED);
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

/**
 * The Fastify options for logging at `level` (`silent` or `enabled: false` turns logging off) to
 * stdout, or to `stream` when given (tests read the lines there).
 */
export function loggingOptions(level: AppEnv['LOG_LEVEL'], enabled = true, stream?: LogStream): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  if (!enabled || level === 'silent') return { logger: false, genReqId: requestId };
  return {
    genReqId: requestId,
    logger: {
      level,
      ...(stream ? { stream } : {}),
      formatters: { log: (object: Record<string, unknown>) => redactSecrets(object, REDACTED) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      hooks: { streamWrite: maskLogLine },
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method, url: maskUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
        }),
      },
    },
  };
}

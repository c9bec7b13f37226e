/**
 * HTTP security of the whole app (issue 11 §4): the response headers and where a token may come
 * in the URL. server/app.ts wires these in; nothing here reads the database.
 *
 * - Every answer (web client, API, redirects) carries helmet's headers with the Content-Security-
 *   Policy below, `X-Content-Type-Options: nosniff`, `X-Frame-Options: SAMEORIGIN`,
 *   `Referrer-Policy: no-referrer` and the cross-origin isolation headers. HSTS is left to the
 *   TLS-terminating proxy (the app itself speaks plain HTTP).
 * - API answers (`/caishui-api/*`) add `Cache-Control: no-store`; files sent as attachments get a
 *   CSP of their own (`default-src 'none'; sandbox`), so even an opened upload runs nothing.
 * - `?Authorization=` is read only on the REST rows marked `queryToken` (the download rows; see
 *   the REST metas in modules/common/common.router.ts); every other row and tRPC ignore it (trpc/context.ts). The file
 *   cookie likewise only on GET/HEAD of the row marked `fileCookie` (`/profile/**`, issue 41 §3).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { RestRoute } from './rest/table';
// Route config `queryToken` is declared with its reader.
import type {} from './trpc/context';

/**
 * The client's Content-Security-Policy (checked against the built client by
 * tests/e2e/security-headers.spec.ts, which fails on any violation):
 * - scripts only from the app's origin, no inline scripts or handlers, no eval (zod runs jitless,
 *   client/src/lib/zod-config.ts; bpmn-js and tiptap need none);
 * - styles also inline: Chakra/emotion inject `<style>` tags and bpmn-js sets `style` attributes;
 * - images also `data:` (captcha, bpmn-js icons) and `blob:` (a picked file in the avatar cropper;
 *   served uploads are plain same-origin URLs, opened by the file cookie, issue 41 §3);
 * - frames also any http(s) page: the 外链 menu view embeds the configured external page
 *   (platform spec §2 "external-link iframe wrapper");
 * - the app may be framed only by itself (`frame-ancestors 'self'`, as X-Frame-Options).
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'http:', 'https:'],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/** The CSP of a file sent as an attachment: nothing loads, nothing runs, even if opened. */
export const ATTACHMENT_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** helmet's options: this CSP, no-referrer, no HSTS (the TLS proxy's job). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'no-referrer' as const },
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with HELMET_OPTIONS, computed once: helmet's middleware runs against a
 * recording response at startup (its headers do not depend on the request), so each request only
 * copies a ready map instead of rebuilding helmet's configuration (issue 15).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => { headers[name] = String(value); },
    removeHeader: (name: string) => { delete headers[name]; },
  };
  helmet(HELMET_OPTIONS)({} as never, recorder as never, (err?: unknown) => { if (err) throw err; });
  return headers;
}

/**
 * Sets the security headers on every answer of the root instance, so the static client, the API
 * and the redirects all get them (onRequest, before any handler). Call before registering routes.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * For the API scope: every answer gets `Cache-Control: no-store` (tokens, personal data and
 * files must not sit in shared or browser caches), and an attachment (`Content-Disposition:
 * attachment`, the `file` envelope) gets ATTACHMENT_CSP. Call at the top of the scope, before its
 * plugins (tRPC) register.
 */
export function registerApiResponseHeaders(api: FastifyInstance): void {
  api.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store');
    const disposition = reply.getHeader('content-disposition');
    if (typeof disposition === 'string' && /^\s*attachment/i.test(disposition)) {
      reply.header('Content-Security-Policy', ATTACHMENT_CSP);
      reply.header('X-Content-Type-Options', 'nosniff');
    }
    done(null, payload);
  });
}

/**
 * Marks the Fastify routes of the REST rows with `queryToken: true` / `fileCookie: true` (and
 * their aliases, and the HEAD route Fastify adds to a GET) with the same route config, which
 * trpc/context.ts reads. Call in the API scope before the rows are registered.
 */
export function markQueryTokenRoutes(api: FastifyInstance, routes: RestRoute[]): void {
  const keysOf = (flag: 'queryToken' | 'fileCookie') => new Set(routes.filter((r) => r[flag]).flatMap((r) =>
    [r, ...(r.aliases ?? [])].flatMap((x) => (x.method === 'GET' ? ['GET', 'HEAD'] : [x.method]).map((m) => `${m} ${x.path}`))));
  const byQuery = keysOf('queryToken');
  const byCookie = keysOf('fileCookie');
  api.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    if (methods.some((m) => byQuery.has(`${m} ${opts.routePath}`))) opts.config = { ...opts.config, queryToken: true };
    if (methods.some((m) => byCookie.has(`${m} ${opts.routePath}`))) opts.config = { ...opts.config, fileCookie: true };
  });
}

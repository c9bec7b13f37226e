/**
 * The REST adapter under `/caishui-api` (api-contract "Envelope"): registers one Fastify route per
 * row (and its aliases; the rows are the procedures' REST metas, ./table.ts), calls the row's
 * tRPC procedure (its own middleware chain: session, permission, input schema, resolver;
 * ./invoke.ts) and wraps the result. Every business reply is HTTP 200 with `code` 200/401/403/500/601.
 */
import { JsonPage, PreSerialized } from '../core/pre-serialized';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError } from '../core/errors';
import type { AppDeps } from '../deps';
import { describeError, trpcErrorReply } from '../trpc/init';
import { procedureInvoker } from './invoke';
import { contextFromRequest, type Context } from '../trpc/context';
import type { Envelope, FileReply, RestRoute } from './table';
import { readMultipart } from './multipart';
import { jsonDepth, MAX_INPUT_DEPTH, nestBrackets, parseJsonBody, TOO_DEEP_MESSAGE } from '../core/input';

export { nestBrackets } from '../core/input';


async function readInput(route: RestRoute, req: FastifyRequest): Promise<unknown> {
  if (!route.input?.length) return undefined;
  let merged: Record<string, unknown> = {};
  for (const source of route.input) {
    const part = source === 'query' ? req.query : source === 'params' ? req.params : source === 'multipart' ? await readMultipart(req) : req.body;
    // Keys and depth of the whole input are checked once, by the procedures' input guard
    // (trpc/procedures.ts); JSON bodies were checked by the body parser already.
    if (part && typeof part === 'object' && !Array.isArray(part)) merged = { ...merged, ...nestBrackets(part as Record<string, unknown>) };
    else if (source === 'body' && part !== undefined && part !== null) return part;
  }
  return route.mapInput ? route.mapInput(merged) : merged;
}

/** The `table` envelope up to its rows, for pages whose rows come as JSON bytes (JsonPage). */
const TABLE_HEAD = Buffer.from('{"code":200,"msg":"查询成功","rows":');

/**
 * The MyBatis-Plus page fields of a `page` row (table.ts): `size` and `current` as the engine's
 * lists read pageSize / pageNum (engine/queries/common.ts limits: size 1-500, default 10; current
 * from 1), `pages` = ceil(total / size).
 */
export function pageFields(input: unknown, total: number): { total: number; size: number; current: number; pages: number } {
  const q = (input && typeof input === 'object' ? input : {}) as { pageSize?: unknown; pageNum?: unknown };
  const size = Math.min(Math.max(Math.trunc(Number(q.pageSize ?? 10)) || 10, 1), 500);
  const current = Math.max(Math.trunc(Number(q.pageNum ?? 1)) || 1, 1);
  return { total, size, current, pages: Math.ceil(total / size) };
}

/**
 * The envelope of a row's result: an object for Fastify to serialise, or JSON text when the
 * result was serialised once already (PreSerialized, e.g. a cached dictionary: its text goes in
 * as is; JsonPage, the to-do reader's page: its bytes go in as they are). `input`: the row's
 * merged input (the `page` envelope reads its paging).
 */
function wrap(envelope: Envelope, result: unknown, input?: unknown): Record<string, unknown> | string | Buffer {
  switch (envelope) {
    case 'page': {
      if (result instanceof JsonPage) {
        const f = pageFields(input, result.total);
        return Buffer.concat([TABLE_HEAD, result.rowsJson, Buffer.from(`,"total":${f.total},"data":{"records":`), result.rowsJson,
          Buffer.from(`,"total":${f.total},"size":${f.size},"current":${f.current},"pages":${f.pages}}}`)]);
      }
      const page = result as { rows: unknown[]; total: number };
      return { code: 200, msg: '查询成功', rows: page.rows, total: page.total, data: { records: page.rows, ...pageFields(input, page.total) } };
    }
    case 'table': {
      if (result instanceof JsonPage) return Buffer.concat([TABLE_HEAD, result.rowsJson, Buffer.from(`,"total":${result.total}}`)]);
      const page = result as { rows: unknown[]; total: number };
      return { code: 200, msg: '查询成功', rows: page.rows, total: page.total };
    }
    case 'data':
      if (result instanceof PreSerialized) return `{"code":200,"msg":"操作成功","data":${result.json}}`;
      return result === undefined || result === null ? { code: 200, msg: '操作成功' } : { code: 200, msg: '操作成功', data: result };
    case 'msg':
      return { code: 200, msg: String(result ?? '') };
    case 'ajax':
    case 'file':
      return { code: 200, msg: '操作成功', ...(result as Record<string, unknown> | undefined) };
  }
}

/** `attachment; filename="data.xlsx"; filename*=UTF-8''…` (RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(reply: FastifyReply, file: FileReply) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('download-filename', encodeURIComponent(file.fileName))
    .send(file.body);
}

/**
 * Input limits for a scope (core/input.ts, issue 11 §2), before anything parses deeper:
 * - the JSON body parser refuses bodies nested deeper than MAX_INPUT_DEPTH before parsing and
 *   keys that reach a prototype after;
 * - tRPC keeps JSON bodies and `?input=` as text and parses them itself, so a preHandler measures
 *   those texts' depth first (the procedures' input guard then checks their keys).
 * Call it before registering the routes and plugins of the scope. Refusals answer the envelope
 * `{code: 500, msg}` (HTTP 200); under `trpcPrefix` the texts' depth refusal is tRPC's own error
 * answer instead (HTTP 500, `{error: {message, data: {appCode: 500}}}`, one per call of a batch,
 * as the procedures' key refusal answers), which tRPC's client can read.
 */
export function registerInputGuards(app: FastifyInstance, trpcPrefix: string): void {
  app.addHook('preHandler', (req, reply, done) => {
    const input = (req.query as Record<string, unknown> | undefined)?.input;
    for (const text of [req.body, input]) {
      // Answered here: plugins registered earlier in the scope keep Fastify's own error handler.
      if (typeof text === 'string' && jsonDepth(text) > MAX_INPUT_DEPTH) {
        if (req.url.startsWith(trpcPrefix)) {
          const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: TOO_DEEP_MESSAGE, cause: new AppError('invalid', TOO_DEEP_MESSAGE) });
          const { status, body } = trpcErrorReply(req.url.slice(trpcPrefix.length), req.method, error);
          reply.code(status).type('application/json; charset=utf-8').send(body);
        } else {
          reply.send({ code: 500, msg: TOO_DEEP_MESSAGE });
        }
        return;
      }
    }
    done();
  });
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    try {
      done(null, parseJsonBody(body as string, (text) => {
        let parsed: unknown;
        parse(req, text, (err, value) => {
          if (err) throw err;
          parsed = value;
        });
        return parsed;
      }));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: RestRoute[]): void {
  for (const route of routes) {
    // The row carries its procedure (table.ts restRoutesOf), called through its own middleware chain.
    const call = procedureInvoker(route.target, route.procedure);
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const ctx = contextFromRequest(deps, req, reply);
        const input = await readInput(route, req);
        const result = await call(ctx, input);
        if (route.envelope === 'file') return sendFile(reply, result as FileReply);
        const body = wrap(route.envelope, result, input);
        if (typeof body === 'string' || Buffer.isBuffer(body)) reply.type('application/json; charset=utf-8');
        return body;
      } catch (err) {
        const trpcErr = err instanceof TRPCError ? err : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err as Error });
        const { appCode, message } = describeError(trpcErr);
        // Only unexpected failures are logged as errors; AppErrors and bad input are answers.
        const expected = trpcErr.cause instanceof AppError || trpcErr.cause instanceof ZodError || trpcErr.code !== 'INTERNAL_SERVER_ERROR';
        if (!expected) req.log.error({ err }, 'procedure failed');
        const msg = appCode === 401 && message === '认证失败，无法访问系统资源' ? `请求访问：${req.url.split('?')[0]}，认证失败，无法访问系统资源` : message;
        return { code: appCode, msg };
      }
    };
    for (const { method, path } of [{ method: route.method, path: route.path }, ...(route.aliases ?? [])]) {
      app.route({ method, url: path, handler });
    }
  }
}

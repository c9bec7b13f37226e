/**
 * How a REST row calls its tRPC procedure (issue 15): the procedure's own middleware chain (the
 * session layer, the input parser, the resolver; nothing skipped, nothing added), run by a loop
 * that builds each step's options as one plain object.
 *
 * Why not `procedure(opts)`: @trpc/server 11.22.1 ships its middleware runner (`callRecursive`)
 * down-levelled, with every `{...opts, next}` turned into a helper that copies key by key and
 * then `Object.defineProperties`. On Node 20 each such copy costs about 2 µs, and a call makes
 * four to six of them, a tenth of a signed-in request's whole server time. This runner follows
 * `callRecursive` of that version line by line:
 * - each middleware gets `{ctx, type, path, input, getRawInput, meta, signal, batchIndex, next}`;
 * - `next(o)` merges `o.ctx` over the context (a new object), takes `o.input` when given (even
 *   undefined), and `o.getRawInput` when given;
 * - a throw inside a middleware becomes `{ok: false, error: getTRPCErrorFromUnknown(cause), marker}`;
 * - the caller gets `data` of an ok result and the `error` of a failed one thrown;
 *   no result is tRPC's INTERNAL_SERVER_ERROR.
 * Procedures with a caller override, or a definition of another shape, are called as tRPC does
 * (`procedure(opts)`). tests/integration/rest-invoke.test.ts checks both runners agree on results
 * and errors for every kind of row.
 */
import { TRPCError, type AnyProcedure } from '@trpc/server';
import { getTRPCErrorFromUnknown, middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import type { Context } from '../trpc/context';

/** One middleware's options, as tRPC builds them (ProcedureCallOptions plus meta and next). */
interface StepOptions {
  ctx: Record<string, unknown>;
  type: string;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: AbortSignal | undefined;
  batchIndex: number;
  next: (o?: { ctx?: Record<string, unknown>; input?: unknown; getRawInput?: () => Promise<unknown> }) => Promise<StepResult>;
}

type StepResult = { ok: true; data: unknown; ctx?: unknown; marker?: string } | { ok: false; error: TRPCError; marker?: string };
type Middleware = (opts: StepOptions) => Promise<StepResult>;

/** What a call carries from step to step (the fields `next` may replace). */
interface Carried {
  ctx: Record<string, unknown>;
  input: unknown;
  getRawInput: () => Promise<unknown>;
}

/** `input` as a promise: bound per call as getRawInput (a bound function gets no name per call). */
function resolved(input: unknown): Promise<unknown> {
  return Promise.resolve(input);
}

/** The chain of a procedure this runner can run, or null (call the procedure itself). */
function chainOf(procedure: AnyProcedure): { middlewares: Middleware[]; meta: unknown } | null {
  const def = procedure._def as unknown as { middlewares?: unknown; meta?: unknown; caller?: unknown };
  if (def.caller || !Array.isArray(def.middlewares) || def.middlewares.length === 0) return null;
  if (!def.middlewares.every((m) => typeof m === 'function')) return null;
  return { middlewares: def.middlewares as Middleware[], meta: def.meta };
}

/**
 * A function calling `procedure` at `path` with a context and a raw input, resolving to the
 * procedure's output or rejecting with its TRPCError, exactly as `procedure({path, ctx,
 * getRawInput, type})` would (see the file's comment).
 */
export function procedureInvoker(procedure: AnyProcedure, path: string): (ctx: Context, input: unknown) => Promise<unknown> {
  const type = procedure._def.type;
  const chain = chainOf(procedure);
  if (!chain) {
    return (ctx, input) => procedure({ path, ctx, getRawInput: resolved.bind(undefined, input), type, signal: undefined, batchIndex: 0 }) as Promise<unknown>;
  }
  const { middlewares, meta } = chain;

  async function step(index: number, carried: Carried): Promise<StepResult> {
    try {
      const middleware = middlewares[index];
      return await middleware({
        ctx: carried.ctx, type, path, input: carried.input, getRawInput: carried.getRawInput, meta, signal: undefined, batchIndex: 0,
        next: nextOf(index + 1, carried),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker };
    }
  }

  // Returned, not written as a property: esbuild's keepNames (tsx, the single binary) would name
  // a closure written in an object literal with a defineProperty on every call.
  function nextOf(index: number, carried: Carried): StepOptions['next'] {
    return (o) => step(index, {
      ctx: o?.ctx ? Object.assign({}, carried.ctx, o.ctx) : carried.ctx,
      input: o && 'input' in o ? o.input : carried.input,
      getRawInput: o?.getRawInput ?? carried.getRawInput,
    });
  }

  return async (ctx, input) => {
    const result = await step(0, { ctx: ctx as unknown as Record<string, unknown>, input: undefined, getRawInput: resolved.bind(undefined, input) });
    if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?' });
    if (!result.ok) throw result.error;
    return result.data;
  };
}

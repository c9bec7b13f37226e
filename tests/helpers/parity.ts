/**
 * Parity cases (design.md "One parity test per row calls both surfaces"): for a REST row, the
 * request to send and the tRPC call that must answer the same thing. Each domain keeps its cases
 * in `tests/integration/parity/<domain>.cases.ts`; `rest-parity.test.ts` runs them all and fails
 * for a REST row without a case.
 */
import { TRPCError } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router';
import type { BuiltApp } from '../../server/app';
import { describeError } from '../../server/trpc/init';

export type Caller = ReturnType<AppRouter['createCaller']>;

export interface ParityCase {
  /** URL below /caishui-api with its query string. */
  url: string;
  body?: unknown;
  /** The same call through tRPC. */
  trpc: (c: Caller) => Promise<unknown>;
  /** How the REST envelope holds the procedure's result. */
  pick: (envelope: Record<string, any>) => unknown;
  /** Keys whose values differ call to call (tokens, ids made by the call). */
  volatile?: string[];
  /** Send no token. */
  anonymous?: boolean;
  /**
   * Awaited after each surface's call, for a call whose effect ends after its answer (a job run
   * started and not awaited: its log row), so the next call and the next case see it finished.
   */
  settled?: (app: BuiltApp) => Promise<void>;
}

export const without = (o: Record<string, any>, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
/** The envelope's extra keys (AjaxResult without code and msg). */
export const extras = (e: Record<string, any>) => without(e, 'code', 'msg');
/** The envelope's `rows` and `total`. */
export const table = (e: Record<string, any>) => ({ rows: e.rows, total: e.total });
/** A call that may fail: its result, or `{error}` with the message the REST envelope carries. */
export const settle = (p: Promise<unknown>) =>
  p.then((v) => v, (e: Error) => ({ error: e instanceof TRPCError ? describeError(e).message : e.message }));

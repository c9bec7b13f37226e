/**
 * Every procedure whose REST reply reshapes its answer (envelope `ajax`: the answer's keys spread
 * over `{code, msg}`; `page`: `{total, rows}` turned into RuoYi's table + MyBatis-Plus page)
 * declares an output contract (`.output()`, server/trpc/output.ts), so what it answers is stated
 * and checked, not only implied by the envelope. The rows are the adapter's own walk of the app
 * router (server/rest/routes.ts), generated modules included; tRPC v11 keeps a procedure's output
 * parser in `_def.output` (set by the builder's `.output()`).
 *
 * Except the hot rows in HOT: tRPC runs an output contract as one more middleware (an await and
 * two object spreads per call), which took ~3 % of the server's CPU samples under a getInfo load
 * (`node --cpu-prof`, 2026-12-02: outputValidatorMiddleware + _objectSpread2), more than the
 * check is worth on a row every page load and every workflow start calls. Their answers are typed
 * by their handlers, and their REST replies are pinned by tests/integration/rest-parity.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/routes';
import type { RestRoute } from '../../server/rest/table';

const RESHAPED = new Set(['ajax', 'page']);

/** Procedures on the request path of every page load or workflow start (see the file comment). */
const HOT = new Set(['auth.getInfo', 'flowable.definition.start', 'flowable.instance.startBy']);

interface OutputParser { safeParse(v: unknown): { success: boolean } }

/** The output parser `.output()` put on the row's procedure, if any. */
const outputOf = (route: RestRoute) => (route.target._def as { output?: OutputParser }).output;

const name = (r: RestRoute) => `${r.method} ${r.path} (${r.procedure})`;

describe('REST rows with a reshaping envelope declare an output contract', () => {
  const rows = restRoutes.filter((r) => RESHAPED.has(r.envelope) && !HOT.has(r.procedure));

  it('the hot rows exist (a renamed one must leave HOT)', () => {
    expect([...HOT].filter((p) => !restRoutes.some((r) => r.procedure === p))).toEqual([]);
  });

  it('finds the ajax and page rows', () => {
    expect(rows.filter((r) => r.envelope === 'ajax').length).toBeGreaterThan(20);
    expect(rows.filter((r) => r.envelope === 'page').length).toBeGreaterThan(3);
  });

  it('every ajax / page row has an output parser', () => {
    expect(rows.filter((r) => outputOf(r) === undefined).map(name)).toEqual([]);
  });

  it("an ajax row's contract refuses answers the envelope cannot spread (a code key, an array, null)", () => {
    const bad = [{ code: 200, msg: 'x', data: 1 }, [], null, 'x'];
    const lax = rows.filter((r) => r.envelope === 'ajax' && bad.some((v) => outputOf(r)?.safeParse(v).success)).map(name);
    expect(lax).toEqual([]);
  });

  it("a page row's contract refuses a non-page answer", () => {
    const lax = rows.filter((r) => r.envelope === 'page' && [{}, [], null, { msg: 'x' }].some((v) => outputOf(r)?.safeParse(v).success)).map(name);
    expect(lax).toEqual([]);
  });
});

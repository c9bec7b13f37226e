/**
 * One parity case per REST row (design.md): the REST envelope carries what the tRPC procedure
 * answers for the same input. Cases live in `parity/<domain>.cases.ts`; a row without a case
 * fails the last test, so every new row brings its case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/routes';
import { generatedDomains } from '../../server/modules/generated';
import type { DomainManifest } from '../../server/modules/manifest';
import { appRouter } from '../../server/trpc/router';
import { createCallerFactory } from '../../server/trpc/init';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import type { ParityCase } from '../helpers/parity';
import { sessionCases } from './parity/session.cases';
import { systemPeopleCases } from './parity/system-people.cases';
import { jobsCases } from './parity/jobs.cases';
import { systemSettingsCases } from './parity/system-settings.cases';
import { monitorCases } from './parity/monitor.cases';
import { commonCases } from './parity/common.cases';
import { flowableCases } from './parity/flowable.cases';
import { toolCases } from './parity/tool.cases';

const cases: Record<string, ParityCase> = { ...sessionCases, ...systemPeopleCases, ...jobsCases, ...systemSettingsCases, ...monitorCases, ...commonCases, ...flowableCases, ...toolCases };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeTestApp();
  token = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const caller = (tok?: string) =>
  createCallerFactory(appRouter)({ deps: t.app.deps, token: tok, client: { ip: '127.0.0.1', userAgent: 'vitest' } });

const strip = (v: unknown, keys: string[] = []) => JSON.parse(JSON.stringify(v ?? null, (k, x) => (keys.includes(k) ? '<volatile>' : x)));

describe('REST ↔ tRPC parity', () => {
  for (const route of restRoutes) {
    const key = `${route.method} ${route.path}`;
    const c = cases[key];
    if (!c) continue;
    it(key, async () => {
      const tok = c.anonymous ? undefined : token;
      const rest = await call(t.app, route.method, c.url, tok, c.body);
      await c.settled?.(t.app);
      expect(rest.status).toBe(200);
      const direct = await c.trpc(caller(tok));
      await c.settled?.(t.app);
      expect(strip(c.pick(rest.body), c.volatile)).toEqual(strip(direct, c.volatile));
    });
  }

  it('has a case for every REST row', () => {
    // Modules written by the code generator carry their parity cases in their own test (tests/integration/<m>-<b>.test.ts).
    const generated = new Set<string>((generatedDomains as readonly DomainManifest[]).flatMap((d) => Object.keys(d.routers)));
    const missing = restRoutes.filter((r) => !generated.has(r.procedure.split('.')[0])).map((r) => `${r.method} ${r.path}`).filter((k) => !cases[k]);
    expect(missing).toEqual([]);
  });
});

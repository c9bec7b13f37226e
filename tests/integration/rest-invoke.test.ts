/**
 * The REST rows' procedure runner (server/rest/invoke.ts, issue 15) against tRPC's own
 * `procedure(opts)`: the same procedure with the same context and raw input gives the same
 * output, the same error (code, envelope code, message, kind of cause) and the same side effects
 * (one operation-log row per audited call), for each kind of procedure: session only, session +
 * input, permission refused, no session, bad input, a service's AppError, an audited write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyProcedure } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { count } from 'drizzle-orm';
import { appRouter } from '../../server/trpc/router';
import { describeError } from '../../server/trpc/init';
import type { Context } from '../../server/trpc/context';
import { procedureInvoker } from '../../server/rest/invoke';
import { sysOperLog } from '../../server/db/schema';
import { flushAudit } from '../../server/core/audit';
import { login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
let nobody: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  await makeUserWithPerms(t.app, 'invoke_nobody', []);
  nobody = await login(t.app, 'invoke_nobody');
});
afterAll(async () => { await t.app.close(); });

const ctxOf = (token?: string): Context => ({
  deps: t.app.deps, token, client: { ip: '127.0.0.1', userAgent: 'vitest' }, request: { method: 'POST', url: '/caishui-api/test' },
});
const procedure = (path: string) => (appRouter._def.procedures as unknown as Record<string, AnyProcedure>)[path];
const operLogs = async () => (await flushAudit(t.app.deps.store), firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysOperLog))!.n);

type Outcome = { ok: true; data: unknown } | { ok: false; code: string; appCode: number; message: string; cause: string | undefined };

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, data: JSON.parse(JSON.stringify(await run() ?? null)) };
  } catch (err) {
    expect(err).toBeInstanceOf(TRPCError);
    const e = err as TRPCError;
    const { appCode, message } = describeError(e);
    return { ok: false, code: e.code, appCode, message, cause: e.cause?.constructor.name };
  }
}

/** Both runners on `path` with the same token and input; returns tRPC's outcome after checking they agree. */
async function both(path: string, token: string | undefined, input: unknown): Promise<Outcome> {
  const p = procedure(path);
  const viaTrpc = await outcome(() => p({ path, ctx: ctxOf(token), getRawInput: async () => input, type: p._def.type, signal: undefined, batchIndex: 0 }));
  const viaRunner = await outcome(() => procedureInvoker(p, path)(ctxOf(token), input));
  expect(viaRunner).toEqual(viaTrpc);
  return viaTrpc;
}

describe('REST procedure runner ↔ tRPC procedure call', () => {
  it('session-only and session + input procedures answer the same data', async () => {
    const info = await both('auth.getInfo', admin, undefined);
    expect(info).toMatchObject({ ok: true, data: { user: { userName: 'admin' }, permissions: ['*:*:*'] } });
    const sex = await both('system.dict.data.byType', admin, { dictType: 'sys_user_sex' });
    expect(sex.ok && (sex.data as { dictValue: string }[]).map((d) => d.dictValue)).toEqual(['0', '1', '2']);
    const users = await both('system.user.list', admin, { pageNum: 1, pageSize: 2 });
    expect(users).toMatchObject({ ok: true, data: { total: 3 } });
  });

  it('no session, a refused permission and bad input fail alike', async () => {
    expect(await both('auth.getInfo', undefined, undefined)).toMatchObject({ ok: false, appCode: 401, message: '认证失败，无法访问系统资源' });
    expect(await both('auth.getInfo', 'not-a-token', undefined)).toMatchObject({ ok: false, appCode: 401 });
    expect(await both('system.user.list', nobody, { pageNum: 1 })).toMatchObject({ ok: false, appCode: 403, message: '没有权限，请联系管理员授权' });
    const bad = await both('system.dict.data.byType', admin, { dictType: 42 });
    expect(bad).toMatchObject({ ok: false, code: 'BAD_REQUEST', appCode: 500, cause: 'ZodError' });
    expect(await both('system.dict.data.byType', admin, { dictType: 'x', __proto__: { polluted: true }, constructor: 1 })).toMatchObject({ ok: false, appCode: 500 });
  });

  it('audited writes and their AppErrors: one operation-log row per call on either runner', async () => {
    const form = { configName: '调用测试', configKey: 'invoke.test', configValue: '1', configType: 'N' };
    const before = await operLogs();
    const p = procedure('system.config.add');
    const first = await outcome(() => procedureInvoker(p, 'system.config.add')(ctxOf(admin), form));
    expect(first.ok).toBe(true);
    expect(await operLogs()).toBe(before + 1);
    // The key is taken now: both runners refuse with the service's message and log the failure.
    const dup = await both('system.config.add', admin, form);
    expect(dup).toMatchObject({ ok: false, appCode: 500, message: "新增参数'调用测试'失败，参数键名已存在", cause: 'AppError' });
    expect(await operLogs()).toBe(before + 3);
    // A refused permission is logged too, alike.
    expect(await both('system.config.add', nobody, { ...form, configKey: 'invoke.other' })).toMatchObject({ ok: false, appCode: 403 });
    expect(await operLogs()).toBe(before + 5);
  });

  it('was written against the installed tRPC: an upgrade must re-read callRecursive first', () => {
    // server/rest/invoke.ts follows callRecursive of this version step by step; a new version may
    // pass other options or merge them differently. Re-read it, then move this pin with the pins of package.json.
    const installed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@trpc/server/package.json'), 'utf8')).version;
    expect(installed).toBe('11.22.1');
  });

  it('a procedure without a middleware chain of the known shape is called as tRPC calls it', async () => {
    const calls: unknown[] = [];
    const stub = Object.assign(async (opts: { path: string; getRawInput: () => Promise<unknown> }) => {
      calls.push([opts.path, await opts.getRawInput()]);
      return 'stub';
    }, { _def: { type: 'query', caller: () => 'override' } }) as unknown as AnyProcedure;
    expect(await procedureInvoker(stub, 'x.y')(ctxOf(admin), { a: 1 })).toBe('stub');
    expect(calls).toEqual([['x.y', { a: 1 }]]);
  });
});

/**
 * Write turns over HTTP (server/write-turns.ts, server/db/write-turn.ts; issue 15): the write
 * requests answered in one event-loop turn share one commit; an answer leaves only once its
 * turn committed (another process sees the row the moment the answer arrives); a turn whose
 * commit fails answers every held request with an error and keeps none of its writes.
 *
 * Driven through `system.config`, whose writes are still synchronous `db.transaction`s: write turns
 * carry only those (issue 43 moved `system.post`, this file's first subject, onto the async store,
 * whose own group commit server/db/store/sqlite.test.ts covers).
 */
import type Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/core/clock';
import { WRITE_TURN_FAILED } from '../../server/write-turns';
import { joinWriteTurn, pendingWriteTurn } from '../../server/db/write-turn';
import { flushAudit } from '../../server/core/audit';
import { createCallerFactory } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';
import { batchingClient, expectRefused } from '../helpers/trpc-client';
import { appsSharingOneFile, call, login, makeTestApp, type SharedFileApps, type TestApp } from '../helpers/app';

/** Counts the COMMIT statements run on `client` while `on` is set, and fails the next one when asked. */
function commitProbe(client: Database.Database) {
  const proto = Object.getPrototypeOf(client.prepare('SELECT 1')) as { run: (...args: unknown[]) => unknown };
  const run = proto.run;
  const probe = { commits: 0, failNext: false, restore: () => { proto.run = run; } };
  proto.run = function (this: { source: string; database: Database.Database }, ...args: unknown[]) {
    if (this.source === 'COMMIT' && this.database === client) {
      probe.commits++;
      if (probe.failNext) {
        probe.failNext = false;
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      }
    }
    return run.apply(this, args);
  };
  return probe;
}

let t: TestApp;
const operLogOf = (text: string) => t.app.deps.db.$client
  .prepare("SELECT status, title FROM sys_oper_log WHERE oper_param LIKE '%' || ? || '%'").all(text);
const configNames = (t: TestApp) =>
  (t.app.deps.db.$client.prepare('SELECT config_name AS n FROM sys_config ORDER BY config_id').all() as { n: string }[]).map((r) => r.n);

describe('one process', () => {
  let admin: string;
  let probe: ReturnType<typeof commitProbe>;
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app);
    probe = commitProbe(t.app.deps.db.$client);
  });
  afterEach(() => { probe.failNext = false; });
  afterAll(async () => {
    probe.restore();
    await t.app.close();
  });

  it('commits the mutations called in one turn once, each atomic on its own', async () => {
    // Three HTTP requests reach their procedures in one turn under load; callers with the HTTP
    // context's `writeTurns` do so deterministically (inject() spreads requests over turns).
    const caller = createCallerFactory(appRouter)({
      deps: t.app.deps, token: admin, client: { ip: '127.0.0.1', userAgent: 'vitest' }, request: { method: 'POST', url: '/caishui-api/system/config' }, writeTurns: true,
    });
    // The token's first check is jose's HMAC verify, which WebCrypto completes on the thread
    // pool: three first checks may come back in different turns. A read warms it (the session
    // cache then answers the token synchronously), so the three calls reach the turn together.
    await caller.system.config.list({ pageNum: 1, pageSize: 1 });
    const before = probe.commits;
    await Promise.all(['合并一', '合并二', '合并三'].map((configName, i) => caller.system.config.add({ configKey: `turn${i}`, configName, configValue: `${20 + i}` })));
    await pendingWriteTurn(t.app.deps.db);
    expect(probe.commits - before).toBe(1);
    expect(configNames(t)).toEqual(expect.arrayContaining(['合并一', '合并二', '合并三']));
    // A refused command inside a turn leaves the others' writes.
    const mixed = await Promise.allSettled([
      caller.system.config.add({ configKey: 'turn9', configName: '合并四', configValue: '29' }),
      caller.system.config.add({ configKey: 'turn0', configName: '合并五', configValue: '30' }),
    ]);
    expect(mixed[0].status).toBe('fulfilled');
    expect(mixed[1]).toMatchObject({ status: 'rejected', reason: { message: "新增参数'合并五'失败，参数键名已存在" } });
    await pendingWriteTurn(t.app.deps.db);
    expect(probe.commits - before).toBe(2);
    expect(configNames(t).filter((n) => n === '合并四')).toHaveLength(1);
    // Without `writeTurns` (a server-side caller) a mutation commits on its own at once.
    const plain = createCallerFactory(appRouter)({ deps: t.app.deps, token: admin, client: { ip: '127.0.0.1', userAgent: 'vitest' } });
    await plain.system.config.add({ configKey: 'alone', configName: '单独提交', configValue: '31' });
    expect(pendingWriteTurn(t.app.deps.db)).toBeUndefined();
    expect(probe.commits - before).toBe(3);
    flushAudit(t.app.deps.db); // its operation-log row, queued for the turn's end, is written now
    expect(probe.commits - before).toBe(4);
  });

  it('answers a write whose turn failed to commit with an error and keeps none of it', async () => {
    probe.failNext = true;
    const failed = await call(t.app, 'POST', '/system/config', admin, { configKey: 'lost', configName: '没保存', configValue: '40' });
    expect(failed).toEqual({ status: 200, body: { code: 500, msg: WRITE_TURN_FAILED } });
    expect(configNames(t)).not.toContain('没保存');
    // The operation-log row of the lost write went with it; the server goes on.
    flushAudit(t.app.deps.db);
    expect(operLogOf('没保存')).toEqual([]);
    const list = await call(t.app, 'GET', '/system/config/list?pageNum=1&pageSize=50', admin);
    expect(list.body.rows.map((r: { configName: string }) => r.configName)).not.toContain('没保存');
    const again = await call(t.app, 'POST', '/system/config', admin, { configKey: 'lost', configName: '没保存', configValue: '40' });
    expect(again.body.code).toBe(200);
    expect(configNames(t)).toContain('没保存');
    // The retried write's row is there once (the lost one was not written after the failure).
    expect(operLogOf('没保存')).toEqual([{ status: 0, title: '参数管理' }]);
  });

  it('turns a download held by a failed turn into the error, without its attachment headers', async () => {
    // A request's mutation keeps a turn open whenever the export answers: each turn this loop
    // opens spans the next poll phases and fails at its COMMIT.
    let open = true;
    const keepTurnOpen = () => {
      if (!open) return;
      if (!pendingWriteTurn(t.app.deps.db)) {
        probe.failNext = true;
        joinWriteTurn(t.app.deps.db);
      }
      setImmediate(keepTurnOpen);
    };
    keepTurnOpen();
    const exportConfigs = () => t.app.inject({
      method: 'POST', url: '/caishui-api/system/config/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pageNum=1&pageSize=10',
    });
    const held = await exportConfigs();
    open = false;
    await pendingWriteTurn(t.app.deps.db)?.catch(() => undefined);
    expect(held.statusCode).toBe(200);
    expect(held.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(held.headers['content-disposition']).toBeUndefined();
    expect(held.json()).toEqual({ code: 500, msg: WRITE_TURN_FAILED });
    // With no failing turn the same export is the file.
    probe.failNext = false;
    const file = await exportConfigs();
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="data_\d+\.xlsx"/);
    flushAudit(t.app.deps.db); // the export's operation-log row, queued outside a turn, is written now
  });

  it('answers a tRPC mutation whose turn failed with HTTP 500 and tRPC\'s error body', async () => {
    probe.failNext = true;
    const res = await t.app.inject({
      method: 'POST', url: '/caishui-api/trpc/system.config.add',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: { configKey: 'trpc', configName: '远程调用', configValue: '50' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { message: WRITE_TURN_FAILED, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'system.config.add', appCode: 500 } },
    });
    expect(configNames(t)).not.toContain('远程调用');
  });

  it('fails every call of a tRPC batch whose turn failed, as the browser\'s client reads errors', async () => {
    // The browser's link (client/src/lib/trpc.ts): signed-in calls go batched.
    const client = await batchingClient(t.app, admin);
    probe.failNext = true;
    const commitsBefore = probe.commits;
    const results = await Promise.allSettled([
      client.system.config.add.mutate({ configKey: 'batch1', configName: '批量一', configValue: '51' }),
      client.system.config.add.mutate({ configKey: 'batch2', configName: '批量二', configValue: '52' }),
    ]);
    expect(probe.commits - commitsBefore).toBe(1); // one request, one turn, its commit failed
    // What client/src/lib/request-error.ts shows: data.appCode and the message.
    for (const r of results) expect(expectRefused(r, WRITE_TURN_FAILED, 500).data?.path).toBe('system.config.add');
    expect(configNames(t)).not.toContain('批量一');
    expect(configNames(t)).not.toContain('批量二');
    // With no failing commit the same batch is kept.
    const kept = await Promise.all([
      client.system.config.add.mutate({ configKey: 'batch1', configName: '批量一', configValue: '51' }),
      client.system.config.add.mutate({ configKey: 'batch2', configName: '批量二', configValue: '52' }),
    ]);
    expect(kept).toHaveLength(2);
    expect(configNames(t)).toEqual(expect.arrayContaining(['批量一', '批量二']));
  });
});

describe('another process on the same file', () => {
  let s: SharedFileApps;
  beforeAll(async () => { s = await appsSharingOneFile(manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime())); });
  afterAll(() => s.close());

  it('sees a write as soon as its answer arrives', async () => {
    const token = await login(s.a);
    const answer = await call(s.a, 'POST', '/system/config', token, { configKey: 'seen', configName: '别处可见', configValue: '70' });
    expect(answer.body.code).toBe(200);
    expect(s.raw.prepare("SELECT config_name AS n FROM sys_config WHERE config_key = 'seen'").get()).toEqual({ n: '别处可见' });
    expect(s.a.deps.db.$client.inTransaction).toBe(false);
  });
});

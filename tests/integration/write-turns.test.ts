/**
 * Write turns over HTTP (server/write-turns.ts, server/db/write-turn.ts; issue 15): the write
 * requests answered in one event-loop turn share one commit; an answer leaves only once its
 * turn committed (another process sees the row the moment the answer arrives); a turn whose
 * commit fails answers every held request with an error and keeps none of its writes.
 *
 * Driven through `system.user.update` (user edits), whose write is still one synchronous
 * `db.transaction` with no await before it: write turns carry only such writes. Issue 43 moved this
 * file's earlier subjects onto the async store, whose own group commit server/db/store/sqlite.test.ts
 * covers: `system.post` first, then `system.config` (its add / edit / delete are store transactions
 * now). `system.user.add` would not do: it awaits the password hash before its transaction, so
 * three adds never reach one turn together. The assertions are those of the config version: three
 * edits in one turn, one refused (修改用户'x'失败，手机号码已存在) beside a kept one, a server-side
 * caller committing alone, a failed COMMIT answered over REST, a held export, tRPC and a batch.
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
import { makeUser } from '../helpers/factories';

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
const nickNames = (t: TestApp) =>
  (t.app.deps.db.$client.prepare('SELECT nick_name AS n FROM sys_user ORDER BY user_id').all() as { n: string }[]).map((r) => r.n);
/** The users this file edits, by name → id (made before the COMMIT probe is set). */
let ids: Record<string, number>;
/** An edit form of user `userName`: its new nickName (and other fields). */
const edit = (userName: string, nickName: string, more: { phonenumber?: string } = {}) => ({ userId: ids[userName], nickName, ...more });

describe('one process', () => {
  let admin: string;
  let probe: ReturnType<typeof commitProbe>;
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app);
    ids = Object.fromEntries(['wt0', 'wt1', 'wt2', 'wt9', 'wtalone', 'wtlost', 'wttrpc', 'wtbatch1', 'wtbatch2']
      .map((userName) => [userName, makeUser(t.app, { userName })]));
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
      deps: t.app.deps, token: admin, client: { ip: '127.0.0.1', userAgent: 'vitest' }, request: { method: 'POST', url: '/caishui-api/system/user/update' }, writeTurns: true,
    });
    // The token's first check is jose's HMAC verify, which WebCrypto completes on the thread
    // pool: three first checks may come back in different turns. A read warms it (the session
    // cache then answers the token synchronously), so the three calls reach the turn together.
    await caller.system.user.list({ pageNum: 1, pageSize: 1 });
    const before = probe.commits;
    await Promise.all([
      caller.system.user.update(edit('wt0', '合并一', { phonenumber: '13800000001' })),
      caller.system.user.update(edit('wt1', '合并二')),
      caller.system.user.update(edit('wt2', '合并三')),
    ]);
    await pendingWriteTurn(t.app.deps.db);
    expect(probe.commits - before).toBe(1);
    expect(nickNames(t)).toEqual(expect.arrayContaining(['合并一', '合并二', '合并三']));
    // A refused command inside a turn leaves the others' writes.
    const mixed = await Promise.allSettled([
      caller.system.user.update(edit('wt9', '合并四')),
      caller.system.user.update(edit('wt1', '合并五', { phonenumber: '13800000001' })),
    ]);
    expect(mixed[0].status).toBe('fulfilled');
    expect(mixed[1]).toMatchObject({ status: 'rejected', reason: { message: "修改用户'wt1'失败，手机号码已存在" } });
    await pendingWriteTurn(t.app.deps.db);
    expect(probe.commits - before).toBe(2);
    expect(nickNames(t).filter((n) => n === '合并四')).toHaveLength(1);
    expect(nickNames(t)).not.toContain('合并五');
    // Without `writeTurns` (a server-side caller) a mutation commits on its own at once.
    const plain = createCallerFactory(appRouter)({ deps: t.app.deps, token: admin, client: { ip: '127.0.0.1', userAgent: 'vitest' } });
    await plain.system.user.update(edit('wtalone', '单独提交'));
    expect(pendingWriteTurn(t.app.deps.db)).toBeUndefined();
    expect(probe.commits - before).toBe(3);
    flushAudit(t.app.deps.db); // its operation-log row, queued for the turn's end, is written now
    expect(probe.commits - before).toBe(4);
  });

  it('answers a write whose turn failed to commit with an error and keeps none of it', async () => {
    probe.failNext = true;
    const failed = await call(t.app, 'POST', '/system/user/update', admin, edit('wtlost', '没保存'));
    expect(failed).toEqual({ status: 200, body: { code: 500, msg: WRITE_TURN_FAILED } });
    expect(nickNames(t)).not.toContain('没保存');
    // The operation-log row of the lost write went with it; the server goes on.
    flushAudit(t.app.deps.db);
    expect(operLogOf('没保存')).toEqual([]);
    const list = await call(t.app, 'GET', '/system/user/list?pageNum=1&pageSize=50', admin);
    expect(list.body.rows.map((r: { nickName: string }) => r.nickName)).not.toContain('没保存');
    const again = await call(t.app, 'POST', '/system/user/update', admin, edit('wtlost', '没保存'));
    expect(again.body.code).toBe(200);
    expect(nickNames(t)).toContain('没保存');
    // The retried write's row is there once (the lost one was not written after the failure).
    expect(operLogOf('没保存')).toEqual([{ status: 0, title: '用户管理' }]);
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
    const exportUsers = () => t.app.inject({
      method: 'POST', url: '/caishui-api/system/user/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pageNum=1&pageSize=10',
    });
    const held = await exportUsers();
    open = false;
    await pendingWriteTurn(t.app.deps.db)?.catch(() => undefined);
    expect(held.statusCode).toBe(200);
    expect(held.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(held.headers['content-disposition']).toBeUndefined();
    expect(held.json()).toEqual({ code: 500, msg: WRITE_TURN_FAILED });
    // With no failing turn the same export is the file.
    probe.failNext = false;
    const file = await exportUsers();
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="data_\d+\.xlsx"/);
    flushAudit(t.app.deps.db); // the export's operation-log row, queued outside a turn, is written now
  });

  it('answers a tRPC mutation whose turn failed with HTTP 500 and tRPC\'s error body', async () => {
    probe.failNext = true;
    const res = await t.app.inject({
      method: 'POST', url: '/caishui-api/trpc/system.user.update',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: edit('wttrpc', '远程调用'),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { message: WRITE_TURN_FAILED, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'system.user.update', appCode: 500 } },
    });
    expect(nickNames(t)).not.toContain('远程调用');
  });

  it('fails every call of a tRPC batch whose turn failed, as the browser\'s client reads errors', async () => {
    // The browser's link (client/src/lib/trpc.ts): signed-in calls go batched.
    const client = await batchingClient(t.app, admin);
    probe.failNext = true;
    const commitsBefore = probe.commits;
    const results = await Promise.allSettled([
      client.system.user.update.mutate(edit('wtbatch1', '批量一')),
      client.system.user.update.mutate(edit('wtbatch2', '批量二')),
    ]);
    expect(probe.commits - commitsBefore).toBe(1); // one request, one turn, its commit failed
    // What client/src/lib/request-error.ts shows: data.appCode and the message.
    for (const r of results) expect(expectRefused(r, WRITE_TURN_FAILED, 500).data?.path).toBe('system.user.update');
    expect(nickNames(t)).not.toContain('批量一');
    expect(nickNames(t)).not.toContain('批量二');
    // With no failing commit the same batch is kept.
    const kept = await Promise.all([
      client.system.user.update.mutate(edit('wtbatch1', '批量一')),
      client.system.user.update.mutate(edit('wtbatch2', '批量二')),
    ]);
    expect(kept).toHaveLength(2);
    expect(nickNames(t)).toEqual(expect.arrayContaining(['批量一', '批量二']));
  });
});

describe('another process on the same file', () => {
  let s: SharedFileApps;
  beforeAll(async () => { s = await appsSharingOneFile(manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime())); });
  afterAll(() => s.close());

  it('sees a write as soon as its answer arrives', async () => {
    const token = await login(s.a);
    const answer = await call(s.a, 'POST', '/system/user/update', token, { userId: 2, nickName: '别处可见' });
    expect(answer.body.code).toBe(200);
    expect(s.raw.prepare('SELECT nick_name AS n FROM sys_user WHERE user_id = 2').get()).toEqual({ n: '别处可见' });
    expect(s.a.deps.db.$client.inTransaction).toBe(false);
  });
});

/**
 * The store's group commit over HTTP (server/db/store/sqlite.ts, issue 43; issue 15's write turns
 * moved inside the adapter): the mutations of requests made together commit in ONE COMMIT, each
 * atomic on its own (a savepoint: a refused one beside a kept one); an answer leaves only once its
 * write committed (another process sees the row the moment the answer arrives); a group whose
 * COMMIT fails answers each of its writes with an error (REST `{code: 500, msg}`, tRPC HTTP 500 with
 * appCode 500, one error per call of a batch: server/trpc/init.ts describeError) and keeps none of
 * their rows.
 *
 * Driven through `system.user.update` (a store transaction with no await but store statements).
 * COMMITs are seen by wrapping the connection's `exec` (the adapter runs BEGIN IMMEDIATE,
 * SAVEPOINT, ROLLBACK TO, RELEASE and COMMIT with it); at each COMMIT the probe reads, inside the
 * still open transaction, which of this file's nick names the group wrote (present now, not at the
 * previous successful COMMIT).
 *
 * Gone by design with the write turns: answers held for another request's commit (a download held
 * by a failed turn became the error), and the difference between HTTP callers (joined a turn) and
 * server-side callers (committed alone): every caller's transaction now resolves after its own
 * group's COMMIT.
 */
import type Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/core/clock';
import { COMMIT_FAILED_MESSAGE } from '../../server/answers';
import { flushAudit } from '../../server/core/audit';
import { batchingClient, expectRefused } from '../helpers/trpc-client';
import { appsSharingOneFile, call, login, makeTestApp, type SharedFileApps, type TestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';

/** What one group ran (its exec statements, BEGIN IMMEDIATE to COMMIT) and which watched nick names it wrote (held at its COMMIT, not committed before). */
interface Group { statements: string[]; names: string[] }

/**
 * Wraps `client.exec`: records each group, and fails (once) the COMMIT of the first group for
 * which `failIf(names)` holds, as a full disk would (SQLITE_IOERR).
 */
function commitProbe(client: Database.Database, watched: () => string[]) {
  const exec = client.exec;
  const names = client.prepare('SELECT nick_name AS n FROM sys_user');
  let current: string[] = [];
  /** The watched nick names committed so far. */
  let committed = new Set<string>();
  const probe = {
    groups: [] as Group[],
    failIf: undefined as undefined | ((names: string[]) => boolean),
    restore: () => { client.exec = exec; },
  };
  client.exec = function (this: Database.Database, sql: string) {
    if (sql === 'BEGIN IMMEDIATE') current = [];
    current.push(sql);
    if (sql !== 'COMMIT') return exec.call(this, sql);
    const watch = new Set(watched());
    const held = (names.all() as { n: string }[]).map((r) => r.n).filter((n) => watch.has(n));
    const written = held.filter((n) => !committed.has(n));
    probe.groups.push({ statements: current, names: written });
    if (probe.failIf?.(written)) {
      probe.failIf = undefined;
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    }
    const result = exec.call(this, sql);
    committed = new Set(held);
    return result;
  } as typeof client.exec;
  return probe;
}

let t: TestApp;
const operLogOf = (text: string) => t.app.deps.db!.$client
  .prepare("SELECT status, title, error_msg AS error FROM sys_oper_log WHERE oper_param LIKE '%' || ? || '%' ORDER BY oper_id").all(text);
const nickNames = () => (t.app.deps.db!.$client.prepare('SELECT nick_name AS n FROM sys_user').all() as { n: string }[]).map((r) => r.n);
/** The users this file edits, by name → id (made before the probe is set). */
let ids: Record<string, number>;
/** An edit form of user `userName`: its new nickName (and other fields). */
const edit = (userName: string, nickName: string, more: { phonenumber?: string } = {}) => ({ userId: ids[userName], nickName, ...more });
/** Every nick name this file writes (the probe reports these). */
const WATCHED = ['合并一改', '合并一', '合并二', '合并三', '合并四', '合并五', '没保存一', '没保存二', '读不到', '远程调用', '批量一', '批量二'];

describe('one process', () => {
  let admin: string;
  let probe: ReturnType<typeof commitProbe>;
  const update = (userName: string, nickName: string, more: { phonenumber?: string } = {}) =>
    call(t.app, 'POST', '/system/user/update', admin, edit(userName, nickName, more));
  /** One tRPC batch request of `system.user.update` calls (POST, `?batch=1`), over inject. */
  const batch = async (inputs: object[]) => {
    const res = await t.app.inject({
      method: 'POST', url: `/caishui-api/trpc/${inputs.map(() => 'system.user.update').join(',')}?batch=1`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: Object.fromEntries(inputs.map((input, i) => [String(i), input])),
    });
    return { status: res.statusCode, body: res.json() as any[] };
  };
  /** The groups since `from` that held any of `names` at their COMMIT. */
  const carrying = (from: number, ...names: string[]) => probe.groups.slice(from).filter((g) => g.names.some((n) => names.includes(n)));

  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app);
    ids = {};
    for (const userName of ['gc0', 'gc1', 'gc2', 'gc9', 'gclost1', 'gclost2', 'gcread', 'gctrpc', 'gcbatch1', 'gcbatch2']) ids[userName] = await makeUser(t.app, { userName });
    probe = commitProbe(t.app.deps.db!.$client, () => WATCHED);
    // The token's first check is jose's HMAC verify, which WebCrypto completes on the thread pool:
    // a read warms the session cache, which then answers the token at once.
    expect((await call(t.app, 'GET', '/system/user/list?pageNum=1&pageSize=1', admin)).body.code).toBe(200);
  });
  afterEach(() => { probe.failIf = undefined; });
  afterAll(async () => {
    probe.restore();
    await t.app.close();
  });

  it('commits the mutations called together in one COMMIT, each atomic on its own', async () => {
    // One tRPC batch (the browser's link sends the calls of one moment so): its calls reach the
    // store together. Separate requests each commit in their own group: each request's procedure
    // runs to its COMMIT within the event-loop callback that read it (the adapter's lingerTurns
    // is 0 in the app), so two REST requests made at once share no COMMIT.
    const from = probe.groups.length;
    const res = await batch([edit('gc0', '合并一', { phonenumber: '13800000001' }), edit('gc1', '合并二'), edit('gc2', '合并三')]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ result: {} }, { result: {} }, { result: {} }]);
    const groups = carrying(from, '合并一', '合并二', '合并三');
    expect(groups).toHaveLength(1);
    expect(groups[0].names).toEqual(expect.arrayContaining(['合并一', '合并二', '合并三']));
    expect(groups[0].statements.filter((s) => s.startsWith('SAVEPOINT'))).toHaveLength(3);
    expect(nickNames()).toEqual(expect.arrayContaining(['合并一', '合并二', '合并三']));

    // A refused mutation inside the group rolls back its own writes only; the others' stay.
    const mixedFrom = probe.groups.length;
    const mixed = await batch([edit('gc9', '合并四'), edit('gc1', '合并五', { phonenumber: '13800000001' })]);
    expect(mixed.body[0]).toEqual({ result: {} });
    expect(mixed.body[1].error).toMatchObject({ message: "修改用户'gc1'失败，手机号码已存在", data: { appCode: 500, path: 'system.user.update' } });
    const [group] = carrying(mixedFrom, '合并四');
    expect(group.names).not.toContain('合并五');
    expect(group.statements.filter((s) => s.startsWith('SAVEPOINT')).length).toBeGreaterThanOrEqual(2); // the refused one ran in the same group (others may join a lingering group)
    expect(group.statements.some((s) => s.startsWith('ROLLBACK TO'))).toBe(true);
    expect(nickNames().filter((n) => n === '合并四')).toHaveLength(1);
    expect(nickNames()).not.toContain('合并五');
    expect(nickNames()).toContain('合并二');
  });

  it('answers a REST write whose group COMMIT failed with code 500 and keeps none of it', async () => {
    probe.failIf = (names) => names.includes('没保存一');
    const failed = await update('gclost1', '没保存一');
    expect(failed).toEqual({ status: 200, body: { code: 500, msg: COMMIT_FAILED_MESSAGE } });
    expect(nickNames()).not.toContain('没保存一');
    // The operation log records the lost write as failed (its row is written after the answer, in a group of its own).
    await flushAudit(t.app.deps.store);
    expect(operLogOf('没保存一')).toEqual([{ status: 1, title: '用户管理', error: COMMIT_FAILED_MESSAGE }]);
    // The server goes on: reads do not show the lost row, and the same write is kept when retried.
    const list = await call(t.app, 'GET', '/system/user/list?pageNum=1&pageSize=50', admin);
    expect(list.body.rows.map((r: { nickName: string }) => r.nickName)).not.toContain('没保存一');
    const again = await update('gclost1', '没保存一');
    expect(again.body.code).toBe(200);
    expect(nickNames()).toContain('没保存一');
    await flushAudit(t.app.deps.store);
    expect(operLogOf('没保存一')).toEqual([
      { status: 1, title: '用户管理', error: COMMIT_FAILED_MESSAGE },
      { status: 0, title: '用户管理', error: '' },
    ]);
  });

  it('answers every write of a group whose COMMIT failed with an error: a batch sent over HTTP', async () => {
    const from = probe.groups.length;
    probe.failIf = (names) => names.includes('没保存二');
    const res = await batch([edit('gclost2', '没保存二'), edit('gc0', '合并一改')]);
    expect(carrying(from, '没保存二')).toHaveLength(1);
    expect(res.status).toBe(500);
    for (const [i, entry] of (res.body as { error: unknown }[]).entries()) {
      expect(entry, `call ${i}`).toEqual({
        error: { message: COMMIT_FAILED_MESSAGE, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'system.user.update', appCode: 500 } },
      });
    }
    expect(nickNames()).not.toContain('没保存二');
    expect(nickNames()).not.toContain('合并一改'); // the other write of the group is lost with it
    expect(nickNames()).toContain('合并一');
  });

  it('never answers a read made beside a failing group with that group\'s rows', async () => {
    // Issue 15 held every answer of a turn until it committed: a read that saw a lost write's rows
    // (the held export) became an error. Now nothing is held: a read outside a transaction must
    // see committed rows only. Two places where one runs beside another call's write: REST requests
    // made at once, and the calls of one tRPC batch (this export runs its reads while the update's
    // group is open, before the update's UPDATE). The store's own reads outside a transaction wait
    // for an open group (server/db/store/sqlite.test.ts); a Drizzle read on `store.db` made after
    // another call's write in the same open group still sees it (README "Group commit", known gap).
    probe.failIf = (names) => names.includes('读不到');
    const list = () => call(t.app, 'GET', '/system/user/list?pageNum=1&pageSize=100&userName=gcread', admin);
    const [write, ...reads] = await Promise.all([update('gcread', '读不到'), list(), list()]);
    expect(write.body).toEqual({ code: 500, msg: COMMIT_FAILED_MESSAGE });
    for (const r of reads) {
      expect(r.body.code).toBe(200);
      expect(r.body.rows.map((u: { nickName: string }) => u.nickName)).toEqual(['gcread']);
    }
    expect(nickNames()).not.toContain('读不到');

    probe.failIf = (names) => names.includes('读不到');
    const res = await t.app.inject({
      method: 'POST', url: '/caishui-api/trpc/system.user.update,system.user.export?batch=1',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: { 0: edit('gcread', '读不到'), 1: { userName: 'gcread' } },
    });
    const [lost, exported] = res.json() as [{ error?: { message: string } }, { result?: { data: { body: { data: number[] } } }; error?: { message: string } }];
    expect(lost.error?.message).toBe(COMMIT_FAILED_MESSAGE);
    expect(nickNames()).not.toContain('读不到');
    // The export, when it answers with the file, shows the committed nick name only.
    if (exported.result) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(exported.result.data.body.data) as unknown as ArrayBuffer);
      const nick: unknown[] = [];
      wb.worksheets[0].eachRow((row, i) => { if (i > 1) nick.push((row.values as unknown[])[3]); });
      expect(nick).toEqual(['gcread']);
    } else {
      expect(exported.error?.message).toBe(COMMIT_FAILED_MESSAGE);
    }
  });

  it('answers a tRPC mutation whose group COMMIT failed with HTTP 500 and tRPC\'s error body', async () => {
    probe.failIf = (names) => names.includes('远程调用');
    const res = await t.app.inject({
      method: 'POST', url: '/caishui-api/trpc/system.user.update',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: edit('gctrpc', '远程调用'),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { message: COMMIT_FAILED_MESSAGE, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'system.user.update', appCode: 500 } },
    });
    expect(nickNames()).not.toContain('远程调用');
  });

  it('fails every call of a tRPC batch whose group COMMIT failed, as the browser\'s client reads errors', async () => {
    // The browser's link (client/src/lib/trpc.ts): signed-in calls go batched.
    const client = await batchingClient(t.app, admin);
    const from = probe.groups.length;
    probe.failIf = (names) => names.includes('批量一') || names.includes('批量二');
    const results = await Promise.allSettled([
      client.system.user.update.mutate(edit('gcbatch1', '批量一')),
      client.system.user.update.mutate(edit('gcbatch2', '批量二')),
    ]);
    expect(carrying(from, '批量一', '批量二')).toHaveLength(1); // one request, one group, its COMMIT failed
    // What client/src/lib/request-error.ts shows: data.appCode and the message.
    for (const r of results) expect(expectRefused(r, COMMIT_FAILED_MESSAGE, 500).data?.path).toBe('system.user.update');
    expect(nickNames()).not.toContain('批量一');
    expect(nickNames()).not.toContain('批量二');
    // With no failing commit the same batch is kept, in one group again.
    const keptFrom = probe.groups.length;
    const kept = await Promise.all([
      client.system.user.update.mutate(edit('gcbatch1', '批量一')),
      client.system.user.update.mutate(edit('gcbatch2', '批量二')),
    ]);
    expect(kept).toHaveLength(2);
    expect(carrying(keptFrom, '批量一', '批量二')[0].names).toEqual(expect.arrayContaining(['批量一', '批量二']));
    expect(nickNames()).toEqual(expect.arrayContaining(['批量一', '批量二']));
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
    expect(s.a.deps.db!.$client.inTransaction).toBe(false);
  });
});

/**
 * The engine's instance cache and the store's group commit (issue 15, issue 43;
 * server/engine/store/instance-cache.ts, server/db/store/sqlite.ts): a task completion whose group
 * COMMIT failed answers COMMIT_FAILED_MESSAGE and leaves nothing cached (the failure moves
 * table-watch's forgetCount, the engine's cacheEpoch), so when another process then completes the
 * same task (bringing the instance to the revision the lost completion had), this process reads
 * the instance afresh and goes on from that process's state (verifyInstanceCache compares every
 * cache hit with a fresh load).
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualClock } from '../../server/core/clock';
import { COMMIT_FAILED_MESSAGE } from '../../server/answers';
import { forgetCount } from '../../server/db/table-watch';
import { appsSharingOneFile, call, login, type SharedFileApps } from '../helpers/app';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="cacheTurns" name="缓存与提交" isExecutable="true">
<startEvent id="start" name="开始"/>
<userTask id="a" name="甲" flowable:assignee="\${INITIATOR}"/>
<userTask id="b" name="乙" flowable:assignee="\${INITIATOR}"/>
<userTask id="c" name="丙" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end" name="结束"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
<sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
<sequenceFlow id="f3" sourceRef="b" targetRef="c"/>
<sequenceFlow id="f4" sourceRef="c" targetRef="end"/>
</process></definitions>`;

/** Fails the next COMMIT run on `client` (as a full disk would; the store commits its groups with `exec('COMMIT')`). */
function failNextCommit(client: Database.Database) {
  const exec = client.exec;
  client.exec = function (this: Database.Database, sql: string) {
    if (sql === 'COMMIT') {
      client.exec = exec;
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    }
    return exec.call(this, sql);
  } as typeof client.exec;
  return () => { client.exec = exec; };
}

let s: SharedFileApps;
beforeAll(async () => { s = await appsSharingOneFile(manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime())); });
afterAll(() => s.close());

// SQLite-only: two apps over one SQLite file, and a group COMMIT failed on the SQLite connection.
it('keeps no cached instance of a completion whose group COMMIT failed', async () => {
  const [ta, tb] = [await login(s.a), await login(s.b)];
  expect((await call(s.a, 'POST', '/flowable/definition/save', ta, { name: '缓存与提交', category: 'oa', xml: XML })).body).toMatchObject({ code: 200 });
  const defs = await call(s.a, 'GET', '/flowable/definition/list?pageNum=1&pageSize=10&name=缓存与提交', ta);
  const started = await call(s.a, 'POST', `/flowable/definition/start/${defs.body.rows[0].id}`, ta, {});
  const instanceId = String(started.body.data.instanceId);
  const taskOf = async (app: typeof s.a, token: string) => {
    const todo = await call(app, 'GET', '/flowable/task/todoList?pageNum=1&pageSize=50', token);
    return (todo.body.rows as { procInsId: string; taskId: string; taskName: string }[]).find((r) => r.procInsId === instanceId)!;
  };
  const first = await taskOf(s.a, ta);
  expect(first.taskName).toBe('甲');

  const forgotten = forgetCount(s.a.deps.db!);
  const restore = failNextCommit(s.a.deps.db!.$client);
  try {
    const lost = await call(s.a, 'POST', '/flowable/task/complete', ta, { taskId: first.taskId, instanceId, comment: '丢失' });
    expect(lost.body).toEqual({ code: 500, msg: COMMIT_FAILED_MESSAGE });
  } finally {
    restore();
  }
  expect(forgetCount(s.a.deps.db!)).toBe(forgotten + 1); // the instance cache empties at its next look
  // Nothing of the lost completion was kept: 甲 is still A's task, read afresh.
  expect((await taskOf(s.a, ta)).taskName).toBe('甲');
  // The other process completes 甲 for real: the instance now has the revision of the lost completion.
  expect((await call(s.b, 'POST', '/flowable/task/complete', tb, { taskId: first.taskId, instanceId, comment: '另一进程' })).body.code).toBe(200);
  const second = await taskOf(s.a, ta);
  expect(second.taskName).toBe('乙');
  const done = await call(s.a, 'POST', '/flowable/task/complete', ta, { taskId: second.taskId, instanceId, comment: '继续' });
  expect(done.body.code).toBe(200);
  expect((await taskOf(s.b, tb)).taskName).toBe('丙');
});

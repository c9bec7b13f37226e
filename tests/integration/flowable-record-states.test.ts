/**
 * Issue 40 §3 and §4 through REST (and the same procedures over tRPC): every comment of a task in
 * the flow record (抄送 before approving keeps the approval), 撤回 not shown as handled by the
 * assignee of the withdrawn task (已办任务, the record's 撤回 entry), 已办任务's 处理结果, no
 * current node on a finished instance in 我的流程, and the record's 发起 entry.
 *
 * Model: start → 填写申请 (${INITIATOR}) → 经理审批 (the admin) → end; `ry` starts it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../../server/db/schema';
import { useFlowableRest } from './flowable-rest';
import { firstRow } from '../../server/db/store/results';

const { s, get, post, deploy, start } = useFlowableRest();

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="record_states" name="记录流程" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始" flowable:initiator="INITIATOR"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <userTask id="apply" name="填写申请" flowable:assignee="\${INITIATOR}"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="manager"/>
    <userTask id="manager" name="经理审批" flowable:assignee="1"/>
    <sequenceFlow id="f3" sourceRef="manager" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

interface Entry {
  kind: string; taskId: string | null; taskName: string; createTime: string | null; assigneeName: string | null; deleteReason: string | null;
  comment: { type: string; comment: string } | null;
  comments: Array<{ type: string; typeName: string; message: string; userName: string | null; time: string | null }>;
  revoke: { userName: string | null; time: string | null; comment: string } | null;
}
interface Finished { procInsId: string; taskName: string; resultType: string | null; result: string | null }

let definitionId: string;
let ryNick: string;
let adminNick: string;
const nickOf = async (userName: string) => firstRow(await s.t.app.deps.store.db.select({ n: sysUser.nickName }).from(sysUser).where(eq(sysUser.userName, userName)).limit(1))!.n;
beforeAll(async () => {
  definitionId = (await deploy('记录流程', XML)).definitionId;
  ryNick = await nickOf('ry');
  adminNick = await nickOf('admin');
});

const taskOf = async (instanceId: string) => (await s.t.app.deps.engine.instanceTasks(instanceId))[0];
async function complete(instanceId: string, comment: string, tok = s.admin) {
  expect(await post('/flowable/task/complete', { taskId: (await taskOf(instanceId)).taskId, instanceId, comment }, tok)).toMatchObject({ code: 200 });
}
const record = async (instanceId: string, tok = s.admin) => (await get(`/flowable/task/flowRecord?procInsId=${instanceId}`, tok)).data.flowList as Entry[];
const finished = async (instanceId: string, tok: string) =>
  ((await get('/flowable/task/finishedList?pageNum=1&pageSize=100', tok)).rows as Finished[]).filter((r) => r.procInsId === instanceId);
/** A tRPC query over HTTP GET as the browser sends it: the result's data. */
async function trpc(path: string, input: unknown, tok: string) {
  const res = await s.t.app.inject({ url: `/caishui-api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { authorization: `Bearer ${tok}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data;
}

describe('the flow record keeps every comment of a task (issue 40 §3)', () => {
  it('抄送 before approving: both comments, in time order, with their type names and author', async () => {
    const id = await start(definitionId, {}, s.ry);
    await complete(id, '提交', s.ry);
    const taskId = (await taskOf(id)).taskId;
    expect(await post('/flowable/task/copy', { taskId, userIds: ['2'], comment: '请知悉' })).toMatchObject({ code: 200 });
    s.t.clock.advance(60_000);
    await complete(id, '经理同意');
    const entry = (await record(id, s.ry)).find((e) => e.taskId === taskId)!;
    expect(entry.comments.map((c) => [c.type, c.typeName, c.message, c.userName])).toEqual([
      ['8', '抄送意见', '请知悉', adminNick],
      ['1', '正常意见', '经理同意', adminNick],
    ]);
    expect(entry.comments[0].time! < entry.comments[1].time!).toBe(true);
    expect(entry.kind).toBe('task');
    // The same entry through the task screen's tRPC procedure.
    const viaTrpc = (await trpc('flowable.task.flowRecord', { procInsId: id }, s.ry)).flowList as Entry[];
    expect(viaTrpc.find((e) => e.taskId === taskId)!.comments.map((c) => c.message)).toEqual(['请知悉', '经理同意']);
  });
});

describe('withdraw and finished states (issue 40 §4)', () => {
  it('a withdrawn task is not handled by its assignee: not in their 已办任务, a 撤回 entry in the record', async () => {
    const id = await start(definitionId, {}, s.ry);
    await complete(id, '提交', s.ry);
    const withdrawn = (await taskOf(id)).taskId; // 经理审批, the admin's
    expect(await post('/flowable/task/revokeProcess', { instanceId: id, comment: '再改改' }, s.ry)).toMatchObject({ code: 200 });

    expect(await finished(id, s.admin)).toEqual([]);
    const viaTrpc = (await trpc('flowable.task.finishedList', { pageNum: 1, pageSize: 100 }, s.admin)).rows as Finished[];
    expect(viaTrpc.filter((r) => r.procInsId === id)).toEqual([]);

    const entry = (await record(id, s.ry)).find((e) => e.taskId === withdrawn)!;
    expect(entry).toMatchObject({ kind: 'revoked', revoke: { userName: ryNick, comment: '再改改', time: expect.any(String) } });
    // The initiator's own task that was taken back: 处理结果 撤回.
    expect((await finished(id, s.ry)).map((r) => [r.taskName, r.resultType, r.result])).toEqual([['填写申请', '7', '撤回']]);
  });

  it('已办任务 gives each handled task its 处理结果: 通过, 退回, 撤回', async () => {
    const id = await start(definitionId, {}, s.ry);
    await complete(id, '提交', s.ry);
    expect(await post('/flowable/task/revokeProcess', { instanceId: id }, s.ry)).toMatchObject({ code: 200 });
    s.t.clock.advance(60_000);
    await complete(id, '再次提交', s.ry);
    s.t.clock.advance(60_000);
    expect(await post('/flowable/task/return', { taskId: (await taskOf(id)).taskId, targetKey: 'apply', comment: '补材料' })).toMatchObject({ code: 200 });
    s.t.clock.advance(60_000);
    await complete(id, '补好了', s.ry);
    s.t.clock.advance(60_000);
    await complete(id, '同意');
    expect((await finished(id, s.ry)).map((r) => [r.taskName, r.result])).toEqual([['填写申请', '通过'], ['填写申请', '通过'], ['填写申请', '撤回']]);
    expect((await finished(id, s.admin)).map((r) => [r.taskName, r.resultType, r.result])).toEqual([['经理审批', '1', '通过'], ['经理审批', '2', '退回']]);
  });

  it('a finished instance has no current node in 我的流程; the record starts with 发起', async () => {
    const id = await start(definitionId, {}, s.ry);
    const running = (await get('/flowable/task/myProcess?pageNum=1&pageSize=100', s.ry)).rows.find((r: { procInsId: string }) => r.procInsId === id);
    expect(running).toMatchObject({ taskName: '填写申请', assigneeName: ryNick, finishTime: null });
    await complete(id, '提交', s.ry);
    await complete(id, '同意');
    const done = (await get('/flowable/task/myProcess?pageNum=1&pageSize=100', s.ry)).rows.find((r: { procInsId: string }) => r.procInsId === id);
    expect(done).toMatchObject({ finishTime: expect.any(String), taskName: null, assigneeId: null, assigneeName: null, assigneeDeptName: null });
    expect(done.taskId).toEqual(expect.any(String)); // the detail screen reads the form through it
    const viaTrpc = (await trpc('flowable.task.myProcess', { pageNum: 1, pageSize: 100 }, s.ry)).rows.find((r: { procInsId: string }) => r.procInsId === id);
    expect(viaTrpc).toMatchObject({ taskName: null, assigneeName: null });

    const list = await record(id, s.ry);
    const instance = await s.t.app.deps.engine.getInstance(id);
    expect(list.map((e) => e.kind)).toEqual(['task', 'task', 'start']);
    expect(list[2]).toMatchObject({
      taskId: null, taskName: '发起', assigneeName: ryNick, createTime: instance.startTime,
      comment: { type: '1', comment: `${ryNick}发起流程申请` },
      comments: [{ type: '1', typeName: '正常意见', message: `${ryNick}发起流程申请`, userName: ryNick }],
    });
  });
});

/**
 * One instance waiting twice for the same message, through REST (issue 39 §5): a reconciliation
 * (对账) whose two parallel branches both wait for 回款到账. Each POST /flowable/runtime/message
 * reaches the instance's oldest wait (Flowable's order) or the one the caller names by
 * `executionId` / `activityId`; the join passes after both, 归档 appears in the to-do list, the
 * flow record and the coloured diagram's completed nodes show the path. The access rules stay:
 * a stranger is answered as if nothing waited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { grantProcessStart, makeUser } from '../helpers/factories';

let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  tok.admin = await login(t.app);
  for (const name of ['applicant', 'stranger']) {
    const userId = await makeUser(t.app, { userName: name });
    if (name === 'applicant') await grantProcessStart(t.app, [userId]); // starts the process (issue 40)
    tok[name] = await login(t.app, name, 'admin123');
  }
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);
const todo = async (who: string, instanceId: string) => ((await get('/flowable/task/todoList?pageNum=1&pageSize=100', who)).rows as Array<{ procInsId: string; taskName: string; taskId: string }>)
  .filter((r) => r.procInsId === instanceId);
const waits = async (instanceId: string) => (await t.app.deps.engine.eventWaits({ instanceId })).subscriptions.map((s) => s.activityId);

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="caishui">
<message id="mPaid" name="paymentReceived"/>
<process id="reconcile" name="对账" isExecutable="true">
<startEvent id="start" name="start" flowable:initiator="INITIATOR"/>
<userTask id="submit" name="提交对账" flowable:assignee="\${INITIATOR}"/>
<parallelGateway id="fork" name="fork"/>
<intermediateCatchEvent id="waitBank" name="等待银行回款"><messageEventDefinition messageRef="mPaid"/></intermediateCatchEvent>
<intermediateCatchEvent id="waitLedger" name="等待台账回款"><messageEventDefinition messageRef="mPaid"/></intermediateCatchEvent>
<parallelGateway id="join" name="join"/>
<userTask id="archive" name="归档" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end" name="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="submit"/>
<sequenceFlow id="f2" sourceRef="submit" targetRef="fork"/>
<sequenceFlow id="f3" sourceRef="fork" targetRef="waitBank"/>
<sequenceFlow id="f4" sourceRef="fork" targetRef="waitLedger"/>
<sequenceFlow id="f5" sourceRef="waitBank" targetRef="join"/>
<sequenceFlow id="f6" sourceRef="waitLedger" targetRef="join"/>
<sequenceFlow id="f7" sourceRef="join" targetRef="archive"/>
<sequenceFlow id="f8" sourceRef="archive" targetRef="end"/>
</process></definitions>`;

describe('one instance waiting twice for one message (REST)', () => {
  let deploymentId = '';
  let definitionId = '';
  beforeAll(async () => {
    const r = await post('/flowable/definition/save', { name: '对账', category: 'finance', xml }, 'admin');
    expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
    ({ deploymentId, definitionId } = r.data as { deploymentId: string; definitionId: string });
  });

  /** Starts an instance as the applicant and completes 提交对账: the instance then waits twice. */
  async function startAndSubmit() {
    const started = await post(`/flowable/instance/startBy/${definitionId}`, {}, 'applicant');
    expect(started.code).toBe(200);
    const instanceId = started.data.instanceId as string;
    const [submit] = await todo('applicant', instanceId);
    expect(await post('/flowable/task/complete', { taskId: submit.taskId, comment: '提交' }, 'applicant')).toMatchObject({ code: 200 });
    expect(await waits(instanceId)).toEqual(['waitBank', 'waitLedger']);
    return instanceId;
  }

  it('each message reaches the oldest wait; after both the join passes and 归档 is in the to-do list', async () => {
    const instanceId = await startAndSubmit();
    const msg = { messageName: 'paymentReceived', instanceId };
    // issue 38 §7 kept: a stranger is told what he would be told if nothing waited
    expect(await post('/flowable/runtime/message', msg, 'stranger')).toEqual({ code: 500, msg: '没有等待消息 paymentReceived 的流程' });
    expect(await waits(instanceId)).toEqual(['waitBank', 'waitLedger']);
    expect(await post('/flowable/runtime/message', msg, 'applicant')).toEqual({ code: 200, msg: '操作成功', data: { instanceId, started: false } });
    expect(await waits(instanceId)).toEqual(['waitLedger']);
    expect(await todo('applicant', instanceId)).toEqual([]);
    expect(await post('/flowable/runtime/message', msg, 'applicant')).toEqual({ code: 200, msg: '操作成功', data: { instanceId, started: false } });
    expect(await waits(instanceId)).toEqual([]);
    expect((await todo('applicant', instanceId)).map((r) => r.taskName)).toEqual(['归档']);
    const rec = await get(`/flowable/task/flowRecord?procInsId=${instanceId}`, 'applicant');
    expect(rec.data.flowList.map((i: { taskName: string }) => i.taskName)).toEqual(['归档', '提交对账', '发起']);
    const diagram = await get(`/flowable/task/flowXmlAndNode?procInsId=${instanceId}&deployId=${deploymentId}`, 'applicant');
    const done = (diagram.data.nodeData as Array<{ key: string; completed: boolean }>).filter((n) => n.completed).map((n) => n.key);
    expect(done).toEqual(expect.arrayContaining(['submit', 'waitBank', 'waitLedger', 'join']));
    // nothing waits any more
    expect(await post('/flowable/runtime/message', msg, 'applicant')).toEqual({ code: 500, msg: '没有等待消息 paymentReceived 的流程' });
  });

  it('the caller names the wait by activity or by execution', async () => {
    const instanceId = await startAndSubmit();
    // by activity: the newer wait first
    expect(await post('/flowable/runtime/message', { messageName: 'paymentReceived', instanceId, activityId: 'waitLedger' }, 'applicant'))
      .toEqual({ code: 200, msg: '操作成功', data: { instanceId, started: false } });
    expect(await waits(instanceId)).toEqual(['waitBank']);
    // a wait that is not there: as if nothing waited
    expect(await post('/flowable/runtime/message', { messageName: 'paymentReceived', instanceId, activityId: 'waitLedger' }, 'applicant'))
      .toEqual({ code: 500, msg: '没有等待消息 paymentReceived 的流程' });
    const executionId = (await t.app.deps.engine.eventWaits({ instanceId })).subscriptions[0].executionId;
    expect(await post('/flowable/runtime/message', { messageName: 'paymentReceived', executionId }, 'stranger'))
      .toEqual({ code: 500, msg: '没有等待消息 paymentReceived 的流程' });
    expect(await post('/flowable/runtime/message', { messageName: 'paymentReceived', executionId }, 'applicant'))
      .toEqual({ code: 200, msg: '操作成功', data: { instanceId, started: false } });
    expect((await todo('applicant', instanceId)).map((r) => r.taskName)).toEqual(['归档']);
  });
});

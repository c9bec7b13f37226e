/**
 * The event-based gateway through REST (issue 39 item 8: "reply or time out"): a quotation
 * (报价) saved through the model save row waits for the customer's reply (a message) or 48 hours
 * (a timer), whichever comes first. The message over /flowable/runtime/message moves the instance
 * to 处理回复 and removes the timer; the scheduler tick past the due time moves another instance to
 * 跟进报价 and a late reply finds nothing waiting. To-do lists and the coloured diagram are read over REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, grantProcessStart } from '../helpers/factories';

const HOUR = 3_600_000;

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['seller', 'manager']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.seller]); // they start processes (issue 40)
  await signIn();
  await t.app.scheduler.start({ timers: false });
});
afterAll(async () => { await t.app.close(); });

/** Sessions expire when the clock moves past their timeout: sign everyone in again. */
async function signIn() {
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
}

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);
const todo = async (who: string, instanceId: string) => ((await get('/flowable/task/todoList?pageNum=1&pageSize=100', who)).rows as Array<{ procInsId: string; taskName: string; taskId: string }>)
  .filter((r) => r.procInsId === instanceId);

const quoteXml = () => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="caishui">
<message id="mReply" name="customerReply"/>
<process id="quotation" name="报价跟进" isExecutable="true">
<startEvent id="start" name="开始" flowable:initiator="INITIATOR"/>
<eventBasedGateway id="waitReply" name="等待回复或超时"/>
<intermediateCatchEvent id="reply" name="客户回复"><messageEventDefinition messageRef="mReply"/></intermediateCatchEvent>
<intermediateCatchEvent id="timeout" name="48小时未回复"><timerEventDefinition><timeDuration>PT48H</timeDuration></timerEventDefinition></intermediateCatchEvent>
<userTask id="handle" name="处理回复" flowable:assignee="\${INITIATOR}"/>
<userTask id="followUp" name="跟进报价" flowable:assignee="${id.manager}"/>
<endEvent id="end" name="结束"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="waitReply"/>
<sequenceFlow id="f2" sourceRef="waitReply" targetRef="reply"/>
<sequenceFlow id="f3" sourceRef="waitReply" targetRef="timeout"/>
<sequenceFlow id="f4" sourceRef="reply" targetRef="handle"/>
<sequenceFlow id="f5" sourceRef="timeout" targetRef="followUp"/>
<sequenceFlow id="f6" sourceRef="handle" targetRef="end"/>
<sequenceFlow id="f7" sourceRef="followUp" targetRef="end"/>
</process></definitions>`;

describe('an event-based gateway: the customer replies or the quotation times out', () => {
  let definitionId: string;
  beforeAll(async () => {
    const r = await post('/flowable/definition/save', { name: '报价跟进', category: 'oa', xml: quoteXml() }, 'admin');
    expect(r, JSON.stringify(r)).toMatchObject({ code: 200, msg: '导入成功' });
    definitionId = r.data.definitionId;
  });
  const start = async () => {
    const r = await post(`/flowable/instance/startBy/${definitionId}`, {}, 'seller');
    expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
    return r.data.instanceId as string;
  };

  it('the reply comes first: 处理回复 for the seller, the timer is gone, the instance ends on completion', async () => {
    const instanceId = await start();
    expect(await todo('seller', instanceId)).toEqual([]);
    expect((await t.app.deps.engine.eventWaits({ instanceId })).timers.map((x) => x.activityId)).toEqual(['timeout']);
    expect(await post('/flowable/runtime/message', { messageName: 'customerReply', instanceId }, 'seller'))
      .toEqual({ code: 200, msg: '操作成功', data: { instanceId, started: false } });
    expect(await t.app.deps.engine.eventWaits({ instanceId })).toMatchObject({ timers: [], subscriptions: [] });
    const rows = await todo('seller', instanceId);
    expect(rows.map((x) => x.taskName)).toEqual(['处理回复']);
    expect(await todo('manager', instanceId)).toEqual([]);
    // The coloured diagram: the gateway and the reply passed, 处理回复 open, the cancelled timer not coloured.
    const viewer = await get(`/flowable/task/flowViewer/${instanceId}/x`, 'seller');
    const nodes = Object.fromEntries((viewer.data as Array<{ key: string; completed: boolean }>).map((n) => [n.key, n.completed]));
    expect(nodes).toMatchObject({ start: true, waitReply: true, reply: true, handle: false });
    expect(nodes).not.toHaveProperty('timeout');
    expect(await post('/flowable/task/complete', { taskId: rows[0].taskId, instanceId, comment: '已回复' }, 'seller')).toMatchObject({ code: 200 });
    expect((await t.app.deps.engine.getInstance(instanceId)).endTime).not.toBeNull();
  });

  it('nobody replies for 48 hours: the scheduler moves it to 跟进报价; a late reply finds nothing waiting', async () => {
    const instanceId = await start();
    t.clock.advance(48 * HOUR + 1000);
    await t.app.scheduler.tick(t.clock.now());
    await signIn();
    expect((await todo('manager', instanceId)).map((x) => x.taskName)).toEqual(['跟进报价']);
    expect(await todo('seller', instanceId)).toEqual([]);
    expect(await t.app.deps.engine.eventWaits({ instanceId })).toMatchObject({ timers: [], subscriptions: [] });
    expect(await post('/flowable/runtime/message', { messageName: 'customerReply', instanceId }, 'seller'))
      .toEqual({ code: 500, msg: '没有等待消息 customerReply 的流程' });
  });
});

/**
 * Timers, messages, signals and receive tasks through REST and the scheduler (issue 13 part B):
 * an expense claim (报销) whose approval escalates after PT1H when the scheduler ticks; message
 * correlation into a running instance and a message start; signal broadcast (admin only for all
 * instances); receive-task trigger refused to non-participants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, testDatabaseUrl, type TestApp } from '../helpers/app';
import { makeUser, grantProcessStart } from '../helpers/factories';
import { JobScheduler } from '../../server/modules/monitor/job/scheduler';
import { buildApp } from '../../server/app';

const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };
const HOUR = 3_600_000;

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['applicant', 'approver1', 'approver2', 'stranger']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.applicant, id.stranger]); // they start processes (issue 40)
  await signIn();
  await t.app.scheduler.start({ timers: false });
});

/** Sessions expire when the clock moves past their timeout: sign everyone in again. */
async function signIn() {
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
}
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);
const todo = async (who: string) => ((await get('/flowable/task/todoList?pageNum=1&pageSize=100', who)).rows as Array<{ procInsId: string; taskName: string }>);

const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="caishui">`;

const expenseXml = () => `${head}
<process id="expense" name="报销" isExecutable="true">
<startEvent id="start" name="start" flowable:initiator="INITIATOR"/>
<userTask id="approve" name="报销审批" flowable:assignee="${id.approver1}"/>
<boundaryEvent id="overdue" name="超时升级" attachedToRef="approve" cancelActivity="true">
  <timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>
</boundaryEvent>
<userTask id="escalated" name="报销升级审批" flowable:assignee="${id.approver2}"/>
<endEvent id="end" name="end"/><endEvent id="end2" name="end2"/>
<sequenceFlow id="f1" name="f1" sourceRef="start" targetRef="approve"/>
<sequenceFlow id="f2" name="f2" sourceRef="approve" targetRef="end"/>
<sequenceFlow id="f3" name="f3" sourceRef="overdue" targetRef="escalated"/>
<sequenceFlow id="f4" name="f4" sourceRef="escalated" targetRef="end2"/>
</process></definitions>`;

const eventsXml = `${head}
<message id="mPaid" name="invoicePaid"/><message id="mNew" name="newClaim"/><signal id="sClose" name="monthClose"/>
<process id="invoice" name="发票" isExecutable="true">
<startEvent id="start" name="start"/>
<parallelGateway id="fork" name="fork"/>
<intermediateCatchEvent id="waitPaid" name="waitPaid"><messageEventDefinition messageRef="mPaid"/></intermediateCatchEvent>
<intermediateCatchEvent id="waitClose" name="waitClose"><signalEventDefinition signalRef="sClose"/></intermediateCatchEvent>
<receiveTask id="waitBank" name="等待银行回单"/>
<userTask id="archive" name="归档" flowable:assignee="\${INITIATOR}"/>
<parallelGateway id="join" name="join"/>
<endEvent id="end" name="end"/>
<sequenceFlow id="f1" name="f1" sourceRef="start" targetRef="fork"/>
<sequenceFlow id="f2" name="f2" sourceRef="fork" targetRef="waitPaid"/>
<sequenceFlow id="f3" name="f3" sourceRef="fork" targetRef="waitClose"/>
<sequenceFlow id="f4" name="f4" sourceRef="fork" targetRef="waitBank"/>
<sequenceFlow id="f5" name="f5" sourceRef="waitPaid" targetRef="join"/>
<sequenceFlow id="f6" name="f6" sourceRef="waitClose" targetRef="join"/>
<sequenceFlow id="f7" name="f7" sourceRef="waitBank" targetRef="join"/>
<sequenceFlow id="f8" name="f8" sourceRef="join" targetRef="archive"/>
<sequenceFlow id="f9" name="f9" sourceRef="archive" targetRef="end"/>
</process></definitions>`;

const claimXml = `${head}
<message id="mNew" name="newClaim"/>
<process id="claimByMessage" name="消息报销" isExecutable="true">
<startEvent id="msgStart" name="msgStart"><messageEventDefinition messageRef="mNew"/></startEvent>
<userTask id="fill" name="填写报销单" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end" name="end"/>
<sequenceFlow id="f1" name="f1" sourceRef="msgStart" targetRef="fill"/>
<sequenceFlow id="f2" name="f2" sourceRef="fill" targetRef="end"/>
</process></definitions>`;

async function deploy(xml: string, name: string) {
  const r = await post('/flowable/definition/save', { name, category: 'finance', xml }, 'admin');
  expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
  return r.data as { deploymentId: string; definitionId: string };
}

describe('an expense approval escalated by a timer boundary', () => {
  it('after the due time, the scheduler tick moves the task from the first approver to the second', async () => {
    const d = await deploy(expenseXml(), '报销');
    const started = await post(`/flowable/instance/startBy/${d.definitionId}`, { amount: 800 }, 'applicant');
    expect(started.code).toBe(200);
    const instanceId = started.data.instanceId as string;
    expect((await todo('approver1')).filter((r) => r.procInsId === instanceId).map((r) => r.taskName)).toEqual(['报销审批']);
    expect((await todo('approver2')).filter((r) => r.procInsId === instanceId)).toEqual([]);
    // Not yet due: nothing moves.
    t.clock.advance(HOUR - 1000);
    await t.app.scheduler.tick(t.clock.now());
    await signIn();
    expect((await todo('approver1')).filter((r) => r.procInsId === instanceId)).toHaveLength(1);
    t.clock.advance(2000);
    await t.app.scheduler.tick(t.clock.now());
    await signIn();
    expect((await todo('approver1')).filter((r) => r.procInsId === instanceId)).toEqual([]);
    expect((await todo('approver2')).filter((r) => r.procInsId === instanceId).map((r) => r.taskName)).toEqual(['报销升级审批']);
    expect((await t.app.deps.engine.eventWaits({ instanceId })).timers).toEqual([]);
  });
});

describe('messages, signals and receive tasks over REST', () => {
  let instanceId: string;
  beforeAll(async () => {
    const d = await deploy(eventsXml, '发票');
    instanceId = (await post(`/flowable/instance/startBy/${d.definitionId}`, {}, 'applicant')).data.instanceId;
  });

  it('a message into a running instance: a participant may, a stranger may not', async () => {
    // issue 38 §7: a stranger is told what he would be told if nothing waited (no 403 oracle)
    expect(await post('/flowable/runtime/message', { messageName: 'invoicePaid', instanceId }, 'stranger')).toEqual({ code: 500, msg: '没有等待消息 invoicePaid 的流程' });
    expect(await post('/flowable/runtime/message', { messageName: 'invoicePaid', instanceId, variables: { paidAt: '2026-11-22' } }, 'applicant'))
      .toEqual({ code: 200, msg: '操作成功', data: { instanceId, started: false } });
    // issue 38 §4: the model reads no `paidAt` and the process has no form, so the key is not stored
    expect(await t.app.deps.engine.variables({ instanceId })).not.toHaveProperty('paidAt');
    expect(await post('/flowable/runtime/message', { messageName: 'invoicePaid', instanceId }, 'applicant')).toEqual({ code: 500, msg: '没有等待消息 invoicePaid 的流程' });
    expect((await post('/flowable/runtime/message', { instanceId }, 'applicant')).msg).toContain('消息名称不能为空');
  });

  it('a signal to all instances is for system:deployment:edit only; to one instance for its participants', async () => {
    expect(await post('/flowable/runtime/signal', { signalName: 'monthClose' }, 'stranger')).toEqual(FORBIDDEN);
    expect(await post('/flowable/runtime/signal', { signalName: 'monthClose', instanceId }, 'stranger')).toEqual(FORBIDDEN);
    expect(await post('/flowable/runtime/signal', { signalName: 'monthClose' }, 'admin')).toEqual({ code: 200, msg: '操作成功', data: { triggered: 1, started: [] } });
    expect((await t.app.deps.engine.eventWaits({ instanceId })).subscriptions).toEqual([]);
  });

  it('a receive task trigger: refused to a non-participant, done by the initiator', async () => {
    expect(await post('/flowable/runtime/trigger', { instanceId, activityId: 'waitBank' }, 'stranger')).toEqual(FORBIDDEN);
    expect((await post('/flowable/runtime/trigger', { instanceId }, 'applicant')).msg).toContain('执行ID或节点ID不能为空');
    const r = await post('/flowable/runtime/trigger', { instanceId, activityId: 'waitBank' }, 'applicant');
    expect(r).toMatchObject({ code: 200, data: { ended: false, tasks: [{ name: '归档', assignee: String(id.applicant) }] } });
    expect((await todo('applicant')).filter((x) => x.procInsId === instanceId).map((x) => x.taskName)).toEqual(['归档']);
  });

  it('a message start event: any signed-in user may start the process; they are its initiator', async () => {
    await deploy(claimXml, '消息报销');
    const r = await post('/flowable/runtime/message', { messageName: 'newClaim', businessKey: 'BX-001' }, 'stranger');
    expect(r).toMatchObject({ code: 200, data: { started: true } });
    const inst = await t.app.deps.engine.getInstance(r.data.instanceId);
    expect(inst).toMatchObject({ businessKey: 'BX-001', startUserId: String(id.stranger) });
    expect((await todo('stranger')).map((x) => x.taskName)).toEqual(['填写报销单']);
  });
});

describe('the scheduler\'s fine poll', () => {
  it('runs a tick handler once its next due time has come, and not again (timers on)', async () => {
    const clock = { now: () => Date.now() };
    // No sync pass in the test's time (every full pass ticks each handler, due or not).
    const scheduler = new JobScheduler({ store: t.app.deps.store, clock }, { syncIntervalMs: 3_600_000 });
    const seen: number[] = [];
    let due: number | null = null;
    scheduler.addTickHandler({ tick: (now) => { seen.push(now); due = null; }, nextDue: () => due });
    await scheduler.start({ timers: true });
    const afterStart = seen.length; // the first tick runs every handler once
    const dueAt = Date.now() + 300;
    due = dueAt;
    // Effects, not wall-clock bounds (issue 42): the poll ticks the handler once its due time has
    // come, with a `now` at or past it, and not again once it answers null.
    await expect.poll(() => seen.length, { timeout: 15_000, interval: 50 }).toBe(2);
    const ticks = seen.length;
    await new Promise((r) => setTimeout(r, 1200));
    await scheduler.stop();
    expect(afterStart).toBe(1);
    expect(seen.length).toBe(ticks);
    expect(seen[1]).toBeGreaterThanOrEqual(dueAt);
  });
});

describe('real time', () => {
  it('a started app fires a PT2S catch timer by itself, not before its due time', async () => {
    const app = await buildApp({
      rawEnv: {}, logger: false,
      env: { DATABASE_URL: await testDatabaseUrl(), CAPTCHA_ENABLED: false, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef' },
    });
    try {
      const d = await app.deps.engine.deploy({ xml: `${head}
<process id="shortWait" name="短等待" isExecutable="true">
<startEvent id="start"/>
<intermediateCatchEvent id="wait"><timerEventDefinition><timeDuration>PT2S</timeDuration></timerEventDefinition></intermediateCatchEvent>
<userTask id="after" name="等待之后" flowable:assignee="1"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>
<sequenceFlow id="f2" sourceRef="wait" targetRef="after"/>
<sequenceFlow id="f3" sourceRef="after" targetRef="end"/>
</process></definitions>` });
      await app.scheduler.start();
      const { instanceId } = await app.deps.engine.start({ definitionId: d.definitionId, userId: '1' });
      const due = (await app.deps.engine.eventWaits({ instanceId })).timers[0].dueTime;
      // Effects, not wall-clock bounds (issue 42): the timer fires by itself, and not before its
      // due time (the task it creates is stamped at or after it).
      await expect.poll(async () => (await app.deps.engine.instanceTasks(instanceId)).map((x) => x.name), { timeout: 15_000, interval: 100 }).toEqual(['等待之后']);
      const created = (await app.deps.store.get<{ createTime: number }>('SELECT create_time AS "createTime" FROM wf_task WHERE instance_id = ?', [instanceId]))!.createTime;
      expect(created).toBeGreaterThanOrEqual(due);
    } finally {
      await app.close();
    }
  }, 30_000);
});

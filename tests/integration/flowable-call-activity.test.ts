/**
 * A call activity through REST (issue 13 "Done means": a call activity whose child finishes and
 * returns its variables). The parent 采购申请 calls the child 财务复核 by key with `flowable:in`
 * (amount → checkAmount) and `flowable:out` (verdict → financeVerdict, checkAmount → checkedAmount);
 * the child's task reaches the finance user's to-do list, completing it over REST ends the child
 * and moves the parent on with the returned variables; the parent's variables show them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, grantProcessStart } from '../helpers/factories';

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['buyer', 'finance', 'boss']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.buyer]); // they start processes (issue 40)
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);
const todo = async (who: string) =>
  ((await get('/flowable/task/todoList?pageNum=1&pageSize=100', who)).rows as Array<{ taskId: string; procInsId: string; taskName: string }>);

const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="caishui">`;

const childXml = () => `${head}
<process id="financeCheck" name="财务复核" isExecutable="true">
<startEvent id="cStart" name="开始"/>
<userTask id="check" name="财务复核金额" flowable:assignee="${id.finance}"/>
<endEvent id="cEnd" name="结束"/>
<sequenceFlow id="c1" sourceRef="cStart" targetRef="check"/>
<sequenceFlow id="c2" sourceRef="check" targetRef="cEnd"/>
</process></definitions>`;

const parentXml = () => `${head}
<process id="purchase" name="采购申请" isExecutable="true">
<startEvent id="start" name="开始" flowable:initiator="INITIATOR"/>
<callActivity id="callCheck" name="调用财务复核" calledElement="financeCheck">
  <extensionElements>
    <flowable:in source="amount" target="checkAmount"/>
    <flowable:out source="verdict" target="financeVerdict"/>
    <flowable:out source="checkAmount" target="checkedAmount"/>
  </extensionElements>
</callActivity>
<exclusiveGateway id="xor" name="复核结论" default="toReject"/>
<userTask id="approve" name="总经理审批" flowable:assignee="${id.boss}"/>
<userTask id="rework" name="修改申请" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end" name="结束"/><endEvent id="end2" name="结束2"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="callCheck"/>
<sequenceFlow id="f2" sourceRef="callCheck" targetRef="xor"/>
<sequenceFlow id="f3" sourceRef="xor" targetRef="approve"><conditionExpression xsi:type="tFormalExpression">\${financeVerdict == 'ok'}</conditionExpression></sequenceFlow>
<sequenceFlow id="toReject" sourceRef="xor" targetRef="rework"/>
<sequenceFlow id="f4" sourceRef="approve" targetRef="end"/>
<sequenceFlow id="f5" sourceRef="rework" targetRef="end2"/>
</process></definitions>`;

async function deploy(name: string, xml: string) {
  const r = await post('/flowable/definition/save', { name, category: 'oa', xml }, 'admin');
  expect(r).toMatchObject({ code: 200, msg: '导入成功' });
  return r.data as { definitionId: string; deploymentId: string };
}

describe('call activity over REST', () => {
  it('the child runs with the in-mapped variables, its completion returns the out-mapped ones to the parent', async () => {
    await deploy('财务复核', childXml());
    const parent = await deploy('采购申请', parentXml());
    const started = await post(`/flowable/definition/start/${parent.definitionId}`, { amount: 8800, secret: 'parent-only' }, 'buyer');
    expect(started).toMatchObject({ code: 200, msg: '流程启动成功' });
    const parentId = started.data.instanceId as string;

    // The child's task is the finance user's; it belongs to another instance than the parent.
    const childTask = (await todo('finance')).find((r) => r.taskName === '财务复核金额');
    expect(childTask).toBeDefined();
    expect(childTask!.procInsId).not.toBe(parentId);
    expect(await todo('boss')).toEqual([]);

    // The child sees only what `in` passed: checkAmount, not the parent's other variables.
    const childVars = await get(`/flowable/task/processVariables/${childTask!.taskId}`, 'finance');
    expect(childVars.code).toBe(200);
    expect(childVars.data).toMatchObject({ checkAmount: 8800 });
    expect(childVars.data).not.toHaveProperty('secret');
    expect(childVars.data).not.toHaveProperty('amount');

    // Completing the child's only task ends it; the parent continues with verdict → financeVerdict.
    const done = await post('/flowable/task/complete', { taskId: childTask!.taskId, comment: '金额无误', variables: { verdict: 'ok' } }, 'finance');
    expect(done).toMatchObject({ code: 200 });
    expect((await todo('finance')).filter((r) => r.taskName === '财务复核金额')).toEqual([]);
    const next = (await todo('boss')).find((r) => r.procInsId === parentId);
    expect(next?.taskName).toBe('总经理审批');

    const parentVars = await get(`/flowable/task/processVariables/${next!.taskId}`, 'boss');
    expect(parentVars.data).toMatchObject({ amount: 8800, financeVerdict: 'ok', checkedAmount: 8800 });
    expect(parentVars.data).not.toHaveProperty('verdict');
  });

  it('another verdict takes the other branch (the out variable drives the parent gateway)', async () => {
    const list = await get('/flowable/definition/list?pageNum=1&pageSize=50&name=采购申请', 'admin');
    const defId = (list.rows as Array<{ id: string; key: string }>).find((r) => r.key === 'purchase')!.id;
    const started = await post(`/flowable/definition/start/${defId}`, { amount: 120 }, 'buyer');
    const parentId = started.data.instanceId as string;
    const childTask = (await todo('finance')).find((r) => r.taskName === '财务复核金额')!;
    await post('/flowable/task/complete', { taskId: childTask.taskId, comment: '退回', variables: { verdict: 'no' } }, 'finance');
    const rework = (await todo('buyer')).find((r) => r.procInsId === parentId);
    expect(rework?.taskName).toBe('修改申请');
  });

  it('a user with no part in either instance cannot read the child task variables', async () => {
    const list = await get('/flowable/definition/list?pageNum=1&pageSize=50&name=采购申请', 'admin');
    const defId = (list.rows as Array<{ id: string; key: string }>).find((r) => r.key === 'purchase')!.id;
    await post(`/flowable/definition/start/${defId}`, { amount: 5 }, 'buyer');
    const childTask = (await todo('finance')).find((r) => r.taskName === '财务复核金额')!;
    const r = await get(`/flowable/task/processVariables/${childTask.taskId}`, 'boss');
    expect(r.code).not.toBe(200);
  });
});

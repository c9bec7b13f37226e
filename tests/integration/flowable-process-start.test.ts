/**
 * Issue 40 §1 and §2, over REST on a fresh in-memory install:
 * - starting a process is its own permission `flowable:process:start` (button 发起 under 我的流程,
 *   seeded to role 2): the seeded `ry` starts without any role change; a user without it gets 403
 *   on every start row (definition/start, instance/startBy, the start screen's startFlow and
 *   nextFlowNodeByStart, a message start), and `system:deployment:add` alone does not start;
 * - the form named on the start event (`flowable:formKey` = a stored form id) is the deployment's
 *   main form on deploy: the definition list, startFlow and flowFormData show it, 配置主表单 changes
 *   it while no instance runs on that version;
 * - startFlow names the variables the model's conditions read, so the start screen can warn before
 *   a start without form data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';

let t: TestApp;
let admin: string;
let ry: string;
let nobody: string;
let deployer: string;
let starter: string;

const col = (tag: string, label: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, regList: [], ...config }, __vModel__: vModel, ...extra,
});
const LEAVE_FORM = { formBtns: true, fields: [col('el-input-number', '请假天数', 'days', { min: 1, max: 30 }, { required: true })] };
const OTHER_FORM = { formBtns: true, fields: [col('el-input', '事由', 'reason', {}, { required: true })] };

/** start (form `formKey`) → gateway on `condition` → 经理审批 (admin) | default 组长审批 (admin) → end; a message start too. */
const gatedXml = (key: string, formKey: string, condition = "${days &gt; 3 &amp;&amp; INITIATOR != ''}") => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <message id="m_go" name="go_${key}"/>
  <process id="${key}" name="请假${key}" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始" flowable:initiator="INITIATOR"${formKey ? ` flowable:formKey="${formKey}"` : ''}/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="gw"/>
    <exclusiveGateway id="gw" name="天数" default="short"/>
    <sequenceFlow id="long" sourceRef="gw" targetRef="manager"><conditionExpression>${condition}</conditionExpression></sequenceFlow>
    <sequenceFlow id="short" sourceRef="gw" targetRef="lead"/>
    <userTask id="manager" name="经理审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed"/>
    <userTask id="lead" name="组长审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="manager" targetRef="end_event"/>
    <sequenceFlow id="f3" sourceRef="lead" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
    <startEvent id="msg_start" name="消息开始"><messageEventDefinition messageRef="m_go"/></startEvent>
    <sequenceFlow id="f4" sourceRef="msg_start" targetRef="lead"/>
  </process>
</definitions>`;

const send = (method: 'GET' | 'POST', url: string, tok = admin, body?: unknown) => call(t.app, method, url, tok, body).then((r) => r.body);
let formId: number;
let otherFormId: number;

async function deploy(key: string, formKey: string, condition?: string) {
  const r = await send('POST', '/flowable/definition/save', admin, { name: `请假${key}`, category: 'oa', xml: gatedXml(key, formKey, condition) });
  expect(r).toMatchObject({ code: 200 });
  return r.data as { deploymentId: string; definitionId: string };
}
const listRow = async (deploymentId: string) =>
  ((await send('GET', '/flowable/definition/list?pageNum=1&pageSize=100')).rows as any[]).find((r) => r.deploymentId === deploymentId);

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  ry = await login(t.app, 'ry', 'admin123');
  await makeUserWithPerms(t.app, 'nobody', []);
  nobody = await login(t.app, 'nobody', 'admin123');
  await makeUserWithPerms(t.app, 'deployer', ['system:deployment:add']);
  deployer = await login(t.app, 'deployer', 'admin123');
  await makeUserWithPerms(t.app, 'starter', ['flowable:process:start']);
  starter = await login(t.app, 'starter', 'admin123');
  formId = (await send('POST', '/flowable/form', admin, { formName: '请假单', formContent: JSON.stringify(LEAVE_FORM) })).data.formId;
  otherFormId = (await send('POST', '/flowable/form', admin, { formName: '事由单', formContent: JSON.stringify(OTHER_FORM) })).data.formId;
});
afterAll(async () => { await t.app.close(); });

describe('flowable:process:start', () => {
  it('lets the seeded ry start with the form, no role change; the gateway reads the form field', async () => {
    const dep = await deploy('ry_start', String(formId));
    const flow = await send('GET', `/flowable/process/startFlow/${dep.deploymentId}`, ry);
    expect(flow).toMatchObject({ code: 200, data: { procDefId: dep.definitionId } });
    expect(await send('POST', '/flowable/task/nextFlowNodeByStart', ry, { deploymentId: dep.deploymentId, variables: { days: 5 } })).toMatchObject({ code: 200 });
    const started = await send('POST', `/flowable/definition/start/${dep.definitionId}`, ry, { days: 5 });
    expect(started).toMatchObject({ code: 200, msg: '流程启动成功' });
    const todo = ((await send('GET', '/flowable/task/todoList?pageNum=1&pageSize=100')).rows as any[]).find((r) => r.procInsId === started.data.instanceId);
    expect(todo).toMatchObject({ taskName: '经理审批', startUserName: '测试员' });
  });

  it('refuses every start row without it (403, nothing started), also to a holder of system:deployment:add only', async () => {
    const dep = await deploy('no_start', String(formId));
    const before = (await send('GET', '/flowable/task/myProcess?pageNum=1&pageSize=10', admin)).total;
    for (const tok of [nobody, deployer]) {
      expect(await send('POST', `/flowable/definition/start/${dep.definitionId}`, tok, { days: 5 })).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      expect((await send('POST', `/flowable/instance/startBy/${dep.definitionId}`, tok, { days: 5 })).code).toBe(403);
      expect((await send('GET', `/flowable/process/startFlow/${dep.deploymentId}`, tok)).code).toBe(403);
      expect((await send('POST', '/flowable/task/nextFlowNodeByStart', tok, { deploymentId: dep.deploymentId, variables: { days: 5 } })).code).toBe(403);
      expect((await send('POST', '/flowable/runtime/message', tok, { messageName: 'go_no_start' })).code).toBe(403);
    }
    expect((await send('GET', '/flowable/task/myProcess?pageNum=1&pageSize=10', admin)).total).toBe(before);
    // The permission alone is enough: the start row and the message start.
    expect(await send('POST', `/flowable/instance/startBy/${dep.definitionId}`, starter, { days: 1 })).toMatchObject({ code: 200, msg: '流程启动成功' });
    expect(await send('POST', '/flowable/runtime/message', starter, { messageName: 'go_no_start', variables: { days: 1 } })).toMatchObject({ code: 200, data: { started: true } });
  });
});

describe('the start event form is the main form on deploy', () => {
  it('shows in the definition list, startFlow and flowFormData; a later version gets it again', async () => {
    const v1 = await deploy('start_form', String(formId));
    expect(await listRow(v1.deploymentId)).toMatchObject({ formId, formName: '请假单' });
    const flow = await send('GET', `/flowable/process/startFlow/${v1.deploymentId}`);
    expect(flow.data.formData).toMatchObject({ fields: [{ __vModel__: 'days' }] });
    expect((await send('GET', `/flowable/task/flowFormData?deployId=${v1.deploymentId}`)).code).toBe(200);
    const v2 = await deploy('start_form', String(formId));
    expect(await listRow(v2.deploymentId)).toMatchObject({ formId, formName: '请假单' });
    // The stored form is checked like a form linked by hand: a start without days is refused.
    expect((await send('POST', `/flowable/definition/start/${v2.definitionId}`, ry, {})).code).toBe(500);
  });

  it('leaves a model without a stored start form unlinked (no form, an unknown id, a non-numeric key)', async () => {
    for (const key of ['', '999999', 'leave_form']) {
      const dep = await deploy(`unlinked_${key.length}`, key);
      expect(await listRow(dep.deploymentId)).toMatchObject({ formId: null, formName: null });
    }
  });

  it('配置主表单 changes the main form while the version has no instance, and refuses once it has one', async () => {
    const dep = await deploy('change_form', String(formId), "${reason == '急事'}");
    expect(await send('POST', '/flowable/form/addDeployForm', admin, { formId: otherFormId, deployId: dep.deploymentId })).toMatchObject({ code: 200 });
    expect(await listRow(dep.deploymentId)).toMatchObject({ formId: otherFormId, formName: '事由单' });
    expect(await send('POST', `/flowable/definition/start/${dep.definitionId}`, ry, { reason: '回家' })).toMatchObject({ code: 200 });
    expect(await send('POST', '/flowable/form/addDeployForm', admin, { formId, deployId: dep.deploymentId }))
      .toEqual({ code: 500, msg: '该流程版本已有流程实例，不能更换主表单；请重新部署后再配置' });
    expect(await listRow(dep.deploymentId)).toMatchObject({ formId: otherFormId });
  });
});

describe('startFlow conditionVariables', () => {
  it('names the variables the conditions read, without the start event initiator and engine names', async () => {
    const dep = await deploy('cond_vars', '');
    const flow = await send('GET', `/flowable/process/startFlow/${dep.deploymentId}`, ry);
    expect(flow.data).toMatchObject({ formData: null, conditionVariables: ['days'] });
  });
});

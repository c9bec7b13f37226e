/**
 * Which process variables a request may write (issue 38 §1 server half, §3, §4, §7 last bullet),
 * each attack of the issue reproduced through REST with users that have no role:
 * - the event rows (`/flowable/runtime/trigger|message|signal`) obey the form in force: the
 *   initiator cannot store day=999, empty a required field or pick a value outside the options;
 *   a candidate cannot overwrite a field hidden at his node; accepted values are numbers where the
 *   field is a number field and reach the server-built `variables` config;
 * - start / complete keep only form fields and names the model reads: an approver's
 *   `{"INITIATOR": self}` changes nothing (the 发起人确认 step stays the initiator's), `nrOf…`,
 *   `__…`, undeclared keys and a client-sent `variables` config on a no-form process are not
 *   stored; a number field's "3" is stored as 3 and "abc" refused with the field's message;
 * - a stranger's message correlation answers the same whether or not an instance waits for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, grantProcessStart } from '../helpers/factories';

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['applicant', 'approver', 'cand', 'stranger']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.applicant, id.stranger]); // they start processes (issue 40)
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);
const vars = async (instanceId: string) => await t.app.deps.engine.variables({ instanceId }) as Record<string, any>;
const tasks = async (instanceId: string) => t.app.deps.engine.instanceTasks(instanceId);

const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="caishui">`;

const col = (tag: string, label: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, regList: [], ...config }, __vModel__: vModel, ...extra,
});
const MAIN_FORM = {
  formBtns: true,
  fields: [
    col('el-input', '手机号', 'mobile', { placeholder: '请输入手机号' }, { required: true }),
    col('el-input-number', '天数', 'day', { min: 1, max: 10 }, { required: true }),
    col('el-select', '类型', 'kind', { __slot__: { options: [{ label: '年假', value: '1' }, { label: '病假', value: '2' }] } }),
    col('el-input', '备注', 'note'),
  ],
};
const GOOD = { mobile: '13800000000', day: 3, kind: 1, note: '原备注' };

/** Main form + a candidate's node where 备注 is hidden + a receive task, a message and a signal catch, then 发起人确认. */
const eventsXml = () => `${head}
<message id="mPaid" name="vrPaid"/><signal id="sTick" name="vrTick"/>
<process id="vr_events" name="变量规则事件" isExecutable="true">
<startEvent id="start" flowable:initiator="INITIATOR"/>
<parallelGateway id="fork"/>
<userTask id="review" name="复核" flowable:candidateUsers="${id.cand}" flowable:fieldPermissions="{&quot;note&quot;:&quot;hidden&quot;,&quot;day&quot;:&quot;editable&quot;}"/>
<receiveTask id="waitBank" name="等待回单"/>
<intermediateCatchEvent id="waitPaid"><messageEventDefinition messageRef="mPaid"/></intermediateCatchEvent>
<intermediateCatchEvent id="waitTick"><signalEventDefinition signalRef="sTick"/></intermediateCatchEvent>
<parallelGateway id="join"/>
<userTask id="confirm" name="发起人确认" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="fork"/>
<sequenceFlow id="f2" sourceRef="fork" targetRef="review"/><sequenceFlow id="f3" sourceRef="fork" targetRef="waitBank"/>
<sequenceFlow id="f4" sourceRef="fork" targetRef="waitPaid"/><sequenceFlow id="f5" sourceRef="fork" targetRef="waitTick"/>
<sequenceFlow id="f6" sourceRef="review" targetRef="join"/><sequenceFlow id="f7" sourceRef="waitBank" targetRef="join"/>
<sequenceFlow id="f8" sourceRef="waitPaid" targetRef="join"/><sequenceFlow id="f9" sourceRef="waitTick" targetRef="join"/>
<sequenceFlow id="f10" sourceRef="join" targetRef="confirm"/><sequenceFlow id="f11" sourceRef="confirm" targetRef="end"/>
</process></definitions>`;

/** No form: an approver, then a gateway reading `amount`, a boss picked as `${approval}`, and 发起人确认. */
const keysXml = () => `${head}
<process id="vr_keys" name="变量规则键" isExecutable="true">
<startEvent id="start" flowable:initiator="INITIATOR"/>
<userTask id="approve" name="审批" flowable:assignee="${id.approver}"/>
<exclusiveGateway id="xor" default="toConfirm"/>
<userTask id="boss" name="总经理审批" flowable:assignee="\${approval}"/>
<userTask id="confirm" name="发起人确认" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="approve"/><sequenceFlow id="f2" sourceRef="approve" targetRef="xor"/>
<sequenceFlow id="f3" sourceRef="xor" targetRef="boss"><conditionExpression xsi:type="tFormalExpression">\${amount &gt; 100}</conditionExpression></sequenceFlow>
<sequenceFlow id="toConfirm" sourceRef="xor" targetRef="confirm"/>
<sequenceFlow id="f4" sourceRef="boss" targetRef="confirm"/><sequenceFlow id="f5" sourceRef="confirm" targetRef="end"/>
</process></definitions>`;

const oracleXml = `${head}
<message id="mO" name="vrOracle"/>
<process id="vr_oracle" name="消息预言" isExecutable="true">
<startEvent id="start"/>
<intermediateCatchEvent id="wait"><messageEventDefinition messageRef="mO"/></intermediateCatchEvent>
<userTask id="after" name="到账后" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="wait"/><sequenceFlow id="f2" sourceRef="wait" targetRef="after"/><sequenceFlow id="f3" sourceRef="after" targetRef="end"/>
</process></definitions>`;

/** Every flow element without a name gets its id as name (the deploy check wants names). */
const named = (xml: string) => xml.replace(/<(startEvent|parallelGateway|exclusiveGateway|intermediateCatchEvent|receiveTask|endEvent|sequenceFlow|userTask) id="([^"]+)"(?! name=)/g, '<$1 id="$2" name="$2"');

async function deploy(xml: string, name: string) {
  const r = await post('/flowable/definition/save', { name, category: 'oa', xml: named(xml) }, 'admin');
  expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
  return r.data as { deploymentId: string; definitionId: string };
}

describe('the event rows obey the form in force (issue 38 §3)', () => {
  let instanceId: string;
  let before: Record<string, unknown>;
  beforeAll(async () => {
    const d = await deploy(eventsXml(), '变量规则事件');
    const form = await post('/flowable/form', { formName: '事件主表单', formContent: JSON.stringify(MAIN_FORM) }, 'admin');
    expect((await post('/flowable/form/addDeployForm', { formId: form.data.formId, deployId: d.deploymentId }, 'admin')).code).toBe(200);
    const r = await post(`/flowable/instance/startBy/${d.definitionId}`, GOOD, 'applicant');
    expect(r.code, JSON.stringify(r)).toBe(200);
    instanceId = r.data.instanceId;
    before = await vars(instanceId);
  });

  it('the initiator cannot store day=999 through a receive-task trigger; the token keeps waiting', async () => {
    expect(await post('/flowable/runtime/trigger', { instanceId, activityId: 'waitBank', variables: { day: 999 } }, 'applicant')).toEqual({ code: 500, msg: '天数不能大于10' });
    expect(await vars(instanceId)).toEqual(before);
  });

  it('the initiator cannot empty a required field through a message', async () => {
    expect(await post('/flowable/runtime/message', { messageName: 'vrPaid', instanceId, variables: { mobile: '' } }, 'applicant')).toEqual({ code: 500, msg: '请输入手机号' });
    expect(await vars(instanceId)).toEqual(before);
    expect((await t.app.deps.engine.eventWaits({ instanceId })).subscriptions.map((s) => s.activityId).sort()).toEqual(['waitPaid', 'waitTick']);
  });

  it('the initiator cannot store a value outside the options through a signal', async () => {
    expect(await post('/flowable/runtime/signal', { signalName: 'vrTick', instanceId, variables: { kind: 9 } }, 'applicant')).toEqual({ code: 500, msg: '类型的选项不在可选范围内' });
    expect(await vars(instanceId)).toEqual(before);
  });

  it('a signal to every instance carries no variables (no form is in force across instances)', async () => {
    expect(await post('/flowable/runtime/signal', { signalName: 'vrTick', variables: { day: 2 } }, 'admin'))
      .toEqual({ code: 500, msg: '向所有流程广播信号时不能携带流程变量，请指定流程实例' });
    expect(await vars(instanceId)).toEqual(before);
    expect((await t.app.deps.engine.eventWaits({ instanceId })).subscriptions.map((s) => s.activityId).sort()).toEqual(['waitPaid', 'waitTick']);
  });

  it('a mere candidate cannot overwrite a field hidden at his node', async () => {
    expect(await post('/flowable/runtime/trigger', { instanceId, activityId: 'waitBank', variables: { note: '候选人改的' } }, 'cand')).toEqual({ code: 500, msg: '字段「备注」在当前节点不可编辑' });
    expect(await vars(instanceId)).toEqual(before);
  });

  it('an accepted value is stored as the field stores it and reaches the `variables` config; other keys are dropped', async () => {
    const r = await post('/flowable/runtime/trigger', { instanceId, activityId: 'waitBank', variables: { day: '5', foo: 'x', INITIATOR: String(id.cand), nrOfInstances: 9 } }, 'cand');
    expect(r.code, JSON.stringify(r)).toBe(200);
    const after = await vars(instanceId);
    expect(after.day).toBe(5);
    expect(after.INITIATOR).toBe(String(id.applicant));
    expect(after).not.toHaveProperty('foo');
    expect(after).not.toHaveProperty('nrOfInstances');
    expect(after.variables.fields.find((f: any) => f.__vModel__ === 'day').__config__.defaultValue).toBe(5);
    expect(after.note).toBe('原备注');
  });
});

describe('start and complete keep only form fields and names the model reads (issue 38 §1, §4)', () => {
  let defId: string;
  beforeAll(async () => { defId = (await deploy(keysXml(), '变量规则键')).definitionId; });

  it('a no-form start stores the names the model reads, never a client-sent `variables` config nor engine or undeclared names', async () => {
    const planted = { fields: [{ __config__: { tag: 'el-select', label: '角色', dataType: 'dynamic', url: '/system/user/authRole?userId=5&roleIds=1', method: 'post' }, __vModel__: 'r' }] };
    const r = await post(`/flowable/instance/startBy/${defId}`, { amount: 50, foo: 'x', __x: 1, nrOfInstances: 9, INITIATOR: '1', variables: planted }, 'applicant');
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(await vars(r.data.instanceId)).toEqual({ amount: 50, INITIATOR: String(id.applicant) });
  });

  it('an approver sending {"INITIATOR": self} on complete does not take the initiator\'s 发起人确认 step', async () => {
    const instanceId = (await post(`/flowable/instance/startBy/${defId}`, { amount: 50 }, 'applicant')).data.instanceId;
    const [approve] = await tasks(instanceId);
    const planted = { fields: [{ __config__: { tag: 'el-input', label: 'x' }, __vModel__: 'x' }] };
    const r = await post('/flowable/task/complete', { taskId: approve.taskId, comment: '同意', variables: { INITIATOR: String(id.approver), loopCounter: 3, variables: planted } }, 'approver');
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(await tasks(instanceId)).toMatchObject([{ name: '发起人确认', assignee: String(id.applicant) }]);
    expect(await vars(instanceId)).toEqual({ amount: 50, INITIATOR: String(id.applicant) });
  });

  it('a recipient the model reads (`${approval}`) and a condition input (`amount`) set on complete are kept', async () => {
    const instanceId = (await post(`/flowable/instance/startBy/${defId}`, { amount: 50 }, 'applicant')).data.instanceId;
    const [approve] = await tasks(instanceId);
    expect((await post('/flowable/task/complete', { taskId: approve.taskId, variables: { amount: 500, approval: String(id.stranger), other: 1 } }, 'approver')).code).toBe(200);
    expect(await tasks(instanceId)).toMatchObject([{ name: '总经理审批', assignee: String(id.stranger) }]);
    expect(await vars(instanceId)).toEqual({ amount: 500, approval: String(id.stranger), INITIATOR: String(id.applicant) });
  });

  it('a number field stores "3" as 3 and refuses "abc" with the field\'s message', async () => {
    const d = await deploy(eventsXml().replace('id="vr_events"', 'id="vr_numbers"'), '数字字段');
    const form = await post('/flowable/form', { formName: '数字主表单', formContent: JSON.stringify(MAIN_FORM) }, 'admin');
    await post('/flowable/form/addDeployForm', { formId: form.data.formId, deployId: d.deploymentId }, 'admin');
    expect(await post(`/flowable/instance/startBy/${d.definitionId}`, { ...GOOD, day: 'abc' }, 'applicant')).toEqual({ code: 500, msg: '天数必须是数字' });
    const r = await post(`/flowable/instance/startBy/${d.definitionId}`, { ...GOOD, day: '3' }, 'applicant');
    expect(r.code).toBe(200);
    const v = await vars(r.data.instanceId);
    expect(v.day).toBe(3);
    expect(v.variables.fields.find((f: any) => f.__vModel__ === 'day').__config__.defaultValue).toBe(3);
  });
});

describe('a stranger\'s message correlation is no oracle (issue 38 §7)', () => {
  it('answers the same whether or not an instance waits; the participant still correlates', async () => {
    const d = await deploy(oracleXml, '消息预言');
    const ask = (body: Record<string, unknown>) => post('/flowable/runtime/message', { messageName: 'vrOracle', ...body }, 'stranger');
    const none = await ask({});
    expect(none).toEqual({ code: 500, msg: '没有等待消息 vrOracle 的流程' });
    const instanceId = (await post(`/flowable/instance/startBy/${d.definitionId}`, {}, 'applicant')).data.instanceId;
    expect(await ask({})).toEqual(none);
    expect(await ask({ instanceId })).toEqual(none);
    expect(await ask({ businessKey: 'x' })).toEqual(none);
    expect(await ask({ instanceId: 'no-such-instance' })).toEqual(none);
    expect((await t.app.deps.engine.eventWaits({ instanceId })).subscriptions).toHaveLength(1);
    expect(await post('/flowable/runtime/message', { messageName: 'vrOracle' }, 'applicant')).toEqual({ code: 200, msg: '操作成功', data: { instanceId, started: false } });
    expect(await tasks(instanceId)).toMatchObject([{ name: '到账后', assignee: String(id.applicant) }]);
  });

  it('with a message start event of the same name, a stranger starts an instance whether or not another user\'s instance waits', async () => {
    const both = oracleXml.replace(/vrOracle/g, 'vrBoth').replace('id="vr_oracle"', 'id="vr_both_catch"');
    const d = await deploy(both, '消息等待');
    await deploy(`${head}
<message id="mB" name="vrBoth"/>
<process id="vr_both_start" name="消息启动" isExecutable="true">
<startEvent id="ms"><messageEventDefinition messageRef="mB"/></startEvent>
<userTask id="fill" name="填写" flowable:assignee="\${INITIATOR}"/><endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="ms" targetRef="fill"/><sequenceFlow id="f2" sourceRef="fill" targetRef="end"/>
</process></definitions>`, '消息启动');
    const first = await post('/flowable/runtime/message', { messageName: 'vrBoth' }, 'stranger');
    expect(first).toMatchObject({ code: 200, data: { started: true } });
    const waiting = (await post(`/flowable/instance/startBy/${d.definitionId}`, {}, 'applicant')).data.instanceId;
    const second = await post('/flowable/runtime/message', { messageName: 'vrBoth' }, 'stranger');
    expect(second).toMatchObject({ code: 200, data: { started: true } });
    expect(await t.app.deps.engine.getInstance(second.data.instanceId)).toMatchObject({ key: 'vr_both_start', startUserId: String(id.stranger) });
    expect((await t.app.deps.engine.eventWaits({ instanceId: waiting })).subscriptions).toHaveLength(1);
  });
});

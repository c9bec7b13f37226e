/**
 * Per-node form field permissions (issue 16) through REST (and the tRPC caller once): a user task's
 * `flowable:fieldPermissions` shapes the start-form part of `flowTaskForm` (editable fields enabled,
 * read-only disabled, hidden fields and detail-table columns gone with their values) and holds
 * complete / resolveTask to it (a changed read-only or any hidden value refused with nothing
 * written; editable values checked with the field rules and saved into the top-level variable and
 * the stored `variables` config the next node shows). A node without the attribute answers and
 * accepts what it did before.
 *
 * Model: start → 经理审批 (manager; day editable, salary hidden, items editable with 名称 read-only
 * and 备注 hidden) → 人事复核 (manager; its own form 意见, reason hidden) → 财务审批 (finance; no
 * attribute) → end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/router';
import { createCallerFactory } from '../../server/trpc/init';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';

let t: TestApp;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
let procDefId: string;

const col = (tag: string, label: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, regList: [], ...config }, __vModel__: vModel, ...extra,
});
const MAIN_FORM = {
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, gutter: 15, disabled: false, span: 24, formBtns: true,
  fields: [
    col('el-input-number', '请假天数', 'day', { min: 1, max: 30 }, { required: true }),
    col('el-input', '请假原因', 'reason', {}, { required: true }),
    col('el-input', '薪资', 'salary'),
    col('el-input', '薪资说明', 'salaryNote', {}, { showWhen: { field: 'salary' } }),
    { __config__: { label: '费用明细', tag: 'detail-table', layout: 'colFormItem', span: 24, defaultValue: [], children: [
      col('el-input', '名称', 'name', {}, { required: true }),
      col('el-input-number', '金额', 'amount', { min: 0 }, { required: true }),
      col('el-input', '备注', 'note'),
    ] }, __vModel__: 'items' },
  ],
};
const NODE_FORM = { formBtns: true, fields: [col('el-input', '意见', 'opinion', {}, { required: true })] };
const REVIEW_PERMS = '{"day":"editable","salary":"hidden","items":"editable","items.name":"readonly","items.note":"hidden"}';
const attr = (json: string) => json.replace(/"/g, '&quot;');

const model = (nodeFormId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="perm_leave" name="字段权限流程" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="review"/>
    <userTask id="review" name="经理审批" flowable:assignee="${uid.manager}" flowable:fieldPermissions="${attr(REVIEW_PERMS)}"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="hr"/>
    <userTask id="hr" name="人事复核" flowable:assignee="${uid.manager}" flowable:formKey="${nodeFormId}" flowable:fieldPermissions='{"reason":"hidden"}'/>
    <sequenceFlow id="f3" sourceRef="hr" targetRef="finance"/>
    <userTask id="finance" name="财务审批" flowable:assignee="${uid.finance}"/>
    <sequenceFlow id="f4" sourceRef="finance" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

const ROWS = [{ name: '机票', amount: 800, note: '经济舱' }, { name: '酒店', amount: 300, note: '两晚' }];
const START = { day: 3, reason: '探亲', salary: '9000', salaryNote: '含补贴', items: ROWS };

const get = (url: string, who = 'admin') => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who = 'admin') => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);
const taskOf = async (instanceId: string) => (await t.app.deps.engine.instanceTasks(instanceId))[0];
const vars = async (taskId: string, who = 'admin') => (await get(`/flowable/task/processVariables/${taskId}`, who)).data as Record<string, any>;
const taskForm = async (taskId: string, who: string) => (await get(`/flowable/task/flowTaskForm?taskId=${taskId}`, who)).data as { formData: any; formKeyExist: boolean };
const field = (conf: any, key: string) => conf.fields.find((f: any) => f.__vModel__ === key);

async function startOne() {
  const r = await post(`/flowable/definition/start/${procDefId}`, START);
  expect(r.code).toBe(200);
  return r.data.instanceId as string;
}

beforeAll(async () => {
  t = await makeTestApp();
  const roleId = await makeRole(t.app, { roleKey: 'perm_handlers' });
  for (const name of ['manager', 'finance']) uid[name] = await makeUser(t.app, { userName: name, roleIds: [roleId] });
  tok.admin = await login(t.app);
  for (const name of Object.keys(uid)) tok[name] = await login(t.app, name, 'admin123');
  const main = await post('/flowable/form', { formName: '请假单', formContent: JSON.stringify(MAIN_FORM) });
  const node = await post('/flowable/form', { formName: '人事意见', formContent: JSON.stringify(NODE_FORM) });
  const dep = await post('/flowable/definition/save', { name: '字段权限流程', category: 'oa', xml: model(node.data.formId) });
  expect(dep.code).toBe(200);
  procDefId = dep.data.definitionId;
  expect((await post('/flowable/form/addDeployForm', { formId: main.data.formId, deployId: dep.data.deploymentId })).code).toBe(200);
});
afterAll(async () => { await t.app.close(); });

describe('flowTaskForm follows the node permissions', () => {
  it('editable fields enabled, read-only disabled, hidden fields and columns gone with their values', async () => {
    const id = await startOne();
    const review = await taskOf(id);
    const form = await taskForm(review.taskId, 'manager');
    expect(form.formKeyExist).toBe(true); // something to fill in, although the node has no form of its own
    expect(form.formData).toMatchObject({ disabled: false, formBtns: true, formRef: 'elForm' });
    expect(form.formData.fields.map((f: any) => f.__vModel__)).toEqual(['day', 'reason', 'salaryNote', 'items']);
    expect(field(form.formData, 'day')).toMatchObject({ disabled: false, __config__: { permission: 'editable', defaultValue: 3 } });
    expect(field(form.formData, 'reason')).toMatchObject({ disabled: true, __config__: { permission: 'readonly', defaultValue: '探亲' } });
    // the rule naming the hidden salary held with the stored value: the note shows, without the rule
    expect(field(form.formData, 'salaryNote').__config__).not.toHaveProperty('showWhen');
    const items = field(form.formData, 'items');
    expect(items).toMatchObject({ disabled: false, __config__: { permission: 'editable', minRows: 2, maxRows: 2 } });
    expect(items.__config__.children.map((c: any) => [c.__vModel__, c.__config__.permission])).toEqual([['name', 'readonly'], ['amount', 'editable']]);
    expect(items.__config__.defaultValue).toEqual([{ name: '机票', amount: 800 }, { name: '酒店', amount: 300 }]);
    const text = JSON.stringify(form);
    for (const secret of ['9000', '经济舱', '两晚', '"salary"', '"note"']) expect(text).not.toContain(secret);
  });
});

describe('complete and resolveTask are held to the node permissions', () => {
  it('refuses a changed read-only value, any hidden one and locked cells, with nothing written', async () => {
    const id = await startOne();
    const review = await taskOf(id);
    const before = await vars(review.taskId);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ day: 5, reason: '旅游' }, '字段「请假原因」在当前节点不可编辑'],
      [{ salary: '9000' }, '字段「薪资」在当前节点不可编辑'],
      [{ salaryNote: 'x' }, '字段「薪资说明」在当前节点不可编辑'],
      [{ items: [{ name: '火车', amount: 800 }, { name: '酒店', amount: 300 }] }, '字段「费用明细」的「名称」列在当前节点不可编辑'],
      [{ items: [{ name: '机票', amount: 800, note: '' }, { name: '酒店', amount: 300 }] }, '字段「费用明细」的「备注」列在当前节点不可编辑'],
      [{ items: [{ name: '机票', amount: 800 }] }, '字段「费用明细」在当前节点不能增删行'],
      [{ day: 31 }, '请假天数不能大于30'],
      [{ items: [{ name: '机票', amount: -1 }, { name: '酒店', amount: 300 }] }, '费用明细第1行：金额不能小于0'],
    ];
    for (const [variables, msg] of refusals) {
      expect(await post('/flowable/task/complete', { taskId: review.taskId, comment: '同意', variables }, 'manager')).toEqual({ code: 500, msg });
    }
    const caller = createCallerFactory(appRouter)({ deps: t.app.deps, token: tok.manager, client: { ip: '127.0.0.1', userAgent: 'vitest' } });
    await expect(caller.flowable.task.complete({ taskId: review.taskId, comment: '同意', variables: { reason: '旅游' } })).rejects.toThrow('字段「请假原因」在当前节点不可编辑');
    expect((await taskOf(id)).taskId).toBe(review.taskId);
    expect(await vars(review.taskId)).toEqual(before);
  });

  it('saves an editable change (locked cells kept) into the variable and the config; the next node shows it', async () => {
    const id = await startOne();
    const review = await taskOf(id);
    const edited = [{ name: '机票', amount: 900 }, { name: '酒店', amount: 250 }];
    // the unchanged read-only reason is ignored, the editable day and amount cells are saved
    expect(await post('/flowable/task/complete', { taskId: review.taskId, comment: '同意', variables: { day: 5, reason: '探亲', items: edited } }, 'manager'))
      .toMatchObject({ code: 200 });
    const hr = await taskOf(id);
    expect(hr.name).toBe('人事复核');
    const saved = await vars(hr.taskId);
    expect(saved).toMatchObject({ day: 5, reason: '探亲', salary: '9000', items: [{ name: '机票', amount: 900, note: '经济舱' }, { name: '酒店', amount: 250, note: '两晚' }] });
    expect(field(saved.variables, 'day').__config__.defaultValue).toBe(5);
    expect(field(saved.variables, 'items').__config__.defaultValue).toEqual(saved.items);

    // 人事复核: its own form editable, the start part read-only (reason hidden), the new values shown
    const form = await taskForm(hr.taskId, 'manager');
    expect(form.formKeyExist).toBe(true);
    expect(form.formData.fields.map((f: any) => [f.__vModel__, f.__config__.permission ?? null])).toEqual([
      ['day', 'readonly'], ['salary', 'readonly'], ['salaryNote', 'readonly'], ['items', 'readonly'], ['opinion', null],
    ]);
    expect(field(form.formData, 'day').__config__.defaultValue).toBe(5);
    expect(field(form.formData, 'items').__config__.defaultValue[0]).toEqual({ name: '机票', amount: 900, note: '经济舱' });
    expect(JSON.stringify(form)).not.toContain('探亲');
    expect(await post('/flowable/task/complete', { taskId: hr.taskId, comment: '同意', variables: { opinion: '可以', reason: '' } }, 'manager'))
      .toEqual({ code: 500, msg: '字段「请假原因」在当前节点不可编辑' });
    // a whole read-only table sent back unchanged is ignored
    expect(await post('/flowable/task/complete', { taskId: hr.taskId, comment: '同意', variables: { opinion: '可以', items: saved.items } }, 'manager'))
      .toMatchObject({ code: 200 });

    // 财务审批 has no attribute: the stored config as before (read-only form, nothing removed), with the new value
    const fin = await taskOf(id);
    const plain = await taskForm(fin.taskId, 'finance');
    expect(plain).toEqual({ formData: (await vars(fin.taskId, 'finance')).variables, formKeyExist: false });
    expect(plain.formData).toMatchObject({ disabled: true, formBtns: false });
    expect(field(plain.formData, 'day').__config__.defaultValue).toBe(5);
    expect(field(plain.formData, 'salary')).not.toHaveProperty('disabled');
    // and keeps today's rule for start-form keys (checked partially and saved)
    expect(await post('/flowable/task/complete', { taskId: fin.taskId, comment: '同意', variables: { day: 40 } }, 'finance')).toEqual({ code: 500, msg: '请假天数不能大于30' });
    expect(await post('/flowable/task/complete', { taskId: fin.taskId, comment: '同意', variables: { day: 6 } }, 'finance')).toMatchObject({ code: 200 });
    expect((await vars(fin.taskId, 'finance')).day).toBe(6);
  });

  it('resolveTask of a delegated task is held the same way', async () => {
    const id = await startOne();
    const review = await taskOf(id);
    expect(await post('/flowable/task/delegate', { taskId: review.taskId, assignee: String(uid.finance), comment: '请协助' }, 'manager')).toMatchObject({ code: 200 });
    expect(await post('/flowable/task/resolveTask', { taskId: review.taskId, comment: '已处理', variables: { reason: '旅游' } }, 'finance'))
      .toEqual({ code: 500, msg: '字段「请假原因」在当前节点不可编辑' });
    expect(await post('/flowable/task/resolveTask', { taskId: review.taskId, comment: '已处理', variables: { day: 8 } }, 'finance')).toMatchObject({ code: 200 });
    const after = await vars(review.taskId);
    expect(after).toMatchObject({ day: 8, reason: '探亲' });
    expect(field(after.variables, 'day').__config__.defaultValue).toBe(8);
  });
});

describe('hidden values stay out of processVariables and other tasks\' forms (withheld.ts)', async () => {
  it('per reader: the nodes they take part in decide; a 抄送 recipient gets no field hidden anywhere', async () => {
    const id = await startOne();
    const review = await taskOf(id);
    // The manager so far takes part in 经理审批 only, where salary and the 备注 column are hidden.
    const mine = await vars(review.taskId, 'manager');
    expect(mine).toMatchObject({ day: 3, reason: '探亲' });
    expect(mine).not.toHaveProperty('salary');
    expect(mine.items).toEqual([{ name: '机票', amount: 800 }, { name: '酒店', amount: 300 }]);
    expect(mine.variables.fields.map((f: any) => f.__vModel__)).not.toContain('salary');
    expect(JSON.stringify(mine)).not.toMatch(/9000|经济舱|两晚/);
    // The initiator (admin, also a monitor) reads everything.
    expect(await vars(review.taskId)).toMatchObject({ salary: '9000', items: ROWS });
    // A 抄送 recipient who handles nothing: salary, the 备注 column and reason (hidden at 人事复核) withheld.
    expect((await post('/flowable/task/copy', { taskId: review.taskId, userIds: [uid.finance] }, 'manager')).code).toBe(200);
    const copied = await vars(review.taskId, 'finance');
    expect(copied).toMatchObject({ day: 3 });
    for (const k of ['salary', 'reason']) expect(copied).not.toHaveProperty(k);
    expect(JSON.stringify(copied)).not.toMatch(/9000|经济舱|探亲/);
    expect(JSON.stringify((await taskForm(review.taskId, 'finance')).formData)).not.toMatch(/9000|经济舱|探亲/);
    // Once the manager also holds 人事复核 (salary not hidden there), salary is theirs to read.
    expect((await post('/flowable/task/complete', { taskId: review.taskId, comment: '同意' }, 'manager')).code).toBe(200);
    const hr = await taskOf(id);
    expect(await vars(hr.taskId, 'manager')).toMatchObject({ salary: '9000', reason: '探亲' });
  });
});

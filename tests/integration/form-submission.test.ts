/**
 * The server holds every submission to its stored form (server/modules/flowable/common/form-submission.ts,
 * shared/form validateSubmission): a start against the deployment's main form, a complete against
 * the node's own form (and start-form keys partially). A bad submission is refused over REST and
 * tRPC with the rule's exact message and changes nothing; `variables` is built from the stored
 * form, hidden fields' values are dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/router';
import { createCallerFactory } from '../../server/trpc/init';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
let procDefId: string;
let nodeFormId: number;

const col = (tag: string, label: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, regList: [], ...config }, __vModel__: vModel, ...extra,
});

const MAIN_FORM = {
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
  gutter: 15, disabled: false, span: 24, formBtns: true,
  fields: [
    col('el-input', '手机号', 'mobile', { maxlength: 11, placeholder: '请输入手机号' }, { required: true, regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }] }),
    col('el-input', '备注', 'remark', { maxlength: 5 }),
    col('el-input-number', '天数', 'day', { min: 1, max: 10 }, { required: true }),
    col('el-select', '类型', 'kind', { __slot__: { options: [{ label: '年假', value: '1' }, { label: '病假', value: '2' }] } }),
    col('el-cascader', '地区', 'area', { options: [{ label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz' }] }] }),
    col('el-switch', '加急', 'urgent'),
    { __config__: { label: '明细', tag: 'detail-table', layout: 'colFormItem', span: 24, defaultValue: [], minRows: 1, showSummary: true, children: [
      col('el-input', '名称', 'name', {}, { required: true }),
      col('el-input-number', '金额', 'amount', { min: 0 }),
    ] }, __vModel__: 'items' },
    col('el-radio-group', '出行', 'trip', { __slot__: { options: [{ label: '出差', value: 1 }, { label: '请假', value: 2 }] } }),
    col('el-input', '目的地', 'city', {}, { required: true, showWhen: { field: 'trip', value: 1 } }),
  ],
};
const NODE_FORM = { formBtns: true, fields: [col('el-input', '意见', 'opinion', {}, { required: true }), col('el-input-number', '评分', 'score', { max: 5 })] };

const xml = (formKey: number) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="form_rules" name="表单校验流程" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <userTask id="apply" name="确认" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="review"/>
    <userTask id="review" name="复核" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" flowable:formKey="${formKey}"/>
    <sequenceFlow id="f3" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

const send = (method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, method, url, admin, body).then((r) => r.body);
const caller = () => createCallerFactory(appRouter)({ deps: t.app.deps, token: admin, client: { ip: '127.0.0.1', userAgent: 'vitest' } });
const instanceCount = async () => (await send('GET', '/flowable/task/myProcess?pageNum=1&pageSize=10')).total as number;
const todo = async (instanceId: string) => ((await send('GET', '/flowable/task/todoList?pageNum=1&pageSize=100')).rows as any[]).find((r) => r.procInsId === instanceId);

const GOOD = { mobile: '13800000000', day: 3, kind: 1, area: ['zj', 'hz'], urgent: true, items: [{ name: '机票', amount: 800 }], trip: 2 };

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  const main = await send('POST', '/flowable/form', { formName: '请假单', formContent: JSON.stringify(MAIN_FORM) });
  nodeFormId = (await send('POST', '/flowable/form', { formName: '复核单', formContent: JSON.stringify(NODE_FORM) })).data.formId;
  const dep = await send('POST', '/flowable/definition/save', { name: '表单校验流程', category: 'oa', xml: xml(nodeFormId) });
  procDefId = dep.data.definitionId;
  expect((await send('POST', '/flowable/form/addDeployForm', { formId: main.data.formId, deployId: dep.data.deploymentId })).code).toBe(200);
});
afterAll(async () => { await t.app.close(); });

const BAD_STARTS: Array<[string, Record<string, unknown>, string]> = [
  ['missing required', { ...GOOD, mobile: '' }, '请输入手机号'],
  ['missing required number', { ...GOOD, day: undefined }, '天数不能为空'],
  ['regex', { ...GOOD, mobile: '12345678901' }, '手机号格式错误'],
  ['number below min', { ...GOOD, day: 0 }, '天数不能小于1'],
  ['number above max', { ...GOOD, day: 11 }, '天数不能大于10'],
  ['not a number', { ...GOOD, day: 'abc' }, '天数必须是数字'],
  ['maxlength', { ...GOOD, remark: '太长的一段备注' }, '备注长度不能超过5个字符'],
  ['option not in list', { ...GOOD, kind: '3' }, '类型的选项不在可选范围内'],
  ['cascader path not in the tree', { ...GOOD, area: ['zj', 'nb'] }, '地区的选项不在可选范围内'],
  ['detail table bad cell', { ...GOOD, items: [{ name: '机票', amount: 1 }, { name: '', amount: 2 }] }, '明细第2行：名称不能为空'],
  ['detail table negative cell', { ...GOOD, items: [{ name: '机票', amount: -1 }] }, '明细第1行：金额不能小于0'],
  ['detail table too few rows', { ...GOOD, items: [] }, '明细至少需要1行'],
  ['detail table not an array', { ...GOOD, items: { name: 'x' } }, '明细格式错误'],
  ['wrong shape (object for text)', { ...GOOD, mobile: { a: 1 } }, '手机号格式错误'],
  ['wrong shape (switch)', { ...GOOD, urgent: 'maybe' }, '加急格式错误'],
  ['visible field required', { ...GOOD, trip: 1 }, '目的地不能为空'],
];

describe('a start is held to the main form', () => {
  it.each(BAD_STARTS)('refuses %s over REST with its message; no instance is created', async (_name, values, msg) => {
    const before = await instanceCount();
    expect(await send('POST', `/flowable/definition/start/${procDefId}`, values)).toEqual({ code: 500, msg });
    expect(await instanceCount()).toBe(before);
  });

  it('refuses over the tRPC caller with the same message', async () => {
    const before = await instanceCount();
    await expect(caller().flowable.definition.start({ procDefId, variables: { ...GOOD, day: 11 } })).rejects.toThrow('天数不能大于10');
    await expect(caller().flowable.definition.start({ procDefId, variables: { ...GOOD, items: 'x' } })).rejects.toThrow('明细格式错误');
    expect(await instanceCount()).toBe(before);
  });

  it('accepts a valid one; `variables` is built from the stored form; hidden values and forged fields are dropped', async () => {
    const forged = { ...MAIN_FORM, fields: [...MAIN_FORM.fields, col('el-input', '伪造', 'forged', {}, { defaultValue: 'x' })], formBtns: true };
    const r = await send('POST', `/flowable/definition/start/${procDefId}`, {
      ...GOOD, city: '上海', items: [{ name: '机票', amount: 800, extra: 'drop' }], approval: '1', variables: forged,
    });
    expect(r.code).toBe(200);
    const task = await todo(r.data.instanceId);
    const vars = (await send('GET', `/flowable/task/processVariables/${task.taskId}`)).data;
    expect(vars).toMatchObject({ mobile: '13800000000', day: 3, kind: 1, items: [{ name: '机票', amount: 800 }] });
    expect(vars).not.toHaveProperty('city');
    // issue 38 §4: no expression of this model reads `approval` (its assignees are fixed), so the key is dropped
    expect(vars).not.toHaveProperty('approval');
    const conf = vars.variables;
    expect(conf).toMatchObject({ disabled: true, formBtns: false, formRef: 'elForm' });
    expect(conf.fields.map((f: any) => f.__vModel__)).toEqual(MAIN_FORM.fields.map((f) => f.__vModel__));
    expect(conf.fields[0].__config__.defaultValue).toBe('13800000000');
    expect(conf.fields[6].__config__.defaultValue).toEqual([{ name: '机票', amount: 800 }]);
    expect(JSON.stringify(conf)).not.toContain('forged');
  });

  it('over tRPC a valid start goes through', async () => {
    const before = await instanceCount();
    const r = await caller().flowable.definition.start({ procDefId, variables: { ...GOOD, trip: 1, city: '杭州' } });
    expect(r.msg).toBe('流程启动成功');
    expect(await instanceCount()).toBe(before + 1);
  });
});

describe('a complete is held to the node form (and start-form keys partially)', () => {
  it('validates the node form on the task that has one; the task stays open until a valid complete', async () => {
    const started = await send('POST', `/flowable/definition/start/${procDefId}`, GOOD);
    const apply = await todo(started.data.instanceId);
    // the first task has no node form: a start-form key is checked partially, nothing else re-required
    expect(await send('POST', '/flowable/task/complete', { taskId: apply.taskId, comment: '确认', variables: { day: 20 } })).toEqual({ code: 500, msg: '天数不能大于10' });
    expect((await todo(started.data.instanceId)).taskId).toBe(apply.taskId);
    expect((await send('POST', '/flowable/task/complete', { taskId: apply.taskId, comment: '确认', variables: { day: 4 } })).code).toBe(200);

    const review = await todo(started.data.instanceId);
    expect(review.taskName).toBe('复核');
    expect(await send('POST', '/flowable/task/complete', { taskId: review.taskId, comment: '同意', variables: {} })).toEqual({ code: 500, msg: '意见不能为空' });
    expect(await send('POST', '/flowable/task/complete', { taskId: review.taskId, comment: '同意', variables: { opinion: '好', score: 9 } })).toEqual({ code: 500, msg: '评分不能大于5' });
    expect(await send('POST', '/flowable/task/complete', { taskId: review.taskId, comment: '同意', variables: { opinion: '好', mobile: 'x' } })).toEqual({ code: 500, msg: '手机号格式错误' });
    await expect(caller().flowable.task.complete({ taskId: review.taskId, comment: '同意', variables: { opinion: { a: 1 } } })).rejects.toThrow('意见格式错误');
    expect((await todo(started.data.instanceId)).taskId).toBe(review.taskId);

    const forged = { fields: [col('el-input', '伪造', 'forged')] };
    expect((await send('POST', '/flowable/task/complete', { taskId: review.taskId, comment: '同意', variables: { opinion: '好', score: 5, variables: forged } })).code).toBe(200);
    expect(await todo(started.data.instanceId)).toBeUndefined();
    const vars = (await send('GET', `/flowable/task/processVariables/${review.taskId}`)).data;
    expect(vars).toMatchObject({ opinion: '好', score: 5, day: 4 });
    const names = vars.variables.fields.map((f: any) => f.__vModel__);
    expect(names).toEqual([...MAIN_FORM.fields.map((f) => f.__vModel__), 'opinion', 'score']);
    expect(vars.variables.fields.find((f: any) => f.__vModel__ === 'opinion').__config__.defaultValue).toBe('好');
    expect(vars.variables.fields.find((f: any) => f.__vModel__ === 'day').__config__.defaultValue).toBe(4);
    expect(vars.variables).toMatchObject({ disabled: true, formBtns: false });
  });
});

describe('the main-form lookup (kept per deployment between requests: issue 15)', () => {
  it('applies a main form linked after earlier starts to the very next start', async () => {
    const dep = await send('POST', '/flowable/definition/save', { name: '后加表单流程', category: 'oa', xml: xml(nodeFormId).replace('id="form_rules"', 'id="form_later"') });
    expect(dep.code).toBe(200);
    expect((await send('POST', `/flowable/definition/start/${dep.data.definitionId}`, {})).code).toBe(200);
    const main = await send('POST', '/flowable/form', { formName: '后加的表单', formContent: JSON.stringify(MAIN_FORM) });
    expect((await send('POST', '/flowable/form/addDeployForm', { formId: main.data.formId, deployId: dep.data.deploymentId })).code).toBe(200);
    expect(await send('POST', `/flowable/definition/start/${dep.data.definitionId}`, {})).toEqual({ code: 500, msg: '请输入手机号' });
    expect((await send('POST', `/flowable/definition/start/${dep.data.definitionId}`, GOOD)).code).toBe(200);
  });
});

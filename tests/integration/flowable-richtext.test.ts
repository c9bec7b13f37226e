/**
 * Rich text stored through the workflow rows is sanitised on the server (developers' guide
 * "Security"; server/core/rich-text.ts): a stored form's tinymce default value (POST and PUT
 * /flowable/form), the values a start form submits (POST /flowable/definition/start) and the
 * values a task form submits (POST /flowable/task/complete) lose scripts and event handlers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { LEAVE_XML } from './flowable-model';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const get = (url: string) => call(t.app, 'GET', url, admin).then((r) => r.body);
const send = (method: 'POST' | 'PUT', url: string, body: unknown) => call(t.app, method, url, admin, body).then((r) => r.body);

const HOSTILE = '<p>说明<script>alert(1)</script><img src="x" onerror="alert(2)"></p>';
const CLEAN = '<p>说明<img src="x" /></p>';
const formConf = (html: string) => ({
  formBtns: true,
  fields: [{ __config__: { tag: 'tinymce', label: '说明', defaultValue: html }, __vModel__: 'body' }],
});
const bodyOf = (content: string) => JSON.parse(content).fields[0].__config__.defaultValue;

describe('rich text through the workflow rows', () => {
  it('stores a form with its rich-text default value sanitised (add and update)', async () => {
    const add = await send('POST', '/flowable/form', { formName: '富文本单', formContent: JSON.stringify(formConf(HOSTILE)) });
    expect(add.code).toBe(200);
    const formId = add.data.formId;
    expect(bodyOf((await get(`/flowable/form/${formId}`)).data.formContent)).toBe(CLEAN);
    expect((await send('PUT', '/flowable/form', { formId, formName: '富文本单', formContent: formConf(`<b>改</b>${HOSTILE}`) })).code).toBe(200);
    expect(bodyOf((await get(`/flowable/form/${formId}`)).data.formContent)).toBe(`<b>改</b>${CLEAN}`);
  });

  it('sanitises the submitted rich-text values when a process starts and when a task completes', async () => {
    const dep = await send('POST', '/flowable/definition/save', { name: '富文本流程', category: 'oa', xml: LEAVE_XML });
    const procDefId = dep.data.definitionId as string;
    // issue 38 §1/§4: only a stored form's fields (or names the model reads) are kept, so the rich-text field is the main form's
    const form = await send('POST', '/flowable/form', { formName: '富文本主表单', formContent: JSON.stringify({ formBtns: true, fields: [...formConf('').fields,
      { __config__: { tag: 'el-input-number', label: '天数', layout: 'colFormItem' }, __vModel__: 'day' }] }) });
    expect((await send('POST', '/flowable/form/addDeployForm', { formId: form.data.formId, deployId: dep.data.deploymentId })).code).toBe(200);
    const started = await send('POST', `/flowable/definition/start/${procDefId}`, { body: HOSTILE, day: 2, variables: { ...formConf(HOSTILE), disabled: true, formBtns: false } });
    expect(started.code).toBe(200);
    const todo = await get('/flowable/task/todoList?pageNum=1&pageSize=50');
    const task = (todo.rows as any[]).find((r) => r.procInsId === started.data.instanceId);
    const vars = (await get(`/flowable/task/processVariables/${task.taskId}`)).data;
    expect(vars.body).toBe(CLEAN);
    expect(vars.variables.fields[0].__config__.defaultValue).toBe(CLEAN);
    expect(vars.day).toBe(2);

    const done = await send('POST', '/flowable/task/complete', { taskId: task.taskId, instanceId: started.data.instanceId, comment: '同意', variables: { body: `<i>二</i>${HOSTILE}`, variables: formConf(`<i>二</i>${HOSTILE}`) } });
    expect(done.code).toBe(200);
    const after = await get(`/flowable/task/processVariables/${task.taskId}`);
    expect(after.data.body).toBe(`<i>二</i>${CLEAN}`);
  });
});

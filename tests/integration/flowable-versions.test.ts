/**
 * Instances keep their own version (issue 16, reference §9 item 14, ruoyi-vue-pro PR #1182): after
 * the forms are edited and a new version of the process is deployed, an old instance's detail
 * (diagram XML, main form, node form, the rules its task is held to) is the one it was started
 * with, while a new instance gets the new ones. Through REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

const col = (label: string, vModel: string, required = false) => ({
  __config__: { label, tag: 'el-input', layout: 'colFormItem', span: 24, regList: [], required }, __vModel__: vModel,
});
const form = (fields: unknown[]) => JSON.stringify({ formBtns: true, fields });

const xml = (reviewName: string, nodeFormId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="versioned" name="版本流程" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="review"/>
    <userTask id="review" name="${reviewName}" flowable:assignee="1" flowable:formKey="${nodeFormId}"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call(t.app, method, url, admin, body).then((r) => r.body);
const todoOf = async (instanceId: string) => ((await send('GET', '/flowable/task/todoList?pageNum=1&pageSize=100')).rows as any[]).find((r) => r.procInsId === instanceId);
const labels = (conf: { fields: Array<{ __config__: { label: string } }> }) => conf.fields.map((f) => f.__config__.label);

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

describe('an old instance keeps the diagram and forms it started with', () => {
  it('after the forms are edited and version 2 is deployed', async () => {
    const mainId = (await send('POST', '/flowable/form', { formName: '申请单', formContent: form([col('事由', 'reason', true)]) })).data.formId as number;
    const nodeId = (await send('POST', '/flowable/form', { formName: '复核单', formContent: form([col('意见', 'opinion', true)]) })).data.formId as number;
    const v1 = (await send('POST', '/flowable/definition/save', { name: '版本流程', category: 'oa', xml: xml('复核一', nodeId) })).data;
    expect((await send('POST', '/flowable/form/addDeployForm', { formId: mainId, deployId: v1.deploymentId })).code).toBe(200);
    const old = (await send('POST', `/flowable/definition/start/${v1.definitionId}`, { reason: '出差' })).data.instanceId as string;

    // The forms change and version 2 comes.
    expect((await send('PUT', '/flowable/form', { formId: mainId, formName: '申请单二', formContent: form([col('新事由', 'reason2', true)]) })).code).toBe(200);
    expect((await send('PUT', '/flowable/form', { formId: nodeId, formName: '复核单二', formContent: form([col('新意见', 'opinion2', true)]) })).code).toBe(200);
    const v2 = (await send('POST', '/flowable/definition/save', { name: '版本流程', category: 'oa', xml: xml('复核二', nodeId) })).data;
    expect((await send('POST', '/flowable/form/addDeployForm', { formId: mainId, deployId: v2.deploymentId })).code).toBe(200);
    expect(v2.version).toBe(2);

    // The old instance: its row, diagram, main form and node form are version 1's.
    const row = await todoOf(old);
    expect(row).toMatchObject({ deployId: v1.deploymentId, procDefVersion: 1, taskName: '复核一' });
    const diagram = await send('GET', `/flowable/task/flowXmlAndNode?procInsId=${old}&deployId=${row.deployId}`);
    expect(diagram.data.xmlData).toContain('name="复核一"');
    expect(labels((await send('GET', `/flowable/task/flowRecord?procInsId=${old}&deployId=${row.deployId}`)).data.formData)).toEqual(['事由']);
    expect(labels((await send('GET', `/flowable/task/flowFormData?deployId=${v1.deploymentId}`)).data)).toEqual(['事由']);
    const taskForm = (await send('GET', `/flowable/task/flowTaskForm?taskId=${row.taskId}`)).data;
    expect(labels(taskForm.formData)).toContain('意见');
    expect(labels(taskForm.formData)).not.toContain('新意见');
    // Its task is held to version 1's node form: 意见 is required, 新意见 is not asked for.
    expect(await send('POST', '/flowable/task/complete', { taskId: row.taskId, comment: 'x', variables: { opinion: '' } })).toMatchObject({ code: 500 });
    expect((await send('POST', '/flowable/task/complete', { taskId: row.taskId, comment: '同意', variables: { opinion: '可以' } })).code).toBe(200);

    // A new instance gets version 2 and the edited forms.
    const fresh = (await send('POST', `/flowable/definition/start/${v2.definitionId}`, { reason2: '培训' })).data.instanceId as string;
    const row2 = await todoOf(fresh);
    expect(row2).toMatchObject({ deployId: v2.deploymentId, procDefVersion: 2, taskName: '复核二' });
    expect(labels((await send('GET', `/flowable/task/flowTaskForm?taskId=${row2.taskId}`)).data.formData)).toContain('新意见');
    expect(labels((await send('GET', `/flowable/task/flowFormData?deployId=${v2.deploymentId}`)).data)).toEqual(['新事由']);
    // Deleting the forms later does not take them from the deployments that have them.
    expect((await call(t.app, 'DELETE', `/flowable/form/${mainId},${nodeId}`, admin)).body.code).toBe(200);
    expect(labels((await send('GET', `/flowable/task/flowFormData?deployId=${v1.deploymentId}`)).data)).toEqual(['事由']);
    expect(labels((await send('GET', `/flowable/task/flowRecord?procInsId=${old}&deployId=${v1.deploymentId}`)).data.formData)).toEqual(['事由']);
    expect(labels((await send('GET', `/flowable/task/flowTaskForm?taskId=${row2.taskId}`)).data.formData)).toContain('新意见');
    expect(await send('POST', '/flowable/task/complete', { taskId: row2.taskId, comment: 'x', variables: {} })).toMatchObject({ code: 500 });
    expect((await send('POST', '/flowable/task/complete', { taskId: row2.taskId, comment: 'x', variables: { opinion2: '好' } })).code).toBe(200);
  });
});

/**
 * Workflow REST rows, the libraries and the rights (issue 5 "Around it" / "Proof"; split from
 * flowable.test.ts): the expression, listener and form libraries (CRUD, exports, bad input named),
 * 401 on every workflow row without a session, 403 on every library row for users without the
 * permissions, the task rows open to any signed-in user, and bad input named on the task rows.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/app';
import { restRoutes } from '../../server/rest/routes';
import { LEAVE_XML } from './flowable-model';
import { useFlowableRest } from './flowable-rest';

/** The workflow's REST rows (modules/flowable: `flowable.*` and `system.deployment.*`). */
const flowableRoutes = restRoutes.filter((r) => r.procedure.startsWith('flowable.') || r.procedure.startsWith('system.deployment.'));

const { s, get, post, deploy, start, todoOf } = useFlowableRest();

async function sheet(url: string, tok = s.admin) {
  const res = await s.t.app.inject({ method: 'GET', url: `/caishui-api${url}`, headers: { authorization: `Bearer ${tok}` } });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  return ws.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
}

describe('libraries', () => {
  it('expressions: seeded, CRUD, export, /system alias, bad input named', async () => {
    const list = await get('/flowable/expression/list?pageNum=1&pageSize=10');
    expect(list.rows.map((r: any) => [r.name, r.expression, r.dataType])).toEqual([['流程发起人', '${INITIATOR}', 'fixed'], ['审批流程指定接收人', '#{approval}', 'dynamic']]);
    const add = await post('/flowable/expression', { name: '部门经理', expression: '${deptLeader}', dataType: 'fixed' });
    expect(add.code).toBe(200);
    const id = add.data.id;
    expect((await call(s.t.app, 'PUT', '/system/expression', s.admin, { id, name: '部门经理2', expression: '${deptLeader}', dataType: 'dynamic' })).body.code).toBe(200);
    expect((await get(`/system/expression/${id}`)).data).toMatchObject({ name: '部门经理2', dataType: 'dynamic' });
    expect((await post('/flowable/expression', { name: '', expression: '${x}', dataType: 'fixed' })).msg).toContain('表达式名称不能为空');
    expect((await post('/flowable/expression', { name: 'x', expression: '${x}' })).msg).toContain('指定类型不能为空');
    const rows = await sheet('/flowable/expression/export');
    expect(rows[0]).toEqual(['表达式主键', '表达式名称', '表达式内容', '指定类型', '状态', '备注']);
    expect(rows.map((r) => r[2])).toContain('${deptLeader}');
    expect((await call(s.t.app, 'DELETE', `/flowable/expression/${id}`, s.admin)).body.code).toBe(200);
    expect((await get(`/flowable/expression/${id}`)).data).toBeUndefined();
  });

  it('listeners: seeded with the built-in handlers (deployable), CRUD, type/event mismatch named', async () => {
    const list = await get('/system/listener/list?pageNum=1&pageSize=10');
    expect(list.rows.map((r: any) => r.value)).toContain('caishui.listener.UserTaskListener');
    const xml = LEAVE_XML.replace('<userTask id="manager" name="经理审批" flowable:candidateUsers="2" flowable:userType="candidateUsers" flowable:dataType="fixed"/>',
      '<userTask id="manager" name="经理审批" flowable:candidateUsers="2"><extensionElements><flowable:taskListener event="create" class="caishui.listener.UserTaskListener"/></extensionElements></userTask>');
    expect(xml).toContain('taskListener');
    await deploy('带监听', xml);
    const add = await post('/flowable/listener', { name: '完成监听', type: '1', eventType: 'complete', valueType: 'classListener', value: 'com.x.Done' });
    expect(add.code).toBe(200);
    expect((await call(s.t.app, 'PUT', '/flowable/listener', s.admin, { id: add.data.id, name: '完成监听2', type: '1', eventType: 'complete', valueType: 'classListener', value: 'com.x.Done' })).body.code).toBe(200);
    expect((await post('/flowable/listener', { name: 'x', type: '2', eventType: 'create', valueType: 'classListener', value: 'a' })).msg).toContain('事件类型与监听类型不匹配');
    const rows = await sheet('/flowable/listener/export');
    expect(rows.map((r) => r[1])).toContain('完成监听2');
    expect((await call(s.t.app, 'DELETE', `/system/listener/${add.data.id}`, s.admin)).body.code).toBe(200);
  });

  it('forms: CRUD, formList, addDeployForm (changes the form before any instance), flowFormData, startFlow formData, export', async () => {
    const content = { fields: [{ __vModel__: 'day', label: '天数' }], formBtns: true };
    const add = await post('/flowable/form', { formName: '请假单', formContent: content, remark: 'r' });
    expect(add.code).toBe(200);
    const formId = add.data.formId;
    const other = (await post('/flowable/form', { formName: '别的', formContent: '{}' })).data.formId;
    expect((await get('/flowable/form/formList')).data).toEqual(expect.arrayContaining([{ formId, formName: '请假单' }]));
    expect((await post('/flowable/form', { formName: 'x', formContent: '{bad' })).msg).toContain('表单内容不是合法的 JSON');
    const d = await deploy('带表单');
    expect(await get(`/flowable/task/flowFormData?deployId=${d.deploymentId}`)).toEqual({ code: 500, msg: '请先配置流程表单!' });
    // Issue 40 §2: 配置主表单 changes the main form while the version has no instance.
    expect(await post('/flowable/form/addDeployForm', { formId: other, deployId: d.deploymentId })).toMatchObject({ code: 200 });
    expect(await post('/flowable/form/addDeployForm', { formId, deployId: d.deploymentId })).toMatchObject({ code: 200 });
    expect((await get(`/flowable/task/flowFormData?deployId=${d.deploymentId}`)).data).toEqual(content);
    expect((await get(`/flowable/process/startFlow/${d.deploymentId}`)).data.formData).toEqual(content);
    const listed = await get('/flowable/definition/list?pageNum=1&pageSize=100&name=带表单');
    expect(listed.rows[0]).toMatchObject({ formId, formName: '请假单' });
    // task form: the start form config stored in `variables` (built by the server from the stored form, read-only)
    const id = await start(d.definitionId, { day: 2, variables: content });
    const task = await todoOf(id);
    expect((await get(`/flowable/task/flowTaskForm?taskId=${task.taskId}`)).data).toEqual({ formData: { ...content, disabled: true, formBtns: false }, formKeyExist: false });
    const rec = await get(`/flowable/task/flowRecord?procInsId=${id}&deployId=${d.deploymentId}`);
    expect(rec.data.formData).toEqual(content);
    expect((await call(s.t.app, 'PUT', '/flowable/form', s.admin, { formId, formName: '请假单2', formContent: content })).body.code).toBe(200);
    const rows = await sheet('/flowable/form/export');
    expect(rows.map((r) => r[1])).toContain('请假单2');
    expect((await call(s.t.app, 'DELETE', `/flowable/form/${other}`, s.admin)).body.code).toBe(200);
  });
});

describe('rights', () => {
  const sample = (path: string) => path.replace(/:(\w+)/g, (_m, k) => (/ids?$|Id$/i.test(k) && /form|expression|listener/.test(path) ? '1' : 'x'));

  it('answers 401 on every workflow row without a session', async () => {
    for (const r of flowableRoutes) {
      for (const { method, path } of [{ method: r.method, path: r.path }, ...(r.aliases ?? [])]) {
        const res = await call(s.t.app, method, sample(path), undefined, method === 'GET' ? undefined : {});
        expect([path, res.body.code]).toEqual([path, 401]);
      }
    }
  });

  it('answers 403 on every library row for users without the permissions (ry and a user without any)', async () => {
    const library = flowableRoutes.filter((r) => /^\/flowable\/(expression|listener|form)/.test(r.path));
    expect(library.length).toBe(20);
    for (const tok of [s.ry, s.nobody]) {
      for (const r of library) {
        for (const { method, path } of [{ method: r.method, path: r.path }, ...(r.aliases ?? [])]) {
          const res = await call(s.t.app, method, sample(path), tok, method === 'GET' ? undefined : { formId: 1, deployId: 'x', name: 'x' });
          expect([path, res.body]).toEqual([path, { code: 403, msg: '没有权限，请联系管理员授权' }]);
        }
      }
    }
  });

  it('lets a user without any permission use the task rows of their session (as upstream)', async () => {
    expect(await get('/flowable/task/todoList', s.nobody)).toMatchObject({ code: 200, total: 0 });
    expect(await get('/flowable/definition/list', s.nobody)).toMatchObject({ code: 200 });
  });

  it('names bad input', async () => {
    expect((await post('/flowable/definition/save', { category: 'oa', xml: '<x/>' })).msg).toContain('流程名称不能为空');
    expect((await post('/flowable/definition/save', { name: 'x', category: 'oa' })).msg).toContain('流程XML不能为空');
    expect((await post('/flowable/task/complete', { comment: 'x' })).msg).toContain('任务ID不能为空');
    expect((await post('/flowable/task/revokeProcess', {})).msg).toContain('流程实例ID不能为空');
    expect((await get('/flowable/task/flowRecord')).msg).toContain('流程实例ID不能为空');
    expect(await post('/flowable/task/complete', { taskId: 'nope', comment: 'x' })).toEqual({ code: 500, msg: '任务不存在或已被审批!' });
  });
});

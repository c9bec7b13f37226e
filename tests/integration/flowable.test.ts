/**
 * Workflow REST rows (issue 5 "Around it" / "Proof"): a full approval over REST with the small
 * Chinese model of flowable-model.ts (start as admin → 填写申请 (${INITIATOR}) → 经理审批 (candidate
 * user 2 `ry`) → 财务审批 (candidate group role 1) → end), the reject / return / delegate / revoke /
 * stop paths, definitions, instances, deployments, the libraries, 401 on every row without a
 * session, 403 for users without the library permissions, and bad input named.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms, multipartPayload } from '../helpers/factories';
import { flowableRoutes } from '../../server/rest/routes/flowable';
import { LEAVE_XML } from './flowable-model';
import { corpusDir } from '../workflow/helpers';

let t: TestApp;
let admin: string;
let ry: string;
let nobody: string;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  ry = await login(t.app, 'ry', 'admin123');
  makeUserWithPerms(t.app, 'nobody', []);
  nobody = await login(t.app, 'nobody', 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, tok = admin) => call(t.app, 'GET', url, tok).then((r) => r.body);
const post = (url: string, body: unknown, tok = admin) => call(t.app, 'POST', url, tok, body).then((r) => r.body);

async function deploy(name = '请假', xml = LEAVE_XML) {
  const r = await post('/flowable/definition/save', { name, category: 'oa', xml });
  expect(r).toMatchObject({ code: 200, msg: '导入成功' });
  return r.data as { deploymentId: string; definitionId: string; version: number };
}
async function start(procDefId: string, vars: Record<string, unknown> = { day: 3 }, tok = admin) {
  const r = await post(`/flowable/definition/start/${procDefId}`, vars, tok);
  expect(r).toMatchObject({ code: 200, msg: '流程启动成功' });
  return r.data.instanceId as string;
}
/** The to-do row of `tok` for the instance (or undefined). */
async function todoOf(instanceId: string, tok = admin) {
  const r = await get('/flowable/task/todoList?pageNum=1&pageSize=100', tok);
  expect(r.code).toBe(200);
  return (r.rows as any[]).find((x) => x.procInsId === instanceId);
}

describe('a full approval over REST', () => {
  let def: { deploymentId: string; definitionId: string };
  let instanceId: string;

  it('deploys, lists and reads the model', async () => {
    def = await deploy();
    const list = await get('/flowable/definition/list?pageNum=1&pageSize=10&name=请假');
    expect(list).toMatchObject({ code: 200, msg: '查询成功', total: 1 });
    expect(list.rows[0]).toEqual({
      id: def.definitionId, key: 'leave', name: '请假', category: 'oa', version: 1, deploymentId: def.deploymentId,
      suspensionState: 1, deploymentTime: '2026-11-22 09:00:00', formId: null, formName: null,
    });
    expect((await get(`/flowable/definition/readXml/${def.deploymentId}`)).data).toBe(LEAVE_XML);
    const img = await t.app.inject({ url: `/caishui-api/flowable/definition/readImage/${def.deploymentId}`, headers: { authorization: `Bearer ${admin}` } });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('<svg');
    expect(img.body).toContain('经理审批');
    expect(img.body).toMatch(/<circle[^>]*class="startEvent"/);
    expect(img.body.match(/<polyline/g)).toHaveLength(4);
    expect(img.body.match(/<rect[^>]*class="userTask"/g)).toHaveLength(3);
  });

  it('starts as admin, the initiator completes, the candidate user and group follow; the record shows the comments', async () => {
    instanceId = await start(def.definitionId);
    const first = await todoOf(instanceId);
    expect(first).toMatchObject({ taskName: '填写申请', startUserId: '1', startUserName: '若依', startDeptName: '研发部门', procDefName: '请假流程' });
    expect(await todoOf(instanceId, ry)).toBeUndefined();
    expect((await get(`/flowable/task/processVariables/${first.taskId}`)).data).toMatchObject({ day: 3, INITIATOR: '1' });
    expect((await post('/flowable/task/nextFlowNode', { taskId: first.taskId })).data).toMatchObject({ type: 'candidateUsers', dataType: 'fixed', vars: 'approval' });

    // ry cannot act on admin's task
    const notMine = await post('/flowable/task/complete', { taskId: first.taskId, comment: 'x' }, ry);
    expect(notMine.code).toBe(500);
    expect(await todoOf(instanceId)).toMatchObject({ taskId: first.taskId });

    expect(await post('/flowable/task/complete', { taskId: first.taskId, instanceId, comment: '提交申请', variables: { day: 4 } })).toEqual({ code: 200, msg: '操作成功' });
    const second = await todoOf(instanceId, ry);
    expect(second).toMatchObject({ taskName: '经理审批' });
    expect(await todoOf(instanceId)).toBeUndefined();
    expect(await post('/flowable/task/complete', { taskId: second.taskId, comment: '经理同意' }, ry)).toMatchObject({ code: 200 });

    const third = await todoOf(instanceId); // candidate group 1 = admin's role
    expect(third).toMatchObject({ taskName: '财务审批' });
    expect(await post('/flowable/task/nextFlowNode', { taskId: third.taskId })).toEqual({ code: 200, msg: '流程已完结!' });
    expect(await post('/flowable/task/complete', { taskId: third.taskId, comment: '财务同意' })).toMatchObject({ code: 200 });
    // a finished task
    expect((await post('/flowable/task/complete', { taskId: third.taskId, comment: 'again' })).code).toBe(500);

    const rec = await get(`/flowable/task/flowRecord?procInsId=${instanceId}&deployId=${def.deploymentId}`);
    expect(rec.code).toBe(200);
    expect(rec.data.flowList.map((i: any) => [i.taskName, i.comment?.comment, i.assigneeName, i.deptName])).toEqual([
      ['财务审批', '财务同意', '若依', '研发部门'],
      ['经理审批', '经理同意', '若依', '测试部门'],
      ['填写申请', '提交申请', '若依', '研发部门'],
    ]);
    expect(rec.data.flowList[1].candidate).toBe('若依');
    expect(rec.data.flowList[0].candidate).toBe('超级管理员');

    const finished = await get('/flowable/task/finishedList?pageNum=1&pageSize=10', ry);
    expect(finished).toMatchObject({ code: 200, total: 1 });
    expect(finished.rows[0]).toMatchObject({ taskName: '经理审批', startUserName: '若依', hisProcInsId: instanceId });
    const mine = await get('/flowable/task/myProcess?pageNum=1&pageSize=10');
    expect(mine.rows.find((r: any) => r.procInsId === instanceId)).toMatchObject({ finishTime: expect.any(String), taskName: '财务审批', assigneeName: '若依' });

    const nodes = await get(`/flowable/task/flowXmlAndNode?procInsId=${instanceId}&deployId=${def.deploymentId}`);
    expect(nodes.data.xmlData).toBe(LEAVE_XML);
    expect(nodes.data.nodeData).toEqual(expect.arrayContaining([{ key: 'finance', completed: true }, { key: 'end_event', completed: true }]));
    const viewer = await get(`/flowable/task/flowViewer/${instanceId}/x`);
    expect(viewer.data).toEqual(nodes.data.nodeData);
  });

  it('reject goes back one step with comment type 3', async () => {
    const id = await start(def.definitionId);
    await post('/flowable/task/complete', { taskId: (await todoOf(id)).taskId, comment: '提交' });
    const mgr = await todoOf(id, ry);
    await post('/flowable/task/complete', { taskId: mgr.taskId, comment: '同意' }, ry);
    const fin = await todoOf(id);
    expect(await post('/flowable/task/reject', { taskId: fin.taskId, comment: '材料不全' })).toMatchObject({ code: 200 });
    expect(await todoOf(id, ry)).toMatchObject({ taskName: '经理审批' });
    const rec = await get(`/flowable/task/flowRecord?procInsId=${id}`);
    expect(rec.data.flowList.find((i: any) => i.taskId === fin.taskId).comment).toEqual({ type: '3', comment: '材料不全' });
    // at the first task there is nothing to reject to
    const id2 = await start(def.definitionId);
    const r = await post('/flowable/task/reject', { taskId: (await todoOf(id2)).taskId, comment: 'x' });
    expect(r.code).toBe(500);
    expect(r.msg).toBe('当前节点为初始任务节点，不能驳回');
  });

  it('returnList + return to a serial predecessor (comment type 2)', async () => {
    const id = await start(def.definitionId);
    await post('/flowable/task/complete', { taskId: (await todoOf(id)).taskId, comment: '提交' });
    await post('/flowable/task/complete', { taskId: (await todoOf(id, ry)).taskId, comment: '同意' }, ry);
    const fin = await todoOf(id);
    const list = await post('/flowable/task/returnList', { taskId: fin.taskId });
    expect(list.data.map((n: any) => [n.id, n.name])).toEqual([['apply', '填写申请'], ['manager', '经理审批']]);
    expect(await post('/flowable/task/return', { taskId: fin.taskId, targetKey: 'apply', comment: '重填' })).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toMatchObject({ taskName: '填写申请' });
    const rec = await get(`/flowable/task/flowRecord?procInsId=${id}`);
    expect(rec.data.flowList.find((i: any) => i.taskId === fin.taskId).comment).toEqual({ type: '2', comment: '重填' });
    expect((await post('/flowable/task/return', { taskId: fin.taskId })).msg).toContain('退回节点不能为空');
  });

  it('delegate (and /delegateTask): the delegate completes, the task returns to its owner (comment type 4)', async () => {
    const id = await start(def.definitionId);
    const apply = await todoOf(id);
    expect(await post('/flowable/task/delegate', { taskId: apply.taskId, assignee: '2' })).toMatchObject({ code: 200 });
    expect(await todoOf(id, ry)).toMatchObject({ taskId: apply.taskId, owner: '1', delegationState: 'PENDING' });
    expect(await todoOf(id)).toBeUndefined();
    expect(await post('/flowable/task/complete', { taskId: apply.taskId, comment: '已处理' }, ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toMatchObject({ taskId: apply.taskId, assignee: '1' });
    // the alias path
    expect(await post('/flowable/task/delegateTask', { taskId: apply.taskId, assignee: '2' })).toMatchObject({ code: 200 });
    expect(await post('/flowable/task/resolveTask', { taskId: apply.taskId, comment: '办结' }, ry)).toMatchObject({ code: 200 });
    const rec = await get(`/flowable/task/flowRecord?procInsId=${id}`);
    expect(rec.data.flowList[0].comments.map((c: any) => c.type)).toEqual(['4', '4']);
    expect((await post('/flowable/task/delegate', { taskId: apply.taskId })).msg).toContain('办理人不能为空');
  });

  it('claim, unClaim and assignTask on a candidate task', async () => {
    const id = await start(def.definitionId);
    await post('/flowable/task/complete', { taskId: (await todoOf(id)).taskId, comment: '提交' });
    const mgr = await todoOf(id, ry);
    expect(await post('/flowable/task/claim', { taskId: mgr.taskId }, ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id, ry)).toMatchObject({ assignee: '2' });
    expect(await post('/flowable/task/unClaim', { taskId: mgr.taskId }, ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id, ry)).toMatchObject({ assignee: null });
    await post('/flowable/task/claim', { taskId: mgr.taskId }, ry);
    expect(await post('/flowable/task/assignTask', { taskId: mgr.taskId, assignee: '1' }, ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toMatchObject({ taskId: mgr.taskId, assignee: '1' });
    expect(await todoOf(id, ry)).toBeUndefined();
  });

  it('revoke by the last handler while the next task is untouched; stop ends the instance', async () => {
    const id = await start(def.definitionId);
    await post('/flowable/task/complete', { taskId: (await todoOf(id)).taskId, comment: '提交' });
    // ry did not hand anything in
    expect((await post('/flowable/task/revokeProcess', { instanceId: id }, ry)).code).toBe(500);
    expect(await post('/flowable/task/revokeProcess', { instanceId: id })).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toMatchObject({ taskName: '填写申请' });
    expect(await todoOf(id, ry)).toBeUndefined();

    // stop: ry is not the initiator
    expect((await post('/flowable/task/stopProcess', { instanceId: id }, ry)).code).toBe(500);
    expect(await post('/flowable/task/stopProcess', { instanceId: id, comment: '不请了' })).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toBeUndefined();
    const mine = await get('/flowable/task/myProcess?pageNum=1&pageSize=100');
    expect(mine.rows.find((r: any) => r.procInsId === id).finishTime).toBeTruthy();
    const rec = await get(`/flowable/task/flowRecord?procInsId=${id}`);
    expect(rec.data.flowList.flatMap((i: any) => i.comments.map((c: any) => [c.type, c.message]))).toContainEqual(['6', '不请了']);
    expect((await post('/flowable/task/stopProcess', { instanceId: id })).code).toBe(500);
    // the actions are in the operation log
    const log = await get('/monitor/operlog/list?pageNum=1&pageSize=50&title=流程终止');
    expect(log.rows.length).toBeGreaterThan(0);
  });

  it('a dynamic node (#{approval}) gets the recipients picked on the previous node; a node form merges into the task form', async () => {
    const nodeField = { __config__: { label: '意见', tag: 'el-input', layout: 'colFormItem' }, __vModel__: 'opinion' };
    const nodeForm = { fields: [nodeField] };
    const formId = (await post('/flowable/form', { formName: '审批单', formContent: nodeForm })).data.formId;
    const xml = LEAVE_XML.replace('flowable:candidateUsers="2" flowable:userType="candidateUsers" flowable:dataType="fixed"',
      `flowable:candidateUsers="#{approval}" flowable:userType="candidateUsers" flowable:dataType="dynamic" flowable:formKey="${formId}"`);
    const d = await deploy('动态接收人', xml);
    const startForm = { fields: [{ __vModel__: 'day', label: '天数' }], formBtns: false };
    const id = await start(d.definitionId, { day: 2, variables: startForm });
    const apply = await todoOf(id);
    expect((await post('/flowable/task/nextFlowNode', { taskId: apply.taskId })).data).toMatchObject({ type: 'candidateUsers', dataType: 'dynamic', vars: 'approval' });
    await post('/flowable/task/complete', { taskId: apply.taskId, comment: '提交', variables: { approval: '2' } });
    const mgr = await todoOf(id, ry);
    expect(mgr).toMatchObject({ taskName: '经理审批', formKey: String(formId) });
    const form = (await get(`/flowable/task/flowTaskForm?taskId=${mgr.taskId}`, ry)).data;
    expect(form.formKeyExist).toBe(true);
    expect(form.formData).toMatchObject({ disabled: false, formBtns: true });
    expect(form.formData.fields).toEqual([{ __vModel__: 'day', label: '天数', disabled: true }, nodeField]);

    // the server saves the node form into `variables` (the client's copy is ignored), then the
    // task comes back: its field shows once, with the saved value
    const forged = { ...startForm, fields: [{ __vModel__: 'forged', label: '伪造' }] };
    await post('/flowable/task/complete', { taskId: mgr.taskId, comment: '同意', variables: { opinion: '可以', variables: forged } }, ry);
    const fin = (await todoOf(id)) ?? (await todoOf(id, ry));
    expect(fin.taskName).toBe('财务审批');
    await post('/flowable/task/return', { taskId: fin.taskId, targetKey: 'manager', comment: '退回' });
    const again = await todoOf(id, ry);
    const back = (await get(`/flowable/task/flowTaskForm?taskId=${again.taskId}`, ry)).data;
    expect(back.formData.fields).toEqual([{ __vModel__: 'day', label: '天数', disabled: true }, { ...nodeField, __config__: { ...nodeField.__config__, defaultValue: '可以' } }]);
  });

  it('DELETE /flowable/task/delete refuses a task of a running process', async () => {
    const id = await start(def.definitionId);
    const task = await todoOf(id);
    const r = await call(t.app, 'DELETE', '/flowable/task/delete', admin, { taskId: task.taskId, comment: 'x' });
    expect(r.body).toEqual({ code: 500, msg: '该任务属于流程实例，不能直接删除' });
    // nothing deleted: the task is still to be worked on
    expect((await todoOf(id)).taskId).toBe(task.taskId);
  });
});

describe('definitions, instances and deployments', () => {
  it('suspends (start refused), activates, deletes', async () => {
    const d = await deploy('暂停测试');
    const r1 = await call(t.app, 'PUT', `/flowable/definition/updateState?state=2&deployId=${d.deploymentId}`, admin);
    expect(r1.body).toEqual({ code: 200, msg: '操作成功' });
    expect(await post(`/flowable/definition/start/${d.definitionId}`, {})).toEqual({ code: 500, msg: '流程已被挂起,请先激活流程' });
    await call(t.app, 'PUT', `/flowable/definition/updateState?state=1&deployId=${d.deploymentId}`, admin);
    const id = await start(d.definitionId);
    expect((await call(t.app, 'PUT', `/flowable/definition/updateState?state=3&deployId=${d.deploymentId}`, admin)).body.msg).toContain('状态只能是1(激活)或2(挂起)');
    expect((await call(t.app, 'DELETE', `/flowable/definition/${d.deploymentId}`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await get(`/flowable/definition/readXml/${d.deploymentId}`)).code).toBe(500);
    expect(await todoOf(id)).toBeUndefined();
  });

  it('a second save of the key is version 2', async () => {
    const d = await deploy('请假');
    expect(d.version).toBeGreaterThan(1);
  });

  it('imports a corpus file over multipart and runs it', async () => {
    const xml = fs.readFileSync(path.join(corpusDir, 'flowable-FinancialReportProcess.bpmn20.xml'));
    const { payload, headers } = multipartPayload({ file: { filename: 'report.bpmn20.xml', data: xml }, name: '财务报告', category: 'finance' });
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/flowable/definition/import', payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
    expect(res.json()).toMatchObject({ code: 200, msg: '导入成功', data: { key: 'financialReport' } });
    const bad = multipartPayload({ file: { filename: 'x.txt', data: Buffer.from('x') } });
    const r2 = await t.app.inject({ method: 'POST', url: '/caishui-api/flowable/definition/import', payload: bad.payload, headers: { ...bad.headers, authorization: `Bearer ${admin}` } });
    expect(r2.json().code).toBe(500);
    const img = await t.app.inject({ url: `/caishui-api/flowable/definition/readImage/${res.json().data.deploymentId}`, headers: { authorization: `Bearer ${admin}` } });
    expect(img.body).toContain('<svg');
  });

  it('refuses an unsupported model naming the element', async () => {
    const xml = LEAVE_XML.replace('<userTask id="finance"', '<serviceTask id="svc" name="x"/><userTask id="finance"');
    const r = await post('/flowable/definition/save', { name: '坏', xml });
    expect(r.code).toBe(500);
    expect(r.msg).toContain('svc');
  });

  it('instances: startBy, suspend/activate, delete', async () => {
    const d = await deploy('实例测试');
    const r = await post(`/flowable/instance/startBy/${d.definitionId}`, { day: 1 });
    expect(r).toMatchObject({ code: 200, msg: '流程启动成功' });
    const id = r.data.instanceId;
    expect(await post(`/flowable/instance/updateState?state=2&instanceId=${id}`, {})).toMatchObject({ code: 200 });
    const task = t.app.deps.engine.instanceTasks(id)[0];
    expect(await todoOf(id)).toBeUndefined(); // suspended tasks leave the to-do list
    const refused = await post('/flowable/task/complete', { taskId: task.taskId, comment: 'x' });
    expect(refused).toEqual({ code: 500, msg: '任务处于挂起状态!' });
    expect(await post(`/flowable/instance/updateState?state=1&instanceId=${id}`, {})).toMatchObject({ code: 200 });
    expect((await call(t.app, 'DELETE', `/flowable/instance/delete/${id}?deleteReason=作废`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await get(`/flowable/task/flowRecord?procInsId=${id}`)).code).toBe(500);
  });

  it('suspending or deleting an instance is for its initiator or a holder of the deployment perms', async () => {
    const d = await deploy('实例权限');
    const mine = (await post(`/flowable/instance/startBy/${d.definitionId}`, { day: 1 }, nobody)).data.instanceId;
    const admins = (await post(`/flowable/instance/startBy/${d.definitionId}`, { day: 1 })).data.instanceId;
    // nobody (no perms) may not touch admin's instance, not even together with its own: nothing is deleted
    expect((await post(`/flowable/instance/updateState?state=2&instanceId=${admins}`, {}, nobody))).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect((await call(t.app, 'DELETE', `/flowable/instance/delete/${mine},${admins}`, nobody)).body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect(t.app.deps.engine.getInstance(mine).id).toBe(mine);
    expect(t.app.deps.engine.getInstance(admins).id).toBe(admins);
    // its own instance: yes
    expect(await post(`/flowable/instance/updateState?state=2&instanceId=${mine}`, {}, nobody)).toMatchObject({ code: 200 });
    expect((await call(t.app, 'DELETE', `/flowable/instance/delete/${mine}`, nobody)).body).toEqual({ code: 200, msg: '操作成功' });
    // the super admin may delete anyone's
    expect((await call(t.app, 'DELETE', `/flowable/instance/delete/${admins}`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
  });

  it('pickers, start helper, next node by start', async () => {
    const users = await get('/flowable/definition/userList');
    expect(users.data.map((u: any) => u.userName)).toEqual(expect.arrayContaining(['admin', 'ry']));
    expect((await get('/flowable/definition/roleList')).data.map((r: any) => r.roleName)).toEqual(expect.arrayContaining(['超级管理员', '普通角色']));
    expect((await get('/flowable/definition/expList')).data.map((e: any) => e.expression)).toEqual(['${INITIATOR}', '#{approval}']);
    const d = await deploy('启动帮助');
    const sf = await get(`/flowable/process/startFlow/${d.deploymentId}`);
    expect(sf.data).toMatchObject({ procDefId: d.definitionId, xml: LEAVE_XML, formData: null });
    expect((await post('/flowable/task/nextFlowNodeByStart', { deploymentId: d.deploymentId, variables: {} })).data).toMatchObject({ type: 'assignee', dataType: 'fixed' });
    expect((await post('/flowable/task/nextFlowNodeByStart', {})).msg).toContain('部署ID不能为空');
  });

  it('deployments: list, get, update name/category, export, delete; writes need the perms', async () => {
    const d = await deploy('部署管理');
    const one = await get(`/system/deployment/${d.deploymentId}`);
    expect(one.data).toMatchObject({ id: d.deploymentId, name: '部署管理', category: 'oa', key: 'leave' });
    expect((await call(t.app, 'PUT', '/system/deployment', admin, { deploymentId: d.deploymentId, name: '改名', category: 'hr' })).body.code).toBe(200);
    expect((await get(`/system/deployment/${d.deploymentId}`)).data).toMatchObject({ name: '改名', category: 'hr' });
    const list = await get('/system/deployment/list?pageNum=1&pageSize=100&name=改名');
    expect(list).toMatchObject({ code: 200, total: 1 });
    const x = await t.app.inject({ url: '/caishui-api/system/deployment/export', headers: { authorization: `Bearer ${admin}` } });
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect((await call(t.app, 'PUT', '/system/deployment', ry, { deploymentId: d.deploymentId, name: 'x' })).body.code).toBe(403);
    expect((await call(t.app, 'DELETE', `/system/deployment/${d.deploymentId}`, ry)).body.code).toBe(403);
    expect((await call(t.app, 'DELETE', `/system/deployment/${d.deploymentId}`, admin)).body.code).toBe(200);
    expect((await get(`/system/deployment/${d.deploymentId}`)).code).toBe(500);
  });
});

async function sheet(url: string, tok = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/caishui-api${url}`, headers: { authorization: `Bearer ${tok}` } });
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
    expect((await call(t.app, 'PUT', '/system/expression', admin, { id, name: '部门经理2', expression: '${deptLeader}', dataType: 'dynamic' })).body.code).toBe(200);
    expect((await get(`/system/expression/${id}`)).data).toMatchObject({ name: '部门经理2', dataType: 'dynamic' });
    expect((await post('/flowable/expression', { name: '', expression: '${x}', dataType: 'fixed' })).msg).toContain('表达式名称不能为空');
    expect((await post('/flowable/expression', { name: 'x', expression: '${x}' })).msg).toContain('指定类型不能为空');
    const rows = await sheet('/flowable/expression/export');
    expect(rows[0]).toEqual(['表达式主键', '表达式名称', '表达式内容', '指定类型', '状态', '备注']);
    expect(rows.map((r) => r[2])).toContain('${deptLeader}');
    expect((await call(t.app, 'DELETE', `/flowable/expression/${id}`, admin)).body.code).toBe(200);
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
    expect((await call(t.app, 'PUT', '/flowable/listener', admin, { id: add.data.id, name: '完成监听2', type: '1', eventType: 'complete', valueType: 'classListener', value: 'com.x.Done' })).body.code).toBe(200);
    expect((await post('/flowable/listener', { name: 'x', type: '2', eventType: 'create', valueType: 'classListener', value: 'a' })).msg).toContain('事件类型与监听类型不匹配');
    const rows = await sheet('/flowable/listener/export');
    expect(rows.map((r) => r[1])).toContain('完成监听2');
    expect((await call(t.app, 'DELETE', `/system/listener/${add.data.id}`, admin)).body.code).toBe(200);
  });

  it('forms: CRUD, formList, addDeployForm (no-op when linked), flowFormData, startFlow formData, export', async () => {
    const content = { fields: [{ __vModel__: 'day', label: '天数' }], formBtns: true };
    const add = await post('/flowable/form', { formName: '请假单', formContent: content, remark: 'r' });
    expect(add.code).toBe(200);
    const formId = add.data.formId;
    const other = (await post('/flowable/form', { formName: '别的', formContent: '{}' })).data.formId;
    expect((await get('/flowable/form/formList')).data).toEqual(expect.arrayContaining([{ formId, formName: '请假单' }]));
    expect((await post('/flowable/form', { formName: 'x', formContent: '{bad' })).msg).toContain('表单内容不是合法的 JSON');
    const d = await deploy('带表单');
    expect((await get(`/flowable/task/flowFormData?deployId=${d.deploymentId}`))).toEqual({ code: 500, msg: '请先配置流程表单!' });
    expect(await post('/flowable/form/addDeployForm', { formId, deployId: d.deploymentId })).toMatchObject({ code: 200 });
    expect(await post('/flowable/form/addDeployForm', { formId: other, deployId: d.deploymentId })).toMatchObject({ code: 200 });
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
    expect((await call(t.app, 'PUT', '/flowable/form', admin, { formId, formName: '请假单2', formContent: content })).body.code).toBe(200);
    const rows = await sheet('/flowable/form/export');
    expect(rows.map((r) => r[1])).toContain('请假单2');
    expect((await call(t.app, 'DELETE', `/flowable/form/${other}`, admin)).body.code).toBe(200);
  });
});

describe('rights', () => {
  const sample = (path: string) => path.replace(/:(\w+)/g, (_m, k) => (/ids?$|Id$/i.test(k) && /form|expression|listener/.test(path) ? '1' : 'x'));

  it('answers 401 on every workflow row without a session', async () => {
    for (const r of flowableRoutes) {
      for (const { method, path } of [{ method: r.method, path: r.path }, ...(r.aliases ?? [])]) {
        const res = await call(t.app, method, sample(path), undefined, method === 'GET' ? undefined : {});
        expect([path, res.body.code]).toEqual([path, 401]);
      }
    }
  });

  it('answers 403 on every library row for users without the permissions (ry and a user without any)', async () => {
    const library = flowableRoutes.filter((r) => /^\/flowable\/(expression|listener|form)/.test(r.path));
    expect(library.length).toBe(20);
    for (const tok of [ry, nobody]) {
      for (const r of library) {
        for (const { method, path } of [{ method: r.method, path: r.path }, ...(r.aliases ?? [])]) {
          const res = await call(t.app, method, sample(path), tok, method === 'GET' ? undefined : { formId: 1, deployId: 'x', name: 'x' });
          expect([path, res.body]).toEqual([path, { code: 403, msg: '没有权限，请联系管理员授权' }]);
        }
      }
    }
  });

  it('lets a user without any permission use the task rows of their session (as upstream)', async () => {
    expect(await get('/flowable/task/todoList', nobody)).toMatchObject({ code: 200, total: 0 });
    expect(await get('/flowable/definition/list', nobody)).toMatchObject({ code: 200 });
  });

  it('names bad input', async () => {
    expect((await post('/flowable/definition/save', { category: 'oa', xml: '<x/>' })).msg).toContain('流程名称不能为空');
    expect((await post('/flowable/definition/save', { name: 'x', category: 'oa' })).msg).toContain('流程XML不能为空');
    expect((await post('/flowable/task/complete', { comment: 'x' })).msg).toContain('任务ID不能为空');
    expect((await post('/flowable/task/revokeProcess', {})).msg).toContain('流程实例ID不能为空');
    expect((await get('/flowable/task/flowRecord')).msg).toContain('流程实例ID不能为空');
    expect((await post('/flowable/task/complete', { taskId: 'nope', comment: 'x' }))).toEqual({ code: 500, msg: '任务不存在或已被审批!' });
  });
});

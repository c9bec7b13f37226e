/**
 * Workflow REST rows (issue 5 "Around it" / "Proof"): a full approval over REST with the small
 * Chinese model of flowable-model.ts (start as admin → 填写申请 (${INITIATOR}) → 经理审批 (candidate
 * user 2 `ry`) → 财务审批 (candidate group role 1) → end) and the reject / return / delegate /
 * revoke / stop paths. Definitions, instances and deployments: flowable-definitions.test.ts; the
 * libraries and the rights: flowable-libraries.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/app';
import { LEAVE_XML } from './flowable-model';
import { useFlowableRest } from './flowable-rest';

const { s, get, post, deploy, start, todoOf } = useFlowableRest();

describe('a full approval over REST', () => {
  let def: { deploymentId: string; definitionId: string };
  let instanceId: string;

  it('deploys, lists and reads the model', async () => {
    def = await deploy();
    const list = await get('/flowable/definition/list?pageNum=1&pageSize=10&name=请假');
    expect(list).toMatchObject({ code: 200, msg: '查询成功', total: 1 });
    expect(list.rows[0]).toEqual({
      id: def.definitionId, key: 'leave', flowKey: 'leave', name: '请假', category: 'oa', version: 1, deploymentId: def.deploymentId,
      suspensionState: 1, deploymentTime: '2026-11-22 09:00:00', formId: null, formName: null,
    });
    expect((await get(`/flowable/definition/readXml/${def.deploymentId}`)).data).toBe(LEAVE_XML);
    const img = await s.t.app.inject({ url: `/caishui-api/flowable/definition/readImage/${def.deploymentId}`, headers: { authorization: `Bearer ${s.admin}` } });
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
    expect(await todoOf(instanceId, s.ry)).toBeUndefined();
    // issue 38 §4: LEAVE_XML has no form and no expression reads `day`, so only the engine's INITIATOR is stored
    const firstVars = (await get(`/flowable/task/processVariables/${first.taskId}`)).data;
    expect(firstVars).toMatchObject({ INITIATOR: '1' });
    expect(firstVars).not.toHaveProperty('day');
    expect((await post('/flowable/task/nextFlowNode', { taskId: first.taskId })).data).toMatchObject({ type: 'candidateUsers', dataType: 'fixed', vars: 'approval' });

    // ry cannot act on admin's task
    const notMine = await post('/flowable/task/complete', { taskId: first.taskId, comment: 'x' }, s.ry);
    expect(notMine.code).toBe(500);
    expect(await todoOf(instanceId)).toMatchObject({ taskId: first.taskId });

    expect(await post('/flowable/task/complete', { taskId: first.taskId, instanceId, comment: '提交申请', variables: { day: 4 } })).toEqual({ code: 200, msg: '操作成功' });
    const second = await todoOf(instanceId, s.ry);
    expect(second).toMatchObject({ taskName: '经理审批' });
    expect(await todoOf(instanceId)).toBeUndefined();
    expect(await post('/flowable/task/complete', { taskId: second.taskId, comment: '经理同意' }, s.ry)).toMatchObject({ code: 200 });

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
      ['经理审批', '经理同意', '测试员', '测试部门'],
      ['填写申请', '提交申请', '若依', '研发部门'],
      ['发起', '若依发起流程申请', '若依', '研发部门'], // issue 40 §4: the start, last (newest first)
    ]);
    expect(rec.data.flowList[1].candidate).toBe('测试员');
    expect(rec.data.flowList[0].candidate).toBe('超级管理员');

    const finished = await get('/flowable/task/finishedList?pageNum=1&pageSize=10', s.ry);
    expect(finished).toMatchObject({ code: 200, total: 1 });
    expect(finished.rows[0]).toMatchObject({ taskName: '经理审批', startUserName: '若依', hisProcInsId: instanceId });
    const mine = await get('/flowable/task/myProcess?pageNum=1&pageSize=10');
    expect(mine.rows.find((r: any) => r.procInsId === instanceId)).toMatchObject({ finishTime: expect.any(String), taskName: null, assigneeName: null }); // issue 40 §4: no current node

    const nodes = await get(`/flowable/task/flowXmlAndNode?procInsId=${instanceId}&deployId=${def.deploymentId}`);
    expect(nodes.data.xmlData).toBe(LEAVE_XML);
    expect(nodes.data.nodeData).toEqual(expect.arrayContaining([{ key: 'finance', completed: true }, { key: 'end_event', completed: true }]));
    const viewer = await get(`/flowable/task/flowViewer/${instanceId}/x`);
    expect(viewer.data).toEqual(nodes.data.nodeData);
  });

  it('reject goes back one step with comment type 3', async () => {
    const id = await start(def.definitionId);
    await post('/flowable/task/complete', { taskId: (await todoOf(id)).taskId, comment: '提交' });
    const mgr = await todoOf(id, s.ry);
    await post('/flowable/task/complete', { taskId: mgr.taskId, comment: '同意' }, s.ry);
    const fin = await todoOf(id);
    expect(await post('/flowable/task/reject', { taskId: fin.taskId, comment: '材料不全' })).toMatchObject({ code: 200 });
    expect(await todoOf(id, s.ry)).toMatchObject({ taskName: '经理审批' });
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
    await post('/flowable/task/complete', { taskId: (await todoOf(id, s.ry)).taskId, comment: '同意' }, s.ry);
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
    expect(await todoOf(id, s.ry)).toMatchObject({ taskId: apply.taskId, owner: '1', delegationState: 'PENDING' });
    expect(await todoOf(id)).toBeUndefined();
    expect(await post('/flowable/task/complete', { taskId: apply.taskId, comment: '已处理' }, s.ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toMatchObject({ taskId: apply.taskId, assignee: '1' });
    // the alias path
    expect(await post('/flowable/task/delegateTask', { taskId: apply.taskId, assignee: '2' })).toMatchObject({ code: 200 });
    expect(await post('/flowable/task/resolveTask', { taskId: apply.taskId, comment: '办结' }, s.ry)).toMatchObject({ code: 200 });
    const rec = await get(`/flowable/task/flowRecord?procInsId=${id}`);
    expect(rec.data.flowList[0].comments.map((c: any) => c.type)).toEqual(['4', '4']);
    expect((await post('/flowable/task/delegate', { taskId: apply.taskId })).msg).toContain('办理人不能为空');
  });

  it('claim, unClaim and assignTask on a candidate task', async () => {
    const id = await start(def.definitionId);
    await post('/flowable/task/complete', { taskId: (await todoOf(id)).taskId, comment: '提交' });
    const mgr = await todoOf(id, s.ry);
    expect(await post('/flowable/task/claim', { taskId: mgr.taskId }, s.ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id, s.ry)).toMatchObject({ assignee: '2' });
    expect(await post('/flowable/task/unClaim', { taskId: mgr.taskId }, s.ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id, s.ry)).toMatchObject({ assignee: null });
    await post('/flowable/task/claim', { taskId: mgr.taskId }, s.ry);
    expect(await post('/flowable/task/assignTask', { taskId: mgr.taskId, assignee: '1' }, s.ry)).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toMatchObject({ taskId: mgr.taskId, assignee: '1' });
    expect(await todoOf(id, s.ry)).toBeUndefined();
  });

  it('revoke by the last handler while the next task is untouched; stop ends the instance', async () => {
    const id = await start(def.definitionId);
    await post('/flowable/task/complete', { taskId: (await todoOf(id)).taskId, comment: '提交' });
    // ry did not hand anything in
    expect((await post('/flowable/task/revokeProcess', { instanceId: id }, s.ry)).code).toBe(500);
    expect(await post('/flowable/task/revokeProcess', { instanceId: id })).toMatchObject({ code: 200 });
    expect(await todoOf(id)).toMatchObject({ taskName: '填写申请' });
    expect(await todoOf(id, s.ry)).toBeUndefined();

    // stop: ry is not the initiator
    expect((await post('/flowable/task/stopProcess', { instanceId: id }, s.ry)).code).toBe(500);
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
    const mgr = await todoOf(id, s.ry);
    expect(mgr).toMatchObject({ taskName: '经理审批', formKey: String(formId) });
    const form = (await get(`/flowable/task/flowTaskForm?taskId=${mgr.taskId}`, s.ry)).data;
    expect(form.formKeyExist).toBe(true);
    expect(form.formData).toMatchObject({ disabled: false, formBtns: true });
    // issue 38 §1: the process has no main form, so the start's client-sent `variables` config was never stored
    expect(form.formData.fields).toEqual([nodeField]);

    // the server saves the node form into `variables` (the client's copy is ignored), then the
    // task comes back: its field shows once, with the saved value
    const forged = { ...startForm, fields: [{ __vModel__: 'forged', label: '伪造' }] };
    await post('/flowable/task/complete', { taskId: mgr.taskId, comment: '同意', variables: { opinion: '可以', variables: forged } }, s.ry);
    const fin = (await todoOf(id)) ?? (await todoOf(id, s.ry));
    expect(fin.taskName).toBe('财务审批');
    await post('/flowable/task/return', { taskId: fin.taskId, targetKey: 'manager', comment: '退回' });
    const again = await todoOf(id, s.ry);
    const back = (await get(`/flowable/task/flowTaskForm?taskId=${again.taskId}`, s.ry)).data;
    expect(back.formData.fields).toEqual([{ ...nodeField, __config__: { ...nodeField.__config__, defaultValue: '可以' } }]);
  });

  it('DELETE /flowable/task/delete refuses a task of a running process', async () => {
    const id = await start(def.definitionId);
    const task = await todoOf(id);
    const r = await call(s.t.app, 'DELETE', '/flowable/task/delete', s.admin, { taskId: task.taskId, comment: 'x' });
    expect(r.body).toEqual({ code: 500, msg: '该任务属于流程实例，不能直接删除' });
    // nothing deleted: the task is still to be worked on
    expect((await todoOf(id)).taskId).toBe(task.taskId);
  });
});

/**
 * Workflow REST rows (issue 5 "Around it" / "Proof"; split from flowable.test.ts): definitions
 * (suspend, activate, delete, versions, a corpus file imported over multipart, an unsupported model
 * named), instances (startBy, suspend / activate, delete, who may), the pickers and start helpers,
 * and deployments (list, get, update, export, delete; writes need the perms).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/app';
import { multipartPayload } from '../helpers/factories';
import { corpusDir } from '../workflow/helpers';
import { LEAVE_XML, ryApprovalXml } from './flowable-model';
import { useFlowableRest } from './flowable-rest';

const { s, get, post, deploy, start, todoOf } = useFlowableRest();

describe('definitions, instances and deployments', () => {
  it('suspends (start refused), activates, deletes', async () => {
    const d = await deploy('暂停测试');
    const r1 = await call(s.t.app, 'PUT', `/flowable/definition/updateState?state=2&deployId=${d.deploymentId}`, s.admin);
    expect(r1.body).toEqual({ code: 200, msg: '操作成功' });
    expect(await post(`/flowable/definition/start/${d.definitionId}`, {})).toEqual({ code: 500, msg: '流程已被挂起,请先激活流程' });
    await call(s.t.app, 'PUT', `/flowable/definition/updateState?state=1&deployId=${d.deploymentId}`, s.admin);
    const id = await start(d.definitionId);
    expect((await call(s.t.app, 'PUT', `/flowable/definition/updateState?state=3&deployId=${d.deploymentId}`, s.admin)).body.msg).toContain('状态只能是1(激活)或2(挂起)');
    expect((await call(s.t.app, 'DELETE', `/flowable/definition/${d.deploymentId}`, s.admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await get(`/flowable/definition/readXml/${d.deploymentId}`)).code).toBe(500);
    expect(await todoOf(id)).toBeUndefined();
  });

  it('a second save of the key is version 2', async () => {
    const first = await deploy('版本测试', ryApprovalXml('versioned', '版本测试'));
    const second = await deploy('版本测试', ryApprovalXml('versioned', '版本测试'));
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(second.definitionId).not.toBe(first.definitionId);
  });

  it('imports a corpus file over multipart and runs it', async () => {
    const xml = fs.readFileSync(path.join(corpusDir, 'flowable-FinancialReportProcess.bpmn20.xml'));
    const { payload, headers } = multipartPayload({ file: { filename: 'report.bpmn20.xml', data: xml }, name: '财务报告', category: 'finance' });
    const res = await s.t.app.inject({ method: 'POST', url: '/caishui-api/flowable/definition/import', payload, headers: { ...headers, authorization: `Bearer ${s.admin}` } });
    expect(res.json()).toMatchObject({ code: 200, msg: '导入成功', data: { key: 'financialReport' } });
    const bad = multipartPayload({ file: { filename: 'x.txt', data: Buffer.from('x') } });
    const r2 = await s.t.app.inject({ method: 'POST', url: '/caishui-api/flowable/definition/import', payload: bad.payload, headers: { ...bad.headers, authorization: `Bearer ${s.admin}` } });
    expect(r2.json().code).toBe(500);
    const img = await s.t.app.inject({ url: `/caishui-api/flowable/definition/readImage/${res.json().data.deploymentId}`, headers: { authorization: `Bearer ${s.admin}` } });
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
    const task = (await s.t.app.deps.engine.instanceTasks(id))[0];
    expect(await todoOf(id)).toBeUndefined(); // suspended tasks leave the to-do list
    const refused = await post('/flowable/task/complete', { taskId: task.taskId, comment: 'x' });
    expect(refused).toEqual({ code: 500, msg: '任务处于挂起状态!' });
    expect(await post(`/flowable/instance/updateState?state=1&instanceId=${id}`, {})).toMatchObject({ code: 200 });
    expect((await call(s.t.app, 'DELETE', `/flowable/instance/delete/${id}?deleteReason=作废`, s.admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await get(`/flowable/task/flowRecord?procInsId=${id}`)).code).toBe(500);
  });

  it('suspending or deleting an instance is for its initiator or a holder of the deployment perms', async () => {
    const d = await deploy('实例权限');
    const mine = (await post(`/flowable/instance/startBy/${d.definitionId}`, { day: 1 }, s.nobody)).data.instanceId;
    const admins = (await post(`/flowable/instance/startBy/${d.definitionId}`, { day: 1 })).data.instanceId;
    // nobody (no perms) may not touch admin's instance, not even together with its own: nothing is deleted
    expect(await post(`/flowable/instance/updateState?state=2&instanceId=${admins}`, {}, s.nobody)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect((await call(s.t.app, 'DELETE', `/flowable/instance/delete/${mine},${admins}`, s.nobody)).body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect((await s.t.app.deps.engine.getInstance(mine)).id).toBe(mine);
    expect((await s.t.app.deps.engine.getInstance(admins)).id).toBe(admins);
    // its own instance: yes
    expect(await post(`/flowable/instance/updateState?state=2&instanceId=${mine}`, {}, s.nobody)).toMatchObject({ code: 200 });
    expect((await call(s.t.app, 'DELETE', `/flowable/instance/delete/${mine}`, s.nobody)).body).toEqual({ code: 200, msg: '操作成功' });
    // the super admin may delete anyone's
    expect((await call(s.t.app, 'DELETE', `/flowable/instance/delete/${admins}`, s.admin)).body).toEqual({ code: 200, msg: '操作成功' });
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
    expect((await call(s.t.app, 'PUT', '/system/deployment', s.admin, { deploymentId: d.deploymentId, name: '改名', category: 'hr' })).body.code).toBe(200);
    expect((await get(`/system/deployment/${d.deploymentId}`)).data).toMatchObject({ name: '改名', category: 'hr' });
    const list = await get('/system/deployment/list?pageNum=1&pageSize=100&name=改名');
    expect(list).toMatchObject({ code: 200, total: 1 });
    const x = await s.t.app.inject({ url: '/caishui-api/system/deployment/export', headers: { authorization: `Bearer ${s.admin}` } });
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect((await call(s.t.app, 'PUT', '/system/deployment', s.ry, { deploymentId: d.deploymentId, name: 'x' })).body.code).toBe(403);
    expect((await call(s.t.app, 'DELETE', `/system/deployment/${d.deploymentId}`, s.ry)).body.code).toBe(403);
    expect((await call(s.t.app, 'DELETE', `/system/deployment/${d.deploymentId}`, s.admin)).body.code).toBe(200);
    expect((await get(`/system/deployment/${d.deploymentId}`)).code).toBe(500);
  });
});

/**
 * Workflow rows closed to bystanders (issue 11 §3 "Workflow rows open to any signed-in user"),
 * all through REST: definition writes need `system:deployment:add/edit/remove` like the
 * `/system/deployment` rows; instance data (variables, flow record, diagram progress, task form,
 * next-node and return probes) answers its participants (initiator, assignee, candidate user or
 * group, delegating owner, delegate) and holders of `flowable:instance:monitor` only, 403 to the
 * rest; a task nobody holds is refused to all but monitors; the recipient picker's `userList`
 * carries no phone number or e-mail. Bystanders are users without any role.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser, makeUserWithPerms, multipartPayload, grantProcessStart } from '../helpers/factories';
import { sysUser } from '../../server/db/schema';
import { INSTANCE_MONITOR_PERM } from '../../server/modules/flowable/common/access.service';
import { LEAVE_XML } from './flowable-model';

const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
let groupId: number;

beforeAll(async () => {
  t = await makeTestApp();
  // The monitoring permission is the seeded button 流程监控 (2048) under 我的流程.
  for (const name of ['stranger', 'starter', 'candidate', 'helper']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.starter]); // they start processes (issue 40)
  groupId = await makeRole(t.app, { roleKey: 'reviewers' });
  id.member = await makeUser(t.app, { userName: 'member', roleIds: [groupId] });
  id.deployer = await makeUserWithPerms(t.app, 'deployer', ['system:deployment:add', 'system:deployment:edit', 'system:deployment:remove']);
  id.monitor = await makeUserWithPerms(t.app, 'monitor', [INSTANCE_MONITOR_PERM]);
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);

/** LEAVE_XML with 经理审批 for `candidate` and 财务审批 for the role `reviewers`. */
const model = () => LEAVE_XML.replace('flowable:candidateUsers="2"', `flowable:candidateUsers="${id.candidate}"`)
  .replace('flowable:candidateGroups="1"', `flowable:candidateGroups="${groupId}"`);

async function deploy(xml = model(), name = '权限') {
  const r = await post('/flowable/definition/save', { name, category: 'oa', xml }, 'admin');
  expect(r.code).toBe(200);
  return r.data as { deploymentId: string; definitionId: string };
}
const runtimeTask = async (instanceId: string) => (await t.app.deps.engine.instanceTasks(instanceId))[0];

/** Every read of instance data for `who`: the REST envelopes, in a fixed order. */
async function reads(who: string, instanceId: string, taskId: string, deployId: string) {
  return [
    await get(`/flowable/task/processVariables/${taskId}`, who),
    await get(`/flowable/task/flowRecord?procInsId=${instanceId}&deployId=${deployId}`, who),
    await get(`/flowable/task/flowXmlAndNode?procInsId=${instanceId}&deployId=${deployId}`, who),
    await get(`/flowable/task/flowViewer/${instanceId}/x`, who),
    await get(`/flowable/task/flowTaskForm?taskId=${taskId}`, who),
    await post('/flowable/task/nextFlowNode', { taskId }, who),
    await post('/flowable/task/returnList', { taskId }, who),
  ];
}
const codes = (envelopes: Array<Record<string, unknown>>) => envelopes.map((e) => e.code);

describe('definition writes need the deployment permissions', () => {
  it('refuses save, import, updateState and delete to a user without a role; nothing changes', async () => {
    expect(await post('/flowable/definition/save', { name: '偷偷', category: 'oa', xml: LEAVE_XML }, 'stranger')).toEqual(FORBIDDEN);
    const { payload, headers } = multipartPayload({ file: { filename: 'x.bpmn', data: Buffer.from(LEAVE_XML) }, name: '偷偷' });
    const imported = await t.app.inject({ method: 'POST', url: '/caishui-api/flowable/definition/import', payload, headers: { ...headers, authorization: `Bearer ${tok.stranger}` } });
    expect(imported.json()).toEqual(FORBIDDEN);
    expect((await get('/flowable/definition/list?pageNum=1&pageSize=10&name=偷偷', 'admin')).total).toBe(0);

    const d = await deploy(model(), '别人的流程');
    const instanceId = (await post(`/flowable/definition/start/${d.definitionId}`, { day: 1 }, 'starter')).data.instanceId as string;
    expect((await call(t.app, 'PUT', `/flowable/definition/updateState?state=2&deployId=${d.deploymentId}`, tok.stranger)).body).toEqual(FORBIDDEN);
    expect(await post(`/flowable/definition/updateState?state=2&deployId=${d.deploymentId}`, {}, 'stranger')).toEqual(FORBIDDEN);
    expect((await t.app.deps.engine.getDefinition({ deploymentId: d.deploymentId })).suspensionState).toBe(1);
    expect((await call(t.app, 'DELETE', `/flowable/definition/${d.deploymentId}`, tok.stranger)).body).toEqual(FORBIDDEN);
    expect((await t.app.deps.engine.getInstance(instanceId)).id).toBe(instanceId);
    expect(await t.app.deps.engine.flowRecord(instanceId)).toHaveLength(1);
    // a participant of the process is no deployer either
    expect((await call(t.app, 'DELETE', `/flowable/definition/${d.deploymentId}`, tok.starter)).body).toEqual(FORBIDDEN);
  });

  it('lets a holder of system:deployment:add/edit/remove deploy, import, suspend and delete', async () => {
    const saved = await post('/flowable/definition/save', { name: '部署员', category: 'oa', xml: LEAVE_XML }, 'deployer');
    expect(saved).toMatchObject({ code: 200, msg: '导入成功' });
    const { payload, headers } = multipartPayload({ file: { filename: 'x.bpmn', data: Buffer.from(LEAVE_XML) }, name: '部署员导入' });
    const imported = await t.app.inject({ method: 'POST', url: '/caishui-api/flowable/definition/import', payload, headers: { ...headers, authorization: `Bearer ${tok.deployer}` } });
    expect(imported.json()).toMatchObject({ code: 200, msg: '导入成功' });
    const deployId = saved.data.deploymentId as string;
    expect((await call(t.app, 'PUT', `/flowable/definition/updateState?state=2&deployId=${deployId}`, tok.deployer)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await t.app.deps.engine.getDefinition({ deploymentId: deployId })).suspensionState).toBe(2);
    expect((await call(t.app, 'DELETE', `/flowable/definition/${deployId},${imported.json().data.deploymentId}`, tok.deployer)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await get(`/flowable/definition/readXml/${deployId}`, 'admin')).code).toBe(500);
  });
});

describe('instance data answers its participants only', () => {
  let d: { deploymentId: string; definitionId: string };
  let instanceId: string;

  it('the initiator without a role reads; a user without a role who takes no part gets 403 on every row', async () => {
    d = await deploy();
    instanceId = (await post(`/flowable/definition/start/${d.definitionId}`, { day: 3, secret: '工资条' }, 'starter')).data.instanceId;
    const apply = await runtimeTask(instanceId);
    expect(codes(await reads('starter', instanceId, apply.taskId, d.deploymentId))).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // issue 38 §4: the model reads no `secret` (nor `day`), so only the engine's INITIATOR is stored
    expect((await get(`/flowable/task/processVariables/${apply.taskId}`, 'starter')).data).toEqual({ INITIATOR: String(id.starter) });
    for (const who of ['stranger', 'candidate', 'helper', 'deployer']) {
      expect([who, await reads(who, instanceId, apply.taskId, d.deploymentId)]).toEqual([who, Array(7).fill(FORBIDDEN)]);
      expect((await call(t.app, 'DELETE', '/flowable/task/delete', tok[who], { taskId: apply.taskId })).body).toEqual(FORBIDDEN);
    }
    // the participant gets Flowable's refusal, as before
    expect((await call(t.app, 'DELETE', '/flowable/task/delete', tok.starter, { taskId: apply.taskId })).body.code).toBe(500);
    // the definition's diagram without instance progress stays open (start screen)
    const open = await get(`/flowable/task/flowXmlAndNode?deployId=${d.deploymentId}`, 'stranger');
    expect(open).toMatchObject({ code: 200, data: { xmlData: model(), nodeData: [] } });
  });

  it('a candidate user and a member of a candidate group read once a task is theirs to handle, and afterwards', async () => {
    const apply = await runtimeTask(instanceId);
    expect(await post('/flowable/task/complete', { taskId: apply.taskId, comment: '提交' }, 'starter')).toMatchObject({ code: 200 });
    const mgr = await runtimeTask(instanceId);
    expect(codes(await reads('candidate', instanceId, mgr.taskId, d.deploymentId))).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const rec = await get(`/flowable/task/flowRecord?procInsId=${instanceId}`, 'candidate');
    expect(rec.data.flowList.map((i: any) => i.taskName)).toEqual(['经理审批', '填写申请', '发起']);
    expect(await get(`/flowable/task/flowRecord?procInsId=${instanceId}`, 'member')).toEqual(FORBIDDEN);

    expect(await post('/flowable/task/complete', { taskId: mgr.taskId, comment: '同意' }, 'candidate')).toMatchObject({ code: 200 });
    const fin = await runtimeTask(instanceId);
    expect(codes(await reads('member', instanceId, fin.taskId, d.deploymentId))).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // the candidate who handled 经理审批 still reads, through the finished task too
    expect(codes(await reads('candidate', instanceId, mgr.taskId, d.deploymentId)).slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await get(`/flowable/task/processVariables/${fin.taskId}`, 'stranger')).toEqual(FORBIDDEN);
  });

  it('the delegate reads while holding the task and after resolving it; the owner keeps reading', async () => {
    const id2 = (await post(`/flowable/definition/start/${d.definitionId}`, { day: 1 }, 'starter')).data.instanceId as string;
    await post('/flowable/task/complete', { taskId: (await runtimeTask(id2)).taskId, comment: '提交' }, 'starter');
    const mgr = await runtimeTask(id2);
    expect(await get(`/flowable/task/flowTaskForm?taskId=${mgr.taskId}`, 'helper')).toEqual(FORBIDDEN);
    await post('/flowable/task/claim', { taskId: mgr.taskId }, 'candidate');
    expect(await post('/flowable/task/delegate', { taskId: mgr.taskId, assignee: String(id.helper) }, 'candidate')).toMatchObject({ code: 200 });
    expect((await get(`/flowable/task/flowTaskForm?taskId=${mgr.taskId}`, 'helper')).code).toBe(200);
    expect(await post('/flowable/task/resolveTask', { taskId: mgr.taskId, comment: '已核' }, 'helper')).toMatchObject({ code: 200 });
    expect((await get(`/flowable/task/flowRecord?procInsId=${id2}`, 'helper')).code).toBe(200);
    expect((await get(`/flowable/task/processVariables/${mgr.taskId}`, 'candidate')).code).toBe(200);
    expect(await get(`/flowable/task/flowRecord?procInsId=${id2}`, 'stranger')).toEqual(FORBIDDEN);
  });

  it('a holder of flowable:instance:monitor and the super admin read any instance', async () => {
    const task = await runtimeTask(instanceId);
    expect(codes(await reads('monitor', instanceId, task.taskId, d.deploymentId))).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(codes(await reads('admin', instanceId, task.taskId, d.deploymentId))).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('an unknown instance or task still answers its not-found message', async () => {
    expect(await get('/flowable/task/flowRecord?procInsId=nope', 'stranger')).toEqual({ code: 500, msg: '未找到流程实例，流程可能已发生变化' });
    expect(await get('/flowable/task/processVariables/nope', 'stranger')).toEqual({ code: 500, msg: '任务不存在或已被审批!' });
  });
});

describe('task commands', () => {
  it('a user without a role cannot act on a task that is not theirs; nothing changes', async () => {
    const d = await deploy();
    const instanceId = (await post(`/flowable/definition/start/${d.definitionId}`, { day: 1 }, 'starter')).data.instanceId as string;
    const apply = await runtimeTask(instanceId);
    for (const [path, body] of [['complete', {}], ['reject', {}], ['return', { targetKey: 'apply' }], ['delegate', { assignee: String(id.stranger) }],
      ['assignTask', { assignee: String(id.stranger) }], ['claim', {}], ['unClaim', {}], ['resolveTask', {}]] as const) {
      const r = await post(`/flowable/task/${path}`, { taskId: apply.taskId, comment: 'x', ...body }, 'stranger');
      expect([path, r.code]).toEqual([path, 500]);
    }
    expect(await runtimeTask(instanceId)).toMatchObject({ taskId: apply.taskId, assignee: String(id.starter), owner: null });
  });

  it('a task nobody holds (no assignee, no candidates) is refused to all but a monitor', async () => {
    const xml = LEAVE_XML.replace(' flowable:assignee="${INITIATOR}"', '');
    const d = await deploy(xml, '无人任务');
    const instanceId = (await post(`/flowable/definition/start/${d.definitionId}`, { day: 1 }, 'starter')).data.instanceId as string;
    const apply = await runtimeTask(instanceId);
    expect(apply).toMatchObject({ assignee: null, candidateUsers: [], candidateGroups: [] });
    for (const who of ['stranger', 'starter']) {
      for (const path of ['complete', 'claim', 'assignTask']) {
        const r = await post(`/flowable/task/${path}`, { taskId: apply.taskId, assignee: String(id[who]) }, who);
        expect([who, path, r]).toEqual([who, path, { code: 500, msg: '当前用户不是该任务的办理人，无权操作' }]);
      }
    }
    expect(await runtimeTask(instanceId)).toMatchObject({ taskId: apply.taskId, assignee: null });
    expect(await post('/flowable/task/claim', { taskId: apply.taskId }, 'monitor')).toMatchObject({ code: 200 });
    expect(await post('/flowable/task/assignTask', { taskId: apply.taskId, assignee: String(id.starter) }, 'monitor')).toMatchObject({ code: 200 });
    expect(await post('/flowable/task/complete', { taskId: apply.taskId, comment: '提交' }, 'starter')).toMatchObject({ code: 200 });
    expect((await runtimeTask(instanceId)).name).toBe('经理审批');
  });
});

describe('the recipient picker (userList)', () => {
  it('answers id, user name, nick name and dept only, enabled users only, with no phone-number filter', async () => {
    await t.app.deps.store.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userName, 'helper'));
    const r = await get('/flowable/definition/userList', 'stranger');
    expect(r.code).toBe(200);
    for (const u of r.data) expect(Object.keys(u).sort()).toEqual(['deptId', 'deptName', 'nickName', 'userId', 'userName']);
    expect(r.data.find((u: any) => u.userName === 'admin')).toEqual({ userId: 1, userName: 'admin', nickName: '若依', deptId: 103, deptName: '研发部门' });
    expect(r.data.map((u: any) => u.userName)).not.toContain('helper');
    expect(JSON.stringify(r.data)).not.toMatch(/@|1588888/);
    // a phone number cannot be probed: the filter is not taken
    const byPhone = await get('/flowable/definition/userList?phonenumber=15888888888', 'stranger');
    expect(byPhone.data).toEqual(r.data);
    expect((await get('/flowable/definition/userList?userName=ry', 'candidate')).data).toEqual([{ userId: 2, userName: 'ry', nickName: '测试员', deptId: 105, deptName: '测试部门' }]);
  });
});

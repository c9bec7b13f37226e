/**
 * Issue 16 through REST (and tRPC where the screens call it): 抄送 from the model (users, roles
 * resolved to their enabled users, an expression) and ad hoc from the task screen, the 抄送我的
 * list with read / unread, recipients reading the instance (and only then), 撤回 by an approver
 * and 退回 to any passed node with their comment types in the flow record. Bystanders are users
 * without any role.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser, grantProcessStart } from '../helpers/factories';
import { sysUser } from '../../server/db/schema';
import { LEAVE_XML } from './flowable-model';

const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
let roleId: number;

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['starter', 'manager', 'ccUser', 'exprUser', 'stranger', 'adhoc', 'disabled']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.starter]); // they start processes (issue 40)
  roleId = await makeRole(t.app, { roleKey: 'cc_readers' });
  id.member = await makeUser(t.app, { userName: 'member', roleIds: [roleId] });
  await t.app.deps.store.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, id.disabled));
  await t.app.deps.store.run('INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)', [id.disabled, roleId]);
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) if (name !== 'disabled') tok[name] = await login(t.app, name, 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);

/** LEAVE_XML: 经理审批 held by `manager`, copied to ccUser, the role and `${ccTo}`; 财务审批 by admin. */
const model = () => LEAVE_XML
  .replace('flowable:candidateUsers="2"', `flowable:assignee="${id.manager}" flowable:ccUsers="${id.ccUser}" flowable:ccGroups="${roleId}" flowable:ccExpression="\${ccTo}"`)
  .replace('flowable:candidateGroups="1"', 'flowable:assignee="1"');

async function startOne(name: string) {
  const saved = await post('/flowable/definition/save', { name, category: 'oa', xml: model() }, 'admin');
  expect(saved.code).toBe(200);
  const started = await post(`/flowable/definition/start/${saved.data.definitionId}`, { ccTo: String(id.exprUser) }, 'starter');
  expect(started.code).toBe(200);
  return { instanceId: started.data.instanceId as string, deployId: saved.data.deploymentId as string };
}
const task = async (instanceId: string) => (await t.app.deps.engine.instanceTasks(instanceId))[0];
const complete = async (instanceId: string, who: string, comment = '同意') => {
  const r = await post('/flowable/task/complete', { taskId: (await task(instanceId)).taskId, instanceId, comment }, who);
  expect(r).toMatchObject({ code: 200 });
};

describe('抄送', () => {
  it('the model CC reaches users, enabled role members and the expression when the node is passed; recipients may read it', async () => {
    const { instanceId, deployId } = await startOne('抄送模型');
    await complete(instanceId, 'starter');
    expect((await get('/flowable/cc/list?pageNum=1&pageSize=10', 'ccUser')).total).toBe(0);
    const record = `/flowable/task/flowRecord?procInsId=${instanceId}&deployId=${deployId}`;
    expect(await get(record, 'ccUser')).toEqual(FORBIDDEN);
    await complete(instanceId, 'manager');

    for (const who of ['ccUser', 'member', 'exprUser']) {
      const list = await get('/flowable/cc/list?pageNum=1&pageSize=10', who);
      expect(list).toMatchObject({ code: 200, total: 1 });
      expect(list.rows[0]).toMatchObject({
        procInsId: instanceId, taskName: '经理审批', kind: 'node', procDefName: '请假流程', deployId,
        senderName: 'manager', startUserName: 'starter', readTime: null,
      });
      expect((await get(record, who)).code).toBe(200);
    }
    expect(await t.app.deps.engine.isCcRecipient(instanceId, String(id.disabled))).toBe(false);
    expect(await get(record, 'stranger')).toEqual(FORBIDDEN);
    expect((await get('/flowable/cc/list?pageNum=1&pageSize=10', 'stranger')).total).toBe(0);

    const flow = (await get(record, 'admin')).data.flowList as Array<{ taskName: string; ccNames: string[] }>;
    expect(flow.find((f) => f.taskName === '经理审批')!.ccNames.sort()).toEqual(['ccUser', 'exprUser', 'member'].sort());

    expect((await get('/flowable/cc/unread', 'ccUser')).data).toBe(1);
    expect((await call(t.app, 'PUT', `/flowable/cc/read/${instanceId}`, tok.ccUser)).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await get('/flowable/cc/unread', 'ccUser')).data).toBe(0);
    expect((await get('/flowable/cc/list?pageNum=1&pageSize=10&read=1', 'ccUser')).total).toBe(1);
    expect((await get('/flowable/cc/list?pageNum=1&pageSize=10&read=0', 'ccUser')).total).toBe(0);
    expect((await get('/flowable/cc/unread', 'member')).data).toBe(1); // one reader's open is not another's
    expect(await get('/flowable/cc/list?read=x', 'ccUser')).toMatchObject({ code: 500, msg: '状态只能是0(未读)或1(已读)' });
  });

  it('ad hoc from the task screen: the holder only, comment type 8, the recipient reads the instance', async () => {
    const { instanceId, deployId } = await startOne('临时抄送');
    await complete(instanceId, 'starter');
    const taskId = (await task(instanceId)).taskId;
    expect(await post('/flowable/task/copy', { taskId, userIds: [id.adhoc] }, 'stranger')).toMatchObject({ code: 500, msg: '当前用户不是该任务的办理人，无权操作' });
    expect(await post('/flowable/task/copy', { taskId, userIds: [] }, 'manager')).toMatchObject({ code: 500, msg: '请选择抄送人员' });
    for (const bad of [[id.adhoc, 99999], [id.disabled], ['x']]) {
      expect(await post('/flowable/task/copy', { taskId, userIds: bad }, 'manager')).toMatchObject({ code: 500, msg: '用户不存在或已停用' });
    }
    expect((await get('/flowable/cc/list?pageNum=1&pageSize=10', 'adhoc')).total).toBe(0);
    expect(await post('/flowable/task/copy', { taskId, userIds: `${id.adhoc}`, comment: '请知悉' }, 'manager')).toMatchObject({ code: 200, data: { count: 1 } });
    const list = await get('/flowable/cc/list?pageNum=1&pageSize=10', 'adhoc');
    expect(list.rows[0]).toMatchObject({ kind: 'manual', message: '请知悉', taskName: '经理审批', senderName: 'manager' });
    const flow = (await get(`/flowable/task/flowRecord?procInsId=${instanceId}&deployId=${deployId}`, 'adhoc')).data.flowList as Array<{ taskName: string; comment?: { type: string; comment: string } }>;
    expect(flow.find((f) => f.taskName === '经理审批')?.comment).toMatchObject({ type: '8', comment: '请知悉' });
    expect((await task(instanceId)).taskId).toBe(taskId); // nothing moved
  });
});

describe('撤回 and 退回 through REST', () => {
  it('an approver withdraws their approval (comment type 7); refused to others and once the next handler acted', async () => {
    const { instanceId, deployId } = await startOne('撤回');
    await complete(instanceId, 'starter');
    await complete(instanceId, 'manager');
    expect(await post('/flowable/task/revokeProcess', { instanceId }, 'stranger')).toMatchObject({ code: 500, msg: '该任务非当前用户提交，无法撤回' });
    expect(await post('/flowable/task/revokeProcess', { instanceId, comment: '金额写错' }, 'manager')).toMatchObject({ code: 200 });
    expect(await task(instanceId)).toMatchObject({ name: '经理审批', assignee: String(id.manager) });
    const rec = await get(`/flowable/task/flowRecord?procInsId=${instanceId}&deployId=${deployId}`, 'manager');
    expect(rec.code, JSON.stringify(rec)).toBe(200);
    const flow = rec.data.flowList as Array<{ taskName: string; comment?: { type: string; comment: string } }>;
    expect(flow.find((f) => f.taskName === '财务审批')?.comment).toMatchObject({ type: '7', comment: '金额写错' });
    await complete(instanceId, 'manager');
    await complete(instanceId, 'admin');
    expect(await post('/flowable/task/revokeProcess', { instanceId }, 'manager')).toMatchObject({ code: 500, msg: '流程未启动或已执行完成，无法撤回' });
  });

  it('退回 lists the passed nodes and lands on the chosen one', async () => {
    const { instanceId } = await startOne('退回');
    await complete(instanceId, 'starter');
    await complete(instanceId, 'manager');
    const taskId = (await task(instanceId)).taskId;
    const list = await post('/flowable/task/returnList', { taskId }, 'admin');
    expect(list).toMatchObject({ code: 200, data: [{ id: 'apply', name: '填写申请' }, { id: 'manager', name: '经理审批' }] });
    expect(await post('/flowable/task/return', { taskId, targetKey: 'apply', comment: '补材料' }, 'stranger')).toMatchObject({ code: 500 });
    expect(await post('/flowable/task/return', { taskId, targetKey: 'apply', comment: '补材料' }, 'admin')).toMatchObject({ code: 200 });
    expect(await task(instanceId)).toMatchObject({ name: '填写申请', assignee: String(id.starter) });
  });
});

describe('加签 / 减签 through REST', () => {
  /** LEAVE_XML with 经理审批 a parallel countersign over `${signers}`. */
  const countersign = () => LEAVE_XML.replace('flowable:candidateUsers="2" flowable:userType="candidateUsers" flowable:dataType="fixed"/>',
    'flowable:assignee="${u}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="${signers}" flowable:elementVariable="u"/></userTask>')
    .replace('flowable:candidateGroups="1"', 'flowable:assignee="1"');

  it('the holder adds and removes signers; names in the flow record; others refused', async () => {
    const saved = await post('/flowable/definition/save', { name: '会签', category: 'oa', xml: countersign() }, 'admin');
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    const started = await post(`/flowable/definition/start/${saved.data.definitionId}`, { signers: [String(id.manager), String(id.ccUser)] }, 'starter');
    const instanceId = started.data.instanceId as string;
    await complete(instanceId, 'starter');
    const mine = (await t.app.deps.engine.instanceTasks(instanceId)).find((x) => x.assignee === String(id.manager))!;
    const signers = await get(`/flowable/task/signers?taskId=${mine.taskId}`, 'manager');
    expect(signers).toMatchObject({ code: 200, data: { multiInstance: true, sequential: false } });
    expect(signers.data.signers.map((s: { nickName: string }) => s.nickName)).toEqual(['manager', 'ccUser']);
    expect(await get(`/flowable/task/signers?taskId=${mine.taskId}`, 'stranger')).toEqual(FORBIDDEN);

    expect(await post('/flowable/task/addSign', { taskId: mine.taskId, assignee: id.adhoc }, 'stranger')).toMatchObject({ code: 500, msg: '当前用户不是该任务的办理人，无权操作' });
    expect(await post('/flowable/task/addSign', { taskId: mine.taskId, assignee: id.adhoc, mode: 'sideways' }, 'manager')).toMatchObject({ code: 500, msg: '加签方式只能是parallel(并行)、before(向前)或after(向后)' });
    expect(await post('/flowable/task/addSign', { taskId: mine.taskId, assignee: id.disabled }, 'manager')).toMatchObject({ code: 500, msg: '用户不存在或已停用' });
    expect(await post('/flowable/task/addSign', { taskId: mine.taskId, assignee: id.adhoc, comment: '请协助' }, 'manager')).toMatchObject({ code: 200 });
    expect((await t.app.deps.engine.instanceTasks(instanceId)).map((x) => x.assignee).sort()).toEqual([String(id.manager), String(id.ccUser), String(id.adhoc)].sort());
    // A signer removes only whom they added (issue 38 §5): not ccUser of the model's list.
    expect(await post('/flowable/task/removeSign', { taskId: mine.taskId, assignee: id.ccUser }, 'manager')).toMatchObject({ code: 500 });
    expect(await post('/flowable/task/removeSign', { taskId: mine.taskId, assignee: id.adhoc }, 'manager')).toMatchObject({ code: 200 });
    expect((await t.app.deps.engine.instanceTasks(instanceId)).map((x) => x.assignee).sort()).toEqual([String(id.manager), String(id.ccUser)].sort());

    const flow = (await get(`/flowable/task/flowRecord?procInsId=${instanceId}`, 'manager')).data.flowList as Array<{ taskId: string; comment?: { type: string; comment: string } }>;
    const mineRecord = flow.find((f) => f.taskId === mine.taskId)!;
    expect(mineRecord.comment).toMatchObject({ type: '9', comment: '并行加签 adhoc：请协助' });
    const all = (await t.app.deps.engine.flowRecord(instanceId)).flatMap((r) => r.comments.map((c) => `${c.type}:${c.message}`));
    expect(all).toEqual(expect.arrayContaining(['9:并行加签 adhoc：请协助', '10:减签 adhoc']));
    await complete(instanceId, 'manager');
    await complete(instanceId, 'ccUser');
    expect((await task(instanceId)).name).toBe('财务审批');
  });
});

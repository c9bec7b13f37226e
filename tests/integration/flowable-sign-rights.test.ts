/**
 * Issue 38 §5 through REST: who may 减签 a co-signer. In a unanimous countersign a signer may
 * remove only the signers they added themselves; the model's signers (and signers added by
 * someone else) are removed only by a holder of the process-management permission
 * `flowable:instance:monitor` (流程监控). A refused 减签 changes nothing: the tasks, the counters
 * and the flow record stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, makeUserWithPerms, grantProcessStart } from '../helpers/factories';
import { LEAVE_XML } from './flowable-model';

const REFUSED = { code: 500, msg: '无权减签：只有加签人或拥有流程监控权限的用户可以减去该办理人' };

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['starter', 'alice', 'bob', 'carol', 'adhoc']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.starter]); // they start processes (issue 40)
  id.monitor = await makeUserWithPerms(t.app, 'monitor', ['flowable:instance:monitor']);
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);

/** LEAVE_XML with 经理审批 a unanimous countersign (no completion condition) over `${signers}`. */
const countersign = (sequential: boolean) => LEAVE_XML.replace('flowable:candidateUsers="2" flowable:userType="candidateUsers" flowable:dataType="fixed"/>',
  `flowable:assignee="\${u}"><multiInstanceLoopCharacteristics isSequential="${sequential}" flowable:collection="\${signers}" flowable:elementVariable="u"/></userTask>`)
  .replace('flowable:candidateGroups="1"', 'flowable:assignee="1"');

async function start(sequential: boolean, signers: string[]) {
  const saved = await post('/flowable/definition/save', { name: sequential ? '顺序会签' : '会签', category: 'oa', xml: countersign(sequential) }, 'admin');
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  const started = await post(`/flowable/definition/start/${saved.data.definitionId}`, { signers: signers.map((s) => String(id[s])) }, 'starter');
  expect(started.code, JSON.stringify(started)).toBe(200);
  const instanceId = started.data.instanceId as string;
  await complete(instanceId, 'starter');
  return instanceId;
}
const tasks = async (instanceId: string) => t.app.deps.engine.instanceTasks(instanceId);
const taskOf = async (instanceId: string, who: string) => (await tasks(instanceId)).find((x) => x.assignee === String(id[who]))!;
const holders = async (instanceId: string) => (await tasks(instanceId)).map((x) => x.assignee).sort();
const ids = (...who: string[]) => who.map((w) => String(id[w])).sort();
async function complete(instanceId: string, who: string) {
  const taskId = (await taskOf(instanceId, who) ?? (await tasks(instanceId))[0]).taskId;
  expect(await post('/flowable/task/complete', { taskId, instanceId, comment: '同意' }, who)).toMatchObject({ code: 200 });
}
const signComments = async (instanceId: string) => (await t.app.deps.engine.flowRecord(instanceId))
  .flatMap((r) => r.comments.filter((c) => c.type === '10').map((c) => c.message));
const removeSign = async (instanceId: string, actor: string, assignee: string, onTaskOf = actor) =>
  post('/flowable/task/removeSign', { taskId: (await taskOf(instanceId, onTaskOf)).taskId, assignee: id[assignee] }, actor);

describe('减签 rights (issue 38 §5)', () => {
  it('a signer cannot remove the model\'s co-signers and approve alone', async () => {
    const instanceId = await start(false, ['alice', 'bob', 'carol']);
    expect(await removeSign(instanceId, 'alice', 'bob')).toEqual(REFUSED);
    expect(await removeSign(instanceId, 'alice', 'carol')).toEqual(REFUSED);
    expect(await holders(instanceId)).toEqual(ids('alice', 'bob', 'carol'));
    expect(await signComments(instanceId)).toEqual([]);
    await complete(instanceId, 'alice');
    // Unanimous: the node still waits for b and c.
    expect((await tasks(instanceId)).map((x) => x.name)).toEqual(['经理审批', '经理审批']);
    expect(await holders(instanceId)).toEqual(ids('bob', 'carol'));
  });

  it('the adder removes whom they added; a peer cannot; a holder of 流程监控 removes anyone', async () => {
    const instanceId = await start(false, ['alice', 'bob', 'carol']);
    expect(await post('/flowable/task/addSign', { taskId: (await taskOf(instanceId, 'alice')).taskId, assignee: id.adhoc }, 'alice')).toMatchObject({ code: 200 });
    expect(await removeSign(instanceId, 'bob', 'adhoc')).toEqual(REFUSED);
    expect(await removeSign(instanceId, 'adhoc', 'alice')).toEqual(REFUSED);
    expect(await holders(instanceId)).toEqual(ids('alice', 'bob', 'carol', 'adhoc'));
    expect(await removeSign(instanceId, 'alice', 'adhoc')).toMatchObject({ code: 200 });
    expect(await holders(instanceId)).toEqual(ids('alice', 'bob', 'carol'));
    // Added again by b: now only b (or a monitor) may remove adhoc.
    expect(await post('/flowable/task/addSign', { taskId: (await taskOf(instanceId, 'bob')).taskId, assignee: id.adhoc }, 'bob')).toMatchObject({ code: 200 });
    expect(await removeSign(instanceId, 'alice', 'adhoc')).toEqual(REFUSED);

    // The monitor holds no task of the body and still removes a model signer.
    expect(await removeSign(instanceId, 'monitor', 'carol', 'alice')).toMatchObject({ code: 200 });
    expect(await holders(instanceId)).toEqual(ids('alice', 'bob', 'adhoc'));
    expect(await signComments(instanceId)).toEqual(['减签 adhoc', '减签 carol']);
    // A user with neither right and no task stays refused as before.
    expect(await removeSign(instanceId, 'starter', 'bob', 'alice')).toMatchObject({ code: 500, msg: '当前用户不是该任务的办理人，无权操作' });
    for (const who of ['alice', 'bob', 'adhoc']) await complete(instanceId, who);
    expect((await tasks(instanceId)).map((x) => x.name)).toEqual(['财务审批']);
  });

  it('sequential: a later approver of the model stays in the order', async () => {
    const instanceId = await start(true, ['alice', 'bob', 'carol']);
    expect(await removeSign(instanceId, 'alice', 'carol')).toEqual(REFUSED);
    const signers = await get(`/flowable/task/signers?taskId=${(await taskOf(instanceId, 'alice')).taskId}`, 'alice');
    expect(signers.data.signers.map((s: { nickName: string }) => s.nickName)).toEqual(['alice', 'bob', 'carol']);
    expect(signers.data.signers.map((s: { removable: boolean }) => s.removable)).toEqual([false, false, false]);
    expect(await post('/flowable/task/addSign', { taskId: (await taskOf(instanceId, 'alice')).taskId, assignee: id.adhoc, mode: 'after' }, 'alice')).toMatchObject({ code: 200 });
    // The 减签 choices: only whom alice added; a monitor may remove every other signer.
    const view = async (who: string) => (await get(`/flowable/task/signers?taskId=${(await taskOf(instanceId, 'alice')).taskId}`, who)).data.signers
      .map((s: { nickName: string; addedBy: string | null; removable: boolean }) => [s.nickName, s.addedBy, s.removable]);
    expect(await view('alice')).toEqual([['alice', null, false], ['adhoc', String(id.alice), true], ['bob', null, false], ['carol', null, false]]);
    expect(await view('monitor')).toEqual([['alice', null, true], ['adhoc', String(id.alice), true], ['bob', null, true], ['carol', null, true]]);
    expect(await removeSign(instanceId, 'alice', 'adhoc')).toMatchObject({ code: 200 });
  });
});

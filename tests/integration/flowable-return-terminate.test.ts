/**
 * Issue 39 items 1 and 2 through REST, on the corpus models (tests/workflow/corpus, SOURCES.md
 * "Returns across forks, terminate in a fork") with their assignees set to real users:
 * - 退回 from a running parallel branch to 提交申请 (before the fork) clears the other branch's
 *   arrival at the join: after the resubmission the next node waits for both reviews again;
 * - a terminate end reached in a fork leaves no task behind: none in the to-do lists, none open in
 *   the flow record, the coloured diagram marks the terminate end and no running node.
 * Each checks the to-do lists (/flowable/task/todoList), the flow record and flowXmlAndNode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, grantProcessStart } from '../helpers/factories';
import { readCorpus } from '../workflow/helpers';

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['rtStarter', 'rtTax', 'rtAcc', 'rtBoss', 'rtInner']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.rtStarter]); // they start processes (issue 40)
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);

interface TodoRow { taskId: string; procInsId: string; taskName: string }
interface FlowItem { taskName: string; finishTime: string | null; deleteReason: string | null; comment: { type: string; comment: string } | null }

/** The to-do rows of `who` for one instance, as task names (sorted). */
const todo = async (who: string, instanceId: string) => ((await get('/flowable/task/todoList?pageNum=1&pageSize=100', who)).rows as TodoRow[])
  .filter((r) => r.procInsId === instanceId);
const todoNames = async (who: string, instanceId: string) => (await todo(who, instanceId)).map((r) => r.taskName).sort();

/** The designer's save rule wants a name on every flow node: unnamed ones get their id. */
const named = (xml: string) => xml.replace(/<(startEvent|endEvent|parallelGateway|userTask|subProcess) id="([^"]+)"(?![^>]*\bname=)/g, '<$1 id="$2" name="$2"');

async function deploy(name: string, xml: string) {
  const r = await post('/flowable/definition/save', { name, category: 'oa', xml: named(xml) }, 'admin');
  expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
  return r.data as { definitionId: string; deploymentId: string };
}
async function start(definitionId: string) {
  const r = await post(`/flowable/definition/start/${definitionId}`, {}, 'rtStarter');
  expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
  return r.data.instanceId as string;
}
/** Completes the only to-do row named `name` of `who` in the instance. */
async function complete(who: string, instanceId: string, name: string) {
  const [row] = (await todo(who, instanceId)).filter((r) => r.taskName === name);
  expect(row, `${who} has no ${name}`).toBeDefined();
  expect(await post('/flowable/task/complete', { taskId: row.taskId, instanceId, comment: '同意' }, who)).toMatchObject({ code: 200 });
}
const flowList = async (instanceId: string, deployId: string) =>
  (await get(`/flowable/task/flowRecord?procInsId=${instanceId}&deployId=${deployId}`, 'rtStarter')).data.flowList as FlowItem[];
/** flowXmlAndNode's node data as `{ key: completed }`. */
const diagram = async (instanceId: string, deployId: string) => {
  const r = await get(`/flowable/task/flowXmlAndNode?procInsId=${instanceId}&deployId=${deployId}`, 'rtStarter');
  expect(r.code).toBe(200);
  return Object.fromEntries((r.data.nodeData as Array<{ key: string; completed: boolean }>).map((n) => [n.key, n.completed]));
};

describe('退回 from a running parallel branch to before the fork (issue 39 item 1)', () => {
  const model = () => readCorpus('handwritten-returnBeforeParallelFork.bpmn20.xml')
    .replace('flowable:assignee="tax"', `flowable:assignee="${id.rtTax}"`)
    .replace('flowable:assignee="acc"', `flowable:assignee="${id.rtAcc}"`)
    .replace('flowable:assignee="boss"', `flowable:assignee="${id.rtBoss}"`);

  it('the resubmission waits for both reviews again; 复核 comes once, after both', async () => {
    const d = await deploy('退回并行', model());
    const instanceId = await start(d.definitionId);
    await complete('rtStarter', instanceId, '提交申请');
    await complete('rtTax', instanceId, '税务审核');
    const [acc] = await todo('rtAcc', instanceId);
    expect((await post('/flowable/task/returnList', { taskId: acc.taskId }, 'rtAcc')).data).toEqual([{ id: 'submit', name: '提交申请' }]);
    expect(await post('/flowable/task/return', { taskId: acc.taskId, targetKey: 'submit', comment: '补材料' }, 'rtAcc')).toMatchObject({ code: 200 });
    expect(await todoNames('rtStarter', instanceId)).toEqual(['提交申请']);
    expect(Object.entries(await diagram(instanceId, d.deploymentId)).filter(([, done]) => !done).map(([k]) => k)).toEqual(['submit']);

    await complete('rtStarter', instanceId, '提交申请');
    await complete('rtTax', instanceId, '税务审核');
    // Before the fix the old arrival of 税务审核 let the join pass here: 复核 appeared beside 会计审核.
    expect(await todoNames('rtBoss', instanceId)).toEqual([]);
    expect(await todoNames('rtAcc', instanceId)).toEqual(['会计审核']);
    let view = await diagram(instanceId, d.deploymentId);
    expect(view).toMatchObject({ join: false, acc: false, tax: true, submit: true });
    expect(view).not.toHaveProperty('review');

    await complete('rtAcc', instanceId, '会计审核');
    expect(await todoNames('rtBoss', instanceId)).toEqual(['复核']);
    view = await diagram(instanceId, d.deploymentId);
    expect(view).toMatchObject({ join: true, f7: true, acc: true, tax: true, review: false });

    const list = await flowList(instanceId, d.deploymentId);
    expect(list.map((i) => `${i.taskName}${i.deleteReason ? ' (cancelled)' : ''}`))
      .toEqual(['复核', '会计审核', '税务审核', '提交申请', '会计审核 (cancelled)', '税务审核', '提交申请', '发起']);
    expect(list.find((i) => i.deleteReason)?.comment).toMatchObject({ type: '2', comment: '补材料' });
    await complete('rtBoss', instanceId, '复核');
    expect(await todoNames('rtAcc', instanceId)).toEqual([]);
    expect((await t.app.deps.engine.getInstance(instanceId)).state).toBe('completed');
  });
});

describe('terminate end reached in a fork (issue 39 item 2)', () => {
  it('at process level: the instance ends and no task is left in any list', async () => {
    const xml = readCorpus('flowable-TerminateEndEventTest.testTerminateParallelGateway.bpmn')
      .replace('<userTask id="task" name="Task" />', `<userTask id="task" name="Task" flowable:assignee="${id.rtStarter}" />`);
    const d = await deploy('并行终止', xml);
    const instanceId = await start(d.definitionId);
    expect(await todoNames('rtStarter', instanceId)).toEqual([]);
    expect(await todoNames('admin', instanceId)).toEqual([]);
    expect((await flowList(instanceId, d.deploymentId)).map((i) => i.taskName)).toEqual(['发起']); // no task, only the start (issue 40 §4)
    const view = await diagram(instanceId, d.deploymentId);
    expect(view).toMatchObject({ start: true, fork: true, terminateEndEvent: true });
    expect(view).not.toHaveProperty('task');
    expect(Object.values(view)).not.toContain(false);
    expect(await t.app.deps.engine.getInstance(instanceId)).toMatchObject({ state: 'completed', endActivityId: 'terminateEndEvent' });
  });

  it('inside a sub-process: only the task after the sub-process is left', async () => {
    const xml = readCorpus('handwritten-terminateForkInSubProcess.bpmn20.xml')
      .replaceAll('flowable:assignee="inner"', `flowable:assignee="${id.rtInner}"`)
      .replace('flowable:assignee="boss"', `flowable:assignee="${id.rtBoss}"`);
    const d = await deploy('子流程终止', xml);
    const instanceId = await start(d.definitionId);
    await complete('rtStarter', instanceId, '提交申请');
    expect(await todoNames('rtInner', instanceId)).toEqual([]);
    expect(await todoNames('rtBoss', instanceId)).toEqual(['后续任务']);
    const list = await flowList(instanceId, d.deploymentId);
    expect(list.map((i) => i.taskName)).toEqual(['后续任务', '内部任务一', '提交申请', '发起']);
    expect(list[1]).toMatchObject({ deleteReason: 'Terminated by end event: terminate' });
    expect(list[1].finishTime).not.toBeNull();
    const view = await diagram(instanceId, d.deploymentId);
    expect(view).toMatchObject({ submit: true, sub: true, fork: true, terminate: true, next: false });
    expect(view).not.toHaveProperty('after');
    expect(view).not.toHaveProperty('before');
    await complete('rtBoss', instanceId, '后续任务');
    expect((await t.app.deps.engine.getInstance(instanceId)).state).toBe('completed');
  });
});

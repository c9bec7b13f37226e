/**
 * Issue 40 §3 and §4 in the browser, as `ry`: the flow record keeps the approval after a 抄送 (every
 * comment with its type), starts with 发起, and shows a withdrawn task as a 撤回 entry; 已办任务 has
 * 处理结果 and leaves out a task someone else took back; 我的流程 shows no current node on a
 * finished process. Instances are set up over REST; ry looks at them.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';
import { shot, signIn } from './helpers';
import { completeTodo as complete, todoOf, type Headers } from './todo-api';

/** start → 填写申请 (${INITIATOR}) → 经理审批 (ry, user 2) → end. */
const modelXml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始" flowable:initiator="INITIATOR"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <userTask id="apply" name="填写申请" flowable:assignee="\${INITIATOR}"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="manager"/>
    <userTask id="manager" name="经理审批" flowable:assignee="2"/>
    <sequenceFlow id="f3" sourceRef="manager" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

const RY = { username: 'ry', password: 'admin123' };

/** Deploys the model as admin and starts it as `starter` → the instance and deployment ids. */
async function startOne(request: APIRequestContext, name: string, starter: Headers) {
  const admin = await apiAuth(request);
  const saved = await (await request.post('/caishui-api/flowable/definition/save', { headers: admin, data: { name, category: 'oa', xml: modelXml(`e2e_rec_${uniq()}`, name) } })).json();
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  const started = await (await request.post(`/caishui-api/flowable/definition/start/${saved.data.definitionId}`, { headers: starter, data: {} })).json();
  expect(started.code, JSON.stringify(started)).toBe(200);
  return { procInsId: started.data.instanceId as string, deployId: saved.data.deploymentId as string };
}


const nickOf = async (request: APIRequestContext, headers: Headers) =>
  ((await (await request.get('/caishui-api/getInfo', { headers })).json()) as { user: { nickName: string } }).user.nickName;

/** Screenshots at 1440 and 375 px (test-results/<name>-1440.png, -375.png), then back to 1440. */
async function shots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
  }
}

/** Searches a task list (已办任务 / 我的流程) for process `name` → its rows. */
async function listRows(page: Page, route: string, listId: string, tableId: string, name: string) {
  await page.goto(route);
  const list = page.getByTestId(listId);
  await list.getByPlaceholder('请输入流程名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  return list.getByTestId(tableId).locator('tbody tr').filter({ hasText: name });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('ry withdraws, copies and approves: 已办任务 results, 我的流程 已结束, the record with every comment and 发起', async ({ page, request }) => {
  const name = `记录${uniq()}`;
  const ry = await apiAuth(request, RY.username, RY.password);
  const ryNick = await nickOf(request, ry);
  await startOne(request, name, ry);
  await complete(request, ry, name, '填写申请', '请批准');

  // 撤回 from 已办任务: the row then says 撤回 and offers no second 撤回.
  await signIn(page, RY);
  let rows = await listRows(page, '#/task/finished', 'finished-list', 'finished-table', name);
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('task-result')).toHaveText('通过');
  await rows.getByTestId('row-revoke').click();
  await confirmDialog(page, `是否确认撤回"${name}"的"填写申请"任务？`);
  await expectToast(page, '操作成功');
  await expect(rows.getByTestId('task-result')).toHaveText('撤回');
  await expect(rows.getByTestId('row-revoke')).toHaveCount(0);

  // Submitted again; at 经理审批 ry copies the admin, then approves (over REST).
  await complete(request, ry, name, '填写申请', '再次提交');
  const manager = await todoOf(request, ry, name);
  const copied = await (await request.post('/caishui-api/flowable/task/copy', { headers: ry, data: { taskId: manager.taskId, userIds: ['1'], comment: '请知悉' } })).json();
  expect(copied.code, JSON.stringify(copied)).toBe(200);
  await complete(request, ry, name, '经理审批', '经理同意');

  rows = await listRows(page, '#/task/finished', 'finished-list', 'finished-table', name);
  await expect(rows).toHaveCount(3);
  await expect(rows.getByTestId('task-result')).toHaveText(['通过', '通过', '撤回']);
  await expect(rows.first()).toContainText('经理审批');
  await shots(page, 'b-finished-results');

  // 我的流程: the finished process has no current node.
  rows = await listRows(page, '#/task/process', 'my-process-list', 'my-process-table', name);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('已完成');
  await expect(rows.getByTestId('current-node-ended')).toHaveText('已结束');
  await expect(rows).not.toContainText('经理审批');
  await shots(page, 'b-my-process-ended');

  // The record: 经理审批 with the 抄送 and the approval, the withdrawn 经理审批 as 撤回, 发起 last (oldest).
  await rows.getByTestId('row-detail').click();
  const detail = page.getByTestId('myprocess-detail');
  await detail.getByTestId('tab-record').click();
  const items = detail.getByTestId('flow-record-item');
  await expect(items).toHaveCount(5);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['task', 'task', 'revoked', 'task', 'start']);
  const approved = items.nth(0);
  await expect(approved.getByTestId('flow-record-comment-line')).toHaveText([/抄送意见\s*请知悉/, /正常意见\s*经理同意/]);
  const revoked = items.nth(2); // after the 填写申请 it sent back (newest first by the time received)
  await expect(revoked.getByTestId('flow-record-state')).toHaveText('已撤回');
  await expect(revoked.getByTestId('flow-record-revoker')).toContainText(ryNick);
  await expect(revoked).toContainText('撤回意见');
  await expect(revoked.getByTestId('flow-record-assignee')).toHaveCount(0);
  const start = items.nth(4);
  await expect(start).toContainText('发起');
  await expect(start.getByTestId('flow-record-assignee')).toContainText(ryNick);
  await expect(start.getByTestId('flow-record-comment')).toContainText(`${ryNick}发起流程申请`);
  await shots(page, 'b-record');
});

test('a task the admin took back is not in ry\'s 已办任务; ry reads the 撤回 in the record; 退回 is a result', async ({ page, request }) => {
  const name = `撤回记录${uniq()}`;
  const admin = await apiAuth(request);
  const adminNick = await nickOf(request, admin);
  const ry = await apiAuth(request, RY.username, RY.password);
  const { procInsId, deployId } = await startOne(request, name, admin);
  await complete(request, admin, name, '填写申请', '提交');
  await todoOf(request, ry, name); // 经理审批 reached ry
  const revoked = await (await request.post('/caishui-api/flowable/task/revokeProcess', { headers: admin, data: { instanceId: procInsId, comment: '金额有误' } })).json();
  expect(revoked.code, JSON.stringify(revoked)).toBe(200);

  await signIn(page, RY);
  let rows = await listRows(page, '#/task/finished', 'finished-list', 'finished-table', name);
  await expect(page.getByTestId('finished-table')).toContainText('暂无已办任务');
  await expect(rows).toHaveCount(0);

  await page.goto(`#/flowable/task/record/index?${new URLSearchParams({ procInsId, deployId, taskId: '' })}`);
  const record = page.getByTestId('flow-record-page');
  const item = record.getByTestId('flow-record-item').filter({ hasText: '经理审批' });
  await expect(item).toHaveAttribute('data-kind', 'revoked');
  await expect(item.getByTestId('flow-record-state')).toHaveText('已撤回');
  await expect(item.getByTestId('flow-record-revoker')).toContainText(adminNick);
  await expect(item.getByTestId('flow-record-comment')).toContainText('金额有误');
  await expect(item).not.toContainText('实际办理');
  await expect(item).not.toContainText('已取消');
  await shots(page, 'b-record-revoked');

  // Submitted again: ry's task screen shows the same record (审批记录); ry returns it: 已办任务 says 退回.
  await complete(request, admin, name, '填写申请', '改好了');
  const task = await todoOf(request, ry, name);
  await page.goto(`#/flowable/task/todo/detail/index?${new URLSearchParams({ taskName: task.taskName, startUser: adminNick, deployId, taskId: task.taskId, procInsId, executionId: '' })}`);
  const screen = page.getByTestId('todo-detail');
  await screen.getByTestId('tab-record').click();
  await expect(screen.locator('[data-testid="flow-record-item"][data-kind="revoked"]')).toHaveCount(1);
  await expect(screen.locator('[data-testid="flow-record-item"][data-kind="start"]')).toContainText(`${adminNick}发起流程申请`);
  await shots(page, 'b-task-record');
  const returned = await (await request.post('/caishui-api/flowable/task/return', { headers: ry, data: { taskId: task.taskId, targetKey: 'apply', comment: '补材料' } })).json();
  expect(returned.code, JSON.stringify(returned)).toBe(200);
  rows = await listRows(page, '#/task/finished', 'finished-list', 'finished-table', name);
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('task-result')).toHaveText('退回');
  await expect(rows.getByTestId('row-revoke')).toHaveCount(0);
});

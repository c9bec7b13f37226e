/**
 * Issue 16 in the browser: 抄送 from the task screen (recipient picker, 抄送意见, the flow
 * record's 抄送意见 and 抄送人员), the model's CC when the node is passed, 撤回 of one's own
 * approval from 已办任务, 退回 to a node passed on an exclusive branch (the branch not taken is
 * not offered), and the recipient's 抄送我的 list: unread, opened (read-only detail), read.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';
import { checkRow, shot, signIn } from './helpers';
import { completeTodo as completeOverRest, todoOf, type TodoRow as Row } from './todo-api';

/** 申请 → XOR(amount > 100: 大额审批 | else 小额审批) → 确认 → end; all held by the admin; 大额审批 copied to `ccUser`. */
const modelXml = (key: string, name: string, ccUser: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始"/>
    <userTask id="apply" name="填写申请" flowable:assignee="1"/>
    <exclusiveGateway id="xor" name="金额判断" default="toSmall"/>
    <userTask id="big" name="大额审批" flowable:assignee="1" flowable:ccUsers="${ccUser}"/>
    <userTask id="small" name="小额审批" flowable:assignee="1"/>
    <userTask id="confirm" name="确认" flowable:assignee="1"/>
    <endEvent id="end_event" name="结束"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="xor"/>
    <sequenceFlow id="toBig" sourceRef="xor" targetRef="big"><conditionExpression xsi:type="tFormalExpression">\${amount > 100}</conditionExpression></sequenceFlow>
    <sequenceFlow id="toSmall" sourceRef="xor" targetRef="small"/>
    <sequenceFlow id="f3" sourceRef="big" targetRef="confirm"/>
    <sequenceFlow id="f4" sourceRef="small" targetRef="confirm"/>
    <sequenceFlow id="f5" sourceRef="confirm" targetRef="end_event"/>
  </process>
</definitions>`;

async function openTodo(page: Page, r: Row) {
  await page.goto(`#/flowable/task/todo/detail/index?${new URLSearchParams({
    taskName: r.taskName, startUser: r.startUserName ?? '', deployId: r.deployId, taskId: r.taskId, procInsId: r.procInsId, executionId: '',
  })}`);
  const screen = page.getByTestId('todo-detail');
  await expect(screen.getByTestId('todo-task-name')).toContainText(r.taskName);
  return screen;
}

test('抄送, 撤回, 退回 to a passed branch and 抄送我的', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = uniq();
  const name = `e2e抄送${tag}`;
  const userName = `e2ecc_${tag}`;
  const nickName = `抄送人${tag}`;
  const admin = await apiAuth(request);

  // The recipient: a role with the 任务管理 menus including 抄送我的 (2049).
  const role = await request.post('/caishui-api/system/role', { headers: admin, data: { roleName: `抄送岗${tag}`, roleKey: `cc_${tag}`, roleSort: 9, menuIds: [2023, 2024, 2025, 2026, 2049] } });
  expect((await role.json()).code).toBe(200);
  const roleId = ((await (await request.get(`/caishui-api/system/role/list?roleKey=cc_${tag}`, { headers: admin })).json()) as { rows: { roleId: number }[] }).rows[0].roleId;
  const created = await request.post('/caishui-api/system/user', { headers: admin, data: { userName, nickName, password: 'admin123', deptId: 105, roleIds: [roleId] } });
  expect((await created.json()).code).toBe(200);
  const userId = String(((await (await request.get(`/caishui-api/system/user/list?userName=${userName}`, { headers: admin })).json()) as { rows: { userId: number }[] }).rows[0].userId);

  const saved = await request.post('/caishui-api/flowable/definition/save', { headers: admin, data: { name, category: 'oa', xml: modelXml(`e2e_cc_${tag}`, name, userId) } });
  const deployed = (await saved.json()) as { code: number; data: { definitionId: string } };
  expect(deployed.code, JSON.stringify(deployed)).toBe(200);
  expect((await (await request.post(`/caishui-api/flowable/definition/start/${deployed.data.definitionId}`, { headers: admin, data: { amount: 500 } })).json()).code).toBe(200);
  await completeOverRest(request, admin, name, '填写申请');

  // 抄送 from the task screen of 大额审批.
  await signIn(page);
  const big = await todoOf(request, admin, name);
  let screen = await openTodo(page, big);
  await screen.getByTestId('task-copy').click();
  const copy = page.getByTestId('copy-dialog');
  await copy.getByRole('button', { name: '确 定' }).click();
  await expect(copy).toContainText('请选择抄送人员');
  await copy.getByTestId('copy-pick').click();
  const picker = page.getByTestId('flow-user-picker');
  await picker.getByPlaceholder('请输入用户名称').fill(userName);
  await picker.getByRole('button', { name: '搜索', exact: true }).click();
  await checkRow(picker.getByTestId('flow-user-picker-table'), picker.getByTestId('flow-user-picker-table').getByRole('row').filter({ hasText: userName }));
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expect(copy.getByTestId('copy-recipient')).toHaveText(nickName);
  await copy.getByTestId('copy-comment').fill('请知悉金额');
  await shot(page, 'e-copy-dialog');
  await copy.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '已抄送 1 人');
  await screen.getByTestId('tab-record').click();
  const copied = screen.getByTestId('flow-record-comment').filter({ hasText: '抄送意见' });
  await expect(copied).toContainText('请知悉金额');
  await expect(screen.getByTestId('flow-record-cc')).toContainText(nickName);
  await shot(page, 'e-copy-record');

  // 大额审批 approved (the model's CC goes out), then withdrawn from 已办任务.
  await completeOverRest(request, admin, name, '大额审批');
  await page.goto('#/task/finished');
  const done = page.getByTestId('finished-list');
  await done.getByRole('button', { name: '搜索', exact: true }).click();
  const doneRow = done.getByTestId('finished-table').getByRole('row').filter({ hasText: name }).filter({ hasText: '大额审批' });
  await expect(doneRow).toHaveCount(1);
  await doneRow.getByTestId('row-revoke').click();
  await confirmDialog(page, `是否确认撤回"${name}"的"大额审批"任务？`);
  await expectToast(page, '操作成功');
  await expect.poll(async () => (await todoOf(request, admin, name)).taskName, { timeout: 10_000 }).toBe('大额审批');

  // Approved again; at 确认, 退回 offers the passed nodes only (not 小额审批) and goes to 大额审批.
  await completeOverRest(request, admin, name, '大额审批');
  screen = await openTodo(page, await todoOf(request, admin, name));
  await screen.getByTestId('task-return').click();
  const ret = page.getByTestId('return-dialog');
  await expect(ret.getByTestId('return-target-apply')).toBeVisible();
  await expect(ret.getByTestId('return-target-big')).toBeVisible();
  await expect(ret.getByTestId('return-target-small')).toHaveCount(0);
  await ret.getByRole('button', { name: '取 消' }).click();
  await expect(ret).toHaveCount(0);
  // The target chosen from the flow record: 退回到此节点 on the passed records (not the cancelled 确认).
  await screen.getByTestId('tab-record').click();
  const picks = screen.getByTestId('flow-record-return');
  await expect(picks).toHaveCount(3);
  await shot(page, 'e-record-return');
  await screen.getByTestId('flow-record-item').filter({ hasText: '大额审批' }).first().getByTestId('flow-record-return').click();
  await expect(ret.getByTestId('return-target-big')).toHaveAttribute('aria-pressed', 'true');
  await expect(ret.getByTestId('return-target-apply')).toHaveAttribute('aria-pressed', 'false');
  await ret.getByTestId('return-comment').fill('金额需复核');
  await shot(page, 'e-return-passed');
  await ret.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect.poll(async () => (await todoOf(request, admin, name)).taskName, { timeout: 10_000 }).toBe('大额审批');

  // The recipient's 抄送我的: the ad hoc copy and the model's copies (one per pass), unread; 查看 reads them.
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('#/login');
  await page.reload();
  await signIn(page, { username: userName, password: 'admin123' });
  await page.goto('#/task/copy');
  const list = page.getByTestId('copy-list');
  const rows = list.getByTestId('copy-table').getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  await expect(list.getByTestId('cc-unread')).toHaveCount(3);
  await expect(rows.filter({ hasText: '手动抄送' })).toContainText('请知悉金额');
  await expect(rows.filter({ hasText: '节点抄送' })).toHaveCount(2);
  await shot(page, 'e-copy-list');
  await rows.first().getByTestId('row-view').click();
  const detail = page.getByTestId('copy-detail');
  await expect(detail).toBeVisible();
  await detail.getByTestId('tab-record').click();
  await expect(detail.getByTestId('flow-record-timeline')).toContainText('大额审批');
  await expect(detail.getByTestId('flow-record-timeline')).toContainText('撤回意见');
  await shot(page, 'e-copy-detail');
  await page.goto('#/task/copy');
  await expect(list.getByTestId('cc-read')).toHaveCount(3);
  await expect(list.getByTestId('cc-unread')).toHaveCount(0);
});

/** 申请 (admin) → 会签 (parallel over `${signers}`, element `u`) → end. */
const countersignXml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始"/>
    <userTask id="apply" name="填写申请" flowable:assignee="1"/>
    <userTask id="vote" name="会签" flowable:assignee="\${u}">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${signers}" flowable:elementVariable="u"/>
    </userTask>
    <endEvent id="end_event" name="结束"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="vote"/>
    <sequenceFlow id="f3" sourceRef="vote" targetRef="end_event"/>
  </process>
</definitions>`;

test('加签 and 减签 on a countersign', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uniq();
  const name = `e2e会签${tag}`;
  const admin = await apiAuth(request);
  const ids: string[] = [];
  for (const u of [`e2es1_${tag}`, `e2es2_${tag}`]) {
    expect((await (await request.post('/caishui-api/system/user', { headers: admin, data: { userName: u, nickName: `签${u.slice(3, 5)}${tag}`, password: 'admin123', deptId: 105 } })).json()).code).toBe(200);
    ids.push(String(((await (await request.get(`/caishui-api/system/user/list?userName=${u}`, { headers: admin })).json()) as { rows: { userId: number }[] }).rows[0].userId));
  }
  const saved = await request.post('/caishui-api/flowable/definition/save', { headers: admin, data: { name, category: 'oa', xml: countersignXml(`e2e_sign_${tag}`, name) } });
  const deployed = (await saved.json()) as { code: number; data: { definitionId: string } };
  expect(deployed.code, JSON.stringify(deployed)).toBe(200);
  expect((await (await request.post(`/caishui-api/flowable/definition/start/${deployed.data.definitionId}`, { headers: admin, data: { signers: ['1', ids[0]] } })).json()).code).toBe(200);
  await completeOverRest(request, admin, name, '填写申请');

  await signIn(page);
  const screen = await openTodo(page, await todoOf(request, admin, name));
  await screen.getByTestId('task-add-sign').click();
  const add = page.getByTestId('add-sign-dialog');
  await expect(add).toContainText('并行加签');
  await add.getByRole('button', { name: '确 定' }).click();
  await expect(add).toContainText('请选择加签人员');
  await add.getByTestId('add-sign-pick').click();
  const picker = page.getByTestId('flow-user-picker');
  await picker.getByPlaceholder('请输入用户名称').fill(`e2es2_${tag}`);
  await picker.getByRole('button', { name: '搜索', exact: true }).click();
  await checkRow(picker.getByTestId('flow-user-picker-table'), picker.getByTestId('flow-user-picker-table').getByRole('row').filter({ hasText: `e2es2_${tag}` }), 'radio');
  await picker.getByTestId('flow-user-picker-confirm').click();
  await add.getByTestId('add-sign-comment').fill('请一起审');
  await shot(page, 'e-add-sign');
  await add.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');

  await screen.getByTestId('task-remove-sign').click();
  const remove = page.getByTestId('remove-sign-dialog');
  await expect(remove).toContainText(`签s1${tag}`);
  await expect(remove).toContainText(`签s2${tag}`);
  await remove.getByText(`签s1${tag}（审批中）`).click();
  await shot(page, 'e-remove-sign');
  await remove.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await screen.getByTestId('tab-record').click();
  await expect(screen.getByTestId('flow-record-timeline')).toContainText('加签意见');
  await expect(screen.getByTestId('flow-record-timeline')).toContainText(`并行加签 签s2${tag}：请一起审`);
  await expect(screen.getByTestId('flow-record-state').filter({ hasText: '已减签' })).toHaveCount(1);
  await expect(screen.getByTestId('flow-record-cancelled')).toHaveCount(1);
  await shot(page, 'e-sign-record');

  // Over REST: the admin and the added signer vote; the removed one has no task left.
  const s1 = await apiAuth(request, `e2es1_${tag}`, 'admin123');
  const list = await request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=10&name=${encodeURIComponent(name)}`, { headers: s1 });
  expect(((await list.json()) as { total: number }).total).toBe(0);
  const s2 = await apiAuth(request, `e2es2_${tag}`, 'admin123');
  await completeOverRest(request, s2, name, '会签');
  await completeOverRest(request, admin, name, '会签');
  const ended = await request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=10&name=${encodeURIComponent(name)}`, { headers: admin });
  expect(((await ended.json()) as { total: number }).total).toBe(0);
});

/**
 * The main job end to end in the browser (issue 6; workflow spec §2, §4, §5): the admin draws a
 * two-step process in the modeler by clicking (部门审批 assigned to a new user through the panel's
 * user picker, an exclusive gateway whose flow to 总经理审批 has the condition `${day > 2}` and
 * whose default flow ends the process), saves it, attaches the main form on 流程定义 (配置主表单)
 * and starts it (发起) with the form; the user approves, the admin returns it once (退回), the user
 * approves again and the admin finishes it; the diagrams show completed and to-do nodes.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { checkRow, shot, signIn } from './helpers';
import { centre, drag, pad, select, shape, type Point } from './canvas';

type Row = { taskId: string; procInsId: string; deployId: string; taskName: string; startUserName?: string };

async function ids(page: Page, selector: string) {
  return page.locator(`.bpmn-designer-canvas ${selector}`).evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id')!).filter((id) => !id.endsWith('_label')));
}

/** Ids present now and not in `before`. */
async function added(page: Page, selector: string, before: string[]) {
  return (await ids(page, selector)).filter((id) => !before.includes(id));
}

async function typeLabel(page: Page, text: string, empty: Point) {
  await expect(page.locator('.djs-direct-editing-parent')).toBeVisible();
  await page.keyboard.type(text);
  await page.mouse.click(empty.x, empty.y);
}

/** Panel: 用户类型 指定人员, then 选择人员 → the user picker → `userName`. */
async function assignUser(page: Page, userName: string) {
  const panel = page.getByTestId('bpmn-properties-panel');
  await panel.getByTestId('panel-user-type').selectOption('assignee');
  await panel.getByTestId('pick-users').click();
  const picker = page.getByTestId('user-picker');
  await picker.getByPlaceholder('请输入用户名称').fill(userName);
  await picker.getByRole('button', { name: '搜索', exact: true }).click();
  const userTable = picker.getByTestId('user-picker-table');
  await checkRow(userTable, userTable.getByRole('row').filter({ hasText: userName }).first(), 'radio');
  await picker.getByTestId('user-picker-confirm').click();
  await expect(picker).toHaveCount(0);
  await expect(panel.getByTestId('assignment-summary')).toBeVisible();
}

async function todoOf(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<Row | undefined> {
  const res = await request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(name)}`, { headers });
  return ((await res.json()) as { rows: Row[] }).rows[0];
}

async function openTodo(page: Page, r: Row) {
  await page.goto(`#/flowable/task/todo/detail/index?${new URLSearchParams({
    taskName: r.taskName, startUser: r.startUserName ?? '', deployId: r.deployId, taskId: r.taskId, procInsId: r.procInsId, executionId: '',
  })}`);
  const screen = page.getByTestId('todo-detail');
  await expect(screen.getByTestId('todo-task-name')).toContainText(r.taskName);
  return screen;
}

async function switchUser(page: Page, username: string) {
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('about:blank'); // a fresh load, so the signed-out app starts on /login
  await signIn(page, { username, password: 'admin123' });
}

/** 审批 with a comment (the next node is fixed, so no recipient is asked). */
async function approve(page: Page, screen: Locator, comment: string) {
  await screen.getByTestId('task-approve').click();
  const dialog = page.getByTestId('approve-dialog');
  await dialog.getByTestId('approve-comment').fill(comment);
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);
}

test('design, deploy, attach a form, start, approve, return and finish a process', async ({ page, request }) => {
  test.setTimeout(240_000);
  const tag = uniq();
  const name = `e2e请假流程${tag}`;
  const userName = `e2ef_${tag}`;
  const nickName = `部门经理${tag}`;
  const admin = await apiAuth(request);

  // Set-up over REST: the approver, with a role holding the 任务管理 menus (the seed's role 2 has
  // only the system menus), and the main form (请假标题, 请假天数).
  const roleKey = `flow_${tag}`;
  const role = await request.post('/caishui-api/system/role', { headers: admin, data: { roleName: `流程审批${tag}`, roleKey, roleSort: 9, status: '0', menuIds: [2023, 2024, 2025, 2026] } });
  expect((await role.json()).code).toBe(200);
  const roles = (await (await request.get(`/caishui-api/system/role/list?roleKey=${roleKey}`, { headers: admin })).json()) as { rows: { roleId: number }[] };
  expect(roles.rows).toHaveLength(1);
  const created = await request.post('/caishui-api/system/user', { headers: admin, data: { userName, nickName, password: 'admin123', deptId: 105, roleIds: [roles.rows[0].roleId] } });
  expect((await created.json()).code).toBe(200);
  const field = (id: number, label: string, vModel: string) => ({
    __config__: { label, labelWidth: null, showLabel: true, changeTag: true, tag: 'el-input', tagIcon: 'input', required: true, layout: 'colFormItem', span: 24, regList: [], formId: id, renderKey: id },
    __slot__: { prepend: '', append: '' }, placeholder: `请输入${label}`, style: { width: '100%' }, clearable: true, __vModel__: vModel,
  });
  const formName = `请假单${tag}`;
  const conf = { formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules', gutter: 15, disabled: false, span: 24, formBtns: true,
    fields: [field(101, '请假标题', 'field101'), field(102, '请假天数', 'day')] };
  expect((await (await request.post('/caishui-api/flowable/form', { headers: admin, data: { formName, formContent: JSON.stringify(conf) } })).json()).code).toBe(200);

  // 1. Design: start → 部门审批 (the user) → gateway → 总经理审批 (admin, ${day > 2}) → end; default → end.
  await signIn(page);
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  await expect(page.getByTestId('designer-save')).toBeEnabled();
  const start = await centre(shape(page, 'start_event'));
  const empty = { x: start.x + 60, y: start.y + 260 };

  await drag(page, await centre(page.locator('.djs-palette .entry[data-action="create.user-task"]')), { x: start.x + 170, y: start.y });
  await typeLabel(page, '部门审批', empty);
  const [dept] = await ids(page, '.djs-shape[data-element-id^="Activity_"]');
  await select(page, 'start_event', empty);
  await drag(page, await centre(page.locator('.djs-context-pad.open .entry[data-action="connect"]')), await centre(shape(page, dept)));
  await select(page, dept, empty);
  await assignUser(page, userName);

  await pad(page, 'append.gateway');
  const [gateway] = await ids(page, '.djs-shape[data-element-id^="Gateway_"]');
  // Every flow node needs a name to save (spec §5 节点名称不能为空); a gateway gets it in the panel.
  await select(page, gateway, empty);
  await page.getByTestId('bpmn-properties-panel').getByTestId('panel-name').fill('天数判断');
  await page.getByTestId('bpmn-properties-panel').getByTestId('panel-name').blur();
  let flows = await ids(page, '.djs-connection');
  await select(page, gateway, empty);
  await pad(page, 'append.user-task');
  await typeLabel(page, '总经理审批', empty);
  const [boss] = await added(page, '.djs-shape[data-element-id^="Activity_"]', [dept]);
  const [toBoss] = await added(page, '.djs-connection', flows);
  await select(page, boss, empty);
  await assignUser(page, 'admin');

  flows = await ids(page, '.djs-connection');
  await select(page, gateway, empty);
  await pad(page, 'append.end-event');
  await typeLabel(page, '结束', empty);
  const [end] = await ids(page, '.djs-shape[data-element-id^="Event_"]');
  const [toEnd] = await added(page, '.djs-connection', flows);
  await select(page, boss, empty);
  await drag(page, await centre(page.locator('.djs-context-pad.open .entry[data-action="connect"]')), await centre(shape(page, end)));

  // The condition on gateway → 总经理审批, the default flow on the gateway, the process name.
  await page.mouse.click(empty.x, empty.y);
  const mid = await centre(page.locator(`.bpmn-designer-canvas .djs-connection[data-element-id="${toBoss}"] .djs-visual > path`));
  await page.mouse.click(mid.x, mid.y);
  const panel = page.getByTestId('bpmn-properties-panel');
  await panel.getByTestId('panel-condition').fill('${day > 2}');
  await panel.getByTestId('panel-condition').blur();
  await select(page, gateway, empty);
  await panel.getByTestId('panel-default-flow').selectOption(toEnd);
  await page.mouse.click(empty.x, empty.y);
  await panel.getByTestId('panel-name').fill(name);
  await panel.getByTestId('panel-name').blur();
  await page.getByTestId('designer-fit').click();
  await shot(page, 'b1-flow-designed');

  await page.getByTestId('designer-xml').click();
  const xml = page.getByTestId('designer-xml-content');
  await expect(xml).toContainText('flowable:assignee="1"');
  await expect(xml).toContainText(/\$\{day (&gt;|>) 2\}/);
  await expect(xml).toContainText(`default="${toEnd}"`);
  await page.getByTestId('designer-xml-drawer').getByRole('button', { name: '关闭' }).first().click(); // the footer button (the corner ✕ is also 关闭)
  await page.getByTestId('designer-save').click();
  await expectToast(page, '保存成功');
  await expect(page).toHaveURL(/#\/flowable\/definition\?t=\d+/);

  // 2. 配置主表单, then 发起 with the form (请假天数 3 → 总经理审批 after 部门审批).
  const list = page.getByTestId('definition-list');
  const row = list.getByTestId('definition-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('row-deploy-form').click();
  const formDialog = page.getByTestId('deploy-form-dialog');
  // Searched: other specs' forms push it past the dialog's first page in a full run.
  await formDialog.getByPlaceholder('请输入表单名称').fill(formName);
  await formDialog.getByRole('button', { name: '搜索', exact: true }).click();
  await formDialog.getByTestId('deploy-form-table').getByRole('row').filter({ hasText: formName }).click();
  await formDialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(row).toContainText(formName);
  await row.getByTestId('row-start').click();
  const startScreen = page.getByTestId('start-process');
  await startScreen.getByPlaceholder('请输入请假标题').fill(`年假${tag}`);
  await startScreen.getByPlaceholder('请输入请假天数').fill('3');
  await shot(page, 'b1-flow-start');
  await startScreen.getByTestId('start-submit').click();
  await expectToast(page, '流程启动成功');
  await expect(page).toHaveURL(/#\/task\/process/);

  // 3. The user approves 部门审批.
  const bob = await apiAuth(request, userName, 'admin123');
  await switchUser(page, userName);
  let todo = await todoOf(request, bob, name);
  expect(todo?.taskName).toBe('部门审批');
  let screen = await openTodo(page, todo!);
  await expect(screen.getByTestId('task-form').getByPlaceholder('请输入请假标题')).toHaveValue(`年假${tag}`);
  await approve(page, screen, '同意');

  // 4. The admin sees 部门审批 done and 总经理审批 to do, and returns it to 部门审批.
  await switchUser(page, 'admin');
  todo = await todoOf(request, admin, name);
  expect(todo?.taskName).toBe('总经理审批');
  screen = await openTodo(page, todo!);
  await screen.getByTestId('tab-diagram').click();
  const diagram = screen.getByTestId('flow-diagram');
  await expect(diagram).toHaveAttribute('data-state', 'ready');
  await expect(diagram.locator(`.djs-element.highlight[data-element-id="${dept}"]`)).toHaveCount(1);
  await expect(diagram.locator(`.djs-element.highlight-todo[data-element-id="${boss}"]`)).toHaveCount(1);
  await shot(page, 'b1-flow-diagram-todo');
  await screen.getByTestId('task-return').click();
  const ret = page.getByTestId('return-dialog');
  await ret.getByTestId(`return-target-${dept}`).click();
  await ret.getByTestId('return-comment').fill('请补充请假事由');
  await ret.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);

  // 5. The user approves again, the admin finishes.
  await switchUser(page, userName);
  todo = await todoOf(request, bob, name);
  expect(todo?.taskName).toBe('部门审批');
  await approve(page, await openTodo(page, todo!), '已补充，同意');
  await switchUser(page, 'admin');
  todo = await todoOf(request, admin, name);
  expect(todo?.taskName).toBe('总经理审批');
  await approve(page, await openTodo(page, todo!), '批准');
  expect(await todoOf(request, admin, name)).toBeUndefined();
  expect(await todoOf(request, bob, name)).toBeUndefined();

  // 6. The record page: every node done, the end event reached.
  const fin = await request.get(`/caishui-api/flowable/task/finishedList?pageNum=1&pageSize=50&name=${encodeURIComponent(name)}`, { headers: admin });
  const done = ((await fin.json()) as { rows: Row[] }).rows;
  expect(done.length).toBe(2);
  const d = done[0];
  await page.goto(`#/flowable/task/record/index?deployId=${d.deployId}&taskId=${d.taskId}&procInsId=${d.procInsId}`);
  const record = page.getByTestId('flow-record-page');
  await expect(record.getByTestId('flow-record-timeline')).toContainText('退回意见');
  await expect(record.getByTestId('flow-record-pending')).toHaveCount(0);
  await record.getByTestId('tab-diagram').click();
  const finalDiagram = record.getByTestId('flow-diagram');
  await expect(finalDiagram.locator(`.djs-element.highlight[data-element-id="${boss}"]`)).toHaveCount(1);
  await expect(finalDiagram.locator(`.djs-element.highlight[data-element-id="${end}"]`)).toHaveCount(1);
  await expect(finalDiagram.locator('.djs-element.highlight-todo')).toHaveCount(0);
  await shot(page, 'b1-flow-finished');
});

/**
 * Per-node form field permissions in the browser (issue 16): in the designer a user task's 表单权限
 * section lists the start form's fields (the start event's 表单) and detail-table columns, a choice
 * is written as `flowable:fieldPermissions` (查看XML) and undone with 撤销; on the task screen of a
 * model deployed with the attribute, the editable start field is enabled, changed and approved,
 * the hidden field and column are not shown, the read-only field and column are disabled, and the
 * stored variables hold the change with the locked values untouched. Screenshots: /tmp/perm-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { picture, SHOTS, signIn } from './helpers';
import { shape } from './canvas';
import { col, deployOneTask, formOf } from './one-task-flow';

/** The start form: 请假天数 (number), 请假原因, 薪资, 费用明细 (名称 / 金额 / 备注). */
const START_FORM = formOf([
  col(101, '请假天数', 'el-input-number', 'day', { min: 1, max: 30 }, { required: true }),
  col(102, '请假原因', 'el-input', 'reason', {}, { required: true }),
  col(103, '薪资', 'el-input', 'salary'),
  { __config__: { label: '费用明细', tag: 'detail-table', layout: 'colFormItem', span: 24, formId: 104, renderKey: 104, defaultValue: [], showSummary: true, children: [
    col(105, '名称', 'el-input', 'name', {}, { required: true }),
    col(106, '金额', 'el-input-number', 'amount', { min: 0 }),
    col(107, '备注', 'el-input', 'note'),
  ] }, __vModel__: 'items' },
]);

type Headers = Record<string, string>;

/** Stores the start form and deploys the model (部门审批: admin) over REST, the form bound as the main form; answers the ids. */
const deploy = (request: APIRequestContext, admin: Headers, tag: string, perms?: string) =>
  deployOneTask(request, admin, { form: START_FORM, formName: `e2e权限表单${tag}`, name: `e2e字段权限${tag}`, key: `e2e_perm_${tag}`, assignee: 1, perms });

/** The XML in 查看XML, entities of quotes decoded. */
async function viewXml(page: Page) {
  await page.getByTestId('designer-xml').click();
  const text = (await page.getByTestId('designer-xml-content').textContent())!;
  await page.getByTestId('designer-xml-drawer').getByRole('button', { name: '关闭' }).first().click();
  await expect(page.getByTestId('designer-xml-drawer')).toHaveCount(0);
  return text.replace(/&#34;|&quot;/g, '"');
}

/** A screenshot of the page with the viewport stretched to show all of `testId`'s content (E2E_SHOTS=1). */
async function tallShot(page: Page, testId: string, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize()!;
  const box = await page.getByTestId(testId).boundingBox();
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil((box?.y ?? 0) + (box?.height ?? 0) + 80)) });
  await page.waitForTimeout(400);
  await picture(page, name);
  await page.setViewportSize(size);
}

test('designer: 表单权限 lists the start form and writes flowable:fieldPermissions (undoable)', async ({ page, request }) => {
  const tag = uniq();
  const admin = await apiAuth(request);
  const d = await deploy(request, admin, tag);
  await signIn(page);
  await page.goto(`#/flowable/definition/model?deployId=${d.deploymentId}`);
  await expect(shape(page, 'review')).toBeVisible();
  const panel = page.getByTestId('bpmn-properties-panel');
  await expect(async () => {
    await shape(page, 'review').click();
    await expect(panel.getByTestId('panel-title')).toHaveText('用户任务', { timeout: 1000 });
  }).toPass();
  const section = panel.getByTestId('panel-section-field-permissions');
  await expect(section).toContainText('表单权限');
  await expect(section.getByTestId('field-perm-section')).toContainText(`e2e权限表单${tag}`);
  for (const label of ['请假天数', '请假原因', '薪资', '费用明细', '名称', '金额', '备注']) await expect(section).toContainText(label);
  await expect(section.getByTestId('field-perm-day')).toHaveValue('readonly');
  await expect(section.getByTestId('field-perm-items.amount')).toHaveValue('');

  await section.getByTestId('field-perm-day').selectOption('editable');
  await section.getByTestId('field-perm-salary').selectOption('hidden');
  await section.getByTestId('field-perm-items').selectOption('editable');
  await section.getByTestId('field-perm-items.name').selectOption('readonly');
  await section.getByTestId('field-perm-items.note').selectOption('hidden');
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await picture(page, 'perm-designer-panel');
  let xml = await viewXml(page);
  expect(xml).toMatch(/<(?:bpmn:)?userTask id="review"[^>]*flowable:fieldPermissions="\{"day":"editable","salary":"hidden","items":"editable","items\.name":"readonly","items\.note":"hidden"\}"/);

  // 撤销 takes back the last choice; back to 只读 everywhere removes the attribute
  await page.getByTestId('designer-undo').click();
  await expect(section.getByTestId('field-perm-items.note')).toHaveValue('');
  xml = await viewXml(page);
  expect(xml).toContain('"items.name":"readonly"}');
  expect(xml).not.toContain('items.note');
  await section.getByTestId('field-perm-clear').click();
  await expect(section.getByTestId('field-perm-day')).toHaveValue('readonly');
  expect(await viewXml(page)).not.toContain('fieldPermissions');

  // a user task whose process has no start form: a hint instead of the list
  await shape(page, 'start_event').click();
  await expect(panel.getByTestId('panel-title')).toHaveText('开始事件');
  await panel.getByTestId('panel-form-key').selectOption('');
  await shape(page, 'review').click();
  await expect(panel.getByTestId('panel-title')).toHaveText('用户任务');
  await expect(section.getByTestId('field-perm-hint')).toHaveText('开始节点未选择表单，没有可设置权限的字段');
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await picture(page, 'perm-designer-hint');
});

test('task screen: editable start field changed and approved, hidden not shown, read-only disabled', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uniq();
  const admin = await apiAuth(request);
  const perms = '{"day":"editable","salary":"hidden","items":"editable","items.name":"readonly","items.note":"hidden"}';
  const d = await deploy(request, admin, tag, perms);
  const rows = [{ name: '机票', amount: 800, note: '经济舱' }, { name: '酒店', amount: 300, note: '两晚' }];
  const started = await request.post(`/caishui-api/flowable/definition/start/${d.definitionId}`, { headers: admin, data: { day: 3, reason: '探亲', salary: '9000', items: rows } });
  expect((await started.json()).code).toBe(200);
  const todo = await request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(d.name)}`, { headers: admin });
  const task = ((await todo.json()) as { rows: { taskId: string; procInsId: string; deployId: string; taskName: string; startUserName?: string }[] }).rows[0];

  await signIn(page);
  await page.goto(`#/flowable/task/todo/detail/index?${new URLSearchParams({
    taskName: task.taskName, startUser: task.startUserName ?? '', deployId: task.deployId, taskId: task.taskId, procInsId: task.procInsId, executionId: '',
  })}`);
  const screen = page.getByTestId('todo-detail');
  const form = screen.getByTestId('task-form');
  await expect(form).toBeVisible();
  await expect(form).not.toHaveAttribute('data-readonly', '');
  const day = form.getByTestId('form-item-day').locator('input');
  await expect(day).toBeEnabled();
  await expect(day).toHaveValue('3');
  await expect(form.getByTestId('form-item-reason').locator('input')).toBeDisabled();
  await expect(form.getByTestId('form-item-reason').locator('input')).toHaveValue('探亲');
  await expect(form.getByTestId('form-item-salary')).toHaveCount(0);
  await expect(form).not.toContainText('薪资');
  const table = form.getByTestId('detail-table-items');
  await expect(table.locator('thead')).toContainText('名称');
  await expect(table.locator('thead')).not.toContainText('备注');
  await expect(table).not.toContainText('经济舱');
  await expect(table.getByTestId('detail-cell-0-name').locator('input')).toBeDisabled();
  await expect(table.getByTestId('detail-cell-0-amount').locator('input')).toBeEnabled();
  // rows are fixed (cells of locked columns stay with their rows): no 添加一行, no 删除
  await expect(table.getByTestId('detail-add')).toHaveCount(0);
  await expect(table.getByTestId('detail-remove-0')).toHaveCount(0);
  await tallShot(page, 'task-form', 'perm-task-form');

  await day.fill('5');
  await day.blur();
  const amount = table.getByTestId('detail-cell-1-amount').locator('input');
  await amount.fill('250');
  await amount.blur();
  await expect(table.getByTestId('detail-sum-amount')).toHaveText('1050');
  await tallShot(page, 'task-form', 'perm-task-form-edited');
  await screen.getByTestId('task-approve').click();
  const approve = page.getByTestId('approve-dialog');
  await approve.getByTestId('approve-comment').fill('同意，天数改为5天');
  await page.waitForTimeout(400);
  await picture(page, 'perm-task-approve');
  await approve.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);

  const vars = (await (await request.get(`/caishui-api/flowable/task/processVariables/${task.taskId}`, { headers: admin })).json()).data as Record<string, any>;
  expect(vars).toMatchObject({ day: 5, reason: '探亲', salary: '9000', items: [{ name: '机票', amount: 800, note: '经济舱' }, { name: '酒店', amount: 250, note: '两晚' }] });
  expect(vars.variables.fields.find((f: any) => f.__vModel__ === 'day').__config__.defaultValue).toBe(5);
});

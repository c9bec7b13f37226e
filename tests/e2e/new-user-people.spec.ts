/**
 * Telling people and values apart (issue 40 item 8), as the users who meet it:
 * - ry on the task screen: start-form fields locked by the node's field permissions read as values
 *   (normal text colour on a subtle background, not the placeholder's pale grey); 审批 with no
 *   comment shows one message (the dialog's 请输入处理意见, workflow spec §5), not two; in the
 *   抄送 and 委派 user pickers a click on a row selects it (multi: toggles its checkbox; single: its
 *   radio) and 确定 with nothing selected says what to do and keeps the picker open.
 * - admin on 发起流程: a required number field has no error border before any input; after 提交
 *   it has one, and a valid value takes it away.
 * - admin in the designer's 流程模拟: 确定 in 选择办理人 with nothing selected says 请选择用户.
 * Screenshots at 1440 and 375 px go to /tmp/h40/shots-E/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { picture, SHOTS, signIn } from './helpers';
import { shape } from './canvas';
import { deployOneTask, formOf, col } from './one-task-flow';


/** The start form: 请假天数 (required number, min 1), 请假原因 (required), 备注. */
const START_FORM = formOf([
  col(101, '请假天数', 'el-input-number', 'day', { min: 1, max: 30 }, { required: true }),
  col(102, '请假原因', 'el-input', 'reason', {}, { required: true }),
  col(103, '备注', 'el-input', 'note'),
]);

type Headers = Record<string, string>;

/** Stores the start form, deploys start (form) → 部门审批 (ry; 备注 editable, the rest read-only) → end over REST; answers the ids. */
function deploy(page: Page, admin: Headers) {
  const tag = uniq();
  return deployOneTask(page.request, admin, {
    form: START_FORM, formName: `e2e人员表单${tag}`, name: `e2e人员${tag}`, key: `e2e_people_${tag}`, assignee: 2, perms: '{"note":"editable"}',
  });
}

/** How an input looks: colours, the placeholder's colour and the opacity it is painted with (its own times its ancestors'). */
function looks(input: Locator) {
  return input.evaluate((el) => {
    let opacity = 1;
    for (let n: Element | null = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    const s = getComputedStyle(el);
    return { color: s.color, fill: s.webkitTextFillColor, placeholder: getComputedStyle(el, '::placeholder').color, bg: s.backgroundColor, border: s.borderTopColor, opacity };
  });
}

/** Full-page screenshots at 1440 and 375 px (E2E_SHOTS=1), the viewport restored afterwards. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize()!;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400);
    await picture(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize(size);
}

/** The body row of a picker table whose cell reads exactly `text`. */
const rowWith = (table: Locator, text: string) => table.locator('tbody tr').filter({ has: table.page().getByRole('cell', { name: text, exact: true }) });

test('ry on the task screen: read-only values read as values, one comment message, picker rows select on click', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await apiAuth(page.request);
  const d = await deploy(page, admin);
  const started = await page.request.post(`/caishui-api/flowable/definition/start/${d.definitionId}`, { headers: admin, data: { day: 3, reason: '探亲' } });
  expect((await started.json()).code).toBe(200);
  const ry = await apiAuth(page.request, 'ry', 'admin123');
  let task: { taskId: string; procInsId: string; deployId: string; taskName: string; startUserName?: string } | undefined;
  await expect(async () => {
    const todo = await page.request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(d.name)}`, { headers: ry });
    task = ((await todo.json()) as { rows: NonNullable<typeof task>[] }).rows[0];
    expect(task).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  await signIn(page, { username: 'ry', password: 'admin123' });
  await page.goto(`#/flowable/task/todo/detail/index?${new URLSearchParams({
    taskName: task!.taskName, startUser: task!.startUserName ?? '', deployId: task!.deployId, taskId: task!.taskId, procInsId: task!.procInsId, executionId: '',
  })}`);
  const screen = page.getByTestId('todo-detail');
  const form = screen.getByTestId('task-form');
  const reason = form.getByTestId('form-item-reason').locator('input');
  const day = form.getByTestId('form-item-day').locator('input');
  const note = form.getByTestId('form-item-note').locator('input');
  await expect(reason).toHaveValue('探亲');
  await expect(reason).toBeDisabled();
  await expect(day).toHaveValue('3');
  await expect(note).toBeEnabled();

  // Read-only values: painted fully, in a colour other than the placeholder's, on a background of their own.
  const editable = await looks(note);
  for (const input of [reason, day]) {
    const ro = await looks(input);
    expect(ro.opacity).toBe(1);
    expect(ro.fill).not.toBe(editable.placeholder);
    expect(ro.color).not.toBe(editable.placeholder);
    expect(ro.bg).not.toBe(editable.bg);
    expect(ro.bg).not.toBe('rgba(0, 0, 0, 0)');
  }
  await shots(page, 'task-form-readonly');

  // 审批 without a comment: one message, the dialog's own (spec §5: 请输入处理意见), and no toast.
  await screen.getByTestId('task-approve').click();
  const approve = page.getByTestId('approve-dialog');
  await approve.getByRole('button', { name: '确 定' }).click();
  await expect(approve.getByTestId('form-error')).toHaveText('请输入处理意见');
  // A toast would show within a frame of the click and stay for seconds: look once, after a pause (no retrying expect).
  await page.waitForTimeout(600);
  expect(await page.getByTestId('toast').count()).toBe(0);
  expect(await page.getByText('请输入审批意见!').count()).toBe(0);
  await shots(page, 'approve-one-message');
  await approve.getByRole('button', { name: '取 消' }).click();
  await expect(approve).toHaveCount(0);

  // 抄送: a click on a row ticks its checkbox, a second click unticks it; 确定 with nothing says so and stays.
  await screen.getByTestId('task-copy').click();
  const copy = page.getByTestId('copy-dialog');
  await copy.getByTestId('copy-pick').click();
  const picker = page.getByTestId('flow-user-picker');
  const table = picker.getByTestId('flow-user-picker-table');
  const adminRow = rowWith(table, 'admin');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await adminRow.getByRole('cell', { name: 'admin', exact: true }).click();
  await expect(adminRow.getByRole('checkbox')).toBeChecked();
  await expect(adminRow).toHaveAttribute('data-selected', 'true');
  await shots(page, 'picker-row-clicked');
  await adminRow.getByRole('cell', { name: 'admin', exact: true }).click();
  await expect(adminRow.getByRole('checkbox')).not.toBeChecked();
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: '请选择抄送人员' })).toBeVisible();
  await expect(picker).toBeVisible();
  await adminRow.getByRole('cell', { name: 'admin', exact: true }).click();
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expect(picker).toHaveCount(0);
  await expect(copy.getByTestId('copy-recipient')).toHaveText(['若依']);
  await copy.getByRole('button', { name: '取 消' }).click();

  // 委派 (single): a click on a row picks its radio; another row moves the choice.
  await screen.getByTestId('task-delegate').click();
  const single = page.getByTestId('flow-user-picker');
  const singleTable = single.getByTestId('flow-user-picker-table');
  await expect(singleTable).toHaveAttribute('aria-busy', 'false');
  await rowWith(singleTable, 'admin').getByRole('cell', { name: 'admin', exact: true }).click();
  await expect(rowWith(singleTable, 'admin').getByRole('radio')).toBeChecked();
  await rowWith(singleTable, 'ry').getByRole('cell', { name: 'ry', exact: true }).click();
  await expect(rowWith(singleTable, 'ry').getByRole('radio')).toBeChecked();
  await expect(rowWith(singleTable, 'admin').getByRole('radio')).not.toBeChecked();
  await single.getByRole('button', { name: '取消' }).click();
  await expect(single).toHaveCount(0);
});

test('admin on 发起流程: a required number field shows no error border until 提交', async ({ page }) => {
  const admin = await apiAuth(page.request);
  const d = await deploy(page, admin);
  await signIn(page);
  await page.goto(`#/flowable/task/myProcess/send/index?deployId=${d.deploymentId}&procDefId=${d.definitionId}`);
  const item = page.getByTestId('form-item-day');
  const day = item.locator('input');
  const note = page.getByTestId('form-item-note').locator('input');
  await expect(day).toBeVisible();
  const plain = await looks(note);

  // Untouched: no error state, the border of any other box.
  await expect(day).not.toHaveAttribute('aria-invalid', 'true');
  await expect(item.locator('[data-invalid]')).toHaveCount(0);
  expect((await looks(day)).border).toBe(plain.border);
  await shots(page, 'start-form-untouched');

  // 提交 with nothing: the message and an error border.
  await page.getByTestId('start-submit').click();
  await expect(item.getByTestId('form-error')).toHaveText('请输入请假天数');
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  expect((await looks(day)).border).not.toBe(plain.border);
  await shots(page, 'start-form-submitted');

  // A valid value: no message, no error border.
  await day.fill('2');
  await day.blur();
  await expect(item.getByTestId('form-error')).toHaveCount(0);
  await expect(day).not.toHaveAttribute('aria-invalid', 'true');
  expect((await looks(day)).border).toBe(plain.border);

  // The started process in 我的流程's detail: the whole start form read-only, its values read as values.
  await page.getByPlaceholder('请输入请假原因').fill('婚假');
  await page.getByTestId('start-submit').click();
  await expect(page).toHaveURL(/#\/task\/process/);
  const ry = await apiAuth(page.request, 'ry', 'admin123');
  let task: { taskId: string; procInsId: string } | undefined;
  await expect(async () => {
    const todo = await page.request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(d.name)}`, { headers: ry });
    task = ((await todo.json()) as { rows: NonNullable<typeof task>[] }).rows[0];
    expect(task).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  await page.goto(`#/flowable/task/myProcess/detail/index?deployId=${d.deploymentId}&taskId=${task!.taskId}&procInsId=${task!.procInsId}`);
  const shown = page.getByTestId('process-form');
  await expect(shown.getByTestId('form-item-reason').locator('input')).toHaveValue('婚假');
  for (const vModel of ['day', 'reason']) {
    const ro = await looks(shown.getByTestId(`form-item-${vModel}`).locator('input'));
    expect(ro.opacity).toBe(1);
    expect(ro.color).not.toBe(plain.placeholder);
    expect(ro.bg).not.toBe(plain.bg);
  }
  await shots(page, 'process-detail-readonly');
});

test('admin in 流程模拟: 确定 in 选择办理人 with nothing selected says 请选择用户 and stays open', async ({ page }) => {
  const admin = await apiAuth(page.request);
  const d = await deploy(page, admin);
  await signIn(page);
  await page.goto(`#/flowable/definition/model?deployId=${d.deploymentId}`);
  await expect(shape(page, 'review')).toBeVisible();
  await page.getByTestId('designer-simulate').click();
  const dialog = page.getByTestId('sim-dialog');
  await dialog.getByTestId('sim-handlers').getByRole('row').filter({ hasText: '部门审批' }).getByRole('button', { name: '选择' }).click();
  const picker = page.getByTestId('flow-user-picker');
  await expect(picker).toContainText('选择办理人');
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: '请选择用户' })).toBeVisible();
  await expect(picker).toBeVisible();
  const table = picker.getByTestId('flow-user-picker-table');
  await rowWith(table, 'ry').getByRole('cell', { name: 'ry', exact: true }).click();
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expect(picker).toHaveCount(0);
  await expect(dialog.getByTestId('sim-handler-review')).toHaveValue('2');
});

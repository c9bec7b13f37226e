/**
 * 保存模型 enforces the designer rules before anything is sent (workflow spec §5 "Designer and
 * listeners"): a user task drawn without a name is refused with 节点名称不能为空, marked and
 * selected on the canvas, and nothing is deployed; a cleared 流程标识 is refused with
 * 'Id 不能为空' (it no longer saves under the old key); a named user task nobody can receive asks
 * a confirm — cancel keeps the diagram, accept deploys (保存成功). A new process is named
 * 新建流程 + date, not its random key.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast } from './admin-api';
import { shot, signIn } from './helpers';
import { centre, pad, select, shape } from './canvas';

/** Element ids with that prefix currently drawn. */
async function idsOf(page: Page, prefix: string) {
  return page.locator(`.bpmn-designer-canvas .djs-element[data-element-id^="${prefix}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id')!));
}

/** Deployed versions of process key `key`. */
async function versions(request: APIRequestContext, key: string) {
  const headers = await apiAuth(request);
  const list = await (await request.get('/caishui-api/flowable/definition/list', { headers, params: { pageNum: 1, pageSize: 10, key } })).json();
  return list.rows as Array<{ key: string; name: string; version: number }>;
}

test('save refuses unnamed nodes and a cleared key, and warns about a user task nobody receives', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  await expect(page.getByTestId('designer-save')).toBeEnabled();
  const start = await centre(shape(page, 'start_event'));
  const empty = { x: start.x + 120, y: start.y + 220 };
  const panel = page.getByTestId('bpmn-properties-panel');

  // The new process: a random key, a readable name.
  await page.mouse.click(empty.x, empty.y);
  const key = await panel.getByTestId('panel-id').inputValue();
  expect(key).toMatch(/^flow_[a-z0-9]{8}$/);
  await expect(panel.getByTestId('panel-name')).toHaveValue(/^新建流程 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  // start → a user task left without a name → 结束.
  await select(page, 'start_event', empty);
  await pad(page, 'append.user-task');
  await expect(page.locator('.djs-direct-editing-parent')).toBeVisible();
  await page.mouse.click(empty.x, empty.y);
  const [taskId] = await idsOf(page, 'Activity_');
  expect(taskId).toBeTruthy();
  await select(page, taskId, empty);
  await pad(page, 'append.end-event');
  await page.keyboard.type('结束');
  await page.mouse.click(empty.x, empty.y);

  // 保存模型 → 节点名称不能为空, the task marked and selected, nothing deployed.
  await page.getByTestId('designer-save').click();
  await expectToast(page, '节点名称不能为空');
  await expect(shape(page, taskId)).toHaveClass(/designer-invalid/);
  await expect(page.locator('.djs-element.selected')).toHaveAttribute('data-element-id', taskId);
  await expect(panel.getByTestId('panel-id')).toHaveValue(taskId);
  await shot(page, 'h8-save-unnamed');
  await expect(page).toHaveURL(/#\/flowable\/definition\/model/);
  expect(await versions(request, key)).toEqual([]);

  // Name it in the panel: the mark goes.
  await panel.getByTestId('panel-name').fill('经理审批');
  await panel.getByTestId('panel-name').blur();
  await expect(shape(page, taskId)).toContainText('经理审批');
  await expect(shape(page, taskId)).not.toHaveClass(/designer-invalid/);

  // 流程标识 cleared → Id 不能为空; the old key is not used.
  await page.mouse.click(empty.x, empty.y);
  await expect(panel.getByTestId('panel-id')).toHaveValue(key);
  await panel.getByTestId('panel-id').fill('');
  await page.getByTestId('designer-save').click();
  await expectToast(page, 'Id 不能为空');
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  expect(await versions(request, key)).toEqual([]);
  await panel.getByTestId('panel-id').fill(key);
  await panel.getByTestId('panel-id').blur();

  // No recipient → the warning; 取消 keeps the diagram, 确定 deploys.
  const warning = '用户任务「经理审批」没有设置审批人，任何人都无法办理，确定保存吗？';
  await page.getByTestId('designer-save').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(warning);
  await shot(page, 'h8-save-unassigned');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/flowable\/definition\/model/);
  expect(await versions(request, key)).toEqual([]);

  await page.getByTestId('designer-save').click();
  await confirmDialog(page, warning);
  await expectToast(page, '保存成功');
  await expect(page).toHaveURL(/#\/flowable\/definition\?t=\d+/);
  const saved = await versions(request, key);
  expect(saved.map((r) => r.version)).toEqual([1]);
  expect(saved[0].name).toMatch(/^新建流程 /);
});

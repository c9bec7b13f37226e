/**
 * The form designer in the browser (workflow spec §2 "Form designer", §3 "Component catalogue",
 * "Form builder local state", §4 "Form designer", §5 form save check, §9 frame height and ids
 * from 100; reference §7): every palette entry is dragged onto the canvas with the mouse (plus a
 * component into a row container and two columns into a detail table), one is relabelled in the
 * right panel, undo / redo, 预览 runs the real form, 清空 asks first, 保存 checks the design and
 * stores the form, which the 表单配置 list opens again in the designer (修改) with the same
 * components.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';
import { createFormHandler, runFormProcessFlow, type FlowField } from './form-flow';
import { shot, signIn } from './helpers';

// The third test runs the form the first one designs and saves through a process.
test.describe.configure({ mode: 'serial' });
/** The name the first test saves its designed form under. */
let designedForm = '';

const INPUTS = ['input', 'textarea', 'password', 'number', 'rich-text'];
const SELECTS = ['select', 'cascader', 'radio', 'checkbox', 'switch', 'slider', 'time', 'time-range', 'date', 'date-range', 'rate', 'color', 'upload'];
const LAYOUTS = ['row', 'button', 'table'];

/** Drags `source` with real pointer moves (dnd-kit needs movement past its 5 px threshold) and drops at `to`. */
async function dragTo(page: Page, source: Locator, to: { x: number; y: number }) {
  // The rich-text editor's chunk loads under the app's loading mask, which takes the pointer.
  await expect(page.getByTestId('loading-mask')).toHaveCount(0);
  const box = (await source.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 6, { steps: 4 });
  await page.waitForTimeout(60);
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.waitForTimeout(120);
  await page.mouse.move(to.x + 1, to.y + 1, { steps: 2 });
  await page.waitForTimeout(60);
  await page.mouse.up();
}

/** A point inside `target` (scrolled to the middle of the view): its lower part (drops at its end). */
async function lowerPoint(target: Locator, fromBottom = 12) {
  await target.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const b = (await target.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height - fromBottom };
}

const items = (page: Page) => page.getByTestId('canvas-root').locator('[data-testid^="canvas-item-"]');

async function openDesigner(page: Page, query = '') {
  await page.goto(`#/tool/build/index${query}`);
  await expect(page.getByTestId('form-designer')).toBeVisible();
}

test('表单构建: drag every component, nest, relabel, undo/redo, preview, save, reopen', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `设计表单${uniq()}`;
  await signIn(page);
  await openDesigner(page);
  const canvas = page.getByTestId('designer-canvas');
  await expect(page.getByTestId('canvas-empty')).toHaveText('从左侧拖入或点选组件进行表单设计');
  await expect(page.getByTestId('designer-undo')).toBeDisabled();

  // The frame: viewport minus 94.5 px; palette 260 px, panel 350 px.
  const frame = (await page.getByTestId('form-designer').boundingBox())!;
  expect(Math.abs(frame.height - (800 - 94.5))).toBeLessThan(1.5);
  expect(Math.round((await page.getByTestId('designer-left').boundingBox())!.width)).toBe(260);
  expect(Math.round((await page.getByTestId('designer-right').boundingBox())!.width)).toBe(350);
  expect((await page.getByTestId('designer-toolbar').boundingBox())!.height).toBeLessThan(46);

  // 保存 checks the design first.
  await page.getByTestId('designer-save').click();
  await expectToast(page, '表单中没有组件，请先从左侧添加组件');
  await expect(page.getByTestId('designer-save-dialog')).toHaveCount(0);

  // Every palette entry, dragged to the bottom of the canvas in order.
  const keys = [...INPUTS, ...SELECTS, ...LAYOUTS];
  for (const [i, key] of keys.entries()) {
    await dragTo(page, page.getByTestId(`palette-${key}`), await lowerPoint(canvas, 20));
    await expect(page.getByTestId(`canvas-item-${101 + i}`), key).toBeVisible();
  }
  await expect(items(page)).toHaveCount(keys.length);
  // Ids from 101 in drop order: field101 … field121 (row 119, button 120, table 121).
  await expect(page.getByTestId('canvas-item-101')).toContainText('单行文本');
  await expect(page.getByTestId('canvas-item-121')).toContainText('明细表');
  await expect(page.getByTestId('canvas-item-121')).toHaveAttribute('data-active', '');

  // A component into the row container, two columns into the detail table; an upload is refused there.
  await dragTo(page, page.getByTestId('palette-input'), await lowerPoint(page.getByTestId('canvas-row-119')));
  await expect(page.getByTestId('canvas-row-119').getByTestId('canvas-item-122')).toBeVisible();
  await dragTo(page, page.getByTestId('palette-input'), await lowerPoint(page.getByTestId('canvas-table-121')));
  await dragTo(page, page.getByTestId('palette-number'), await lowerPoint(page.getByTestId('canvas-table-121')));
  await expect(page.getByTestId('canvas-table-121').locator('[data-testid^="canvas-item-"]')).toHaveCount(2);
  await dragTo(page, page.getByTestId('palette-upload'), await lowerPoint(page.getByTestId('canvas-table-121')));
  await expect(page.getByTestId('canvas-table-121').locator('[data-testid^="canvas-item-"]')).toHaveCount(2);
  await expect(items(page)).toHaveCount(keys.length + 3);
  await page.getByTestId('canvas-item-123').click();
  await page.getByTestId('canvas-item-119').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await shot(page, 'fd-containers');

  // Reorder: the number field moves above the first component.
  await canvas.evaluate((e) => e.scrollTo({ top: 0 }));
  const first = (await page.getByTestId('canvas-item-101').boundingBox())!;
  await dragTo(page, page.getByTestId('canvas-item-104'), { x: first.x + first.width / 2, y: first.y + 8 });
  await expect(items(page).first()).toHaveAttribute('data-testid', 'canvas-item-104');
  await shot(page, 'fd-canvas');

  // Undo the reorder, redo it (toolbar and keyboard).
  await page.getByTestId('designer-undo').click();
  await expect(items(page).first()).toHaveAttribute('data-testid', 'canvas-item-101');
  await page.getByTestId('designer-redo').click();
  await expect(items(page).first()).toHaveAttribute('data-testid', 'canvas-item-104');
  await page.getByTestId('canvas-item-101').click();
  await page.keyboard.press('Control+z');
  await expect(items(page).first()).toHaveAttribute('data-testid', 'canvas-item-101');
  await page.keyboard.press('Control+y');
  await expect(items(page).first()).toHaveAttribute('data-testid', 'canvas-item-104');

  // Copy and delete on the selected component.
  await page.getByTestId('canvas-item-101').click();
  await page.getByTestId('canvas-copy-101').click();
  await expect(page.getByTestId('canvas-item-125')).toContainText('单行文本');
  await page.getByTestId('canvas-delete-125').click();
  await expect(page.getByTestId('canvas-item-125')).toHaveCount(0);

  // The drawing list is kept in local storage (340 ms debounce): a reload shows the same canvas.
  await page.waitForTimeout(500);
  await page.reload();
  await expect(items(page)).toHaveCount(keys.length + 3);
  await expect(items(page).first()).toHaveAttribute('data-testid', 'canvas-item-104');
  await expect(page.getByTestId('designer-undo')).toBeDisabled();

  // Select the first text field and relabel it in the right panel.
  await page.getByTestId('canvas-item-101').click();
  await expect(page.getByTestId('canvas-item-101')).toHaveAttribute('data-active', '');
  const panel = page.getByTestId('designer-right-panel');
  const label = panel.getByTestId('prop-label');
  await expect(label).toHaveValue('单行文本');
  await label.fill('申请人');
  await expect(page.getByTestId('canvas-item-101')).toContainText('申请人');
  await shot(page, 'fd-selected');
  // Typing in the panel is one undo step; Ctrl+Z inside the text box is the box's own.
  await page.getByTestId('designer-undo').click();
  await expect(page.getByTestId('canvas-item-101')).toContainText('单行文本');
  await page.getByTestId('designer-redo').click();
  await expect(page.getByTestId('canvas-item-101')).toContainText('申请人');

  // 预览 runs the real form: required messages on 提交.
  await page.getByTestId('designer-preview-btn').click();
  const preview = page.getByTestId('designer-preview');
  await expect(preview.getByTestId('designer-preview-form')).toBeVisible();
  await preview.getByTestId('form-render-submit').click();
  await expect(preview.getByTestId('form-error').first()).toBeVisible();
  await shot(page, 'fd-preview');
  await preview.getByRole('button', { name: '关闭' }).first().click();
  await expect(preview).toHaveCount(0);

  // 保存 → 表单配置 list.
  await page.getByTestId('designer-save').click();
  const dialog = page.getByTestId('designer-save-dialog');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('表单名称不能为空');
  await dialog.getByPlaceholder('请输入表单名称').fill(name);
  await dialog.getByPlaceholder('请输入备注').fill('拖拽设计');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  const list = page.getByTestId('flow-form-list');
  await expect(list).toBeVisible();
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = list.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('拖拽设计');
  designedForm = name;

  // 修改 opens it again in the designer with the same components.
  await row.getByTestId('row-edit').click();
  await expect(page.getByTestId('form-designer')).toBeVisible();
  await expect(items(page)).toHaveCount(keys.length + 3);
  await expect(page.getByTestId('canvas-row-119').getByTestId('canvas-item-122')).toBeVisible();
  await expect(page.getByTestId('canvas-table-121').locator('[data-testid^="canvas-item-"]')).toHaveCount(2);
  await expect(items(page).first()).toHaveAttribute('data-testid', 'canvas-item-104');
  await expect(page.getByTestId('canvas-item-101')).toContainText('申请人');
  await expect(page.getByTestId('designer-undo')).toBeDisabled();

  // Ids continue after the highest stored one (a click on a palette entry appends).
  await page.getByTestId('palette-rate').click();
  await expect(page.getByTestId('canvas-item-125')).toContainText('评分');

  // 清空 asks first.
  await page.getByTestId('designer-clear').click();
  await confirmDialog(page, '确定要清空所有组件吗？');
  await expect(page.getByTestId('canvas-empty')).toBeVisible();
});

test('表单构建: a stored form that is no form-generator JSON opens an empty designer with the JSON message', async ({ page, request }) => {
  const headers = await apiAuth(request);
  const name = `坏表单${uniq()}`;
  const res = await request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent: '{"formRef":"elForm"}', remark: '' } });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  const list = await request.get(`/caishui-api/flowable/form/list?formName=${encodeURIComponent(name)}`, { headers });
  const formId = ((await list.json()) as { rows: { formId: number }[] }).rows[0].formId;
  await signIn(page);
  await openDesigner(page, `?formId=${formId}`);
  await expectToast(page, 'JSON格式错误，请检查');
  await expect(page.getByTestId('canvas-empty')).toBeVisible();
});

/**
 * The designed form as it comes out of the palette (the catalogue's default labels, options and
 * props; 单行文本 101 relabelled 申请人; 计数器 104 moved to the top), filled in form order.
 */
const DESIGNED_FILL: FlowField[] = [
  { label: '计数器', kind: 'number', value: 7 },
  { label: '申请人', kind: 'input', value: '李四' },
  { label: '多行文本', kind: 'textarea', value: '季度申报材料' },
  { label: '密码', kind: 'password', value: 'S3cret!' },
  { label: '编辑器', kind: 'richText', value: '附件已上传' },
  { label: '下拉选择', kind: 'select', option: '选项一', value: 1 },
  { label: '级联选择', kind: 'cascader', option: '选项1 / 选项1-1', value: [1, 2] },
  { label: '单选框组', kind: 'radio', option: '选项二', value: 2 },
  { label: '多选框组', kind: 'checkbox', options: ['选项一', '选项二'], value: [1, 2] },
  { label: '开关', kind: 'switch', value: true },
  { label: '滑块', kind: 'slider', value: 20 },
  { label: '时间选择', kind: 'time', value: '09:15:00' },
  { label: '时间范围', kind: 'timeRange', value: ['10:00:00', '11:30:00'] },
  { label: '日期选择', kind: 'date', value: '2026-03-02' },
  { label: '日期范围', kind: 'dateRange', value: ['2026-03-09', '2026-03-11'] },
  { label: '评分', kind: 'rate', value: 3 },
  { label: '颜色选择', kind: 'color', value: '#67c23a' },
  { label: '上传', kind: 'upload', file: { name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('增值税发票 1 张') } },
  { label: '单行文本', kind: 'input', value: '行内字段' },
  { label: '按钮', kind: 'button', text: '主要按钮' },
  {
    label: '明细表', kind: 'detailTable',
    columns: [{ label: '单行文本', kind: 'input' }, { label: '计数器', kind: 'number' }],
    rows: [['印花税', 120], ['附加税', 36]],
  },
];

test('the designed form: bound to a process, started by filling it, read-only for the handler, in the record', async ({ page, request }) => {
  test.setTimeout(300_000);
  expect(designedForm, 'the first test saved the designed form').not.toBe('');
  const handler = await createFormHandler(request);
  const result = await runFormProcessFlow(page, request, { formName: designedForm, fields: DESIGNED_FILL, handler, shotPrefix: 'fd-process' });
  // What the designer made is what the process holds: ids field101… in drop order.
  expect(result.variables).toMatchObject({ field101: '李四', field104: 7, field107: [1, 2], field122: '行内字段' });
  expect(result.variables.field121).toEqual([{ field123: '印花税', field124: 120 }, { field123: '附加税', field124: 36 }]);
});

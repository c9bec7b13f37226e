/**
 * The form designer's right panel (workflow spec §2 "Form designer": tabs 组件属性 / 表单属性 with
 * the icon-picker and tree-node dialogs; §3 "Designer component", "Option item"; §4 "Form
 * designer" static tree / dynamic data fetched on blur and method change; §5 option dialog
 * '请输入选项名' / '请输入选项值', regex rows, number minimums; §9 upload units and file types;
 * the visibility rule `__config__.showWhen`): components appended from the palette are edited in
 * the panel, and the designer's 预览 (the real renderer) shows the result.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { animationsDone, shot, signIn } from './helpers';

async function openDesigner(page: Page) {
  await signIn(page);
  await page.goto('#/tool/build/index');
  await expect(page.getByTestId('form-designer')).toBeVisible();
  await expect(page.getByTestId('designer-right-panel')).toBeVisible();
}

/** Appends a palette entry (click-to-append); the new component becomes the selected one. */
async function append(page: Page, key: string) {
  await page.getByTestId(`palette-${key}`).click();
}

/** Opens 预览 (the designer's preview runs the real renderer). */
async function openPreview(page: Page) {
  await page.getByTestId('designer-preview-btn').click();
  await expect(page.getByTestId('designer-preview')).toBeVisible();
}

const prop = (panel: Locator, name: string) => panel.getByTestId(`prop-${name}`);

test('组件属性: title, placeholder, required, options, regex and visibility show in the preview', async ({ page }) => {
  await openDesigner(page);
  const panel = page.getByTestId('designer-right-panel');
  await expect(panel.getByTestId('panel-empty')).toHaveText('请在画布中选择组件');

  // 101: a text input.
  await append(page, 'input');
  await expect(prop(panel, 'vModel')).toHaveValue('field101');
  await prop(panel, 'label').fill('姓名');
  await prop(panel, 'placeholder').fill('请填写姓名');
  await expect(page.getByTestId('canvas-item-101')).toContainText('姓名');
  // Properties of other tags are not shown for a text input.
  await expect(prop(panel, 'minRows')).toHaveCount(0);
  await expect(panel.getByTestId('options-editor')).toHaveCount(0);
  // Regex rows: both parts required.
  await panel.getByTestId('reg-add').click();
  await expect(panel.getByTestId('reglist-editor').getByTestId('panel-error')).toHaveText(['请输入表达式', '请输入错误提示']);
  await panel.getByTestId('reg-pattern').fill('/^[\\u4e00-\\u9fa5]+$/');
  await panel.getByTestId('reg-message').fill('姓名只能是中文');
  await panel.getByTestId('reg-add').click();
  await expect(panel.getByTestId('reg-row')).toHaveCount(1);
  await expect(panel.getByTestId('reglist-editor').getByTestId('panel-error')).toHaveCount(0);

  // 102: a radio group with a third option added through the dialog.
  await append(page, 'radio');
  await expect(prop(panel, 'vModel')).toHaveValue('field102');
  await prop(panel, 'label').fill('类型');
  await expect(panel.getByTestId('option-row')).toHaveCount(2);
  await panel.getByTestId('option-add').click();
  const optionDialog = page.getByTestId('option-dialog');
  await optionDialog.getByRole('button', { name: '确 定' }).click();
  await expect(optionDialog.getByTestId('form-error')).toHaveText(['请输入选项名', '请输入选项值']);
  await optionDialog.locator('input[name="optionLabel"]').fill('其他');
  await optionDialog.locator('input[name="optionValue"]').fill('3');
  await optionDialog.getByRole('button', { name: '确 定' }).click();
  await expect(optionDialog).toHaveCount(0);
  await expect(panel.getByTestId('option-row')).toHaveCount(3);
  await expect(panel.getByTestId('option-row').nth(2).getByLabel('选项值')).toHaveValue('3');
  // Rename the first option inline.
  await panel.getByTestId('option-row').first().getByLabel('选项名').fill('事假');
  await prop(panel, 'required').click();
  await expect(prop(panel, 'required').locator('input')).not.toBeChecked();

  // 103: a textarea shown only when 类型 = 其他.
  await append(page, 'textarea');
  await prop(panel, 'label').fill('其他说明');
  await expect(prop(panel, 'minRows')).toHaveValue('4');
  await prop(panel, 'minRows').fill('0');
  await expect(prop(panel, 'minRows')).toHaveValue('0');
  await prop(panel, 'maxRows').click();
  await expect(prop(panel, 'minRows')).toHaveValue('1');
  const fieldChoices = await prop(panel, 'showWhenField').locator('option').allTextContents();
  expect(fieldChoices).toEqual(['不设置（始终显示）', '姓名（field101）', '类型（field102）']);
  await prop(panel, 'showWhenField').selectOption('field102');
  await prop(panel, 'showWhenValue').selectOption({ label: '其他' });
  await expect(panel.getByTestId('showwhen-editor')).toContainText('当该字段等于（或包含）“3”时显示');
  await shot(page, 'form-designer-panel-component');

  // Back to 101: the panel follows the selection.
  await page.getByTestId('canvas-item-101').click();
  await expect(prop(panel, 'label')).toHaveValue('姓名');
  await expect(panel.getByTestId('reg-row')).toHaveCount(1);

  // 预览: the real renderer shows the edits.
  await openPreview(page);
  const preview = page.getByTestId('designer-preview');
  await expect(preview.getByTestId('form-item-field101')).toContainText('姓名');
  await expect(preview.getByPlaceholder('请填写姓名')).toBeVisible();
  await expect(preview.getByTestId('form-item-field102')).toContainText('类型');
  await expect(preview.getByText('其他', { exact: true })).toBeVisible();
  await expect(preview.getByText('事假', { exact: true })).toBeVisible();
  await expect(preview.getByTestId('form-item-field103')).toHaveCount(0);
  // The renderer's messages take no room either (FormLayout's FormItem, form-kit FormError): 提交 stays put.
  const submit = preview.getByTestId('form-render-submit');
  await animationsDone(preview);
  await submit.scrollIntoViewIfNeeded();
  const submitBox = await submit.boundingBox();
  await submit.click();
  await expect(preview.getByTestId('form-item-field101')).toContainText('请填写姓名');
  expect(await submit.boundingBox()).toEqual(submitBox);
  await preview.getByPlaceholder('请填写姓名').fill('abc');
  await preview.getByPlaceholder('请填写姓名').blur();
  await expect(preview.getByTestId('form-item-field101')).toContainText('姓名只能是中文');
  await preview.getByText('其他', { exact: true }).click();
  await expect(preview.getByTestId('form-item-field103')).toBeVisible();
  await expect(preview.getByTestId('form-item-field103')).toContainText('其他说明');
  await shot(page, 'form-designer-panel-preview');
  await preview.getByRole('button', { name: '关闭' }).first().click();
  await expect(preview).toHaveCount(0);

  // 组件类型: 多行文本 → 单行文本 keeps the label, field name and visibility rule.
  await page.getByTestId('canvas-item-103').click();
  await prop(panel, 'changeTag').selectOption('input');
  await expect(prop(panel, 'label')).toHaveValue('其他说明');
  await expect(prop(panel, 'vModel')).toHaveValue('field103');
  await expect(prop(panel, 'minRows')).toHaveCount(0);
  await expect(prop(panel, 'showWhenField')).toHaveValue('field102');
  // 前图标 through the icon picker (980 px).
  await panel.getByTestId('pick-prefix-icon').click();
  const icons = page.getByTestId('icon-select-dialog');
  await expect(icons).toBeVisible();
  expect(Math.round((await icons.boundingBox())!.width)).toBeLessThanOrEqual(980);
  await icons.getByTestId('icon-user').click();
  await expect(icons).toHaveCount(0);
  await expect(prop(panel, 'prefix-icon')).toHaveValue('user');
});

test('组件属性: upload size and unit, cascader static tree and dynamic url; 表单属性', async ({ page }) => {
  await openDesigner(page);
  const panel = page.getByTestId('designer-right-panel');

  // 101: upload — 512 KB with the tip shown → 0.5 MB in the preview.
  await append(page, 'upload');
  await expect(prop(panel, 'fileSize')).toHaveValue('2');
  await expect(prop(panel, 'sizeUnit')).toHaveValue('MB');
  await prop(panel, 'fileSize').fill('512');
  await prop(panel, 'sizeUnit').selectOption('KB');
  const accepts = await prop(panel, 'accept').locator('option').allTextContents();
  expect(accepts).toEqual(['不限', '图片', '视频', '音频', 'excel', 'word', 'pdf', 'txt']);
  await prop(panel, 'accept').selectOption({ label: 'pdf' });
  await prop(panel, 'showTip').click();
  await expect(prop(panel, 'placeholder')).toHaveCount(0);

  // 102: cascader — static tree: 添加 a child through the tree-node dialog, delete another node.
  await append(page, 'cascader');
  await prop(panel, 'label').fill('地区');
  const tree = panel.getByTestId('static-tree');
  await expect(tree.getByTestId('tree-node')).toHaveCount(2);
  await tree.getByRole('button', { name: '添加 选项1 的子节点' }).click();
  const nodeDialog = page.getByTestId('tree-node-dialog');
  await nodeDialog.getByRole('button', { name: '确 定' }).click();
  await expect(nodeDialog.getByTestId('form-error')).toHaveText(['请输入选项名', '请输入选项值']);
  await nodeDialog.locator('input[name="optionLabel"]').fill('选项1-2');
  await nodeDialog.locator('input[name="optionValue"]').fill('12');
  await nodeDialog.getByRole('button', { name: '确 定' }).click();
  await expect(tree.getByTestId('tree-node')).toHaveText(['选项1添加删除', '选项1-1添加删除', '选项1-2添加删除']);
  await tree.getByRole('button', { name: '删除 选项1-1' }).click();
  await expect(tree.getByTestId('tree-node')).toHaveCount(2);
  await shot(page, 'form-designer-panel-cascader');

  // Preview: the cascader offers the new node.
  await openPreview(page);
  const preview = page.getByTestId('designer-preview');
  await preview.getByTestId('form-item-field102').getByRole('combobox').first().click();
  await expect(page.getByRole('option', { name: /选项1-2/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview.getByTestId('form-item-field101')).toContainText('0.5 MB');
  await expect(preview.getByTestId('form-item-field101')).toContainText('pdf');
  await preview.getByRole('button', { name: '关闭' }).first().click();
  await expect(preview).toHaveCount(0);

  // Dynamic data: fetched on blur of the url (error, then a list) and on method change.
  await page.getByTestId('canvas-item-102').click();
  await prop(panel, 'dataType').getByRole('radio', { name: '动态数据' }).click();
  await expect(panel.getByTestId('static-tree')).toHaveCount(0);
  await prop(panel, 'url').fill('/system/nothing-here');
  await prop(panel, 'dataPath').fill('data');
  // Only declared read-only sources are fetched (issue 38 §1): anything else is refused unsent.
  await expect(panel.getByTestId('dynamic-status')).toContainText('接口地址不是允许的数据源：/system/nothing-here');
  await prop(panel, 'url').fill('/system/menu/list');
  await prop(panel, 'labelKey').click();
  await expect(panel.getByTestId('dynamic-status')).toContainText(/已获取 \d+ 条数据/);
  await prop(panel, 'method').selectOption('post');
  await expect(panel.getByTestId('dynamic-status')).toContainText('请求方式只能是 GET');
  await prop(panel, 'method').selectOption('get');
  await expect(panel.getByTestId('dynamic-status')).toContainText(/已获取 \d+ 条数据/);
  await prop(panel, 'labelKey').fill('menuName');
  await prop(panel, 'valueKey').fill('menuId');

  // 103: detail table — its own block; columns are edited on the canvas.
  await append(page, 'table');
  await expect(panel.getByTestId('detail-table-hint')).toContainText('共 0 列');
  await expect(panel.getByTestId('reglist-editor')).toHaveCount(0);
  await expect(prop(panel, 'minRows')).toHaveValue('0');
  await prop(panel, 'maxRows').fill('1');
  await prop(panel, 'addText').fill('新增明细');
  await openPreview(page);
  const table = page.getByTestId('designer-preview').getByTestId('detail-table-field103');
  await table.getByRole('button', { name: '新增明细' }).click();
  await expect(table.getByTestId('detail-row-0')).toBeVisible();
  await expect(table.getByRole('button', { name: '新增明细' })).toBeDisabled();
  await page.getByTestId('designer-preview').getByRole('button', { name: '关闭' }).first().click();

  // 表单属性: defaults, then edits reach the canvas's form configuration.
  await panel.getByTestId('panel-tab-form').click();
  await expect(prop(panel, 'formRef')).toHaveValue('elForm');
  await expect(prop(panel, 'formModel')).toHaveValue('formData');
  await expect(prop(panel, 'formRules')).toHaveValue('rules');
  await expect(prop(panel, 'formLabelWidth')).toHaveValue('100');
  await expect(prop(panel, 'formGutter')).toHaveValue('15');
  await prop(panel, 'formGutter').fill('-5');
  await expect(prop(panel, 'formGutter')).toHaveValue('-5');
  await prop(panel, 'formRef').click();
  await expect(prop(panel, 'formGutter')).toHaveValue('0');
  await prop(panel, 'labelPosition').getByRole('radio', { name: '顶部对齐' }).click();
  await expect(prop(panel, 'labelPosition').getByRole('radio', { name: '顶部对齐' })).toHaveAttribute('aria-checked', 'true');
  await prop(panel, 'formDisabled').click();
  await shot(page, 'form-designer-panel-form');
  await openPreview(page);
  await expect(page.getByTestId('designer-preview').getByTestId('form-render-submit')).toBeDisabled();
});

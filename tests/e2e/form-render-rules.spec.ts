/**
 * The renderer's detail table (明细表) and visibility rule in the browser (data format:
 * `tag: 'detail-table'` with minRows / maxRows / showSummary; `__config__.showWhen`; messages of
 * shared/form): a form stored over the API is previewed through 表单配置 → 详情; rows are added
 * up to maxRows and removed down to minRows, the 合计 row sums the number column, a failing cell
 * shows its message, and a hidden field appears when its trigger field gets its value.
 */
import { expect, test } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { shot, signIn } from './helpers';

const col = (label: string, tag: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, showLabel: true, labelWidth: null, required: false, regList: [], ...config },
  __vModel__: vModel,
  ...extra,
});

const FORM = {
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
  gutter: 15, disabled: false, span: 24, formBtns: true,
  fields: [
    col('出行方式', 'el-radio-group', 'trip', { __slot__: { options: [{ label: '出差', value: 1 }, { label: '请假', value: 2 }] } }, { formId: 101 }),
    col('目的地', 'el-input', 'city', { placeholder: '请输入目的地', style: { width: '100%' } }, { required: true, formId: 102, showWhen: { field: 'trip', value: 1 } }),
    {
      __config__: { label: '费用明细', tag: 'detail-table', tagIcon: 'table', layout: 'colFormItem', span: 24, showLabel: true, required: true,
        defaultValue: [], minRows: 1, maxRows: 3, showSummary: true, addText: '添加一行', formId: 103, children: [
          col('名称', 'el-input', 'name', { placeholder: '请输入名称' }, { required: true, formId: 104 }),
          col('金额', 'el-input-number', 'amount', { min: 0 }, { formId: 105 }),
        ] },
      __vModel__: 'items',
    },
  ],
};

test('明细表 rows, 合计, cell messages and a visibility rule in the preview', async ({ page, request }) => {
  const name = `明细表单${uniq()}`;
  const headers = await apiAuth(request);
  const created = await request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent: JSON.stringify(FORM), remark: '' } });
  expect(created.ok()).toBe(true);

  await signIn(page);
  await page.goto('#/flowable/form');
  const list = page.getByTestId('flow-form-list');
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = list.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('row-detail').click();
  const form = page.getByTestId('form-detail-dialog').getByTestId('form-detail-renderer');
  const table = form.getByTestId('detail-table-items');

  // The hidden field is not rendered; the table starts with minRows rows and cannot go below.
  await expect(form.getByTestId('form-item-trip')).toBeVisible();
  await expect(form.getByTestId('form-item-city')).toHaveCount(0);
  await expect(table.locator('[data-testid^="detail-row-"]')).toHaveCount(1);
  await expect(table.getByTestId('detail-remove-0')).toBeDisabled();

  // Add up to maxRows; 添加一行 is then disabled.
  await table.getByTestId('detail-add').click();
  await table.getByTestId('detail-add').click();
  await expect(table.locator('[data-testid^="detail-row-"]')).toHaveCount(3);
  await expect(table.getByTestId('detail-add')).toBeDisabled();

  // 合计 sums the number column.
  const amount = (i: number) => table.getByTestId(`detail-cell-${i}-amount`).locator('input');
  await amount(0).fill('100');
  await amount(0).blur();
  await amount(1).fill('50.5');
  await amount(1).blur();
  await amount(2).fill('20');
  await amount(2).blur();
  await expect(table.getByTestId('detail-sum-amount')).toHaveText('170.5');
  await table.getByTestId(`detail-cell-0-name`).locator('input').fill('机票');

  // Remove a row: the sum follows; add is enabled again.
  await table.getByTestId('detail-remove-2').click();
  await expect(table.locator('[data-testid^="detail-row-"]')).toHaveCount(2);
  await expect(table.getByTestId('detail-sum-amount')).toHaveText('150.5');
  await expect(table.getByTestId('detail-add')).toBeEnabled();

  // 提交: the second row's empty name fails; the table and the cell show the message.
  await form.getByTestId('form-render-submit').click();
  await expect(form.getByTestId('form-item-items')).toContainText('费用明细第2行：请输入名称');
  await expect(table.getByTestId('detail-cell-1-name')).toContainText('请输入名称');
  await expect(table.getByTestId('detail-cell-0-name').getByTestId('detail-cell-error')).toHaveCount(0);

  // The visibility rule: choosing 出差 shows 目的地 (required, so 提交 names it).
  await form.getByTestId('form-item-trip').getByText('出差').click();
  await expect(form.getByTestId('form-item-city')).toBeVisible();
  await table.getByTestId(`detail-cell-1-name`).locator('input').fill('酒店');
  await form.getByTestId('form-render-submit').click();
  await expect(form.getByTestId('form-item-city')).toContainText('请输入目的地');
  await expect(form.getByTestId('form-item-items')).not.toContainText('请输入名称');
  await shot(page, 'form-render-rules');

  // 请假 hides it again.
  await form.getByTestId('form-item-trip').getByText('请假').click();
  await expect(form.getByTestId('form-item-city')).toHaveCount(0);
});

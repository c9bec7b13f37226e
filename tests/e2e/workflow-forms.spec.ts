/**
 * 表单配置 and the form renderer in the browser (issue 6 "Form renderer"; workflow spec §3
 * "Designer component", "Form configuration", "Component catalogue", §5 "Form designer" required
 * messages and 'JSON格式错误，请检查', §9 constants; reference §7 Parser): a form covering the
 * catalogue is entered through the row's JSON dialog (bad JSON refused), previewed through 详情 (required and
 * regList messages, values filled into every widget, 提交 → the value map), edited, and deleted;
 * a disabled form (conf.disabled) previews read-only.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, makePng, uniq } from './admin-api';
import { pickDays, picture, SHOTS, shot, signIn, typeDate } from './helpers';

/** The whole preview dialog (it scrolls past the viewport) as test-results/<name>.png. */
async function shotDialog(dialog: Locator, name: string) {
  if (!SHOTS) return;
  const page = dialog.page();
  const size = page.viewportSize()!;
  const box = await dialog.boundingBox();
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil((box?.height ?? 0) + 160)) });
  await page.waitForTimeout(400);
  await picture(page, name);
  await page.setViewportSize(size);
}

const col = (label: string, tag: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, showLabel: true, labelWidth: null, required: false, regList: [], changeTag: true, ...config },
  ...extra,
});

/** A stored form as the form designer writes it (reference §7), one field per catalogue entry used here. */
export function sampleForm() {
  return {
    formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
    gutter: 15, disabled: false, span: 24, formBtns: true,
    fields: [
      col('手机号', 'el-input', { __vModel__: 'mobile', placeholder: '请输入手机号', maxlength: 11, 'show-word-limit': true, clearable: true, style: { width: '100%' }, __slot__: { prepend: '+86', append: '' } },
        { required: true, defaultValue: '', formId: 101, renderKey: 101, regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }] }),
      col('申请说明', 'el-input', { __vModel__: 'reason', type: 'textarea', autosize: { minRows: 3, maxRows: 4 }, style: { width: '100%' } },
        { required: true, formId: 102, renderKey: 102 }),
      col('天数', 'el-input-number', { __vModel__: 'day', min: 1, max: 30, step: 1, 'controls-position': 'right' }, { defaultValue: 1, span: 12, formId: 103, renderKey: 103 }),
      col('类型', 'el-select', { __vModel__: 'kind', placeholder: '请选择类型', clearable: true, style: { width: '100%' }, __slot__: { options: [{ label: '事假', value: '1' }, { label: '年假', value: '2' }] } },
        { required: true, span: 12, formId: 104, renderKey: 104 }),
      col('性别', 'el-radio-group', { __vModel__: 'sex', __slot__: { options: [{ label: '男', value: 1 }, { label: '女', value: 2 }] } },
        { optionType: 'default', span: 12, formId: 105, renderKey: 105 }),
      col('城市', 'el-checkbox-group', { __vModel__: 'cities', __slot__: { options: [{ label: '北京', value: 'bj' }, { label: '上海', value: 'sh' }, { label: '杭州', value: 'hz' }] } },
        { required: true, defaultValue: [], span: 12, formId: 106, renderKey: 106 }),
      col('加急', 'el-switch', { __vModel__: 'urgent', 'active-text': '是', 'inactive-text': '否' }, { defaultValue: false, span: 12, formId: 107, renderKey: 107 }),
      col('开始日期', 'el-date-picker', { __vModel__: 'start', type: 'date', placeholder: '请选择开始日期', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' },
        { required: true, span: 12, formId: 108, renderKey: 108 }),
      col('请假区间', 'el-date-picker', { __vModel__: 'range', type: 'daterange', 'range-separator': '至', 'start-placeholder': '开始日期', 'end-placeholder': '结束日期' },
        { defaultValue: null, span: 12, formId: 109, renderKey: 109 }),
      col('满意度', 'el-rate', { __vModel__: 'score', max: 5, 'show-text': true }, { defaultValue: 0, span: 12, formId: 110, renderKey: 110 }),
      {
        __config__: { layout: 'rowFormItem', tagIcon: 'row', label: '行容器', layoutTree: true, span: 24, formId: 111, renderKey: 111, children: [
          col('时长', 'el-slider', { __vModel__: 'hours', min: 0, max: 8, step: 1 }, { defaultValue: 2, span: 12, formId: 112, renderKey: 112 }),
          col('颜色', 'el-color-picker', { __vModel__: 'color' }, { defaultValue: '#409EFF', span: 6, formId: 113, renderKey: 113 }),
          col('按钮', 'el-button', { type: 'primary', __slot__: { default: '主要按钮' } }, { showLabel: false, span: 6, formId: 114, renderKey: 114 }),
        ] },
        type: 'flex', justify: 'start', align: 'middle', gutter: 15,
      },
      col('附件', 'el-upload', { __vModel__: 'files', action: '/common/uploadFile', accept: '.txt,.pdf', limit: 1, 'list-type': 'text', __slot__: { 'list-type': true } },
        { buttonText: '点击上传', showTip: true, fileSize: 2, sizeUnit: 'MB', defaultValue: null, formId: 115, renderKey: 115 }),
      col('详细说明', 'tinymce', { __vModel__: 'content', placeholder: '请输入详细说明', height: 300 }, { formId: 116, renderKey: 116 }),
    ],
  };
}

const bodyRows = (table: Locator) => table.locator('tbody tr');
const item = (scope: Locator, vModel: string) => scope.getByTestId(`form-item-${vModel}`);

async function openList(page: Page) {
  await page.goto('#/flowable/form');
  const list = page.getByTestId('flow-form-list');
  await expect(list.getByTestId('flow-form-table')).toBeVisible();
  return list;
}

test('表单配置: add with the JSON rule, preview with the rules and every widget, edit, delete', async ({ page, request }) => {
  const name = `请假单${uniq()}`;
  // 新增 opens the form designer (form-designer.spec.ts); the stored JSON is entered here through
  // the row's JSON dialog on a form created over REST.
  const headers = await apiAuth(request);
  const created = await request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent: '{"fields":[]}', remark: '' } });
  expect(created.ok()).toBe(true);
  await signIn(page);
  const list = await openList(page);
  const table = list.getByTestId('flow-form-table');
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(bodyRows(table)).toHaveCount(1);

  // JSON: while the record is on its way the dialog shows 加载中 and 确 定 is greyed out, so nothing
  // typed before it arrives is overwritten (the form's get is held here until checked).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/trpc\/[^?]*flowable\.form\.get/, async (route) => {
    await held;
    await route.continue();
  });
  await bodyRows(table).filter({ hasText: name }).getByTestId('row-json').click();
  const dialog = page.getByTestId('flow-form-dialog');
  await expect(dialog).toContainText('修改表单');
  await expect(dialog.getByTestId('dialog-loading')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '确 定' })).toBeDisabled();
  await expect(dialog.getByPlaceholder('请输入表单名称')).toHaveCount(0);
  await shot(page, 'a-form-dialog-loading');
  release();
  await expect(dialog.getByPlaceholder('请输入表单名称')).toHaveValue(name);
  await page.unroute(/\/trpc\/[^?]*flowable\.form\.get/);
  // Name required, JSON checked.
  await dialog.getByPlaceholder('请输入表单名称').fill('');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('表单名称不能为空');
  await dialog.getByPlaceholder('请输入表单名称').fill(name);
  await dialog.locator('textarea[name="formContent"]').fill('{"fields": ');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('JSON格式错误，请检查');
  await dialog.locator('textarea[name="formContent"]').fill(JSON.stringify(sampleForm(), null, 2));
  await dialog.getByPlaceholder('请输入备注').fill('覆盖组件目录');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(dialog).toHaveCount(0);

  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(bodyRows(table)).toHaveCount(1);
  const row = bodyRows(table).filter({ hasText: name });
  await expect(row).toContainText('覆盖组件目录');
  await shot(page, 'a-form-list');

  // 导出: GET /flowable/form/export answers an xlsx.
  const [file] = await Promise.all([page.waitForEvent('download'), list.getByTestId('btn-export').click()]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

  // 详情: the preview.
  await row.getByTestId('row-detail').click();
  const detail = page.getByTestId('form-detail-dialog');
  const form = detail.getByTestId('form-detail-renderer');
  await expect(detail).toContainText(name);
  for (const label of ['手机号', '申请说明', '天数', '类型', '性别', '城市', '加急', '开始日期', '请假区间', '满意度', '时长', '颜色', '附件', '详细说明']) {
    await expect(form).toContainText(label);
  }
  await expect(form.getByRole('button', { name: '主要按钮' })).toBeVisible();
  await expect(item(form, 'mobile')).toContainText('+86');
  await expect(form.locator('input[name="day"]')).toHaveValue('1');
  await expect(item(form, 'color').getByTestId('color-swatch')).toHaveAttribute('title', '#409EFF');
  await expect(detail.getByTestId('rich-text-content')).toBeVisible();

  // Required messages: placeholder, <label>不能为空, 请至少选择一个<label>.
  await form.getByTestId('form-render-submit').click();
  await expect(item(form, 'mobile')).toContainText('请输入手机号');
  await expect(item(form, 'reason')).toContainText('申请说明不能为空');
  await expect(item(form, 'kind')).toContainText('请选择类型');
  await expect(item(form, 'cities')).toContainText('请至少选择一个城市');
  await expect(item(form, 'start')).toContainText('请选择开始日期');
  await expect(form.getByTestId('form-error')).toHaveCount(5);
  await shot(page, 'a-form-preview-rules');
  await shotDialog(detail, 'a-form-preview-rules-dialog');

  // regList: 手机号格式错误 on blur, gone once valid.
  const mobile = form.getByPlaceholder('请输入手机号');
  await mobile.fill('12345');
  await mobile.blur();
  await expect(item(form, 'mobile')).toContainText('手机号格式错误');
  await mobile.fill('13800001234');
  await mobile.blur();
  await expect(item(form, 'mobile').getByTestId('form-error')).toHaveCount(0);
  await expect(item(form, 'mobile')).toContainText('11/11');

  // Fill every widget.
  await form.locator('textarea[name="reason"]').fill('家中有事');
  await form.locator('textarea[name="reason"]').blur();
  await form.locator('input[name="day"]').fill('3');
  await form.locator('input[name="day"]').blur();
  await form.getByRole('combobox', { name: '类型' }).click();
  await page.getByRole('option', { name: '年假' }).click();
  await item(form, 'sex').getByText('女', { exact: true }).click();
  await item(form, 'cities').getByText('北京', { exact: true }).click();
  await item(form, 'cities').getByText('杭州', { exact: true }).click();
  await item(form, 'urgent').locator('[data-part="control"]').click();
  // Dates: 开始日期 typed (2026-11-3 → 2026-11-03, then the real one); the range picked in the calendar.
  await typeDate(form.locator('input[name="start"]'), '2026-11-3');
  await expect(form.locator('input[name="start"]')).toHaveValue('2026-11-03');
  await typeDate(form.locator('input[name="start"]'), '2026-11-23');
  await pickDays(item(form, 'range').getByTestId('date-range'), ['2026-11-23', '2026-11-25']);
  await expect(item(form, 'range').getByRole('textbox', { name: '开始日期' })).toHaveValue('2026-11-23');
  await expect(item(form, 'range').getByRole('textbox', { name: '结束日期' })).toHaveValue('2026-11-25');
  await item(form, 'score').getByRole('radio').nth(3).click();
  await expect(item(form, 'score')).toContainText('满意');
  await item(form, 'files').getByTestId('file-upload-input').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('请假材料') });
  await expect(item(form, 'files').getByTestId('file-upload-list')).toContainText('.txt');
  // limit 1: the add button is hidden at the limit.
  await expect(item(form, 'files').getByTestId('file-upload-add')).toBeHidden();
  await detail.getByTestId('rich-text-content').locator('[contenteditable="true"]').click();
  await page.keyboard.type('请假期间工作已交接');
  await expect(form.getByTestId('form-error')).toHaveCount(0);
  await shot(page, 'a-form-preview-filled');
  await shotDialog(detail, 'a-form-preview-filled-dialog');

  await form.getByTestId('form-render-submit').click();
  const submitted = detail.getByTestId('form-detail-submitted');
  await expect(submitted).toBeVisible();
  const values = JSON.parse((await submitted.locator('code').textContent()) ?? '{}') as Record<string, unknown>;
  expect(values).toMatchObject({
    mobile: '13800001234', reason: '家中有事', day: 3, kind: 2, sex: 2, cities: ['bj', 'hz'], urgent: true,
    start: '2026-11-23', range: ['2026-11-23', '2026-11-25'], score: 4, hours: 2, color: '#409EFF',
  });
  expect(String(values.content)).toContain('请假期间工作已交接');
  const files = JSON.parse(String(values.files)) as { name: string; url: string; fileType: string }[];
  expect(files).toHaveLength(1);
  expect(files[0].fileType).toBe('txt');
  expect(files[0].url).toContain('/profile/');
  await shot(page, 'a-form-preview-submitted');
  await shotDialog(detail, 'a-form-preview-submitted-dialog');

  // 重置 restores the stored defaults.
  await form.getByTestId('form-render-reset').click();
  await expect(form.getByPlaceholder('请输入手机号')).toHaveValue('');
  await expect(form.locator('input[name="day"]')).toHaveValue('1');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // Edit: the JSON comes back pretty-printed; rename.
  await row.getByTestId('row-json').click();
  await expect(dialog).toContainText('修改表单');
  await expect(dialog.getByPlaceholder('请输入表单名称')).toHaveValue(name);
  await expect(dialog.locator('textarea[name="formContent"]')).toHaveValue(/"__vModel__": "mobile"/);
  await dialog.getByPlaceholder('请输入表单名称').fill(`${name}改`);
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await list.getByPlaceholder('请输入表单名称').fill(`${name}改`);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(bodyRows(table)).toHaveCount(1);

  // Delete.
  await bodyRows(table).filter({ hasText: `${name}改` }).getByTestId('row-remove').click();
  await confirmDialog(page, '是否确认删除表单编号为');
  await expectToast(page, '删除成功');
  await expect(table).toContainText('暂无数据');
});

test('表单配置: a disabled form previews read-only; a bad layout is reported', async ({ page, request }) => {
  const headers = await apiAuth(request);
  const name = `只读单${uniq()}`;
  const conf = sampleForm();
  conf.disabled = true;
  (conf.fields[0].__config__ as Record<string, unknown>).defaultValue = '13800001234';
  conf.fields.push(col('坏布局', 'el-input', { __vModel__: 'bad' }, { layout: 'tableFormItem' }) as (typeof conf.fields)[number]);
  const res = await request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent: JSON.stringify(conf), remark: '只读' } });
  expect(res.ok()).toBe(true);

  await signIn(page);
  const list = await openList(page);
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await list.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: name }).getByTestId('row-detail').click();
  const form = page.getByTestId('form-detail-renderer');
  await expect(form).toHaveAttribute('data-readonly', '');
  await expect(form.getByPlaceholder('请输入手机号')).toBeDisabled();
  await expect(form.getByPlaceholder('请输入手机号')).toHaveValue('13800001234');
  await expect(form.locator('textarea[name="reason"]')).toBeDisabled();
  // conf.disabled keeps el-form's buttons but disables them (no buttons at all with readOnly).
  await expect(form.getByTestId('form-render-submit')).toBeDisabled();
  await expect(item(form, 'files').getByTestId('file-upload-add')).toHaveCount(0);
  await expect(item(form, 'files')).toContainText('暂无附件');
  await expect(form.getByTestId('form-layout-error')).toContainText('没有与 layout 匹配的layout');
  await shot(page, 'a-form-preview-readonly');
  await shotDialog(page.getByTestId('form-detail-dialog'), 'a-form-preview-readonly-dialog');
});

test('表单配置: cascader with dynamic options, time pickers, button radios, multiple select, picture upload', async ({ page, request }) => {
  const headers = await apiAuth(request);
  const name = `杂项单${uniq()}`;
  const conf = {
    ...sampleForm(),
    labelPosition: 'top',
    fields: [
      col('性别字典', 'el-cascader', {
        __vModel__: 'sexPath', placeholder: '请选择性别字典', clearable: true, 'show-all-levels': true, separator: '/', options: [],
        props: { props: { multiple: false, label: 'dictLabel', value: 'dictValue', children: 'children' } },
      }, { required: true, dataType: 'dynamic', method: 'get', url: '/system/dict/data/type/sys_user_sex', dataPath: 'data', formId: 201, renderKey: 201, span: 12 }),
      col('地区', 'el-cascader', {
        __vModel__: 'area', placeholder: '请选择地区', options: [{ label: '浙江', value: 1, children: [{ label: '杭州', value: 2 }, { label: '宁波', value: 3 }] }],
        props: { props: { multiple: false } },
      }, { defaultValue: [], formId: 202, renderKey: 202, span: 12 }),
      col('到岗时间', 'el-time-picker', { __vModel__: 'at', placeholder: '请选择到岗时间', 'value-format': 'HH:mm:ss' }, { required: true, formId: 203, renderKey: 203, span: 12 }),
      col('值班时段', 'el-time-picker', { __vModel__: 'duty', 'is-range': true, 'range-separator': '至', 'start-placeholder': '开始时间', 'end-placeholder': '结束时间' }, { defaultValue: null, formId: 204, renderKey: 204, span: 12 }),
      col('级别', 'el-radio-group', { __vModel__: 'level', __slot__: { options: [{ label: '一级', value: '1' }, { label: '二级', value: '2' }] } }, { optionType: 'button', defaultValue: 1, formId: 205, renderKey: 205, span: 12 }),
      col('标签', 'el-select', { __vModel__: 'tags', multiple: true, placeholder: '请选择标签', __slot__: { options: [{ label: '紧急', value: 'a' }, { label: '重要', value: 'b' }] } }, { required: true, defaultValue: [], formId: 206, renderKey: 206, span: 12 }),
      col('照片', 'el-upload', { __vModel__: 'photos', accept: 'image/*', 'list-type': 'picture-card', limit: 2 }, { fileSize: 2, sizeUnit: 'MB', defaultValue: null, showTip: false, formId: 207, renderKey: 207 }),
    ],
  };
  const res = await request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent: JSON.stringify(conf) } });
  expect(res.ok()).toBe(true);

  await signIn(page);
  const list = await openList(page);
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await list.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: name }).getByTestId('row-detail').click();
  const detail = page.getByTestId('form-detail-dialog');
  const form = detail.getByTestId('form-detail-renderer');

  await form.getByTestId('form-render-submit').click();
  await expect(item(form, 'sexPath')).toContainText('请选择性别字典');
  await expect(item(form, 'at')).toContainText('请选择到岗时间');
  await expect(item(form, 'tags')).toContainText('请至少选择一个标签');
  await expect(form.getByTestId('form-error')).toHaveCount(3);

  // Dynamic options: the dictionary through the API with the token, read at dataPath.
  await form.getByRole('combobox', { name: '性别字典' }).click();
  await page.getByRole('option', { name: '女' }).click();
  await form.getByRole('combobox', { name: '地区' }).click();
  await page.getByRole('option', { name: '浙江 / 宁波' }).click();
  // Times are typed as HH:mm:ss (9:30:15 → 09:30:15, whatever the browser's language).
  await typeDate(form.getByLabel('请选择到岗时间'), '9:30:15');
  await expect(form.getByLabel('请选择到岗时间')).toHaveValue('09:30:15');
  await typeDate(item(form, 'duty').getByLabel('开始时间'), '18:00');
  await expect(item(form, 'duty').getByLabel('开始时间')).toHaveValue('18:00:00');
  await typeDate(item(form, 'duty').getByLabel('结束时间'), '22:00:00');
  await item(form, 'level').getByText('二级', { exact: true }).click();
  await form.getByRole('combobox', { name: '标签' }).click();
  await page.getByRole('option', { name: '紧急' }).click();
  await page.getByRole('option', { name: '重要' }).click();
  await detail.locator('h2').first().click();
  await expect(page.getByRole('option', { name: '紧急' })).toBeHidden();
  await item(form, 'photos').locator('input[type="file"]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(200, 150) });
  await expect(item(form, 'photos').locator('img')).toHaveCount(1);
  await expect(form.getByTestId('form-error')).toHaveCount(0);
  await shot(page, 'a-form-preview-misc');
  await shotDialog(detail, 'a-form-preview-misc-dialog');

  await form.getByTestId('form-render-submit').click();
  const values = JSON.parse((await detail.getByTestId('form-detail-submitted').locator('code').textContent()) ?? '{}') as Record<string, unknown>;
  expect(values).toMatchObject({ sexPath: [1], area: [1, 3], at: '09:30:15', duty: ['18:00:00', '22:00:00'], level: 2, tags: ['a', 'b'] });
  const photos = JSON.parse(String(values.photos)) as { fileType: string }[];
  expect(photos.map((p) => p.fileType)).toEqual(['png']);
});

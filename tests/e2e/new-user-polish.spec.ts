/**
 * What a new user trips over, the small things (issue 40 §7 form designer, §9): the form designer
 * on a tablet and a phone; 表单构建 from the menu does not reopen a stored form as a new draft; no
 * two tags share a name; the tag strip scrolls with arrows; an address without a menu shows the
 * 404 page inside the layout; the job log says 成功 / 失败 like its filter; no English left in the
 * designer's panel or the listener library; the date range opens on a click in its field; the
 * process designer's chunk loads while 流程定义 is open.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { signIn } from './helpers';

const RY = { username: 'ry', password: 'admin123' };

/** Stores a one-field form (single-line text 申请人, `applicant`) over REST; answers its id. */
async function storeForm(page: Page, name: string): Promise<number> {
  const headers = await apiAuth(page.request);
  const field = {
    __config__: { label: '申请人', labelWidth: null, showLabel: true, changeTag: true, tag: 'el-input', tagIcon: 'input', required: true, layout: 'colFormItem',
      span: 24, regList: [], formId: 101, renderKey: 101 },
    __slot__: { prepend: '', append: '' }, placeholder: '请输入申请人', style: { width: '100%' }, clearable: true, readonly: false, disabled: false, __vModel__: 'applicant',
  };
  const formContent = JSON.stringify({ fields: [field], formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100,
    formRules: 'rules', gutter: 15, disabled: false, span: 24, formBtns: true });
  const added = await page.request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent, remark: '' } });
  expect(((await added.json()) as { code: number }).code).toBe(200);
  const list = await page.request.get(`/caishui-api/flowable/form/list?formName=${encodeURIComponent(name)}`, { headers });
  return ((await list.json()) as { rows: { formId: number }[] }).rows[0].formId;
}

const tagTitles = async (page: Page) => (await page.getByTestId('tag').allInnerTexts()).map((t) => t.replace('✕', '').trim());

test('表单构建 on a phone says it needs a wider screen; on a tablet canvas and folded panel are both reachable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await signIn(page);
  await page.goto('#/tool/build');
  await expect(page.getByTestId('designer-narrow-screen')).toContainText('表单设计器需要更宽的屏幕，请在电脑或平板上打开');
  await expect(page.getByTestId('form-designer')).toHaveCount(0);

  // A tablet (768 px): palette, canvas and the folded panel; the strip opens the panel over the canvas.
  await page.setViewportSize({ width: 768, height: 1000 });
  const designer = page.getByTestId('form-designer');
  await expect(designer).toBeVisible();
  await page.getByTestId('palette-input').click();
  const item = page.getByTestId('canvas-item-101');
  await expect(item).toBeVisible();
  const panel = page.getByTestId('designer-right-panel');
  await expect(panel).toBeHidden();
  const canvas = (await page.getByTestId('designer-canvas').boundingBox())!;
  expect(canvas.width).toBeGreaterThan(400);
  const toggle = page.getByTestId('designer-panel-toggle');
  await expect(toggle).toHaveAttribute('aria-label', '展开属性面板');
  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('prop-label')).toHaveValue('单行文本');
  await panel.getByTestId('prop-label').fill('申请人');
  await expect(item).toContainText('申请人');
  const open = (await page.getByTestId('designer-right').boundingBox())!;
  expect(open.x + open.width).toBeLessThanOrEqual(768);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-label', '展开属性面板');
  await expect(panel).toBeHidden();
  await item.click();
  await expect(item).toHaveAttribute('data-active', '');
});

test('表单构建 from the menu does not reopen a stored form as a new draft; a restored new draft says so', async ({ page }) => {
  const name = `草稿${uniq()}`;
  await signIn(page);
  const formId = await storeForm(page, name);
  // 修改 on a stored form: the line says 保存 updates it.
  await page.goto(`#/tool/build/index?formId=${formId}`);
  await expect(page.getByTestId('canvas-item-101')).toContainText('申请人');
  await expect(page.getByTestId('designer-draft-notice')).toHaveText(`正在修改表单「${name}」，保存将更新该表单`);
  await page.getByTestId('palette-textarea').click();
  await page.waitForTimeout(500);

  // 表单构建 from the menu: an empty canvas, not the stored form as a new draft.
  await page.goto('#/tool/build');
  await expect(page.getByTestId('canvas-empty')).toBeVisible();
  await expect(page.getByTestId('designer-draft-notice')).toHaveCount(0);

  // A new form's work is kept as a draft; reopened, the line says 保存 makes a new form.
  await page.getByTestId('palette-password').click();
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.getByTestId('canvas-item-101')).toContainText('密码');
  await expect(page.getByTestId('designer-draft-notice')).toContainText('已恢复上次未保存的新表单草稿，保存将新建表单');
  await page.getByTestId('designer-draft-discard').click();
  await expect(page.getByTestId('canvas-empty')).toBeVisible();
  await expect(page.getByTestId('designer-draft-notice')).toHaveCount(0);
});

test('表单配置 → 新增: no two tags share a name; the tag strip scrolls with arrows when the tags overflow', async ({ page }) => {
  await signIn(page);
  await page.goto('#/flowable/form');
  await page.getByTestId('flow-form-list').getByTestId('btn-add').click();
  await expect(page.getByTestId('form-designer')).toBeVisible();
  const titles = await tagTitles(page);
  expect(titles).toEqual(expect.arrayContaining(['表单配置', '表单设计']));
  expect(new Set(titles).size).toBe(titles.length);

  // No arrows while the tags fit.
  await expect(page.getByTestId('tags-scroll-left')).toHaveCount(0);
  // More tags than the bar holds: arrows at both ends; the active (last) tag is in view.
  await page.setViewportSize({ width: 600, height: 800 });
  for (const path of ['/system/user', '/system/role', '/system/menu', '/system/dept']) {
    await page.goto(`#${path}`);
    await expect(page.getByTestId('tag').last()).toHaveAttribute('data-active', 'true');
  }
  const strip = page.getByTestId('tags-scroll');
  const left = page.getByTestId('tags-scroll-left');
  const right = page.getByTestId('tags-scroll-right');
  await expect(left).toBeEnabled();
  await expect(page.getByTestId('tag').last()).toBeInViewport();
  // → to the end (then disabled), ← back to the start (then disabled), where 首页 shows again.
  await right.click();
  await expect(right).toBeDisabled();
  await expect(left).toBeEnabled();
  await expect(async () => {
    if (await left.isEnabled()) await left.click({ timeout: 1000 });
    await expect(left).toBeDisabled({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(right).toBeEnabled();
  await expect(page.getByTestId('tag').first()).toBeInViewport();
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBe(0);
});

test('an address without a menu shows the 404 page inside the layout, with a way back (ry)', async ({ page }) => {
  await signIn(page, RY);
  await page.goto('#/system/user');
  await expect(page.getByTestId('user-list')).toBeVisible();
  await page.goto('#/flowable/definition');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByTestId('page-404')).toContainText('找不到网页');
  await expect(page.getByTestId('layout')).toBeVisible();
  await expect(page.getByTestId('tags-view')).toBeVisible();
  await page.getByTestId('page-404').getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/#\/system\/user$/);
});

test('定时任务 → 调度日志 says 成功 / 失败 like its status filter (ry)', async ({ page }) => {
  await signIn(page, RY);
  const headers = await apiAuth(page.request);
  const ran = await page.request.post('/caishui-api/monitor/job/run', { headers, data: { jobId: 1, jobGroup: 'DEFAULT' } });
  expect(((await ran.json()) as { code: number }).code).toBe(200);
  await page.goto('#/monitor/job-log/index/1');
  const logs = page.getByTestId('job-log-list');
  await expect(logs.getByLabel('请选择执行状态').locator('option')).toContainText(['成功', '失败']);
  const table = logs.getByTestId('job-log-table');
  await expect(async () => {
    await logs.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(table.locator('tbody tr').filter({ hasText: 'ryTask.ryNoParams' }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000, intervals: [1000] });
  const row = table.locator('tbody tr').filter({ hasText: 'ryTask.ryNoParams' }).first();
  await expect(row).toContainText('成功');
  await expect(row).not.toContainText('正常');
  await row.getByText('详细').click();
  await expect(page.getByTestId('job-log-detail-dialog')).toContainText('执行状态：成功');
});

test('no English in the designer panel and the listener library: list types, component types, field name, handlers', async ({ page }) => {
  await signIn(page);
  await page.goto('#/tool/build/index');
  await page.getByTestId('palette-upload').click();
  const panel = page.getByTestId('designer-right-panel');
  const listType = panel.locator('[data-testid="prop-list-type"]');
  await expect(listType).toContainText('文本');
  await expect(listType).toContainText('图片卡片');
  await expect(listType).not.toContainText('picture');
  const tagOptions = await panel.getByTestId('prop-changeTag').locator('option').allInnerTexts();
  expect(tagOptions).toContain('上传');
  expect(tagOptions.filter((t) => /[a-z（]/i.test(t))).toEqual([]);
  await expect(panel.getByTestId('prop-vModel')).toHaveAttribute('placeholder', '请输入字段名');

  await page.goto('#/flowable/listener');
  const table = page.getByTestId('listener-table');
  const row = table.locator('tbody tr').filter({ hasText: 'caishui.listener.UserTaskListener' });
  await expect(row).toContainText('已注册处理器');
  await expect(row).toContainText('用户任务监听器（caishui.listener.UserTaskListener）');
  await expect(table).not.toContainText('JAVA类');
});

test('the date range opens on a click anywhere in its field and keeps the caret in the box (ry)', async ({ page }) => {
  await signIn(page, RY);
  await page.goto('#/system/log/logininfor');
  const range = page.getByTestId('logininfor-list').getByTestId('date-range');
  const calendar = range.getByTestId('calendar');
  const begin = range.getByRole('textbox', { name: '开始日期' });
  await begin.click();
  await expect(calendar).toBeVisible();
  await expect(begin).toBeFocused();
  await page.keyboard.type('2026-01-05');
  await expect(begin).toHaveValue('2026-01-05');
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await range.getByTestId('date-range-separator').click();
  await expect(calendar).toBeVisible();
});

test('流程定义 loads the process designer while the list is open, so 新增 opens it at once', async ({ page }) => {
  await signIn(page);
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/model-[^/]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.goto('#/flowable/definition');
  await expect(page.getByTestId('definition-table')).toBeVisible();
  await expect.poll(() => chunks.length).toBeGreaterThan(0);
});

/**
 * The Content-Security-Policy against the real built client (issue 11 §4; server/security.ts):
 * the main screens are walked (login, home, 用户管理, 定时任务, 个人中心 with an avatar upload, the bpmn-js
 * designer at 流程定义 → 新增 with a task drawn and its panel open, 表单配置's preview with the
 * rich-text editor, an inserted image, a picture upload and a file upload) and the test fails on
 * any `securitypolicyviolation` event or CSP console message. Served images show by their plain
 * address, opened by the HttpOnly file cookie (issue 41 §3): no request of the page carries
 * `Authorization=` in its URL.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, expectToast, makePng, uniq } from './admin-api';
import { centre, drag, shape } from './canvas';
import { shot, signIn, submitLogin } from './helpers';

interface Watch {
  violations: string[];
  tokenUrls: string[];
}

/** Records CSP violations (event and console) and URLs with a token, from the first document on. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], tokenUrls: [] };
  await page.exposeFunction('__cspViolation', (text: string) => seen.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|evaluate|frame|connect|create)/i.test(msg.text())) seen.violations.push(`console: ${msg.text()}`);
  });
  page.on('request', (req) => {
    if (/[?&]Authorization=/i.test(req.url())) seen.tokenUrls.push(req.url());
  });
  return seen;
}

/** An <img> has loaded from its plain served address (no token, no blob: copy) at its natural `width`. */
async function expectServedImage(img: ReturnType<Page['locator']>, width: number) {
  await expect(img).toHaveAttribute('src', /^\/caishui-api\/profile\//);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1))).toBe(width);
}

const item = (scope: ReturnType<Page['locator']>, vModel: string) => scope.getByTestId(`form-item-${vModel}`);

test('the main screens run under the CSP without a violation, and no URL carries a token', async ({ page, request }) => {
  test.setTimeout(120_000);
  const seen = await watch(page);

  // Login page: the document answers with the CSP.
  const doc = await page.goto('#/login');
  const csp = doc?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(doc?.headers()['x-content-type-options']).toBe('nosniff');
  expect(doc?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByPlaceholder('账号')).toBeVisible();
  await submitLogin(page, 'admin', 'admin123');
  await expect(page.getByTestId('layout')).toBeVisible();
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await shot(page, 'csp-home');

  // 用户管理.
  await page.goto('#/system/user');
  await expect(page.getByTestId('user-table')).toContainText('admin');
  await shot(page, 'csp-user-list');

  // 定时任务: its screen builds zod schemas (shared/schemas/job.ts), which must not probe eval.
  await page.goto('#/monitor/job');
  await expect(page.getByTestId('job-table')).toContainText('系统默认（无参）');

  // 个人中心.
  await page.goto('#/user/profile');
  await expect(page.getByTestId('profile-userName')).toContainText('admin');

  // 流程定义 → 新增: the bpmn-js designer; a user task dragged in, selected, its panel shown; the XML.
  await page.goto('#/flowable/definition');
  await page.getByTestId('definition-list').getByTestId('btn-add').click();
  await expect(page.getByTestId('process-designer')).toBeVisible();
  await expect(shape(page, 'start_event')).toBeVisible();
  const start = await centre(shape(page, 'start_event'));
  await drag(page, await centre(page.locator('.djs-palette .entry[data-action="create.user-task"]')), { x: start.x + 200, y: start.y });
  await expect(page.locator('.djs-element[data-element-id^="Activity_"]')).toHaveCount(1);
  await page.keyboard.type('审批');
  await page.mouse.click(start.x + 120, start.y + 220);
  await shot(page, 'csp-designer');
  await page.getByTestId('designer-xml').click();
  await expect(page.getByTestId('designer-xml-drawer')).toContainText('<bpmn:userTask');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('designer-xml-drawer')).toHaveCount(0);

  // 表单配置 → 详情: the form renderer with rich text (an image inserted), a picture and a file upload.
  const headers = await apiAuth(request);
  const name = `安全单${uniq()}`;
  const field = (label: string, tag: string, extra: Record<string, unknown>, formId: number) => ({
    __config__: { label, tag, layout: 'colFormItem', span: 24, showLabel: true, required: false, regList: [], changeTag: true, formId, renderKey: formId, defaultValue: null },
    ...extra,
  });
  const conf = {
    formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
    gutter: 15, disabled: false, span: 24, formBtns: true,
    fields: [
      field('说明', 'tinymce', { __vModel__: 'content', placeholder: '请输入说明', height: 200 }, 301),
      field('照片', 'el-upload', { __vModel__: 'photos', accept: 'image/*', 'list-type': 'picture-card', limit: 2 }, 302),
      field('附件', 'el-upload', { __vModel__: 'files', action: '/common/uploadFile', accept: '.svg,.txt', limit: 2, 'list-type': 'text' }, 303),
      field('日期', 'el-date-picker', { __vModel__: 'day', type: 'date', placeholder: '请选择日期', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }, 304),
    ],
  };
  const created = await request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent: JSON.stringify(conf) } });
  expect(((await created.json()) as { code: number }).code).toBe(200);
  await page.goto('#/flowable/form');
  const list = page.getByTestId('flow-form-list');
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await list.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: name }).getByTestId('row-detail').click();
  const detail = page.getByTestId('form-detail-dialog');
  const form = detail.getByTestId('form-detail-renderer');
  const editor = detail.getByTestId('rich-text-content');
  await expect(editor.locator('[contenteditable="true"]')).toBeVisible();
  await expect(item(form, 'day')).toContainText('日期');
  await editor.locator('[contenteditable="true"]').click();
  await page.keyboard.type('图片如下');
  await editor.getByTestId('editor-image-input').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: makePng(160, 90) });
  await expectServedImage(editor.locator('.ProseMirror img'), 160);
  await item(form, 'photos').locator('input[type="file"]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(120, 80) });
  await expectServedImage(item(form, 'photos').locator('img'), 120);
  // A served SVG is a download, never rendered: the list link carries no token and fetches with the header.
  await item(form, 'files').getByTestId('file-upload-input').setInputFiles({
    name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  const link = item(form, 'files').getByTestId('file-upload-list').getByRole('link');
  await expect(link).toContainText('.svg');
  expect(await link.getAttribute('href')).not.toContain('Authorization');
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(file.suggestedFilename()).toMatch(/^logo_.*\.svg$/);
  await shot(page, 'csp-form-preview');

  expect(seen.tokenUrls).toEqual([]);
  expect(seen.violations).toEqual([]);
});

test('avatar upload and its previews (navbar, profile) under the CSP, by their plain address', async ({ page, request }) => {
  const seen = await watch(page);
  const id = uniq();
  const userName = `csp_${id}`;
  const headers = await apiAuth(request);
  const created = await request.post('/caishui-api/system/user', {
    headers,
    data: { userName, nickName: `安全${id}`, password: 'cspPass01', deptId: 105, roleIds: [2], postIds: [2] },
  });
  expect(((await created.json()) as { code: number }).code).toBe(200);

  await signIn(page, { username: userName, password: 'cspPass01' });
  await page.goto('#/user/profile');
  await page.getByTestId('profile-avatar').click();
  const dialog = page.getByTestId('avatar-dialog');
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(480, 320) });
  await expect(dialog.getByTestId('avatar-cropper').locator('img')).toBeVisible();
  await expect(dialog.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^blob:/);
  await dialog.getByRole('button', { name: '提 交' }).click();
  await expectToast(page, '修改成功');
  await expect(dialog).toHaveCount(0);
  await expectServedImage(page.getByTestId('profile-avatar-img'), 200);
  await expectServedImage(page.getByTestId('nav-avatar-img'), 200);
  await shot(page, 'csp-profile-avatar');

  // After a reload the avatar shows again; reopening the dialog shows it for cropping.
  await page.reload();
  await expectServedImage(page.getByTestId('profile-avatar-img'), 200);
  await page.getByTestId('profile-avatar').click();
  await expectServedImage(dialog.getByTestId('avatar-cropper').locator('img'), 200);
  await page.keyboard.press('Escape');

  expect(seen.tokenUrls).toEqual([]);
  expect(seen.violations).toEqual([]);
});

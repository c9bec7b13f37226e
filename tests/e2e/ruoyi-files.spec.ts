/**
 * Issue 41 §3 and §4 (second bullet) in the browser: uploaded images show by a plain `<img src>`
 * (the HttpOnly file cookie set at sign-in opens `/caishui-api/profile/**`; no blob: copy, no token
 * in a URL) and stop showing after logout; FileUpload takes office documents and pdf, checked by
 * their bytes (a PNG called .pdf is refused with 文件格式不正确).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { zipSync, strToU8 } from 'fflate';
import { apiAuth, expectToast, makePng, uniq } from './admin-api';
import { shot, signIn } from './helpers';

const RY = { username: 'ry', password: 'admin123' };

/** The <img> has loaded from a served address (not blob:) with a real picture. */
async function expectServedImage(img: Locator) {
  await expect(img).toHaveAttribute('src', /^\/caishui-api\/profile\/(avatar|upload)\//);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1))).toBeGreaterThan(0);
}

/** Puts a fresh `<img src=url>` on the page; resolves its naturalWidth once it loaded or failed (0). */
function plainImageWidth(page: Page, url: string): Promise<number> {
  return page.evaluate((src) => new Promise<number>((done) => {
    const img = document.createElement('img');
    img.onload = () => done(img.naturalWidth);
    img.onerror = () => done(0);
    img.src = src;
    document.body.appendChild(img);
  }), url);
}

test('as ry: an avatar uploaded in 个人中心 shows by its plain address in the card and the navbar', async ({ page }) => {
  await signIn(page, RY);
  await page.goto('#/user/profile');
  await page.getByTestId('profile-avatar').click();
  const dialog = page.getByTestId('avatar-dialog');
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(240, 240) });
  await expect(dialog.getByTestId('avatar-cropper').locator('img')).toBeVisible();
  await dialog.getByRole('button', { name: '提 交' }).click();
  await expectToast(page, '修改成功');
  await expect(dialog).toHaveCount(0);
  await expectServedImage(page.getByTestId('profile-avatar-img'));
  await expectServedImage(page.getByTestId('nav-avatar-img'));
  // After a reload too (the cookie lives as long as the session).
  await page.reload();
  await expectServedImage(page.getByTestId('nav-avatar-img'));
  await shot(page, 'ruoyi-files-avatar');
  // No blob: copy anywhere on the page (the dialog's preview of the picked file is gone with it).
  await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
  // HttpOnly: no script sees it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('caishui_file');
});

test('as ry: a page-level <img src="/caishui-api/profile/…"> renders while signed in and stops after logout', async ({ page, request }) => {
  const headers = await apiAuth(request, RY.username, RY.password);
  const up = await request.post('/caishui-api/common/upload', { headers, multipart: { file: { name: 'chart.png', mimeType: 'image/png', buffer: makePng(64, 48) } } });
  const { code, url } = (await up.json()) as { code: number; url: string };
  expect(code).toBe(200);
  await signIn(page, RY);
  expect(await plainImageWidth(page, url)).toBe(64);
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'caishui_file')).toBe(false);
  expect(await plainImageWidth(page, url)).toBe(0);
});

test('as admin: FileUpload takes a .docx and a .pdf into its list and refuses a PNG called .pdf', async ({ page, request }) => {
  const headers = await apiAuth(request);
  const name = `附件单${uniq()}`;
  const conf = {
    formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
    gutter: 15, disabled: false, span: 24, formBtns: true,
    fields: [{
      __config__: { label: '附件', tag: 'el-upload', layout: 'colFormItem', span: 24, showLabel: true, required: false, regList: [], changeTag: true, formId: 401, renderKey: 401, defaultValue: null },
      __vModel__: 'files', action: '/common/uploadFile', accept: '.docx,.pdf', limit: 5, 'list-type': 'text',
    }],
  };
  const created = await request.post('/caishui-api/flowable/form', { headers, data: { formName: name, formContent: JSON.stringify(conf) } });
  expect(((await created.json()) as { code: number }).code).toBe(200);
  const docx = Buffer.from(zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
      + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    'word/document.xml': strToU8('<w:document/>'),
  }));

  await signIn(page);
  await page.goto('#/flowable/form');
  const list = page.getByTestId('flow-form-list');
  await list.getByPlaceholder('请输入表单名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await list.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: name }).getByTestId('row-detail').click();
  const item = page.getByTestId('form-detail-dialog').getByTestId('form-detail-renderer').getByTestId('form-item-files');
  const input = item.getByTestId('file-upload-input');
  const links = item.getByTestId('file-upload-list').getByRole('link');
  await input.setInputFiles({ name: '合同.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText('.docx');
  await input.setInputFiles({ name: '扫描件.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n') });
  await expect(links).toHaveCount(2);
  await expect(links.nth(1)).toContainText('.pdf');
  await input.setInputFiles({ name: '伪装.pdf', mimeType: 'application/pdf', buffer: makePng(8, 8) });
  await expectToast(page, '文件格式不正确');
  await expect(links).toHaveCount(2);
  await shot(page, 'ruoyi-files-file-upload');
});

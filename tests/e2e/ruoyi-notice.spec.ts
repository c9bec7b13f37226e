/**
 * 通知公告 (issue 41 §5) in the browser. As admin: add a notice with rich content (bold text, a
 * list, an uploaded image) in the dialog's editor, see it in the list and among the home page's
 * newest notices, open it there read-only (the image shows; a stored script payload never runs),
 * edit it, delete it. As ry (role 2): the menu 通知公告 is in the sidebar and opens the screen.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, makePng, uniq } from './admin-api';
import { ADMIN, signIn } from './helpers';

const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });

/** Fails the test if any page script opens an alert (a sanitising failure would). */
function forbidAlerts(page: Page) {
  page.on('dialog', (d) => {
    void d.dismiss();
    throw new Error(`unexpected ${d.type()}: ${d.message()}`);
  });
}

test('admin adds a rich notice, finds it in the list and on the home page, edits and deletes it', async ({ page, request }) => {
  forbidAlerts(page);
  const title = `放假通知${uniq()}`;
  // A notice stored over REST with a script payload: the home page shows it without running anything.
  const headers = await apiAuth(request);
  const evil = await request.post('/caishui-api/system/notice', {
    headers, data: { noticeTitle: `安全${uniq()}`, noticeType: 1, noticeContent: '<p>安全<img src="x" onerror="alert(1)"><script>alert(2)</script></p>' },
  });
  expect(((await evil.json()) as { code: number }).code).toBe(200);

  await signIn(page, ADMIN);
  await page.goto('#/system/notice');
  const list = page.getByTestId('notice-list');
  await list.getByTestId('btn-add').click();
  const dialog = page.getByTestId('notice-dialog');
  await expect(dialog).toContainText('添加公告');
  // The editor loads on demand under a full-screen mask (spec §9), which opens just after the
  // dialog: a click at that moment lands on the mask, as a user's would. Wait as a user does.
  await expect(dialog.getByTestId('notice-content-editor')).toBeVisible();
  await expect(page.getByTestId('loading-mask')).toHaveCount(0);
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('公告标题不能为空');
  await expect(dialog).toContainText('公告类型不能为空');
  await dialog.locator('input[name="noticeTitle"]').fill(title);
  await dialog.locator('select[name="noticeType"]').selectOption({ label: '公告' });
  const editor = dialog.getByTestId('notice-content-editor');
  await editor.locator('[contenteditable="true"]').click();
  await editor.getByRole('button', { name: '无序列表' }).click();
  await page.keyboard.type('十月一日至七日');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('全体放假');
  await page.keyboard.press('Shift+Home');
  await editor.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.press('End');
  await editor.getByTestId('editor-image-input').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: makePng(120, 60) });
  await expect(editor.locator('.ProseMirror img')).toHaveCount(1);
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  const table = list.getByTestId('notice-table');
  await expect(rowOf(table, title)).toContainText('公告');
  await expect(rowOf(table, title)).toContainText('正常');
  await expect(rowOf(table, title)).toContainText('admin');

  // Search by 操作人员 and 类型.
  await list.getByPlaceholder('请输入公告标题').fill(title);
  await list.locator('select[name="noticeType"]').selectOption({ label: '通知' });
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table).toContainText('暂无数据');
  await list.locator('select[name="noticeType"]').selectOption({ label: '公告' });
  await list.getByPlaceholder('请输入操作人员').fill('admin');
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(rowOf(table, title)).toHaveCount(1);

  // The home page lists it first; it opens read-only with its content and image.
  await page.goto('#/index');
  const home = page.getByTestId('home-notices');
  await expect(home.getByTestId('home-notice').first()).toHaveText(title);
  await home.getByTestId('home-notice').filter({ hasText: title }).click();
  const view = page.getByTestId('notice-view');
  await expect(view).toContainText(title);
  const content = view.getByTestId('notice-view-content');
  await expect(content.locator('strong')).toHaveText('全体放假');
  await expect(content.locator('li')).toHaveText('十月一日至七日');
  await expect(content.locator('[contenteditable="true"]')).toHaveCount(0);
  await expect.poll(() => content.locator('img').evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1))).toBe(120);
  await view.getByRole('button', { name: '关 闭' }).click();
  await home.getByTestId('home-notice').filter({ hasText: '安全' }).first().click();
  await expect(view.getByTestId('notice-view-content')).toContainText('安全');
  await view.getByRole('button', { name: '关 闭' }).click();

  // Edit: a new title and 关闭 status; the home page no longer lists it.
  await page.goto('#/system/notice');
  await rowOf(table, title).getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改公告');
  await expect(dialog.locator('input[name="noticeTitle"]')).toHaveValue(title);
  await expect(dialog.getByTestId('notice-content-editor').locator('strong')).toHaveText('全体放假');
  await dialog.locator('input[name="noticeTitle"]').fill(`${title}（改）`);
  await dialog.getByText('关闭', { exact: true }).click();
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(rowOf(table, `${title}（改）`)).toContainText('关闭');
  await page.goto('#/index');
  await expect(home.getByTestId('home-notice').first()).toBeVisible();
  await expect(home).not.toContainText(title);

  // Delete.
  await page.goto('#/system/notice');
  const row = rowOf(table, `${title}（改）`);
  const id = (await row.locator('td').nth(1).textContent())?.trim();
  await row.getByTestId('row-remove').click();
  await confirmDialog(page, `是否确认删除公告编号为"${id}"的数据项？`);
  await expectToast(page, '删除成功');
  await expect(rowOf(table, title)).toHaveCount(0);
});

test('ry (role 2) finds 通知公告 under 系统管理 and may add notices', async ({ page }) => {
  await signIn(page, { username: 'ry', password: 'admin123' });
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('系统管理').click();
  await sidebar.getByText('通知公告').click();
  await expect(page).toHaveURL(/#\/system\/notice$/);
  const list = page.getByTestId('notice-list');
  await expect(list.getByTestId('notice-table')).toContainText('维护通知：2018-07-01 若依系统凌晨维护');
  await expect(list.getByTestId('btn-add')).toBeVisible();
});

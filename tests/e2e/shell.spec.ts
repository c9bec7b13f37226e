/**
 * The layout shell: server menus in the sidebar, 404/401, the tag bar's kept state, settings.
 */
import { expect, test } from '@playwright/test';
import { shot, signIn } from './helpers';

test('the sidebar shows the server menus and a click navigates', async ({ page }) => {
  await signIn(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('系统管理')).toBeVisible();
  await expect(sidebar.getByText('流程管理')).toBeVisible();
  await sidebar.getByText('系统管理').click();
  await sidebar.getByText('用户管理').click();
  await expect(page).toHaveURL(/#\/system\/user$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('系统管理');
  await expect(page.getByTestId('breadcrumb')).toContainText('用户管理');
  await sidebar.getByText('角色管理').click();
  await expect(page).toHaveURL(/#\/system\/role$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('角色管理');
  await shot(page, 'sidebar-menus');
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await signIn(page);
  await page.goto('#/no/such/page');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByText('找不到网页')).toBeVisible();
  await shot(page, 'not-found');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/index$/);
});

test('a permission-guarded route without the permission shows 401', async ({ page, request }) => {
  // A user with no role (so no system:user:edit); the seed users ry and admin both have it.
  const login = await request.post('/caishui-api/login', { data: { username: 'admin', password: 'admin123' } });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/caishui-api/system/user', {
    headers: { Authorization: `Bearer ${token}` },
    data: { userName: 'e2e_noperm', nickName: '无权限用户', password: 'admin123', status: '0', roleIds: [], postIds: [] },
  });
  const reply = (await created.json()) as { code: number; msg: string };
  expect(reply, 'creating a user without roles').toMatchObject({ code: 200 });
  await signIn(page, { username: 'e2e_noperm', password: 'admin123' });
  await page.goto('#/system/user-auth/role/1');
  await expect(page).toHaveURL(/#\/401$/);
  await expect(page.getByText('对不起，您没有访问权限，请不要进行非法操作！')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回' })).toBeVisible();
  await shot(page, 'unauthorized');
});

test('the tag bar keeps a cached view state and closes tabs', async ({ page }) => {
  await signIn(page);
  await page.goto('#/system/user');
  const list = page.getByTestId('user-list');
  await list.getByPlaceholder('请输入用户名称').fill('adm');
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(list.getByText('共 1 条')).toBeVisible();
  await page.getByTestId('tags-view').getByText('首页').click();
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await page.getByTestId('tags-view').getByText('用户管理').click();
  await expect(page).toHaveURL(/#\/system\/user$/);
  await expect(list.getByPlaceholder('请输入用户名称')).toHaveValue('adm');
  await expect(list.getByText('共 1 条')).toBeVisible();
  await shot(page, 'tags-kept-state');

  // Right-click menu: 刷新页面 drops the cached state.
  await page.getByTestId('tags-view').getByText('用户管理').click({ button: 'right' });
  const menu = page.getByTestId('tags-context-menu');
  for (const item of ['刷新页面', '关闭当前', '关闭其他', '关闭左侧', '全部关闭']) await expect(menu.getByText(item)).toBeVisible();
  await shot(page, 'tags-context-menu');
  await menu.getByText('刷新页面').click();
  await expect(page).toHaveURL(/#\/system\/user$/);
  await expect(list.getByPlaceholder('请输入用户名称')).toHaveValue('');

  // 全部关闭 keeps the pinned 首页 tab only.
  await page.getByTestId('tags-view').getByText('首页').click({ button: 'right' });
  await menu.getByText('全部关闭').click();
  await expect(page.getByTestId('tag')).toHaveCount(1);
  await expect(page.getByTestId('tag')).toHaveText(/首页/);
});

test('the settings drawer switches to top navigation', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  const drawer = page.getByTestId('settings-drawer');
  for (const text of ['主题风格设置', '主题颜色', '系统布局配置', '开启 TopNav', '开启 Tags-Views', '固定 Header', '显示 Logo', '动态标题', '保存配置', '重置配置']) {
    await expect(drawer.getByText(text, { exact: true })).toBeVisible();
  }
  await shot(page, 'settings-drawer');
  await drawer.getByText('开启 TopNav').locator('..').locator('label').click();
  await drawer.getByText('动态标题').locator('..').locator('label').click();
  await drawer.getByRole('button', { name: '保存配置' }).click();
  const top = page.getByTestId('top-nav');
  await expect(top.getByText('系统管理')).toBeVisible();
  await top.getByText('系统管理').click();
  await expect(page).toHaveURL(/#\/system\//);
  await expect(page.getByTestId('sidebar').getByText('用户管理')).toBeVisible();
  await expect(page).toHaveTitle(/ - 财税管理系统$/);
  await shot(page, 'top-nav');
});

test('menu search finds a menu by title and opens it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.getByPlaceholder('搜索菜单').fill('字典');
  await expect(page.getByText('系统管理 > 字典管理')).toBeVisible();
  await shot(page, 'menu-search');
  await page.getByText('系统管理 > 字典管理').click();
  await expect(page).toHaveURL(/#\/system\/dict$/);
});

test('the sidebar collapses and remembers it; mobile uses a drawer', async ({ page, context }) => {
  await signIn(page);
  await page.getByTestId('hamburger').click();
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '54px');
  expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '54px');
  await shot(page, 'sidebar-collapsed');
  await page.getByTestId('hamburger').click();
  await expect(page.getByTestId('sidebar')).toHaveCSS('width', '200px');

  await page.setViewportSize({ width: 800, height: 700 });
  await expect(page.getByTestId('sidebar-backdrop')).toHaveCount(0);
  await page.getByTestId('hamburger').click();
  await expect(page.getByTestId('sidebar-backdrop')).toBeVisible();
  await shot(page, 'mobile-drawer');
  await page.getByTestId('sidebar-backdrop').click({ position: { x: 700, y: 300 } });
  await expect(page.getByTestId('sidebar-backdrop')).toHaveCount(0);
});

test('the size select changes component sizes', async ({ page }) => {
  await signIn(page);
  await page.goto('#/system/user');
  const search = page.getByTestId('user-list').getByRole('button', { name: '搜索', exact: true });
  const before = (await search.boundingBox())!.height;
  await page.getByTestId('size-select').click();
  await page.getByRole('menuitem', { name: '迷你' }).click();
  await expect.poll(async () => (await search.boundingBox())!.height).toBeLessThan(before);
  await shot(page, 'size-mini');
});

test('a cached view keeps its page size and scroll position across tabs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('layout-setting', JSON.stringify({ fixedHeader: true })));
  await page.setViewportSize({ width: 1366, height: 360 });
  await signIn(page);
  await page.goto('#/system/user');
  const list = page.getByTestId('user-list');
  await list.getByLabel('每页条数').selectOption('20');
  await expect(list.getByLabel('每页条数')).toHaveValue('20');
  // The wheel scrolls what is under the pointer: put it over the page's content, not the sidebar.
  await page.mouse.move(900, 200);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
  const y = await page.evaluate(() => window.scrollY);
  await page.getByTestId('tags-view').getByText('首页').click();
  await expect(page).toHaveURL(/#\/index$/);
  await page.getByTestId('tags-view').getByText('用户管理').click();
  await expect(page).toHaveURL(/#\/system\/user$/);
  await expect(list.getByLabel('每页条数')).toHaveValue('20');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
});

/**
 * Sign-in, redirect after sign-in and logout (platform spec §2, §4, §5).
 */
import { expect, test } from '@playwright/test';
import { ADMIN, shot, signInThroughForm as signIn, submitLogin } from './helpers';

test('login form validates the required fields', async ({ page }) => {
  await page.goto('#/login');
  await expect(page.getByText('账号密码登录')).toBeVisible();
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByText('请输入您的账号')).toBeVisible();
  await expect(page.getByText('请输入您的密码')).toBeVisible();
  await shot(page, 'login-validation');
});

test('a wrong password shows the server message, the right one signs in', async ({ page }) => {
  await page.goto('#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByPlaceholder('验证码')).toHaveCount(0); // CAPTCHA_ENABLED=false
  await shot(page, 'login');
  await submitLogin(page, ADMIN.username, 'wrong-password');
  await expect(page.getByText('用户不存在/密码错误')).toBeVisible();
  await expect(page.getByRole('button', { name: '登 录' })).toBeEnabled();
  await expect(page).toHaveURL(/#\/login/);

  await page.getByPlaceholder('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.getByTestId('home-greeting')).toContainText('欢迎使用财税管理系统');
  await expect(page.getByTestId('stat-userCount')).toContainText('用户数');
  await expect(page.getByTestId('stat-userCount')).toContainText(/\d+/);
  await expect(page.getByTestId('stat-roleCount')).toContainText('角色数');
  await expect(page.getByTestId('stat-deptCount')).toContainText('部门数');
  await shot(page, 'home');
});

test('a signed-out visit redirects to login and back after sign-in', async ({ page }) => {
  await page.goto('#/system/user');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fsystem%2Fuser$/);
  await page.getByPlaceholder('账号').fill(ADMIN.username);
  await page.getByPlaceholder('密码').fill(ADMIN.password);
  await page.getByPlaceholder('密码').press('Enter'); // Enter submits

  await expect(page).toHaveURL(/#\/system\/user$/);
  const table = page.getByTestId('user-list');
  await expect(table.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await expect(table.getByText(/共 \d+ 条/)).toBeVisible();
  await shot(page, 'user-list');
});

test('logout asks for confirmation and returns to the login page', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('确定注销并退出系统吗？');
  await expect(dialog).toContainText('提示');
  await shot(page, 'logout-confirm');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  // The token is gone: protected pages send us back to the login page.
  await page.goto('#/index');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Findex/);
});

test('register screen validates its fields', async ({ page }) => {
  await page.goto('#/register');
  await page.getByPlaceholder('账号').fill('a');
  await page.getByPlaceholder('密码', { exact: true }).fill('123');
  await page.getByPlaceholder('确认密码').fill('456');
  await page.getByRole('button', { name: '注 册' }).click();
  await expect(page.getByText('用户账号长度必须介于 2 和 20 之间')).toBeVisible();
  await expect(page.getByText('用户密码长度必须介于 5 和 20 之间')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(page.getByRole('link', { name: '使用已有账户登录' })).toBeVisible();
  await shot(page, 'register');
});

test('remember-me keeps the username only, no password, not even encrypted (issue 38 §7)', async ({ page, context }) => {
  // A password cookie left by an earlier version is erased when the login page reads its cookies.
  await context.addCookies([{ name: 'password', value: encodeURIComponent('rsa:bGVmdG92ZXI='), url: 'http://127.0.0.1/' }]);
  await page.goto('#/login');
  await page.getByPlaceholder('账号').fill(ADMIN.username);
  await page.getByPlaceholder('密码').fill(ADMIN.password);
  await page.getByText('记住密码').click();
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/index$/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'password')).toBeUndefined();
  expect(cookies.find((c) => c.name === 'username')?.value).toBe('admin');
  expect(cookies.some((c) => c.value.includes(ADMIN.password) || decodeURIComponent(c.value).startsWith('rsa:'))).toBe(false);

  // Sign out: the user name is filled in, the password is not.
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByPlaceholder('账号')).toHaveValue('admin');
  await expect(page.getByPlaceholder('密码')).toHaveValue('');
  await shot(page, 'login-remembered');
  await page.getByPlaceholder('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/index$/);
});

test('an expired session asks to sign in again', async ({ page, context, request }) => {
  await signIn(page);
  await page.waitForLoadState('networkidle');
  const token = (await context.cookies()).find((c) => c.name === 'rs-token')?.value ?? '';
  await request.post('/caishui-api/logout', { headers: { Authorization: `Bearer ${decodeURIComponent(token)}` } });
  // The next request of the page (any of them: a refetch or the user list) meets the ended session.
  await page.evaluate(() => { window.location.hash = '#/system/user'; });
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('登录状态已过期，您可以继续留在该页面，或者重新登录');
  await expect(dialog).toContainText('系统提示');
  await expect(dialog).toHaveCount(1);
  await shot(page, 'session-expired');
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/#\/login/);
});

test('a stale token is dropped and leads to the login page', async ({ page, context }) => {
  await context.addCookies([{ name: 'rs-token', value: 'not-a-valid-token', url: `http://127.0.0.1:${process.env.E2E_PORT ?? '18080'}/` }]);
  await page.goto('#/index');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === 'rs-token')).toBe(false);
});

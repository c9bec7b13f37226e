/**
 * Sign-in as a self-hosted install meets it (issue 11 §5): the office reaches the server over
 * plain http at a LAN name, where the page is not a secure context and Web Crypto
 * (`crypto.subtle`) is absent. The browser here resolves OFFICE_HOST to 127.0.0.1
 * (`--host-resolver-rules`), so the page really is an http origin other than localhost, not an
 * emulation. Covered: the login and register posts carry no plain password, remember-me keeps
 * only the encrypted password and signs in again after a reload and a logout, 立即注册 follows
 * sys.account.registerUser, and the seeded ordinary user ry opens 任务管理 → 待办任务.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import config, { SERIAL_PORT } from '../../playwright.config';
import { uniq } from './admin-api';
import { shot } from './helpers';
import { ryApprovalXml } from '../integration/flowable-model';

/** This spec runs in the `serial` project, against its own server (playwright.config.ts). */
const PORT = SERIAL_PORT;
const OFFICE_HOST = 'caishui.office.test';
/** REST calls of the test itself go to the loopback address (Node does not know OFFICE_HOST). */
const API = `http://127.0.0.1:${PORT}/caishui-api`;
const launch = config.use?.launchOptions ?? {};

test.use({
  baseURL: `http://${OFFICE_HOST}:${PORT}/caishui/`,
  launchOptions: { ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${OFFICE_HOST} 127.0.0.1`] },
});

async function adminHeaders(request: APIRequestContext) {
  const { token } = (await (await request.post(`${API}/login`, { data: { username: 'admin', password: 'admin123' } })).json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** Sets sys.account.registerUser (config id 5) over REST as admin. */
async function setRegisterUser(request: APIRequestContext, value: 'true' | 'false') {
  const headers = await adminHeaders(request);
  const body = { configId: 5, configName: '账号自助-是否开启用户注册功能', configKey: 'sys.account.registerUser', configValue: value, configType: 'Y' };
  const res = await request.post(`${API}/system/config/update`, { headers, data: body });
  expect((await res.json()).code).toBe(200);
}

/** Records the bodies of the tRPC posts whose path names `procedure`. */
function recordPosts(page: Page, procedure: string): string[] {
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(procedure)) bodies.push(r.postData() ?? '');
  });
  return bodies;
}

/** Every cookie and web-storage value the page holds, for "the plain password is kept nowhere". */
async function storedValues(page: Page): Promise<string[]> {
  const cookies = (await page.context().cookies()).map((c) => decodeURIComponent(c.value));
  const storage = await page.evaluate(() => [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => s.getItem(k) ?? '')));
  return [...cookies, ...storage];
}

/** 退出登录 reloads the base path (logoutAndReload); waits for that load and the login form. */
async function logout(page: Page) {
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
  await reloaded;
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
}

test('the office page is an http origin without Web Crypto', async ({ page }) => {
  await page.goto('#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => ({ secure: window.isSecureContext, subtle: typeof globalThis.crypto?.subtle }))).toEqual({ secure: false, subtle: 'undefined' });
});

test('on plain http the password travels encrypted and remember-me keeps the user name only (issue 38 §7)', async ({ page }) => {
  const logins = recordPosts(page, 'auth.login');
  await page.goto('#/login');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('admin123');
  await page.getByText('记住密码').click();
  await shot(page, 'signin-http-login');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/index$/);

  expect(logins).toHaveLength(1);
  expect(logins[0]).not.toContain('admin123');
  expect(logins[0]).toMatch(/"password":"rsa:[A-Za-z0-9+/]+=*"/);
  const sent = /"password":"(rsa:[^"]+)"/.exec(logins[0])![1];
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'password')).toBeUndefined();
  expect(cookies.find((c) => c.name === 'username')?.value).toBe('admin');
  expect(cookies.find((c) => c.name === 'rememberMe')?.value).toBe('true');
  // Neither the password nor the ciphertext that was sent is kept anywhere in the browser.
  const stored = await storedValues(page);
  expect(stored.some((v) => v.includes('admin123') || decodeURIComponent(v).includes(sent) || decodeURIComponent(v).startsWith('rsa:'))).toBe(false);

  // Reload the signed-in page: the session holds; then sign out and reload the login page.
  await page.reload();
  await expect(page.getByTestId('layout')).toBeVisible();
  await logout(page);
  await page.reload();
  await expect(page.getByPlaceholder('账号')).toHaveValue('admin');
  await expect(page.getByPlaceholder('密码')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: '记住密码' })).toBeChecked();
  await shot(page, 'signin-http-remembered');
  // Without a typed password nothing is sent.
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByText('请输入您的密码')).toBeVisible();
  expect(logins).toHaveLength(1);
  await page.getByPlaceholder('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/index$/);
  expect(logins).toHaveLength(2);
  expect(logins[1]).not.toContain('admin123');

  // Unticking remember-me forgets the user name at the next sign-in.
  await logout(page);
  // The form applies the remembered name and tick after it mounts: untick once they are in.
  const remember = page.getByRole('checkbox', { name: '记住密码' });
  await expect(page.getByPlaceholder('账号')).toHaveValue('admin');
  await expect(remember).toBeChecked();
  await expect(async () => {
    await remember.uncheck({ force: true });
    await expect(remember).not.toBeChecked();
  }).toPass();
  await page.getByPlaceholder('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/index$/);
  const names = (await page.context().cookies()).map((c) => c.name);
  expect(names).not.toContain('password');
  expect(names).not.toContain('rememberMe');
  expect(names).not.toContain('username');
});

test('when the encryption code cannot load, the form says so and sends nothing (never the plain password)', async ({ page }) => {
  // Fail the chunk that holds node-forge's OAEP code (as after an upgrade that renamed it).
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(OFFICE_HOST, '127.0.0.1') });
    if ((await response.text()).includes('RSAES-OAEP')) await route.abort();
    else await route.fulfill({ response });
  });
  const logins = recordPosts(page, 'auth.login');
  await page.goto('#/login');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '密码加密失败，请刷新页面后重试' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登 录' })).toBeEnabled();
  await expect(page).toHaveURL(/#\/login/);
  expect(logins).toEqual([]);
});

test('立即注册 shows only while registration is on; registering on plain http encrypts the password', async ({ page, request }) => {
  const userName = `http${uniq()}`;
  await setRegisterUser(request, 'false');
  await page.goto('#/login');
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  await expect(page.getByTestId('login-form')).not.toContainText('立即注册');
  await expect(page.getByRole('link', { name: '立即注册' })).toHaveCount(0);
  await shot(page, 'signin-register-off');

  try {
    await setRegisterUser(request, 'true');
    await page.reload();
    await expect(page.getByRole('link', { name: '立即注册' })).toBeVisible();
    await shot(page, 'signin-register-on');
    await page.getByRole('link', { name: '立即注册' }).click();
    await expect(page).toHaveURL(/#\/register/);

    // The Register chunk loads lazily: until its form is there, 账号 still names the login form's field.
    await expect(page.getByPlaceholder('确认密码')).toBeVisible();
    const registers = recordPosts(page, 'auth.register');
    await page.getByPlaceholder('账号').fill(userName);
    await page.getByPlaceholder('密码', { exact: true }).fill('httpPass1');
    await page.getByPlaceholder('确认密码').fill('httpPass1');
    await page.getByRole('button', { name: '注 册' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText(`恭喜你，您的账号 ${userName} 注册成功！`);
    expect(registers).toHaveLength(1);
    expect(registers[0]).not.toContain('httpPass1');
    expect(registers[0]).toMatch(/"password":"rsa:[A-Za-z0-9+/]+=*"/);
    expect(registers[0]).toMatch(/"confirmPassword":"rsa:[A-Za-z0-9+/]+=*"/);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/#\/login/);

    // The new account signs in with the password it registered (the server decrypted it).
    await page.getByPlaceholder('账号').fill(userName);
    await page.getByPlaceholder('密码').fill('httpPass1');
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).toHaveURL(/#\/index$/);
  } finally {
    await setRegisterUser(request, 'false');
  }
});


test('the seeded ordinary user ry signs in and opens 任务管理 → 待办任务 with his task', async ({ page, request }) => {
  const tag = uniq();
  const name = `e2e审批${tag}`;
  const headers = await adminHeaders(request);
  const saved = (await (await request.post(`${API}/flowable/definition/save`, { headers, data: { name, category: 'leave', xml: ryApprovalXml(`e2e_ry_${tag}`, name, 'leave') } })).json()) as { code: number; data: { definitionId: string } };
  expect(saved).toMatchObject({ code: 200 });
  const started = await request.post(`${API}/flowable/definition/start/${saved.data.definitionId}`, { headers, data: {} });
  expect(await started.json()).toMatchObject({ code: 200 });

  await page.goto('#/login');
  await page.getByPlaceholder('账号').fill('ry');
  await page.getByPlaceholder('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('layout')).toBeVisible();
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('任务管理').click();
  await expect(sidebar.getByText('我的流程')).toBeVisible();
  await expect(sidebar.getByText('已办任务')).toBeVisible();
  await expect(sidebar.getByText('流程管理')).toHaveCount(0);
  await sidebar.getByText('待办任务').click();
  await expect(page).toHaveURL(/#\/task\/todo/);
  const todo = page.getByTestId('todo-list');
  await expect(todo.getByRole('row').filter({ hasText: name })).toContainText('审批');
  await shot(page, 'signin-ry-todo');
});

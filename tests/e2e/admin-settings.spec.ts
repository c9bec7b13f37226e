/**
 * 字典管理 / 字典数据, 参数设置, 操作日志, 登录日志 and 在线用户 in the browser (issue 3; platform spec
 * §2 "Dictionary data", §4, §5, §8): a dictionary label changed on the data screen shows in the
 * lists that render that dictionary (client cache dropped, server cache too after a reload) and
 * is changed back; a new type with a coloured entry; the register switch turned on in 参数设置
 * lets a visitor register and sign in; the operation log lists those writes; the login log
 * shows the sign-in and unlocks; a forced logout gives the other browser the 401 dialog.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { confirmDialog, expectToast, uniq } from './admin-api';
import { ADMIN, shot, submitLogin } from './helpers';

/**
 * Signs in once the login form knows captcha is off: until captchaImage answers the form treats
 * captcha as on and a quick submit is refused silently (seen on a cold server).
 */
async function signIn(page: Page, user = ADMIN) {
  await page.goto('#/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByPlaceholder('验证码')).toHaveCount(0);
  await submitLogin(page, user.username, user.password);
  await expect(page.getByTestId('layout')).toBeVisible();
}

async function search(list: Locator, placeholder: string, value: string) {
  await list.getByPlaceholder(placeholder).fill(value);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
}

/** The data row of `table` whose cells include `text` exactly. */
const rowWith = (table: Locator, text: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: text, exact: true }) });

/** The seeded sys_normal_disable entry 正常 (dictCode 6, value 0) on its data screen. */
const normalRow = (page: Page) => rowWith(page.getByTestId('dict-data-table'), '6');

/** Sets the label of the sys_normal_disable entry with value 0 on its data screen. */
async function relabelNormal(page: Page, from: string, to: string) {
  const row = normalRow(page);
  await expect(row.getByRole('cell').nth(2)).toHaveText(from);
  await row.getByTestId('row-edit').click();
  const dialog = page.getByTestId('dict-data-dialog');
  await expect(dialog).toContainText('修改字典数据');
  await expect(dialog.getByPlaceholder('请输入数据标签')).toHaveValue(from);
  await dialog.getByPlaceholder('请输入数据标签').fill(to);
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(dialog).toHaveCount(0);
}

test('a dictionary label changed on 字典数据 shows in the lists, then is changed back', async ({ page }) => {
  const label = `正常${uniq()}`;
  await signIn(page);
  await page.goto('#/system/dict');
  const types = page.getByTestId('dict-type-list');
  await expect(types.getByTestId('dict-type-table')).toContainText('sys_user_sex');
  await shot(page, 'dict-type-list');

  await search(types, '请输入字典类型', 'sys_normal_disable');
  await expect(types.getByTestId('dict-type-table').getByRole('row')).toHaveCount(2);
  await types.getByTestId('dict-link-sys_normal_disable').click();
  await expect(page).toHaveURL(/#\/system\/dict-data\/index\/3$/);
  const data = page.getByTestId('dict-data-list');
  await expect(data.locator('select[name="dictType"]')).toHaveValue('sys_normal_disable');
  await expect(data.getByTestId('dict-data-table')).toContainText('停用');
  await shot(page, 'dict-data-list');

  // Form rules of spec §5.
  await data.getByTestId('btn-add').click();
  const dialog = page.getByTestId('dict-data-dialog');
  await expect(dialog).toContainText('添加字典数据');
  await expect(dialog.locator('input[name="dictType"]')).toHaveValue('sys_normal_disable');
  await expect(dialog.locator('input[name="dictType"]')).toBeDisabled();
  await expect(dialog.locator('select[name="listClass"]')).toHaveValue('default');
  await dialog.getByLabel('显示排序').fill('');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('数据标签不能为空');
  await expect(dialog).toContainText('数据键值不能为空');
  await expect(dialog).toContainText('数据顺序不能为空');
  await shot(page, 'dict-data-validation');
  await dialog.getByRole('button', { name: '取 消' }).click();

  // 正常 → a unique label: the data table's 状态 column (the same dictionary) follows at once.
  await relabelNormal(page, '正常', label);
  await expect(normalRow(page).getByRole('cell').nth(2)).toHaveText(label);
  // Both entries are enabled: their 状态 tags show the new label.
  await expect(data.getByTestId('dict-data-table').getByTestId('dict-tag').filter({ hasText: label })).toHaveCount(3);
  await shot(page, 'dict-data-relabelled');

  // 关闭 → 字典管理, whose 状态 column renders sys_normal_disable.
  await data.getByTestId('btn-close').click();
  await expect(page).toHaveURL(/#\/system\/dict$/);
  await expect(rowWith(page.getByTestId('dict-type-table'), 'sys_normal_disable')).toContainText(label);
  // The server's cache was dropped as well: a fresh page load shows the new label.
  await page.reload();
  await expect(rowWith(page.getByTestId('dict-type-table'), 'sys_user_sex')).toContainText(label);
  // Another screen rendering sys_normal_disable: 岗位管理's 状态 column and the user search's 状态 options.
  await page.goto('#/system/post');
  await expect(page.getByTestId('post-table').getByTestId('dict-tag').filter({ hasText: label }).first()).toBeVisible();
  await shot(page, 'dict-label-in-post-list');
  await page.goto('#/system/user');
  await expect(page.getByTestId('user-list').locator('select[name="status"]')).toContainText(label);

  // Back to 正常.
  await page.goto('#/system/dict-data/index/3');
  await relabelNormal(page, label, '正常');
  await expect(page.getByTestId('dict-data-table')).not.toContainText(label);
  await page.goto('#/system/dict');
  await expect(rowWith(page.getByTestId('dict-type-table'), 'sys_user_sex')).toContainText('正常');
});

test('字典管理: rules, a new type with a coloured entry, delete both, 刷新缓存; the writes are in 操作日志', async ({ page }) => {
  const id = uniq();
  const type = `e2e_${id}`;
  await signIn(page);
  await page.goto('#/system/dict');
  const types = page.getByTestId('dict-type-list');
  await types.getByTestId('btn-add').click();
  const typeDialog = page.getByTestId('dict-type-dialog');
  await expect(typeDialog).toContainText('添加字典类型');
  await typeDialog.getByRole('button', { name: '确 定' }).click();
  await expect(typeDialog).toContainText('字典名称不能为空');
  await expect(typeDialog).toContainText('字典类型不能为空');
  await shot(page, 'dict-type-validation');
  await typeDialog.getByPlaceholder('请输入字典名称').fill(`测试字典${id}`);
  await typeDialog.getByPlaceholder('请输入字典类型').fill(type);
  await typeDialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');

  await search(types, '请输入字典类型', type);
  await types.getByTestId(`dict-link-${type}`).click();
  const data = page.getByTestId('dict-data-list');
  await expect(data.locator('select[name="dictType"]')).toHaveValue(type);
  await data.getByTestId('btn-add').click();
  const dialog = page.getByTestId('dict-data-dialog');
  await dialog.getByPlaceholder('请输入数据标签').fill('紧急');
  await dialog.getByPlaceholder('请输入数据键值').fill('urgent');
  await dialog.locator('select[name="listClass"]').selectOption('danger');
  await dialog.getByPlaceholder('请输入内容').fill('e2e');
  await shot(page, 'dict-data-add');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  const row = rowWith(data.getByTestId('dict-data-table'), 'urgent');
  await expect(row.locator('[data-list-class="danger"]')).toHaveText('紧急');
  await shot(page, 'dict-data-tag');

  const code = (await row.getByRole('cell').nth(1).textContent())?.trim() ?? '';
  await row.getByTestId('row-remove').click();
  await confirmDialog(page, `是否确认删除字典编码为"${code}"的数据项？`);
  await expectToast(page, '删除成功');
  await expect(data.getByTestId('dict-data-table')).toContainText('暂无数据');

  await data.getByTestId('btn-close').click();
  await search(types, '请输入字典类型', type);
  await rowWith(types.getByTestId('dict-type-table'), type).getByTestId('row-remove').click();
  await confirmDialog(page, '是否确认删除字典编号为');
  await expectToast(page, '删除成功');
  await types.getByTestId('btn-refresh-cache').click();
  await expectToast(page, '刷新成功');
  const download = page.waitForEvent('download');
  await types.getByTestId('btn-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // 操作日志: the writes above, newest first, with the detail dialog.
  await page.goto('#/system/log/operlog');
  const log = page.getByTestId('operlog-list');
  await search(log, '请输入系统模块', '字典');
  const table = log.getByTestId('operlog-table');
  await expect(table.getByRole('row').nth(1)).toContainText('字典类型');
  await expect(table.getByRole('row').nth(1)).toContainText('导出');
  await expect(table.getByRole('row').nth(2)).toContainText('清空数据');
  await expect(table).toContainText('字典数据');
  await expect(table).toContainText('新增');
  await expect(table).toContainText('毫秒');
  await shot(page, 'operlog-list');
  await table.getByRole('row').filter({ hasText: '字典数据' }).filter({ hasText: '新增' }).first().getByRole('button', { name: '详细' }).click();
  const detail = page.getByTestId('operlog-detail-dialog');
  await expect(detail).toContainText('操作日志详细');
  await expect(detail).toContainText('字典数据 / 新增');
  await expect(detail.getByTestId('operlog-param')).toContainText(type);
  await expect(detail).toContainText('正常');
  await shot(page, 'operlog-detail');
  await detail.getByRole('button', { name: '关 闭' }).click();
  const exported = page.waitForEvent('download');
  await log.getByTestId('btn-export').click();
  expect((await exported).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('参数设置 turns registration on; a visitor registers and signs in; logs and a forced logout', async ({ page, browser }) => {
  const userName = `reg${uniq()}`;
  await signIn(page);
  await page.goto('#/system/config');
  const configs = page.getByTestId('config-list');
  await expect(configs.getByTestId('config-table')).toContainText('sys.index.skinName');
  await shot(page, 'config-list');

  const setRegister = async (value: string) => {
    await search(configs, '请输入参数键名', 'sys.account.registerUser');
    await rowWith(configs.getByTestId('config-table'), 'sys.account.registerUser').getByTestId('row-edit').click();
    const dialog = page.getByTestId('config-dialog');
    await expect(dialog).toContainText('修改参数');
    await expect(dialog.getByPlaceholder('请输入参数键名')).toHaveValue('sys.account.registerUser');
    await dialog.getByPlaceholder('请输入参数键值').fill(value);
    if (value === 'true') await shot(page, 'config-edit');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expectToast(page, '修改成功');
    await expect(rowWith(configs.getByTestId('config-table'), value)).toHaveCount(1);
  };
  await setRegister('true');

  // A visitor registers, then signs in.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto('#/register');
  await other.getByPlaceholder('账号').fill(userName);
  await other.getByPlaceholder('密码', { exact: true }).fill('regPass1');
  await other.getByPlaceholder('确认密码').fill('regPass1');
  await other.getByRole('button', { name: '注 册' }).click();
  await confirmDialog(other, `恭喜你，您的账号 ${userName} 注册成功！`);
  await expect(other).toHaveURL(/#\/login/);
  await signIn(other, { username: userName, password: 'regPass1' });
  await shot(other, 'registered-user-home');

  await setRegister('false');

  // 操作日志: the two config updates.
  await page.goto('#/system/log/operlog');
  const log = page.getByTestId('operlog-list');
  await search(log, '请输入系统模块', '参数管理');
  await log.locator('select[name="businessType"]').selectOption({ label: '修改' });
  await log.getByRole('button', { name: '搜索', exact: true }).click();
  const first = log.getByTestId('operlog-table').getByRole('row').nth(1);
  await expect(first).toContainText('参数管理');
  await expect(first).toContainText('admin');
  await first.getByRole('button', { name: '详细' }).click();
  await expect(page.getByTestId('operlog-param')).toContainText('"configValue":"false"');
  await page.getByTestId('operlog-detail-dialog').getByRole('button', { name: '关 闭' }).click();

  // 登录日志: the registration and the sign-in; 解锁 the selected row's user.
  await page.goto('#/system/log/logininfor');
  const logins = page.getByTestId('logininfor-list');
  await search(logins, '请输入用户名称', userName);
  const loginTable = logins.getByTestId('logininfor-table');
  await expect(loginTable).toContainText('登录成功');
  await expect(loginTable).toContainText('注册成功');
  await shot(page, 'logininfor-list');
  await expect(logins.getByTestId('btn-unlock')).toBeDisabled();
  await loginTable.getByRole('row').nth(1).getByRole('checkbox', { name: '选择', exact: true }).locator('xpath=..').click();
  await logins.getByTestId('btn-unlock').click();
  await confirmDialog(page, `是否确认解锁用户"${userName}"数据项?`);
  await expectToast(page, `用户${userName}解锁成功`);

  // 在线用户: force the visitor out; its next call meets the 401 dialog.
  await page.goto('#/monitor/online');
  const online = page.getByTestId('online-list');
  await expect(online.getByTestId('online-table')).toContainText('admin');
  await search(online, '请输入用户名称', userName);
  await expect(online.getByTestId('online-table').getByRole('row')).toHaveCount(2);
  await shot(page, 'online-list');
  await online.getByTestId(`force-logout-${userName}`).click();
  await confirmDialog(page, `是否确认强退名称为"${userName}"的用户？`);
  await expectToast(page, '强退成功');
  await expect(online.getByTestId('online-table')).toContainText('暂无数据');

  await other.goto('#/user/profile');
  const expired = other.getByTestId('confirm-dialog');
  await expect(expired).toContainText('登录状态已过期，您可以继续留在该页面，或者重新登录');
  await shot(other, 'forced-logout-401');
  await visitor.close();
});

/**
 * 用户管理 and 分配角色 (platform spec §2, §8; issue 3 e2e): a role with a small menu selection
 * and a user are created in the browser, the role is assigned on /system/user-auth/role/{id},
 * and the user then signs in and sees only that role's menus. Also: form rules, dept filter,
 * reset password, export and import.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { shot, signIn } from './helpers';
import { confirmDialog, expectToast, uniq } from './admin-api';

async function searchUser(page: Page, userName: string) {
  const list = page.getByTestId('user-list');
  await list.getByPlaceholder('请输入用户名称').fill(userName);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = page.getByTestId('user-table').getByRole('row').filter({ hasText: userName });
  await expect(row).toHaveCount(1);
  return row;
}

test('create a role and a user in the browser, assign the role, sign in as the user and see only its menus', async ({ page, browser }) => {
  const id = uniq();
  const roleName = `岗位员${id}`;
  const userName = `e2eu_${id}`;
  const phone = `139${String(Date.now()).slice(-8)}`;

  await signIn(page);
  // The role: 用户管理 and 部门管理 only (with their buttons).
  await page.goto('#/system/role');
  await page.getByTestId('role-list').getByTestId('btn-add').click();
  const roleDialog = page.getByTestId('role-dialog');
  await roleDialog.getByPlaceholder('请输入角色名称').fill(roleName);
  await roleDialog.getByPlaceholder('请输入权限字符').fill(`staff_${id}`);
  await roleDialog.getByText('展开/折叠').click();
  await roleDialog.getByTestId('tree-node-100').locator('label').click();
  await roleDialog.getByTestId('tree-node-103').locator('label').click();
  await roleDialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(roleDialog).toHaveCount(0);

  // The user.
  await page.goto('#/system/user');
  await expect(page.getByTestId('dept-tree')).toContainText('若依科技');
  await page.getByTestId('user-list').getByTestId('btn-add').click();
  const dialog = page.getByTestId('user-dialog');
  await expect(dialog).toContainText('添加用户');
  await expect(dialog.getByPlaceholder('请输入用户密码')).toHaveValue('123456'); // sys.user.initPassword
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('用户昵称不能为空');
  await expect(dialog).toContainText('用户名称不能为空');
  await dialog.getByPlaceholder('请输入手机号码').fill('12345');
  await dialog.getByPlaceholder('请输入邮箱').fill('not-an-email');
  await dialog.getByPlaceholder('请输入用户密码').fill('1234');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('请输入正确的手机号码');
  await expect(dialog).toContainText('请输入正确的邮箱地址');
  await expect(dialog).toContainText('用户密码长度必须介于 5 和 20 之间');
  await shot(page, 'user-add-validation');

  await dialog.getByPlaceholder('请输入用户昵称').fill(`测试员${id}`);
  await dialog.getByRole('combobox', { name: '归属部门' }).click();
  await page.getByTestId('tree-select-tree').getByText('研发部门').click();
  await dialog.getByPlaceholder('请输入手机号码').fill(phone);
  await dialog.getByPlaceholder('请输入邮箱').fill(`${userName}@e2e.cn`);
  await dialog.getByPlaceholder('请输入用户名称').fill(userName);
  await dialog.getByPlaceholder('请输入用户密码').fill('e2ePass1');
  await dialog.locator('select[name="sex"]').selectOption('1');
  await dialog.getByRole('combobox', { name: '岗位' }).click();
  await page.getByRole('option', { name: '普通员工' }).click();
  await dialog.getByRole('combobox', { name: '岗位' }).click();
  await shot(page, 'user-add-dialog');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(dialog).toHaveCount(0);

  // Dept filter: 研发部门 lists the new user.
  await page.getByTestId('dept-tree').getByText('研发部门').click();
  await expect(page.getByTestId('user-table')).toContainText(userName);
  await shot(page, 'user-list');

  // 修改: no account or password fields; the saved post is preselected.
  const row = await searchUser(page, userName);
  await row.getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改用户');
  await expect(dialog.getByPlaceholder('请输入用户昵称')).toHaveValue(`测试员${id}`);
  await expect(dialog.getByPlaceholder('请输入用户名称')).toHaveCount(0);
  await expect(dialog.getByPlaceholder('请输入用户密码')).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: '岗位' })).toContainText('普通员工');
  await expect(dialog.getByRole('combobox', { name: '归属部门' })).toContainText('研发部门');
  await dialog.getByPlaceholder('请输入内容').fill('e2e 修改');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(dialog).toHaveCount(0);

  // 分配角色.
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '分配角色' }).click();
  await expect(page).toHaveURL(/#\/system\/user-auth\/role\/\d+$/);
  const auth = page.getByTestId('auth-role');
  await expect(auth.locator('input[name="userName"]')).toHaveValue(userName);
  await expect(auth.locator('input[name="nickName"]')).toHaveValue(`测试员${id}`);
  await expect(auth.locator('input[name="userName"]')).toBeDisabled();
  await auth.getByRole('cell', { name: roleName }).click();
  await expect(auth.getByRole('row').filter({ hasText: roleName })).toHaveAttribute('data-selected', 'true');
  await shot(page, 'user-auth-role');
  await auth.getByRole('button', { name: '提交' }).click();
  await expectToast(page, '授权成功');
  await expect(page).toHaveURL(/#\/system\/user$/);

  // The assigned role is preselected when the screen opens again.
  const again = await searchUser(page, userName);
  await again.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '分配角色' }).click();
  await expect(auth.getByRole('row').filter({ hasText: roleName })).toHaveAttribute('data-selected', 'true');
  await auth.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/#\/system\/user$/);

  // Sign in as the user: only 系统管理 > 用户管理 / 部门管理.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, { username: userName, password: 'e2ePass1' });
  const sidebar = other.getByTestId('sidebar');
  await sidebar.getByText('系统管理').click();
  await expect(sidebar.getByText('用户管理')).toBeVisible();
  await expect(sidebar.getByText('部门管理')).toBeVisible();
  for (const hidden of ['角色管理', '菜单管理', '系统监控', '流程管理', '系统工具']) await expect(sidebar.getByText(hidden)).toHaveCount(0);
  await sidebar.getByText('用户管理').click();
  await expect(other.getByTestId('user-table')).toBeVisible();
  await expect(other.getByTestId('btn-add')).toBeVisible();
  await shot(other, 'user-limited-menus');
  await context.close();
});

test('reset password, export and import', async ({ page }) => {
  const id = uniq();
  await signIn(page);
  await page.goto('#/system/user');
  const row = await searchUser(page, 'ry');
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '重置密码' }).click();
  const prompt = page.getByTestId('reset-pwd-dialog');
  await expect(prompt).toContainText('请输入"ry"的新密码');
  await prompt.getByLabel('新密码').fill('abc');
  await prompt.getByRole('button', { name: '确定' }).click();
  await expect(prompt).toContainText('用户密码长度必须介于 5 和 20 之间');
  await prompt.getByLabel('新密码').fill('admin123');
  await prompt.getByRole('button', { name: '确定' }).click();
  await expectToast(page, '修改成功，新密码是：admin123');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('user-list').getByTestId('btn-export').click();
  expect((await downloading).suggestedFilename()).toMatch(/^data_\d+\.xlsx$/);

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '帐号状态']);
  sheet.addRow(['105', `imp_${id}`, `导入${id}`, `imp${id}@e2e.cn`, '', '男', '正常']);
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());

  await page.getByTestId('user-list').getByTestId('btn-import').click();
  const dialog = page.getByTestId('user-import-dialog');
  await expect(dialog).toContainText('是否更新已经存在的用户数据');
  await expect(dialog).toContainText('仅允许导入xls、xlsx格式文件。');
  const template = page.waitForEvent('download');
  await dialog.getByText('下载模板').click();
  expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);
  await dialog.getByTestId('import-file').setInputFiles({ name: 'users.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expectToast(page, '文件格式不正确');
  await dialog.getByTestId('import-file').setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  await expect(dialog.getByTestId('import-file-name')).toContainText('users.xlsx');
  await shot(page, 'user-import-dialog');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('导入结果');
  await expect(page.getByTestId('confirm-dialog')).toContainText('恭喜您，数据已全部导入成功！');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
  const imported = await searchUser(page, `imp_${id}`);
  await expect(imported).toContainText(`导入${id}`);

  // Status switch: 确认要"停用""name"用户吗？ → 停用成功.
  await imported.getByTestId('status-switch').click();
  await confirmDialog(page, `确认要"停用""imp_${id}"用户吗？`);
  await expectToast(page, '停用成功');
  await expect(imported.getByTestId('status-switch').locator('input')).not.toBeChecked();

  // Delete it again (confirmation text of spec §8).
  const userId = (await imported.getByRole('cell').nth(1).innerText()).trim();
  await imported.getByTestId('row-remove').click();
  await confirmDialog(page, `是否确认删除用户编号为"${userId}"的数据项？`);
  await expectToast(page, '删除成功');
  await expect(page.getByTestId('user-table')).toContainText('暂无数据');
});

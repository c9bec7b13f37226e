/**
 * 角色管理 and 分配用户 (platform spec §2 "Role authorization screens", §8 messages): add, edit and
 * search a role with its menu tree, the status switch, the data-scope dialog with the dept and
 * park trees, and on /system/role-auth/user/{roleId} adding users (selection required), per-row
 * and batch cancel.
 */
import { expect, test, type Page } from '@playwright/test';
import { shot, signIn } from './helpers';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';

async function findRoleRow(page: Page, roleName: string) {
  const list = page.getByTestId('role-list');
  await list.getByPlaceholder('请输入角色名称').fill(roleName);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = page.getByTestId('role-table').getByRole('row').filter({ hasText: roleName });
  await expect(row).toHaveCount(1);
  return row;
}

test('add a role with a menu selection, edit it, switch its status and set its data scope', async ({ page, request }) => {
  const id = uniq();
  const roleName = `e2e角色${id}`;
  const headers = await apiAuth(request);
  await request.post('/caishui-api/system/park', { headers, data: { parentId: 0, parkName: `园区${id}`, orderNum: 1, status: '0' } });

  await signIn(page);
  await page.goto('#/system/role');
  await expect(page.getByTestId('role-table')).toContainText('超级管理员');
  await page.getByTestId('role-list').getByTestId('btn-add').click();
  const dialog = page.getByTestId('role-dialog');
  await expect(dialog).toContainText('添加角色');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('角色名称不能为空');
  await expect(dialog).toContainText('权限字符不能为空');
  await dialog.getByPlaceholder('请输入角色名称').fill(roleName);
  await dialog.getByPlaceholder('请输入权限字符').fill(`e2e_${id}`);
  await dialog.getByText('展开/折叠').click();
  await dialog.getByTestId('tree-node-104').locator('label').click(); // 岗位管理 and its buttons
  await expect(dialog.getByTestId('tree-node-1').locator('[data-state="indeterminate"]').first()).toBeVisible();
  await shot(page, 'role-add-dialog');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(dialog).toHaveCount(0);

  let row = await findRoleRow(page, roleName);
  await row.getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改角色');
  await expect(dialog.getByPlaceholder('请输入角色名称')).toHaveValue(roleName);
  await dialog.getByText('展开/折叠').click();
  await expect(dialog.getByTestId('tree-node-104').locator('[data-state="checked"]').first()).toBeVisible();
  await expect(dialog.getByTestId('tree-node-1020').locator('[data-state="checked"]').first()).toBeVisible();
  await dialog.getByPlaceholder('请输入内容').fill('e2e 备注');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');

  row = await findRoleRow(page, roleName);
  await row.getByTestId('status-switch').click();
  await confirmDialog(page, `确认要"停用""${roleName}"角色吗？`);
  await expectToast(page, '停用成功');

  // 数据权限 waits for the role and both trees: with the park tree held, the body is 加载中 and
  // 确 定 is greyed out (a scope picked earlier would be reset, a save would send no parks).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const parkTree = /\/trpc\/[^?]*system\.role\.parkTree/;
  await page.route(parkTree, async (route) => {
    await held;
    await route.continue();
  });
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '数据权限' }).click();
  const scope = page.getByTestId('data-scope-dialog');
  await expect(scope.getByTestId('dialog-loading')).toBeVisible();
  await expect(scope.getByRole('button', { name: '确 定' })).toBeDisabled();
  await expect(scope.locator('select[name="dataScope"]')).toHaveCount(0);
  release();
  await expect(scope.locator('input[name="roleName"]')).toHaveValue(roleName);
  await page.unroute(parkTree);
  await scope.locator('select[name="dataScope"]').selectOption('2');
  await expect(scope.getByTestId('dept-scope-tree')).toContainText('若依科技');
  await scope.getByTestId('dept-scope-tree').getByTestId('tree-node-105').locator('label').click();
  await scope.getByTestId('park-scope-tree').getByText(`园区${id}`).locator('..').locator('label').click();
  await shot(page, 'role-data-scope');
  await scope.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(scope).toHaveCount(0);

  const dept = await request.get(`/caishui-api/system/role/deptTree/${await roleIdOf(page, roleName)}`, { headers });
  expect(((await dept.json()) as { checkedKeys: number[] }).checkedKeys).toContain(105);

  // When the trees fail to load, 确 定 stays greyed out: a save would send no parks.
  await page.route(parkTree, (route) => route.abort());
  const failed = page.waitForEvent('requestfailed', (r) => parkTree.test(r.url()));
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '数据权限' }).click();
  await failed;
  await expect(scope).toBeVisible();
  await expect(scope.getByTestId('dialog-loading')).toHaveCount(0);
  await expect(scope.getByRole('button', { name: '确 定' })).toBeDisabled();
  await scope.getByRole('button', { name: '取 消' }).click();
  await expect(scope).toHaveCount(0);
  await page.unroute(parkTree);
  await shot(page, 'role-list');
});

async function roleIdOf(page: Page, roleName: string): Promise<string> {
  const row = await findRoleRow(page, roleName);
  return (await row.getByRole('cell').nth(1).innerText()).trim();
}

test('分配用户: add users (selection required), cancel one and cancel in batch', async ({ page, request }) => {
  const id = uniq();
  const roleName = `授权角色${id}`;
  const headers = await apiAuth(request);
  await request.post('/caishui-api/system/role', { headers, data: { roleName, roleKey: `auth_${id}`, roleSort: 9, menuIds: [] } });
  for (const n of [1, 2]) {
    await request.post('/caishui-api/system/user', {
      headers,
      data: { userName: `au${n}_${id}`, nickName: `授权${n}`, password: 'admin123', email: `au${n}${id}@e2e.cn` },
    });
  }

  await signIn(page);
  await page.goto('#/system/role');
  const row = await findRoleRow(page, roleName);
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '分配用户' }).click();
  await expect(page).toHaveURL(/#\/system\/role-auth\/user\/\d+$/);
  const screen = page.getByTestId('auth-user');
  await expect(screen.getByTestId('allocated-table')).toContainText('暂无数据');

  await screen.getByTestId('btn-add-user').click();
  const picker = page.getByTestId('select-user-dialog');
  await picker.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '请选择要分配的用户');
  await expect(picker).toBeVisible();
  await picker.getByPlaceholder('请输入用户名称').fill(`_${id}`);
  await picker.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(picker.getByTestId('unallocated-table').getByRole('row')).toHaveCount(3);
  await picker.getByRole('cell', { name: `au1_${id}` }).click();
  await picker.getByRole('cell', { name: `au2_${id}` }).click();
  await shot(page, 'role-auth-select-user');
  await picker.getByRole('button', { name: '确 定' }).click();
  await expect(picker).toHaveCount(0);
  await expect(screen.getByTestId('allocated-table')).toContainText(`au1_${id}`);
  await expect(screen.getByTestId('allocated-table')).toContainText(`au2_${id}`);
  await shot(page, 'role-auth-users');

  const first = screen.getByTestId('allocated-table').getByRole('row').filter({ hasText: `au1_${id}` });
  await first.getByTestId('row-cancel-auth').click();
  await confirmDialog(page, `确认要取消该用户"au1_${id}"角色吗？`);
  await expectToast(page, '取消授权成功');
  await expect(screen.getByTestId('allocated-table')).not.toContainText(`au1_${id}`);

  await expect(screen.getByTestId('btn-cancel-all')).toBeDisabled();
  await screen.getByTestId('allocated-table').getByRole('row').filter({ hasText: `au2_${id}` }).locator('label').first().click();
  await screen.getByTestId('btn-cancel-all').click();
  await confirmDialog(page, '是否取消选中用户授权数据项？');
  await expectToast(page, '取消授权成功');
  await expect(screen.getByTestId('allocated-table')).toContainText('暂无数据');

  await screen.getByTestId('btn-close').click();
  await expect(page).toHaveURL(/#\/system\/role$/);
});

/**
 * 部门管理, 岗位管理, 菜单管理 and 园区管理 (issue 3; reference §2 Menus / Depts / Posts): a dept added
 * under 若依科技 shows in the tree; a post add / edit / search / export / delete round; a 园区管理 menu
 * (C, component system/park/index) added under 系统管理 in the menu screen, opened from the sidebar
 * after a reload, and a park added there; deleting a node with children gives the 601 warning.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { picture, SHOTS, shot, signIn } from './helpers';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';

const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });

/**
 * A viewport screenshot (test-results/<name>.png) for pages taller than the window: a full-page
 * shot of a long page resizes the window, and the shell then folds the sidebar.
 */
async function viewShot(page: Page, name: string) {
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  if (!SHOTS) return;
  await page.waitForTimeout(450);
  await picture(page, name);
}

/** Fills an el-input-number style field of a dialog. */
async function fillNumber(dialog: Locator, name: string, value: string) {
  await dialog.locator(`input[name="${name}"]`).fill(value);
}

/** Opens a dialog's TreeSelect and picks `label`. */
async function pickTree(page: Page, dialog: Locator, name: string, label: string) {
  await dialog.getByRole('combobox', { name }).click();
  await page.getByTestId('tree-select-tree').getByText(label, { exact: true }).click();
}

test('部门管理: add a dept under 若依科技, edit it, search it; the root has no 删除', async ({ page }) => {
  const id = uniq();
  const name = `e2e部门${id}`;
  await signIn(page);
  await page.goto('#/system/dept');
  const table = page.getByTestId('dept-table');
  await expect(table).toContainText('深圳总公司');
  await expect(rowOf(table, '若依科技').first().getByTestId('row-remove')).toHaveCount(0);
  await expect(rowOf(table, '研发部门').first().getByTestId('row-remove')).toHaveCount(1);

  await rowOf(table, '若依科技').first().getByTestId('row-add').click();
  const dialog = page.getByTestId('dept-dialog');
  await expect(dialog).toContainText('添加部门');
  await expect(dialog.getByRole('combobox', { name: '上级部门' })).toContainText('若依科技');
  await dialog.locator('input[name="phone"]').fill('12345');
  await dialog.locator('input[name="email"]').fill('bad-mail');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('部门名称不能为空');
  await expect(dialog).toContainText('显示排序不能为空');
  await expect(dialog).toContainText('请输入正确的手机号码');
  await expect(dialog).toContainText('请输入正确的邮箱地址');
  await dialog.locator('input[name="deptName"]').fill(name);
  await fillNumber(dialog, 'orderNum', '9');
  await dialog.locator('input[name="leader"]').fill('张三');
  await dialog.locator('input[name="phone"]').fill('13800138000');
  await dialog.locator('input[name="email"]').fill(`d${id}@e2e.cn`);
  await shot(page, 'dept-add-dialog');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(table, name)).toHaveCount(1);
  await shot(page, 'dept-list');

  // Edit: the parent picker leaves the dept itself out (list/exclude).
  await rowOf(table, name).getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改部门');
  await expect(dialog.locator('input[name="deptName"]')).toHaveValue(name);
  await expect(dialog.locator('input[name="leader"]')).toHaveValue('张三');
  await dialog.getByRole('combobox', { name: '上级部门' }).click();
  const picker = page.getByTestId('tree-select-tree');
  await expect(picker).toContainText('深圳总公司');
  await expect(picker.getByText(name)).toHaveCount(0);
  await picker.getByText('长沙分公司', { exact: true }).click();
  await dialog.locator('input[name="leader"]').fill('李四');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');

  const list = page.getByTestId('dept-list');
  await list.getByPlaceholder('请输入部门名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await list.getByRole('button', { name: '重置' }).click();
  await expect(table).toContainText('研发部门');
  await page.getByTestId('btn-expand').click();
  await expect(table).not.toContainText('研发部门');
  await shot(page, 'dept-collapsed');
});

test('部门管理: deleting a dept with children is refused with a warning', async ({ page, request }) => {
  const id = uniq();
  const headers = await apiAuth(request);
  const parent = `上级${id}`;
  const res = await request.post('/caishui-api/system/dept', { headers, data: { parentId: 100, deptName: parent, orderNum: 1 } });
  const { data } = (await res.json()) as { data: { deptId: number } };
  await request.post('/caishui-api/system/dept', { headers, data: { parentId: data.deptId, deptName: `下级${id}`, orderNum: 1 } });

  await signIn(page);
  await page.goto('#/system/dept');
  const table = page.getByTestId('dept-table');
  await rowOf(table, parent).first().getByTestId('row-remove').click();
  await confirmDialog(page, `是否确认删除名称为"${parent}"的数据项？`);
  await expect(page.getByTestId('toast').filter({ hasText: '存在下级部门,不允许删除' })).toHaveAttribute('data-type', 'warning');
  await shot(page, 'dept-delete-warning');
  await rowOf(table, `下级${id}`).getByTestId('row-remove').click();
  await confirmDialog(page, `是否确认删除名称为"下级${id}"的数据项？`);
  await expectToast(page, '删除成功');
  await expect(rowOf(table, `下级${id}`)).toHaveCount(0);
});

test('岗位管理: add, search, edit, export and delete a post', async ({ page }) => {
  const id = uniq();
  const name = `e2e岗位${id}`;
  await signIn(page);
  await page.goto('#/system/post');
  const table = page.getByTestId('post-table');
  await expect(table).toContainText('董事长');
  await page.getByTestId('post-list').getByTestId('btn-add').click();
  const dialog = page.getByTestId('post-dialog');
  await expect(dialog).toContainText('添加岗位');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('岗位名称不能为空');
  await expect(dialog).toContainText('岗位编码不能为空');
  await dialog.getByPlaceholder('请输入岗位名称').fill(name);
  await dialog.getByPlaceholder('请输入编码名称').fill(`code_${id}`);
  await fillNumber(dialog, 'postSort', '7');
  await shot(page, 'post-add-dialog');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(dialog).toHaveCount(0);

  const list = page.getByTestId('post-list');
  await list.getByPlaceholder('请输入岗位编码').fill(`code_${id}`);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = rowOf(table, name);
  await expect(row).toContainText('正常');
  const postId = (await row.getByRole('cell').nth(1).innerText()).trim();

  await row.getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改岗位');
  await expect(dialog.getByPlaceholder('请输入岗位名称')).toHaveValue(name);
  await dialog.getByText('停用').click();
  await dialog.getByPlaceholder('请输入内容').fill('e2e 备注');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(row).toContainText('停用');

  const download = page.waitForEvent('download');
  await list.getByTestId('btn-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await shot(page, 'post-list');

  await row.getByRole('cell').first().locator('label').click();
  await list.getByTestId('btn-remove').click();
  await confirmDialog(page, `是否确认删除岗位编号为"${postId}"的数据项？`);
  await expectToast(page, '删除成功');
  await expect(table).toContainText('暂无数据');
});

test('菜单管理 → 园区管理: add the park menu, reload, open it from the sidebar and add parks', async ({ page }) => {
  const id = uniq();
  const menuName = `园区管理${id}`;
  const parkName = `e2e园区${id}`;
  await signIn(page);
  await page.goto('#/system/menu');
  const table = page.getByTestId('menu-table');
  await expect(table).toContainText('系统管理');
  await expect(table).not.toContainText('用户管理'); // folded by default
  await page.getByTestId('btn-expand').click();
  await expect(table).toContainText('用户管理');

  // 系统管理 has children: refused with a warning.
  await rowOf(table, '系统管理').first().getByTestId('row-remove').click();
  await confirmDialog(page, '是否确认删除名称为"系统管理"的数据项？');
  await expect(page.getByTestId('toast').filter({ hasText: '存在子菜单,不允许删除' })).toHaveAttribute('data-type', 'warning');

  await rowOf(table, '系统管理').first().getByTestId('row-add').click();
  const dialog = page.getByTestId('menu-dialog');
  await expect(dialog).toContainText('添加菜单');
  await expect(dialog.getByRole('combobox', { name: '上级菜单' })).toContainText('系统管理');
  // Fields per type: M has no 组件路径 / 权限字符; F has no 图标 / 路由地址.
  await expect(dialog.locator('input[name="component"]')).toHaveCount(0);
  await dialog.getByText('按钮', { exact: true }).click();
  await expect(dialog.getByTestId('icon-select')).toHaveCount(0);
  await expect(dialog.locator('input[name="path"]')).toHaveCount(0);
  await expect(dialog.locator('input[name="perms"]')).toHaveCount(1);
  await dialog.getByText('菜单', { exact: true }).click();
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('菜单名称不能为空');
  await expect(dialog).toContainText('菜单顺序不能为空');
  await expect(dialog).toContainText('路由地址不能为空');

  await dialog.getByTestId('icon-select').click();
  const icons = page.getByTestId('icon-select-dialog');
  await expect(icons).toHaveCSS('width', '980px');
  await icons.getByPlaceholder('请输入图标名称').fill('tre');
  await expect(icons.getByTestId('icon-user')).toHaveCount(0);
  await viewShot(page, 'menu-icon-dialog');
  await icons.getByTestId('icon-tree').click();
  await expect(icons).toHaveCount(0);
  await expect(dialog.getByTestId('icon-select')).toContainText('tree');
  await dialog.locator('input[name="menuName"]').fill(menuName);
  await fillNumber(dialog, 'orderNum', '20');
  await dialog.locator('input[name="path"]').fill(`park${id}`);
  await dialog.locator('input[name="component"]').fill('system/park/index');
  await dialog.locator('input[name="perms"]').fill('system:park:list');
  await viewShot(page, 'menu-add-dialog');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(rowOf(table, menuName)).toContainText('system/park/index');
  await viewShot(page, 'menu-list');
  const menus = page.getByTestId('menu-list');
  await menus.getByPlaceholder('请输入菜单名称').fill(menuName);
  await menus.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await shot(page, 'menu-search');

  // Edit: the stored values come back; a 按钮 shows only its fields.
  await rowOf(table, menuName).getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改菜单');
  await expect(dialog.locator('input[name="component"]')).toHaveValue('system/park/index');
  await expect(dialog.getByTestId('icon-select')).toContainText('tree');
  await dialog.getByText('按钮', { exact: true }).click();
  await expect(dialog).not.toContainText('显示状态');
  await expect(dialog).not.toContainText('路由地址');
  await viewShot(page, 'menu-edit-button-type');
  await dialog.getByText('菜单', { exact: true }).click();
  await fillNumber(dialog, 'orderNum', '21');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(rowOf(table, menuName)).toContainText('21');

  await page.reload();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('系统管理')).toBeVisible();
  // 系统管理 is open already on /system/menu; a click would fold it.
  if (!(await sidebar.getByText(menuName).isVisible())) await sidebar.getByText('系统管理').click();
  await sidebar.getByText(menuName).click();
  await expect(page).toHaveURL(new RegExp(`#/system/park${id}$`));
  const parks = page.getByTestId('park-list');
  await parks.getByTestId('btn-add').click();
  const parkDialog = page.getByTestId('park-dialog');
  await expect(parkDialog).toContainText('添加园区');
  await parkDialog.locator('input[name="parkName"]').fill(parkName);
  await fillNumber(parkDialog, 'orderNum', '1');
  await parkDialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  const parkTable = page.getByTestId('park-table');
  await expect(rowOf(parkTable, parkName)).toHaveCount(1);

  await rowOf(parkTable, parkName).getByTestId('row-add').click();
  await expect(parkDialog.getByRole('combobox', { name: '上级园区' })).toContainText(parkName);
  await parkDialog.locator('input[name="parkName"]').fill(`子${parkName}`);
  await fillNumber(parkDialog, 'orderNum', '1');
  await parkDialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(rowOf(parkTable, `子${parkName}`)).toHaveCount(1);
  await shot(page, 'park-list');

  await rowOf(parkTable, parkName).first().getByTestId('row-remove').click();
  await confirmDialog(page, `是否确认删除名称为"${parkName}"的数据项？`);
  await expect(page.getByTestId('toast').filter({ hasText: '存在下级园区,不允许删除' })).toHaveAttribute('data-type', 'warning');

  // Edit the child: moving it under nothing makes it a top-level park.
  await rowOf(parkTable, `子${parkName}`).getByTestId('row-edit').click();
  await expect(parkDialog).toContainText('修改园区');
  await expect(parkDialog.locator('input[name="parkName"]')).toHaveValue(`子${parkName}`);
  await parkDialog.getByRole('button', { name: '清空' }).click();
  await parkDialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await rowOf(parkTable, parkName).first().getByTestId('row-remove').click();
  await confirmDialog(page, `是否确认删除名称为"${parkName}"的数据项？`);
  await expectToast(page, '删除成功');
  await expect(rowOf(parkTable, `子${parkName}`)).toHaveCount(1);
  // Only this test's parks are counted: other specs add parks to the shared server meanwhile.
  await expect(rowOf(parkTable, parkName)).toHaveCount(1);
});

/**
 * The shared client components on real screens (issue 3 "Shared client components"; platform
 * spec §2 "Other", "Pickers", §8 confirmations): on 定时任务 the search toggle, 刷新, the
 * 显示/隐藏 columns dialog, dictionary text, row selection with the toolbar rules, the delete
 * confirmation and the pager; on 角色管理's add dialog the checkable menu tree (展开/折叠,
 * 全选/全不选, 父子联动 cascade); on 用户管理's add dialog the dropdown tree with search inside a dialog.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { shot, signIn } from './helpers';

/** The visible box of a Chakra checkbox whose hidden input is named `name`. */
const boxOf = (scope: Locator, name: string) => scope.getByRole('checkbox', { name, exact: true }).locator('xpath=..');

/** A header cell by text (role queries skip the table while a modal dialog hides it from ARIA). */
const header = (table: Locator, text: string) => table.locator('th', { hasText: text });

/** `data-state` of a tree node's checkbox control (checked / unchecked / indeterminate). */
const nodeState = (tree: Locator, id: number) => tree.getByTestId(`tree-node-${id}`).locator('[data-part="control"]').first();

async function openJobs(page: Page) {
  await signIn(page);
  await page.goto('#/monitor/job');
  const list = page.getByTestId('job-list');
  await expect(list.getByTestId('job-table')).toContainText('系统默认（无参）');
  return list;
}

test('list toolbar: search toggle, refresh, columns dialog, selection, delete confirmation, pager', async ({ page }) => {
  const list = await openJobs(page);
  const table = list.getByTestId('job-table');

  // Search toggle (隐藏搜索 / 显示搜索) and 刷新.
  await expect(list.getByTestId('search-form')).toBeVisible();
  await list.getByRole('button', { name: '隐藏搜索' }).click();
  await expect(list.getByTestId('search-form')).toBeHidden();
  await list.getByRole('button', { name: '显示搜索' }).click();
  await expect(list.getByTestId('search-form')).toBeVisible();
  await list.getByRole('button', { name: '刷新' }).click();
  await expect(table).toContainText('系统默认（无参）');

  // Dictionary values (sys_job_group, listClass default → plain text) and the pager.
  await expect(table.getByTestId('dict-tag').first()).toHaveText(/默认|系统/);
  await expect(list.getByTestId('pagination')).toContainText(/共 \d+ 条/);
  await expect(list.getByRole('combobox', { name: '每页条数' })).toHaveValue('10');

  // 显隐列: move a column to 隐藏 and back.
  await list.getByRole('button', { name: '显隐列' }).click();
  const dialog = page.getByTestId('columns-dialog');
  await expect(dialog).toContainText('显示/隐藏');
  await boxOf(dialog.getByTestId('columns-shown'), '调用目标字符串').click();
  await dialog.getByRole('button', { name: '隐藏所选列' }).click();
  await expect(dialog.getByTestId('columns-hidden')).toContainText('调用目标字符串');
  await expect(header(table, '调用目标字符串')).toHaveCount(0);
  await expect(header(table, 'cron执行表达式')).toHaveCount(1);
  await shot(page, 'components-columns-dialog');
  await boxOf(dialog.getByTestId('columns-hidden'), '调用目标字符串').click();
  await dialog.getByRole('button', { name: '显示所选列' }).click();
  await expect(header(table, '调用目标字符串')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Selection: select-all enables 删除 and (with several rows) disables 修改.
  const edit = list.getByTestId('btn-edit');
  const remove = list.getByTestId('btn-remove');
  await expect(remove).toBeDisabled();
  await boxOf(table, '全选').click();
  const rows = await table.getByRole('checkbox', { name: '选择', exact: true }).count();
  expect(rows).toBeGreaterThan(1);
  for (const box of await table.getByRole('checkbox', { name: '选择', exact: true }).all()) await expect(box).toBeChecked();
  await expect(remove).toBeEnabled();
  await expect(edit).toBeDisabled();

  // The delete confirmation (spec §8), cancelled: nothing is removed.
  await remove.click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('系统提示');
  await expect(confirm).toContainText(/是否确认删除定时任务编号为"\d+(,\d+)+"的数据项？/);
  await shot(page, 'components-delete-confirm');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(table).toContainText('系统默认（无参）');

  // Clearing the selection; one row enables 修改.
  await boxOf(table, '全选').click();
  await expect(remove).toBeDisabled();
  await boxOf(table, '选择').first().click();
  await expect(edit).toBeEnabled();
});

test('checkable tree: expand all, linked cascade, select all, check-strictly', async ({ page }) => {
  await signIn(page);
  await page.goto('#/system/role');
  await page.getByTestId('role-list').getByTestId('btn-add').click();
  const tree = page.getByTestId('menu-tree');
  await expect(tree.getByTestId('tree-node-1')).toContainText('系统管理');
  await expect(tree.getByTestId('tree-node-100')).toHaveCount(0); // collapsed

  await tree.getByText('展开/折叠').click();
  await expect(tree.getByTestId('tree-node-100')).toContainText('用户管理');
  await expect(tree.getByTestId('tree-node-1000')).toBeVisible();

  // Linked (父子联动 on): checking 用户管理 checks its buttons and half-checks 系统管理.
  await expect(tree.getByRole('checkbox', { name: '父子联动' })).toBeChecked();
  await boxOf(tree, '用户管理').click();
  await expect(tree.getByRole('checkbox', { name: '用户查询', exact: true })).toBeChecked();
  await expect(nodeState(tree, 1)).toHaveAttribute('data-state', 'indeterminate');
  await shot(page, 'components-menu-tree');

  // 全选/全不选.
  await tree.getByText('全选/全不选').click();
  await expect(tree.getByRole('checkbox', { name: '系统监控', exact: true })).toBeChecked();
  await expect(nodeState(tree, 1)).toHaveAttribute('data-state', 'checked');
  await tree.getByText('全选/全不选').click();
  await expect(tree.getByRole('checkbox', { name: '系统管理', exact: true })).not.toBeChecked();
  await expect(tree.getByRole('checkbox', { name: '用户管理', exact: true })).not.toBeChecked();

  // Check-strictly (父子联动 off): a parent is checked alone.
  await tree.getByText('父子联动').click();
  await boxOf(tree, '系统管理').click();
  await expect(tree.getByRole('checkbox', { name: '系统管理', exact: true })).toBeChecked();
  await expect(tree.getByRole('checkbox', { name: '用户管理', exact: true })).not.toBeChecked();

  await tree.getByText('展开/折叠').click();
  await expect(tree.getByTestId('tree-node-100')).toHaveCount(0);
});

test('tree select in a dialog: search, pick and clear', async ({ page }) => {
  await signIn(page);
  await page.goto('#/system/user');
  await page.getByTestId('user-list').getByTestId('btn-add').click();
  const trigger = page.getByRole('combobox', { name: '归属部门' });
  await expect(trigger).toContainText('请选择归属部门');
  await trigger.click();
  const popup = page.getByTestId('tree-select-tree');
  await expect(popup).toContainText('若依科技');
  const search = page.getByPlaceholder('输入关键字进行过滤');
  await search.fill('研发');
  await expect(popup).toContainText('研发部门');
  await expect(popup).not.toContainText('市场部门');
  await shot(page, 'components-tree-select');
  await popup.getByText('研发部门').click();
  await expect(popup).toHaveCount(0);
  await expect(trigger).toContainText('研发部门');
  await trigger.getByRole('button', { name: '清空' }).click();
  await expect(trigger).toContainText('请选择归属部门');
});

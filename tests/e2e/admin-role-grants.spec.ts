/**
 * Issue 38 §8 in Chromium: the role dialogs show exactly what a role holds and 确定 without a change
 * changes nothing. 普通角色 holds 我的流程 (2026) but not its buttons 新增/编辑/删除/流程监控
 * (2031-2033, 2048): 修改 shows 我的流程 half-checked with its buttons unticked, and saving grants
 * none of them (`system:deployment:remove` included). Likewise the 数据权限 dialog for a role holding
 * a dept and a park without their children. The grants are compared over REST before and after.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { shot, signIn } from './helpers';
import { apiAuth, expectToast, uniq } from './admin-api';

type Headers = Record<string, string>;
interface Keys { checkedKeys: number[]; halfCheckedKeys?: number[] }

const held = (k: Keys) => [...k.checkedKeys, ...(k.halfCheckedKeys ?? [])].sort((a, b) => a - b);
const json = async (request: APIRequestContext, url: string, headers: Headers) => (await (await request.get(`/caishui-api${url}`, { headers })).json()) as Keys;
const state = (tree: Locator, id: number) => tree.getByTestId(`tree-node-${id}`).locator('[data-part="control"]').first();

async function openRow(page: Page, roleName: string) {
  await page.goto('#/system/role');
  const list = page.getByTestId('role-list');
  await list.getByPlaceholder('请输入角色名称').fill(roleName);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = page.getByTestId('role-table').getByRole('row').filter({ hasText: roleName });
  await expect(row).toHaveCount(1);
  return row;
}

test('普通角色 → 修改 → 确定 without a change grants nothing', async ({ page, request }) => {
  const admin = await apiAuth(request);
  const before = held(await json(request, '/system/menu/roleMenuTreeselect/2', admin));
  expect(before).toContain(2026);
  expect(before).not.toContain(2033);

  await signIn(page);
  const row = await openRow(page, '普通角色');
  await row.getByTestId('row-edit').click();
  const dialog = page.getByTestId('role-dialog');
  await expect(dialog).toContainText('修改角色');
  await expect(dialog.getByPlaceholder('请输入角色名称')).toHaveValue('普通角色');
  await dialog.getByText('展开/折叠').click();
  const tree = dialog.getByTestId('menu-tree');
  await expect(tree.getByTestId('tree-node-2031')).toBeVisible();
  await expect(state(tree, 2026)).toHaveAttribute('data-state', 'indeterminate');
  for (const button of [2031, 2032, 2033, 2048]) await expect(state(tree, button)).toHaveAttribute('data-state', 'unchecked');
  await expect(state(tree, 2024)).toHaveAttribute('data-state', 'checked');
  await expect(state(tree, 100)).toHaveAttribute('data-state', 'checked');
  await shot(page, 'role-grants-edit');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(dialog).toHaveCount(0);

  expect(held(await json(request, '/system/menu/roleMenuTreeselect/2', admin))).toEqual(before);
  const ry = await apiAuth(request, 'ry', 'admin123');
  const info = (await (await request.get('/caishui-api/getInfo', { headers: ry })).json()) as { permissions: string[] };
  expect(info.permissions).not.toContain('system:deployment:remove');
  expect(info.permissions).not.toContain('flowable:instance:monitor');
});

test('数据权限 → 确定 without a change keeps the depts and parks', async ({ page, request }) => {
  const id = uniq();
  const roleName = `授权树${id}`;
  const admin = await apiAuth(request);
  const park = (await (await request.post('/caishui-api/system/park', { headers: admin, data: { parentId: 0, parkName: `树园${id}`, orderNum: 1, status: '0' } })).json()) as { code: number };
  expect(park.code).toBe(200);
  const parks = (await (await request.get(`/caishui-api/system/park/list?parkName=${encodeURIComponent(`树园${id}`)}`, { headers: admin })).json()) as { data?: { parkId: number }[]; rows?: { parkId: number }[] };
  const parkId = (parks.data ?? parks.rows)![0].parkId;
  const child = await request.post('/caishui-api/system/park', { headers: admin, data: { parentId: parkId, parkName: `树园一期${id}`, orderNum: 1, status: '0' } });
  expect(((await child.json()) as { code: number }).code).toBe(200);
  expect(((await (await request.post('/caishui-api/system/role', { headers: admin, data: { roleName, roleKey: `tree_${id}`, roleSort: 9, menuIds: [] } })).json()) as { code: number }).code).toBe(200);
  await signIn(page);
  let row = await openRow(page, roleName);
  const roleId = Number((await row.getByRole('cell').nth(1).innerText()).trim());
  const scopeBody = { roleId, dataScope: '2', deptIds: [100, 101], parkIds: [parkId], deptCheckStrictly: true };
  expect(((await (await request.put('/caishui-api/system/role/dataScope', { headers: admin, data: scopeBody })).json()) as { code: number }).code).toBe(200);
  const depts = held(await json(request, `/system/role/deptTree/${roleId}`, admin));
  const parkKeys = held(await json(request, `/system/role/parkTree/${roleId}`, admin));

  row = await openRow(page, roleName);
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: '数据权限' }).click();
  const scope = page.getByTestId('data-scope-dialog');
  await expect(scope.locator('input[name="roleName"]')).toHaveValue(roleName);
  const deptTree = scope.getByTestId('dept-scope-tree');
  await expect(state(deptTree, 101)).toHaveAttribute('data-state', 'indeterminate');
  await expect(state(deptTree, 103)).toHaveAttribute('data-state', 'unchecked');
  await expect(state(scope.getByTestId('park-scope-tree'), parkId)).toHaveAttribute('data-state', 'indeterminate');
  await shot(page, 'role-grants-scope');
  await scope.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(scope).toHaveCount(0);

  expect(held(await json(request, `/system/role/deptTree/${roleId}`, admin))).toEqual(depts);
  expect(held(await json(request, `/system/role/parkTree/${roleId}`, admin))).toEqual(parkKeys);
  expect(depts).toEqual([100, 101]);
  expect(parkKeys).toEqual([parkId]);
});

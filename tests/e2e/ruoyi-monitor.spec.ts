/**
 * 服务监控 and 缓存监控 / 缓存列表 as admin (issue 41 §5): the server card figures and 刷新 reading
 * them again; 缓存监控's per-cache table; 缓存列表's three panes: pick 数据字典, see its keys, view a
 * value, a session's value without its token, 清理 one key, 清理全部 (the user stays signed in).
 */
import os from 'node:os';
import { expect, test } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast } from './admin-api';
import { signIn } from './helpers';

test('服务监控 shows CPU, memory, server, Node, disks and database figures; 刷新 reads them again', async ({ page }) => {
  await signIn(page);
  await page.goto('#/monitor/server');
  const screen = page.getByTestId('server-monitor');
  const cpu = screen.getByTestId('server-cpu');
  await expect(cpu.getByRole('row', { name: /核心数/ })).toContainText(String(os.availableParallelism()));
  await expect(cpu.getByRole('row', { name: /用户使用率/ })).toContainText('%');
  await expect(screen.getByTestId('server-mem').getByRole('row', { name: /总内存/ })).toContainText(/\d+(\.\d+)? GB/);
  await expect(screen.getByTestId('server-sys')).toContainText(os.hostname());
  await expect(screen.getByTestId('server-node')).toContainText(process.version);
  await expect(screen.getByTestId('server-node')).toContainText(/\d+天\d+小时\d+分钟/);
  await expect(screen.getByTestId('server-disks').getByRole('row', { name: /根目录/ })).toContainText(/\d+(\.\d)? (GB|MB)/);
  await expect(screen.getByTestId('server-db')).toContainText('内存数据库');

  const again = page.waitForResponse((r) => r.url().includes('monitor.server.info') && r.ok());
  await screen.getByTestId('server-refresh').click();
  await again;
  await expect(cpu.getByRole('row', { name: /核心数/ })).toContainText(String(os.availableParallelism()));
});

test('缓存列表: 数据字典 keys and value, a session without its token, 清理 one key, 清理全部', async ({ page, request }) => {
  const headers = await apiAuth(request);
  for (const type of ['sys_user_sex', 'sys_normal_disable']) {
    expect((await (await request.get(`/caishui-api/system/dict/data/type/${type}`, { headers })).json()).code).toBe(200);
  }
  await signIn(page);

  await page.goto('#/monitor/cache');
  const dictRow = page.getByTestId('cache-table').getByRole('row', { name: /sys_dict:/ });
  await expect(dictRow).toContainText('数据字典');

  await page.goto('#/monitor/cacheList');
  const names = page.getByTestId('cache-names-table');
  const keys = page.getByTestId('cache-keys-table');
  const content = page.getByTestId('value-content');
  await names.getByRole('row', { name: /数据字典/ }).click();
  await expect(keys.getByRole('row', { name: /sys_user_sex/ })).toBeVisible();
  await keys.getByRole('row', { name: /sys_user_sex/ }).getByText('sys_user_sex').click();
  await expect(page.getByTestId('value-key')).toHaveValue('sys_dict:sys_user_sex');
  await expect(content).toHaveValue(/"dictLabel": "男"/);

  // A session's value: who and where, never a token (the first key may be any signed-in user's
  // session: in a full run other specs' sessions are cached too).
  await names.getByRole('row', { name: /用户信息/ }).click();
  await keys.getByRole('row').nth(1).getByRole('cell').nth(1).click();
  await expect(content).toHaveValue(/"userName": "[^"]+"[\s\S]*"ipaddr": /);
  await expect(content).not.toHaveValue(/eyJ|password/);

  // 清理 one key of 数据字典.
  await names.getByRole('row', { name: /数据字典/ }).click();
  await keys.getByTestId('clear-key-sys_dict:sys_user_sex').click();
  await confirmDialog(page, '是否确认清理缓存键名"sys_dict:sys_user_sex"？');
  await expectToast(page, '清理缓存键名[sys_dict:sys_user_sex]成功');
  await expect(keys.getByRole('row', { name: /sys_user_sex/ })).toHaveCount(0);
  await expect(keys.getByRole('row', { name: /sys_normal_disable/ })).toBeVisible();

  // 清理全部: the confirm says sessions stay; afterwards 数据字典 is empty and the user still works.
  await page.getByTestId('clear-all').click();
  await confirmDialog(page, '用户无需重新登录');
  await expectToast(page, '清理全部缓存成功');
  await expect(keys.getByRole('row', { name: /sys_normal_disable/ })).toHaveCount(0);
  await page.getByTestId('reload-names').click();
  await expect(names.getByRole('row', { name: /用户信息/ })).toBeVisible();
  await expect(page.getByTestId('layout')).toBeVisible();
});

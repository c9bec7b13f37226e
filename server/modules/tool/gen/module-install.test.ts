/**
 * Install steps of generated modules at boot (issue 14; on the async store, issue 43): the table
 * and the menu page with its buttons once per database (the marker), one transaction per step
 * (a failing step rolls back alone and names its module). SQLite here; tests/pg/gen-catalogue.test.ts
 * runs the same steps on PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../db/client';
import { seedDatabase } from '../../../db/seed';
import type { Store } from '../../../db/store/port';
import { sqliteStore } from '../../../db/store/sqlite';
import { installMarker, runModuleInstalls, type ModuleInstall } from './module-install';

const NOW = '2026-03-01 10:00:00';
const step = (key: string, ddl: string[]): ModuleInstall => ({
  key, ddl,
  menu: { menuName: `${key}页`, parentId: 3, orderNum: 7, path: key, component: `biz/${key}/index`, perms: `biz:${key}:list`, icon: 'list',
    buttons: [[`${key}查询`, `biz:${key}:query`], [`${key}新增`, `biz:${key}:add`]] },
});

let store: Store<Db>;
beforeEach(async () => {
  store = sqliteStore(openDatabase({ url: ':memory:' }));
  await seedDatabase(store, NOW, { listeners: [] });
});
afterEach(async () => store.close());

const menusOf = (key: string) => store.all<{ menuName: string; parentId: number; menuType: string; perms: string; orderNum: number; createTime: string }>(
  `SELECT m.menu_name AS "menuName", m.parent_id AS "parentId", m.menu_type AS "menuType", m.perms AS "perms", m.order_num AS "orderNum",
     m.create_time AS "createTime" FROM sys_menu m WHERE m.perms LIKE ? ORDER BY m.menu_id`, [`biz:${key}:%`]);

describe('runModuleInstalls', () => {
  it('creates the table, adds the page and its buttons and records the run, once', async () => {
    const install = step('thing', ['CREATE TABLE IF NOT EXISTS biz_thing (thing_id INTEGER PRIMARY KEY, thing_name TEXT NOT NULL)']);
    expect(await runModuleInstalls(store, [install], NOW)).toEqual(['thing']);
    await store.run("INSERT INTO biz_thing (thing_name) VALUES ('a')");
    const menus = await menusOf('thing');
    expect(menus.map((m) => [m.menuName, m.menuType, m.perms, m.orderNum, m.createTime])).toEqual([
      ['thing页', 'C', 'biz:thing:list', 7, NOW], ['thing查询', 'F', 'biz:thing:query', 1, NOW], ['thing新增', 'F', 'biz:thing:add', 2, NOW],
    ]);
    const page = await store.get<{ id: number }>('SELECT menu_id AS "id" FROM sys_menu WHERE perms = ?', ['biz:thing:list']);
    expect(menus.slice(1).every((m) => m.parentId === page!.id)).toBe(true);
    expect(await store.get('SELECT secret_value AS "v" FROM sys_secret WHERE secret_key = ?', [installMarker('thing')])).toEqual({ v: NOW });

    // The next boot: nothing again (a menu deleted by an administrator is not re-created).
    await store.run('DELETE FROM sys_menu WHERE perms = ?', ['biz:thing:add']);
    expect(await runModuleInstalls(store, [install], '2026-03-02 10:00:00')).toEqual([]);
    expect((await menusOf('thing')).length).toBe(2);
  });

  it('rolls a failing step back alone and names its module', async () => {
    const good = step('good', ['CREATE TABLE IF NOT EXISTS biz_good (id INTEGER PRIMARY KEY)']);
    const bad = step('bad', ['CREATE TABLE IF NOT EXISTS biz_bad (id INTEGER PRIMARY KEY)', 'CREATE TABLE biz_good (id INTEGER)']);
    await expect(runModuleInstalls(store, [good, bad], NOW)).rejects.toThrow(/^生成模块 bad 安装失败: .*biz_good/);
    expect((await menusOf('good')).length).toBe(3);
    expect(await menusOf('bad')).toEqual([]);
    expect(await store.get("SELECT name FROM sqlite_master WHERE name = 'biz_bad'")).toBeUndefined();
    expect(await store.get('SELECT 1 AS "n" FROM sys_secret WHERE secret_key = ?', [installMarker('bad')])).toBeUndefined();
  });

  it('takes a same-named menu under the same parent as its page and adds only the buttons it lacks', async () => {
    // An administrator made 'pre页' with one of its buttons by hand before the module came.
    await store.run(`INSERT INTO sys_menu (menu_name, parent_id, order_num, path, menu_type, perms, visible, status, is_frame, is_cache, create_by, create_time)
      VALUES ('pre页', 3, 9, 'pre', 'C', 'biz:pre:list', '0', '0', 1, 0, 'admin', ?)`, [NOW]);
    const page = await store.get<{ id: number }>("SELECT menu_id AS \"id\" FROM sys_menu WHERE menu_name = 'pre页'");
    await store.run(`INSERT INTO sys_menu (menu_name, parent_id, order_num, path, menu_type, perms, visible, status, is_frame, is_cache, create_by, create_time)
      VALUES ('pre查询', ?, 1, '', 'F', 'biz:pre:query', '0', '0', 1, 0, 'admin', ?)`, [page!.id, NOW]);
    expect(await runModuleInstalls(store, [step('pre', [])], NOW)).toEqual(['pre']);
    const menus = await menusOf('pre');
    expect(menus.map((m) => [m.menuName, m.menuType, m.orderNum])).toEqual([['pre页', 'C', 9], ['pre查询', 'F', 1], ['pre新增', 'F', 2]]);
    expect(menus.slice(1).every((m) => m.parentId === page!.id)).toBe(true);
  });
});

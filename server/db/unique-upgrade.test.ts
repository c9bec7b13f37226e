/**
 * drizzle/0011_unique_rules_captcha.sql on a database made before it (issue 44): same-named menus
 * under one parent (a seed upgrade step's menu beside an administrator's) get the later ones' ids
 * appended, so the unique index can be created; the database then refuses a new duplicate.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../tests/helpers/migrations';
import { defaultMigrationsFolder, openDatabase } from './client';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-unique-upgrade-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('0011 on an older SQLite database', () => {
  it('renames later same-named menus under one parent, then enforces the rule', () => {
    const file = path.join(dir, 'old.db');
    const before = openDatabase({ url: file, migrationsFolder: migrationsBefore(defaultMigrationsFolder, '0011_unique_rules_captcha', path.join(dir, 'm')) });
    before.$client.exec(`INSERT INTO sys_menu (menu_id, menu_name, parent_id, menu_type) VALUES (5001, '通知公告', 1, 'C'), (5002, '通知公告', 1, 'C'), (5003, '通知公告', 2, 'C')`);
    before.$client.close();
    const after = openDatabase({ url: file });
    const names = after.$client.prepare('SELECT menu_id AS id, menu_name AS name FROM sys_menu WHERE menu_id > 5000 ORDER BY menu_id').all();
    expect(names).toEqual([{ id: 5001, name: '通知公告' }, { id: 5002, name: '通知公告(5002)' }, { id: 5003, name: '通知公告' }]);
    expect(() => after.$client.exec(`INSERT INTO sys_menu (menu_name, parent_id, menu_type) VALUES ('通知公告', 1, 'C')`)).toThrow(/UNIQUE constraint failed: sys_menu.parent_id, sys_menu.menu_name/);
    after.$client.close();
  });
});

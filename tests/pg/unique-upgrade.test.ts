/**
 * drizzle-pg/0002_unique_rules_captcha.sql on a database made before it (issue 44): same-named
 * menus under one parent get the later ones' ids appended, so the unique index can be created;
 * the database then refuses a new duplicate (23505 naming sys_menu_parent_name_uq).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPgMigrationsFolder, migratePostgres } from '../../server/db/pg-schema/migrate';
import { migrationsBefore } from '../helpers/migrations';
import { freshDatabase } from './fresh-db';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-pg-unique-upgrade-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('0002 on an older PostgreSQL database', () => {
  it('renames later same-named menus under one parent, then enforces the rule', async () => {
    const url = await freshDatabase('unique_upgrade');
    await migratePostgres(url, migrationsBefore(defaultPgMigrationsFolder, '0002_unique_rules_captcha', path.join(dir, 'm')));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`INSERT INTO sys_menu (menu_id, menu_name, parent_id, menu_type) VALUES (5001, '通知公告', 1, 'C'), (5002, '通知公告', 1, 'C'), (5003, '通知公告', 2, 'C')`);
      await migratePostgres(url);
      const { rows } = await client.query('SELECT menu_id AS id, menu_name AS name FROM sys_menu WHERE menu_id > 5000 ORDER BY menu_id');
      expect(rows).toEqual([{ id: 5001, name: '通知公告' }, { id: 5002, name: '通知公告(5002)' }, { id: 5003, name: '通知公告' }]);
      await expect(client.query(`INSERT INTO sys_menu (menu_id, menu_name, parent_id, menu_type) VALUES (5004, '通知公告', 1, 'C')`))
        .rejects.toMatchObject({ code: '23505', constraint: 'sys_menu_parent_name_uq' });
    } finally {
      await client.end();
    }
  });
});

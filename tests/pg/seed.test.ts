/**
 * The seed on PostgreSQL (issue 43 "Seeds work on both (sequences advanced after seeding)"): the
 * same seedDatabase, through the store port, writes row for row what it writes on SQLite, runs
 * once (the marker row), and leaves the identity sequences after the seeded ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { openDatabase } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { seedDatabase } from '../../server/db/seed';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import { freshDatabase } from './fresh-db';

const NOW = '2026-01-05 09:00:00';
const WORKFLOW = { listeners: [{ name: '用户任务监听器', type: '1', eventType: 'create', valueType: 'classListener', value: 'caishui.listener.UserTaskListener', remark: '内置监听器' }] };

let pgStore: Store;
let lite: Store<Db>;

/** Every row of every seeded table, as sorted JSON lines per table. */
async function dump(store: Store, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables) out[t] = (await store.all(`SELECT * FROM "${t}"`)).map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).sort()))).sort();
  return out;
}

beforeAll(async () => {
  const url = await freshDatabase('seed');
  await migratePostgres(url);
  pgStore = await openPostgresStore(url);
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  await seedDatabase(pgStore as Store<Db>, NOW, WORKFLOW);
  await seedDatabase(lite, NOW, WORKFLOW);
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

describe('seedDatabase on PostgreSQL', () => {
  it('writes the same rows as on SQLite', async () => {
    const tables = (await lite.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")).map((r) => r.name);
    const expected = await dump(lite, tables);
    expect(expected.sys_menu.length).toBeGreaterThan(50);
    expect(await dump(pgStore, tables)).toEqual(expected);
  });

  it('runs once: a second run changes nothing', async () => {
    const before = await pgStore.get<{ n: number }>('SELECT count(*) AS "n" FROM sys_menu');
    await seedDatabase(pgStore as Store<Db>, '2026-02-01 10:00:00', WORKFLOW);
    expect(await pgStore.get('SELECT count(*) AS "n" FROM sys_menu')).toEqual(before);
  });

  it('leaves the identity sequences after the seeded ids', async () => {
    const max = await pgStore.get<{ id: number }>('SELECT max(menu_id) AS "id" FROM sys_menu');
    const made = await pgStore.get<{ id: number }>("INSERT INTO sys_menu (menu_name, parent_id, order_num, menu_type) VALUES ('新菜单', 0, 1, 'M') RETURNING menu_id AS \"id\"");
    expect(made!.id).toBe(max!.id + 1);
  });
});

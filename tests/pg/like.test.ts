/**
 * "Contains" filters on PostgreSQL (issue 11 §4, issue 43): the user's text is taken literally
 * (`%`, `_`, `\`) and matched ignoring case, as SQLite's LIKE does for ASCII letters, through the
 * Drizzle helper (`contains` with the query's `db`), the hand-written operator (`likeEscapedOn`)
 * and a converted repository (system posts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { seedDatabase } from '../../server/db/seed';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import { sysConfig } from '../../server/db/schema';
import { contains, likeEscapedOn, likePattern } from '../../server/core/like';
import { listPosts } from '../../server/modules/system/post/post.repo';
import { freshDatabase } from './fresh-db';

let pgStore: Store<Db>;
let lite: Store<Db>;

beforeAll(async () => {
  const url = await freshDatabase('like');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  for (const store of [pgStore, lite]) {
    await seedDatabase(store, '2026-01-05 09:00:00', { listeners: [] });
    for (const [name, key] of [['Rate 50%', 'x.Rate_pct'], ['rate 5000', 'x.ratexpct'], ['Back\\Slash', 'x.bs']]) {
      await store.run('INSERT INTO sys_config (config_name, config_key, config_value) VALUES (?, ?, ?)', [name, key, '1']);
    }
  }
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

describe('contains on PostgreSQL', () => {
  const names = async (store: Store<Db>, text: string) =>
    (await store.db.select({ name: sysConfig.configName }).from(sysConfig).where(contains(sysConfig.configName, text, store.db)).orderBy(sysConfig.configId))
      .map((r) => r.name);

  it('ignores case and takes %, _ and \\ literally, finding what SQLite finds', async () => {
    for (const text of ['RATE', 'rate 5', '50%', '%', 'back\\s', 'e_', 'E 5']) {
      expect(await names(pgStore, text), text).toEqual(await names(lite, text));
    }
    expect(await names(pgStore, 'RATE')).toEqual(['Rate 50%', 'rate 5000']);
    expect(await names(pgStore, '%')).toEqual(['Rate 50%']);
    expect(await names(pgStore, 'BACK\\')).toEqual(['Back\\Slash']);
  });

  it('hand-written SQL: likeEscapedOn(store.kind) with likePattern', async () => {
    const keys = async (store: Store<Db>, text: string) => (await store.all<{ key: string }>(
      `SELECT config_key AS "key" FROM sys_config WHERE config_key ${likeEscapedOn(store.kind)} ORDER BY config_id`, [likePattern(text)])).map((r) => r.key);
    expect(await keys(pgStore, 'RATE_')).toEqual(['x.Rate_pct']);
    expect(await keys(pgStore, 'RATE_')).toEqual(await keys(lite, 'RATE_'));
  });

  it('a converted repository (system posts) searches ignoring case', async () => {
    const codes = async (store: Store<Db>, postCode: string) => (await listPosts(store, { postCode })).rows.map((r) => r.postCode);
    expect(await codes(pgStore, 'CEO')).toEqual(['ceo']);
    expect(await codes(pgStore, 'E')).toEqual(await codes(lite, 'E'));
  });
});

/**
 * The one LIKE rule (issue 11 §4): `%`, `_` and `\` in a filter match themselves, through both the
 * Drizzle helper and the raw `LIKE ? ESCAPE '\'` text, on a real SQLite.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteTable, integer, text } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { contains, LIKE_ESCAPED, likePattern } from './like';

const names = ['50%', '5000', 'a_b', 'axb', 'c\\d', 'cd', 'plain'];
const sqlite = new Database(':memory:');
sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
const insert = sqlite.prepare('INSERT INTO t (name) VALUES (?)');
for (const n of names) insert.run(n);
const t = sqliteTable('t', { id: integer('id').primaryKey(), name: text('name') });
const db = drizzle(sqlite);
afterAll(() => sqlite.close());

describe('likePattern / LIKE_ESCAPED', () => {
  it('escapes \\, % and _ and wraps the text in %', () => {
    expect(likePattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
    expect(likePattern('张三')).toBe('%张三%');
    expect(LIKE_ESCAPED).toBe("LIKE ? ESCAPE '\\'");
  });

  it('matches the special characters literally in raw SQL', () => {
    const find = (s: string) => (sqlite.prepare(`SELECT name FROM t WHERE name ${LIKE_ESCAPED} ORDER BY id`).all(likePattern(s)) as { name: string }[]).map((r) => r.name);
    expect(find('%')).toEqual(['50%']);
    expect(find('_')).toEqual(['a_b']);
    expect(find('\\')).toEqual(['c\\d']);
    expect(find('A')).toEqual(['a_b', 'axb', 'plain']);
  });
});

describe('contains', () => {
  const find = (s: string | undefined | null) => db.select({ name: t.name }).from(t).where(contains(t.name, s)).orderBy(t.id).all().map((r) => r.name);

  it('is `col LIKE ? ESCAPE \'\\\'` with the escaped pattern bound', () => {
    const q = db.select().from(t).where(contains(t.name, '5%')).toSQL();
    expect(q.sql).toContain(`"name" LIKE ? ESCAPE '\\'`);
    expect(q.params).toEqual(['%5\\%%']);
  });

  it('matches %, _ and \\ literally; no filter for blank text', () => {
    expect(find('%')).toEqual(['50%']);
    expect(find('_')).toEqual(['a_b']);
    expect(find('c\\')).toEqual(['c\\d']);
    expect(find('50')).toEqual(['50%', '5000']);
    expect(contains(t.name, '')).toBeUndefined();
    expect(contains(t.name, null)).toBeUndefined();
    expect(find(undefined)).toEqual(names);
  });
});

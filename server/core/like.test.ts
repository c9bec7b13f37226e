/**
 * The one LIKE rule (issue 11 §4): `%`, `_` and `\` in a filter match themselves, through both the
 * Drizzle helper and the raw `LIKE ? ESCAPE '\'` text, on a real SQLite; the dialect's SQL text
 * (issue 43: LIKE on SQLite, ILIKE on PostgreSQL, both ignoring case; tests/pg/like.test.ts runs
 * the PostgreSQL one).
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { sqliteTable, integer, text } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { contains, LIKE_ESCAPED, likeEscapedOn, likeKindOf, likePattern } from './like';

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
  const find = (s: string | undefined | null) => db.select({ name: t.name }).from(t).where(contains(t.name, s, db)).orderBy(t.id).all().map((r) => r.name);

  it('is `col LIKE ? ESCAPE \'\\\'` with the escaped pattern bound', () => {
    const q = db.select().from(t).where(contains(t.name, '5%', db)).toSQL();
    expect(q.sql).toContain(`"name" LIKE ? ESCAPE '\\'`);
    expect(q.params).toEqual(['%5\\%%']);
  });

  it('matches %, _ and \\ literally; no filter for blank text', () => {
    expect(find('%')).toEqual(['50%']);
    expect(find('_')).toEqual(['a_b']);
    expect(find('c\\')).toEqual(['c\\d']);
    expect(find('50')).toEqual(['50%', '5000']);
    expect(contains(t.name, '', db)).toBeUndefined();
    expect(contains(t.name, null, 'postgres')).toBeUndefined();
    expect(find(undefined)).toEqual(names);
  });
});

describe('the dialect of the filter (issue 43: case-insensitive on both databases)', () => {
  // A PostgreSQL Drizzle handle that is never connected: only its dialect is read.
  const pgDb = pgDrizzle.mock();

  it('picks the dialect from the kind or the Drizzle handle', () => {
    expect(likeKindOf('sqlite')).toBe('sqlite');
    expect(likeKindOf('postgres')).toBe('postgres');
    expect(likeKindOf(db)).toBe('sqlite');
    expect(likeKindOf(pgDb)).toBe('postgres');
  });

  it('SQLite keeps `LIKE ? ESCAPE \'\\\'` exactly; PostgreSQL uses ILIKE with the same pattern', () => {
    const where = (on: 'sqlite' | 'postgres') => db.select().from(t).where(contains(t.name, 'Ab%', on)).toSQL();
    expect(where('sqlite').sql).toBe(`select "id", "name" from "t" where "t"."name" LIKE ? ESCAPE '\\'`);
    expect(where('sqlite').params).toEqual(['%Ab\\%%']);
    expect(db.select().from(t).where(contains(t.name, 'Ab%', db)).toSQL()).toEqual(where('sqlite'));
    expect(where('postgres').sql).toBe(`select "id", "name" from "t" where "t"."name" ILIKE ? ESCAPE '\\'`);
    expect(where('postgres').params).toEqual(['%Ab\\%%']);
    expect(pgDb.select().from(t as never).where(contains(t.name, 'Ab%', pgDb)).toSQL().sql)
      .toBe(`select "id", "name" from "t" where "t"."name" ILIKE $1 ESCAPE '\\'`);
    expect(likeEscapedOn('sqlite')).toBe(LIKE_ESCAPED);
    expect(likeEscapedOn(db)).toBe(LIKE_ESCAPED);
    expect(likeEscapedOn(pgDb)).toBe("ILIKE ? ESCAPE '\\'");
  });

  it('SQLite matches ignoring the case of ASCII letters', () => {
    const find = (s: string) => db.select({ name: t.name }).from(t).where(contains(t.name, s, db)).orderBy(t.id).all().map((r) => r.name);
    expect(find('PLAIN')).toEqual(['plain']);
    expect(find('A_B')).toEqual(['a_b']);
  });
});

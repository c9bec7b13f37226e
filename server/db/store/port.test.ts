import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase, openPostgres, SQLITE_ONLY } from '../client';
import { dbKindOf, memoByText, numberPlaceholders } from './port';

describe('dbKindOf (DATABASE_URL → adapter)', () => {
  it.each([
    ['postgres://caishui@127.0.0.1:5432/caishui', 'postgres'],
    ['postgresql://u:p@db.example/x?sslmode=require', 'postgres'],
    ['  POSTGRES://u@h/db', 'postgres'],
    ['./data/caishui.db', 'sqlite'],
    [':memory:', 'sqlite'],
    ['/var/lib/caishui/postgres.db', 'sqlite'],
    ['file:x.db', 'sqlite'],
  ])('%s → %s', (url, kind) => {
    expect(dbKindOf(url)).toBe(kind);
  });
});

describe('numberPlaceholders', () => {
  it('numbers ? outside quoted text and comments', () => {
    expect(numberPlaceholders(`SELECT '?' AS "a?", x FROM t WHERE a = ? AND b = ? -- ?\nAND c = ?`, 3))
      .toBe(`SELECT '?' AS "a?", x FROM t WHERE a = $1 AND b = $2 -- ?\nAND c = $3`);
  });

  it('refuses a parameter count that differs', () => {
    expect(() => numberPlaceholders('SELECT ? + ?', 1)).toThrow('2 placeholders, 1 parameters');
    expect(() => numberPlaceholders('SELECT ? + ?', 1)).toThrow('2 placeholders, 1 parameters'); // remembered, still checked
  });

  it('leaves a text without placeholders as it is, an unterminated quote or comment to its end', () => {
    expect(numberPlaceholders('SELECT 1')).toBe('SELECT 1');
    expect(numberPlaceholders("SELECT ? || 'it?s")).toBe("SELECT $1 || 'it?s");
    expect(numberPlaceholders('SELECT ? -- ?')).toBe('SELECT $1 -- ?');
    expect(numberPlaceholders('?')).toBe('$1');
  });

  it('gives the same text back for the same statement (remembered; the name lookup finds its hash)', () => {
    const sql = ['SELECT a FROM t', 'WHERE a = ?'].join(' ');
    expect(numberPlaceholders(sql, 1)).toBe(numberPlaceholders(sql.slice(0), 1));
    expect(numberPlaceholders(sql, 1)).toBe('SELECT a FROM t WHERE a = $1');
  });
});

describe('memoByText', () => {
  it('computes a text once, bounds what it keeps by length and count', () => {
    const seen: string[] = [];
    const len = memoByText((t) => { seen.push(t); return t.length; }, 5, 2);
    expect([len('ab'), len('ab'), len('abcdef'), len('abcdef')]).toEqual([2, 2, 6, 6]);
    expect(seen).toEqual(['ab', 'abcdef', 'abcdef']); // past 5 characters: computed each time
    len('c'); len('d'); // the third text kept empties the memo first
    len('ab');
    expect(seen.filter((t) => t === 'ab')).toHaveLength(2);
  });
});

describe('opening by kind (server/db/client.ts)', () => {
  const url = 'postgres://caishui@127.0.0.1:1/caishui';

  it('openDatabase (SQLite) refuses a postgres:// URL instead of creating a SQLite file named after it', () => {
    expect(() => openDatabase({ url })).toThrow(SQLITE_ONLY);
    expect(fs.existsSync('postgres:')).toBe(false);
  });

  it('openPostgres connects to the server the URL names (here none listens: the connection error), and refuses a SQLite path', async () => {
    await expect(openPostgres({ url })).rejects.toThrow(/ECONNREFUSED|connect/);
    expect(fs.existsSync('postgres:')).toBe(false);
    await expect(openPostgres({ url: './data/caishui.db' })).rejects.toThrow('not a PostgreSQL URL');
  });
});

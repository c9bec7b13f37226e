import { describe, expect, it } from 'vitest';
import { openDatabase, POSTGRES_NOT_YET } from '../client';
import { dbKindOf, numberPlaceholders } from './port';

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
  });
});

describe('openDatabase', () => {
  it('refuses a postgres:// URL instead of creating a SQLite file named after it', () => {
    expect(() => openDatabase({ url: 'postgres://caishui@127.0.0.1:1/caishui' })).toThrow(POSTGRES_NOT_YET);
  });
});

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BatchError } from './port';
import { bindValue } from './pg-pipeline';
import { expecting, expectingError, expectingSql } from './pg-expect';

describe('bindValue (a port parameter as the extended protocol binds it, issue 44)', () => {
  it('sends numbers, bigints and booleans (1 / 0) as text, strings as they are, null as null', () => {
    expect([1, -2.5, 0, 2 ** 53 + 2].map(bindValue)).toEqual(['1', '-2.5', '0', '9007199254740994']);
    expect(bindValue(-(2n ** 63n))).toBe('-9223372036854775808');
    expect([true, false].map(bindValue)).toEqual(['1', '0']);
    expect(bindValue("it's \\ ?")).toBe("it's \\ ?");
    expect(bindValue(null)).toBeNull();
    expect(bindValue(undefined)).toBeNull();
  });

  it('sends bytes as a Buffer over the same bytes', () => {
    const view = new Uint8Array([1, 2, 3]).subarray(1);
    const b = bindValue(view) as Buffer;
    expect(Buffer.isBuffer(b)).toBe(true);
    expect([...b]).toEqual([2, 3]);
  });

  it('refuses NaN, infinities, a string holding NUL and other types, saying why', () => {
    expect(() => bindValue(NaN)).toThrow('finite numbers only');
    expect(() => bindValue(Infinity)).toThrow('finite numbers only');
    expect(() => bindValue('a\0b')).toThrow('U+0000');
    expect(() => bindValue({} as never)).toThrow('cannot bind a parameter of type object');
  });
});

describe('row-count checks in SQL (pg-expect.ts)', () => {
  it('wraps a write so it divides by zero unless it changed the expected rows; other writes stay as they are', () => {
    expect(expectingSql('UPDATE t SET r = ? WHERE id = ? AND r = ?;  ', 1))
      .toBe('WITH w AS (UPDATE t SET r = ? WHERE id = ? AND r = ? RETURNING 1) SELECT 1 / (CASE WHEN count(*) = 1 THEN 1 ELSE 0 END) FROM w');
    expect(expecting({ sql: 'DELETE FROM t WHERE id = ?', params: [1] })).toEqual({ sql: 'DELETE FROM t WHERE id = ?', params: [1] });
    expect(expecting({ sql: 'DELETE FROM t WHERE id = ?', params: [1], expect: { changes: 2, error: () => new Error('x') } }).sql).toContain('count(*) = 2');
  });

  it('maps a division by zero at a checked statement to its error; keeps other failures', () => {
    const conflict = new Error('已被他人修改');
    const list = [{ sql: 'INSERT INTO t VALUES (1)' }, { sql: 'UPDATE t SET r = 2', expect: { changes: 1, error: () => conflict } }];
    const db = (code: string) => Object.assign(new pg.DatabaseError('boom', 0, 'error'), { code });
    expect(expectingError(list, new BatchError(1, db('22012')))).toBe(conflict);
    const unique = new BatchError(0, db('23505'));
    expect(expectingError(list, unique)).toBe(unique); // not a checked statement
    const other = new BatchError(1, db('40P01'));
    expect(expectingError(list, other)).toBe(other); // a deadlock stays one (the retry sees it)
    const atCommit = db('40001');
    expect(expectingError(list, new BatchError(-1, atCommit))).toBe(atCommit); // the COMMIT's own failure
    const plain = new Error('connection ended');
    expect(expectingError(list, plain)).toBe(plain);
  });
});

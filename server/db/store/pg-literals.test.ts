import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { batchText } from './pg-batch';
import { holdsSeveralStatements, inlineParams, sqlLiteral, toPgParam } from './pg-literals';
import { BatchError } from './port';

describe('sqlLiteral (the PostgreSQL batch, issue 43)', () => {
  it('writes null, booleans, numbers and bigints as SQL', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(true)).toBe('1');
    expect(sqlLiteral(false)).toBe('0');
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(1.5)).toBe('1.5');
    expect(sqlLiteral(-3)).toBe('(-3)');
    expect(sqlLiteral(-0)).toBe('0');
    expect(sqlLiteral(1e21)).toBe('1e+21');
    expect(sqlLiteral(12345678901234567890n)).toBe('12345678901234567890');
    expect(sqlLiteral(-5n)).toBe('(-5)');
  });

  it('refuses NaN and infinities', () => {
    for (const n of [NaN, Infinity, -Infinity]) expect(() => sqlLiteral(n)).toThrow(TypeError);
  });

  it('quotes strings with escapeLiteral: quotes doubled, backslashes in the E form', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('')).toBe("''");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(sqlLiteral("\\'")).toBe(" E'\\\\'''");
    expect(sqlLiteral('ü€😀')).toBe("'ü€😀'");
    expect(sqlLiteral('x', (s) => `<${s}>`)).toBe('<x>');
  });

  it('refuses a string holding NUL with a message that says why', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(/U\+0000 \(NUL\): PostgreSQL text cannot store it/);
  });

  it('writes bytes as hex bytea in the E form', () => {
    expect(sqlLiteral(Buffer.from([0, 1, 0xab, 0xff]))).toBe("E'\\\\x0001abff'::bytea");
    expect(sqlLiteral(new Uint8Array([7, 8]).subarray(1))).toBe("E'\\\\x08'::bytea");
    expect(sqlLiteral(Buffer.alloc(0))).toBe("E'\\\\x'::bytea");
  });

  it('refuses other types', () => {
    expect(() => sqlLiteral({} as never)).toThrow(/type object/);
  });
});

describe('inlineParams', () => {
  it('replaces ? outside quotes and -- comments, as numberPlaceholders numbers them', () => {
    expect(inlineParams('SELECT ?, \'?\', "?" -- ?\n, ?', [1, "o'k"])).toBe('SELECT 1, \'?\', "?" -- ?\n, \'o\'\'k\'');
    expect(inlineParams('SELECT x -?', [-1])).toBe('SELECT x -(-1)');
    expect(inlineParams('SELECT 1')).toBe('SELECT 1');
  });

  it('throws when placeholders and parameters differ in number', () => {
    expect(() => inlineParams('SELECT ?, ?', [1])).toThrow(/2 placeholders, 1 parameters/);
    expect(() => inlineParams('SELECT ?', [1, 2])).toThrow(/1 placeholders, 2 parameters/);
  });

  it('a bound parameter keeps its type in toPgParam', () => {
    expect(toPgParam(true)).toBe(1);
    expect(toPgParam(false)).toBe(0);
    expect(toPgParam(10n)).toBe('10');
    const bytes = new Uint8Array([1, 2, 3]).subarray(1);
    expect(Buffer.isBuffer(toPgParam(bytes))).toBe(true);
    expect([...(toPgParam(bytes) as Buffer)]).toEqual([2, 3]);
    expect(toPgParam('s')).toBe('s');
  });
});

describe('batchText', () => {
  it('joins the statements so a trailing comment stays closed, and knows where each starts', () => {
    const b = batchText([{ sql: 'SELECT ? -- note;', params: ['😀'] }, { sql: 'SELECT 2;' }], pg.escapeLiteral, 'SAVEPOINT s\n;\n', '\n;\nRELEASE SAVEPOINT s');
    expect(b.text).toBe("SAVEPOINT s\n;\nSELECT '😀' -- note\n;\nSELECT 2\n;\nRELEASE SAVEPOINT s");
    // In code points as PostgreSQL counts positions: "SELECT '😀' -- note" is 18 (19 UTF-16 units).
    expect(b.starts).toEqual([14, 14 + 18 + 3]);
    expect(b.lead).toBe(1);
  });

  it('names the entry that is empty, several statements, or cannot be inlined', () => {
    const indexOf = (list: { sql: string; params?: unknown[] }[]) => {
      try { batchText(list as never, pg.escapeLiteral); return 'built'; } catch (e) { return e instanceof BatchError ? e.index : e; }
    };
    expect(indexOf([{ sql: 'SELECT 1' }, { sql: ' ; ' }])).toBe(1);
    expect(indexOf([{ sql: 'SELECT 1' }, { sql: 'SELECT 1; SELECT 2' }])).toBe(1);
    expect(indexOf([{ sql: 'SELECT ?', params: ['\0'] }])).toBe(0);
    expect(indexOf([{ sql: "SELECT ';' -- ;\n" }])).toBe('built');
  });

  it('holdsSeveralStatements sees ; outside quotes and comments only', () => {
    expect(holdsSeveralStatements("SELECT ';'; ")).toBe(false);
    expect(holdsSeveralStatements('SELECT 1 -- a; b')).toBe(false);
    expect(holdsSeveralStatements('SELECT 1; SELECT 2')).toBe(true);
  });
});

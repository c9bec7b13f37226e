import { describe, expect, it } from 'vitest';
import { arrayRow, objectRow, rowCountOf, shapeOf, withParsers } from './pg-rows';

const INT4 = 23, TEXT = 25;
const types = { getTypeParser: (oid: number) => (oid === INT4 ? (v: string) => Number(v) : (v: string) => v) };

describe('pipeline rows (pg-rows.ts)', () => {
  it('counts the rows a command tag names, as node-postgres does', () => {
    expect(['SELECT 3', 'UPDATE 1', 'INSERT 0 7', 'DELETE 0', 'BEGIN', '', undefined].map(rowCountOf)).toEqual([3, 1, 7, 0, 0, 0, 0]);
  });

  it('builds rows by the shape: arrays, or objects where a later column of the same name wins; null stays null', () => {
    const shape = shapeOf([{ name: 'id', dataTypeID: INT4 }, { name: 's', dataTypeID: TEXT }, { name: 'id', dataTypeID: TEXT }], types);
    expect(arrayRow(shape, ['1', null, '2'])).toEqual([1, null, '2']);
    expect(objectRow(shape, ['1', 'a', '2'])).toEqual({ id: '2', s: 'a' });
  });

  it('keeps a column named __proto__ as an own property', () => {
    const row = objectRow(shapeOf([{ name: '__proto__', dataTypeID: TEXT }], types), ['{"polluted":1}']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['__proto__']);
  });

  it('gives a shape the parsers of other types without changing it', () => {
    const shape = shapeOf([{ name: 'n', dataTypeID: INT4 }], types);
    expect(withParsers(shape, types)).toBe(shape);
    const other = withParsers(shape, { getTypeParser: () => (v: string) => `x${v}` });
    expect(arrayRow(other, ['5'])).toEqual(['x5']);
    expect(arrayRow(shape, ['5'])).toEqual([5]);
  });
});

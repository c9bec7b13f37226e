import { describe, expect, it } from 'vitest';
import { idList } from './table';

describe('REST input helpers', () => {
  it('splits comma-joined ids', () => {
    expect(idList('1,2,3')).toEqual([1, 2, 3]);
    expect(idList('')).toEqual([]);
    expect(idList('1,x')[1]).toBeNaN();
  });
});

import { describe, expect, it } from 'vitest';
import { idList, textList, withIdList, withIds } from './rest-meta';

describe('REST input helpers', () => {
  it('splits comma-joined ids', () => {
    expect(idList('1,2,3')).toEqual([1, 2, 3]);
    expect(idList('')).toEqual([]);
    expect(idList('1,x')[1]).toBeNaN();
  });

  it('reshapes one key of the raw input, keeping the others', () => {
    expect(withIdList('ids')({ ids: '1,2', a: 1 })).toEqual({ ids: [1, 2], a: 1 });
    expect(withIds('userIds')({ userIds: [3, 4] })).toEqual({ userIds: [3, 4] });
    expect(withIds('userIds')({ userIds: '3,4' })).toEqual({ userIds: [3, 4] });
    expect(textList(' a, b,,')).toEqual(['a', 'b']);
  });
});

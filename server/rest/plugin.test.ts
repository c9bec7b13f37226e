import { describe, expect, it } from 'vitest';
import { nestBrackets } from './plugin';
import { idList } from './table';

describe('REST input helpers', () => {
  it('nests params[beginTime] keys as RuoYi tansParams sends them', () => {
    expect(nestBrackets({ 'params[beginTime]': '2026-01-01', 'params[endTime]': '2026-01-31', pageNum: '1' }))
      .toEqual({ params: { beginTime: '2026-01-01', endTime: '2026-01-31' }, pageNum: '1' });
  });
  it('splits comma-joined ids', () => {
    expect(idList('1,2,3')).toEqual([1, 2, 3]);
    expect(idList('')).toEqual([]);
    expect(idList('1,x')[1]).toBeNaN();
  });
});

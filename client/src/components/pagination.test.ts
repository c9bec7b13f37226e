import { describe, expect, it } from 'vitest';
import { PAGE_SIZES, PICKER_PAGE_SIZES, pagerItems } from './Pagination';

describe('Pagination (spec §2 "Other", §9)', () => {
  it('uses the spec page sizes', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 50]);
    expect(PICKER_PAGE_SIZES).toEqual([5, 10]);
  });
  it('shows every page up to 7, else gaps around the current page', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, '…', 20]);
    expect(pagerItems(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(pagerItems(20, 20)).toEqual([1, '…', 15, 16, 17, 18, 19, 20]);
  });
});

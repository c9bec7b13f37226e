import { describe, expect, it } from 'vitest';
import { searchIcons } from './icon-search';

describe('searchIcons', () => {
  const names = ['user', 'peoples', 'system', 'exit-fullscreen', 'fullscreen'];
  it('filters by substring, any case', () => {
    expect(searchIcons(names, 'full')).toEqual(['exit-fullscreen', 'fullscreen']);
    expect(searchIcons(names, ' USER ')).toEqual(['user']);
  });
  it('gives every name for blank text and none for no match', () => {
    expect(searchIcons(names, '')).toEqual(names);
    expect(searchIcons(names, 'zzz')).toEqual([]);
  });
});

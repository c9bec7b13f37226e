import { describe, expect, it } from 'vitest';
import { buildSystem, paletteOf, shade } from './theme';

describe('theme colours', () => {
  it('mixes towards white and black', () => {
    expect(shade('#409EFF', 0)).toBe('#409eff');
    expect(shade('#409EFF', 1)).toBe('#ffffff');
    expect(shade('#409EFF', -1)).toBe('#000000');
  });
  it('builds a 50…950 palette around the colour', () => {
    const p = paletteOf('#f5222d');
    expect(p[500]).toBe('#f5222d');
    expect(Object.keys(p)).toHaveLength(11);
  });
  it('builds a Chakra system with the brand palette', () => {
    const system = buildSystem('#11a983', 'sm');
    expect(system.token('colors.brand.500')).toBe('#11a983');
  });
});

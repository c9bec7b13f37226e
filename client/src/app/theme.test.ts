import { describe, expect, it } from 'vitest';
import { buildSystem, defaultConfigWith, paletteOf, shade } from './theme';

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

describe('recipes loaded in two steps (issue 15)', () => {
  it('is, once every recipe is loaded, exactly Chakra defaultConfig under the overrides', async () => {
    const { createSystem, defaultBaseConfig, defaultConfig } = await import('@chakra-ui/react');
    const { recipes, slotRecipes } = await import('./theme-recipes');
    const mine = createSystem(defaultBaseConfig, defaultConfigWith(recipes, slotRecipes));
    expect(mine._config).toEqual(createSystem(defaultConfig)._config);
    expect(mine.getTokenCss()).toEqual(createSystem(defaultConfig).getTokenCss());
    const full = buildSystem('#409EFF', 'sm', { recipes, slotRecipes });
    expect(Object.keys(full._config.theme!.recipes!).sort()).toEqual(Object.keys(defaultConfig.theme!.recipes!).sort());
    expect(Object.keys(full._config.theme!.slotRecipes!).sort()).toEqual(Object.keys(defaultConfig.theme!.slotRecipes!).sort());
    expect(full.getSlotRecipe('table').defaultVariants?.size).toBe('sm');
    expect(full.getSlotRecipe('menu').defaultVariants?.size).toBe('sm');
  });
  it('gives the screens before sign-in only their recipes, with the size setting', () => {
    const light = buildSystem('#409EFF', 'xs');
    expect(light.isRecipe('button') && light.isSlotRecipe('checkbox') && light.isSlotRecipe('toast')).toBe(true);
    expect(light.isSlotRecipe('table')).toBe(false);
    expect(light.getRecipe('button').defaultVariants?.size).toBe('xs');
  });
});

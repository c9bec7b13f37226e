import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT_SETTINGS,
  DEFAULT_SIZE,
  PRESET_THEME_COLORS,
  SIZE_LEVELS,
  chakraSizeOf,
  clearLayoutSettings,
  loadLayoutSettings,
  saveLayoutSettings,
  type LayoutSettings,
} from './layout-settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => (map.has(k) ? map.get(k)! : null),
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('defaults and presets', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toEqual({
      theme: '#409EFF',
      sideTheme: 'theme-dark',
      showSettings: false,
      topNav: false,
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
      dynamicTitle: false,
    });
    expect(Object.isFrozen(DEFAULT_LAYOUT_SETTINGS)).toBe(true);
  });
  it('lists the eight preset colours', () => {
    expect(PRESET_THEME_COLORS).toEqual(['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d']);
  });
});

describe('loadLayoutSettings', () => {
  it('returns a fresh copy of the defaults when nothing is stored', () => {
    const s = loadLayoutSettings(memoryStorage());
    expect(s).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(s).not.toBe(DEFAULT_LAYOUT_SETTINGS);
  });
  it('merges stored values over the defaults', () => {
    const storage = memoryStorage({ 'layout-setting': JSON.stringify({ topNav: true, theme: '#11a983', sideTheme: 'theme-light' }) });
    expect(loadLayoutSettings(storage)).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, topNav: true, theme: '#11a983', sideTheme: 'theme-light' });
  });
  it('ignores bad JSON and non-objects', () => {
    expect(loadLayoutSettings(memoryStorage({ 'layout-setting': '{oops' }))).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(loadLayoutSettings(memoryStorage({ 'layout-setting': '[1,2]' }))).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(loadLayoutSettings(memoryStorage({ 'layout-setting': 'null' }))).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(loadLayoutSettings(memoryStorage({ 'layout-setting': '42' }))).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
  it('drops unknown keys, wrong types and bad side themes', () => {
    const storage = memoryStorage({
      'layout-setting': JSON.stringify({ tagsView: 'no', sideTheme: 'theme-pink', theme: '', extra: 1, fixedHeader: true }),
    });
    expect(loadLayoutSettings(storage)).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, fixedHeader: true });
  });
  it('survives a storage that throws', () => {
    const storage = { getItem: () => { throw new Error('denied'); } };
    expect(loadLayoutSettings(storage)).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});

describe('save and clear', () => {
  it('round-trips through the layout-setting key', () => {
    const storage = memoryStorage();
    const s: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS, dynamicTitle: true, theme: '#f5222d' };
    saveLayoutSettings(s, storage);
    expect(JSON.parse(storage.map.get('layout-setting')!)).toEqual(s);
    expect(loadLayoutSettings(storage)).toEqual(s);
    clearLayoutSettings(storage);
    expect(storage.map.has('layout-setting')).toBe(false);
    expect(loadLayoutSettings(storage)).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});

describe('size levels', () => {
  it('lists levels and the default', () => {
    expect(SIZE_LEVELS).toEqual(['default', 'medium', 'small', 'mini']);
    expect(DEFAULT_SIZE).toBe('medium');
  });
  it('maps to Chakra sizes', () => {
    expect(chakraSizeOf('default')).toBe('lg');
    expect(chakraSizeOf('medium')).toBe('md');
    expect(chakraSizeOf('small')).toBe('sm');
    expect(chakraSizeOf('mini')).toBe('xs');
  });
  it('falls back to md for unknown values', () => {
    expect(chakraSizeOf('huge')).toBe('md');
    expect(chakraSizeOf(undefined)).toBe('md');
    expect(chakraSizeOf('toString')).toBe('md');
  });
});

describe('rootFontSizeOf', () => {
  it('shrinks from default to mini, medium when unknown', async () => {
    const { rootFontSizeOf } = await import('./layout-settings');
    expect(['default', 'medium', 'small', 'mini'].map(rootFontSizeOf)).toEqual([16, 15, 14, 13]);
    expect(rootFontSizeOf(undefined)).toBe(15);
    expect(rootFontSizeOf('toString')).toBe(15);
  });
});

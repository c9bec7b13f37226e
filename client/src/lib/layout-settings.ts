/**
 * Layout settings and size levels (platform spec §2 "Settings panel", §3 "Layout settings
 * (stored locally under layout-setting)", §4 "size setting default medium").
 *
 * Stored shape (localStorage key `layout-setting`, JSON):
 *   { theme: '#409EFF', sideTheme: 'theme-dark', showSettings: false, topNav: false,
 *     tagsView: true, fixedHeader: false, sidebarLogo: true, dynamicTitle: false }
 * Loading merges the stored values over the defaults, key by key, keeping only known keys whose
 * type matches the default (and a valid sideTheme); bad JSON or a non-object gives the defaults.
 */

export type LayoutSettings = {
  theme: string;
  sideTheme: 'theme-dark' | 'theme-light';
  showSettings: boolean;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
};

/** localStorage key of the saved settings. */
export const LAYOUT_SETTINGS_KEY = 'layout-setting';

export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = Object.freeze({
  theme: '#409EFF',
  sideTheme: 'theme-dark',
  showSettings: false,
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
});

/** Preset theme colours of the settings panel (spec §2). */
export const PRESET_THEME_COLORS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

const SIDE_THEMES = ['theme-dark', 'theme-light'];

/** Reads and merges the stored settings; never throws. Returns a fresh object. */
export function loadLayoutSettings(storage: Pick<Storage, 'getItem'> = globalThis.localStorage): LayoutSettings {
  const result: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS };
  let stored: unknown;
  try {
    const raw = storage?.getItem(LAYOUT_SETTINGS_KEY);
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    return result;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return result;
  const bag = stored as Record<string, unknown>;
  const target = result as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_LAYOUT_SETTINGS) as (keyof LayoutSettings)[]) {
    const value = bag[key];
    if (typeof value !== typeof DEFAULT_LAYOUT_SETTINGS[key]) continue;
    if (key === 'sideTheme' && !SIDE_THEMES.includes(value as string)) continue;
    if (key === 'theme' && !(value as string)) continue;
    target[key] = value;
  }
  return result;
}

/** Saves the settings as JSON under `layout-setting` (the panel's save button). */
export function saveLayoutSettings(s: LayoutSettings, storage: Pick<Storage, 'setItem'> = globalThis.localStorage): void {
  storage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(s));
}

/** Removes the saved settings (the panel's reset button); the defaults apply after reload. */
export function clearLayoutSettings(storage: Pick<Storage, 'removeItem'> = globalThis.localStorage): void {
  storage.removeItem(LAYOUT_SETTINGS_KEY);
}

/** Component size levels of the navbar size select (spec §4). */
export const SIZE_LEVELS = ['default', 'medium', 'small', 'mini'] as const;
export type SizeLevel = (typeof SIZE_LEVELS)[number];
export const DEFAULT_SIZE: SizeLevel = 'medium';

const CHAKRA_SIZES: Record<SizeLevel, 'lg' | 'md' | 'sm' | 'xs'> = {
  default: 'lg',
  medium: 'md',
  small: 'sm',
  mini: 'xs',
};

/** Maps a size level to a Chakra size: default→lg, medium→md, small→sm, mini→xs; unknown → md. */
export function chakraSizeOf(size: SizeLevel | string | null | undefined): 'lg' | 'md' | 'sm' | 'xs' {
  return size && Object.hasOwn(CHAKRA_SIZES, size) ? CHAKRA_SIZES[size as SizeLevel] : CHAKRA_SIZES[DEFAULT_SIZE];
}

/**
 * Root font size (px) of a size level. Chakra measures in rem, so this scales every component,
 * including those that pin an explicit size, the way RuoYi's size setting shrinks all of
 * Element's controls: default 16, medium 15, small 14, mini 13.
 */
export function rootFontSizeOf(size: SizeLevel | string | null | undefined): number {
  switch (size) {
    case 'default': return 16;
    case 'small': return 14;
    case 'mini': return 13;
    default: return 15;
  }
}

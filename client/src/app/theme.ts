/**
 * Chakra system of the app: Chakra's default config plus a `brand` palette generated from the
 * theme colour (settings panel) and the component size chosen in the navbar (默认/中等/小型/迷你).
 *
 * Login page weight (issue 15): the default config is assembled here from its parts
 * (`@chakra-ui/react/theme`), with only the recipes the screens before sign-in use (sign-in,
 * register, 404/401, page loading, toasts, confirm dialogs, loading mask). Every recipe of the
 * default config is loaded with the signed-in routes (theme-recipes.ts, `loadFullRecipes`);
 * from then on the system is exactly Chakra's default config plus the overrides below.
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { createStore, useStore } from '../lib/store';

type Recipes = NonNullable<NonNullable<SystemConfig['theme']>['recipes']>;
type SlotRecipes = NonNullable<NonNullable<SystemConfig['theme']>['slotRecipes']>;

/** Recipes of the screens shown before sign-in (and of the global hosts: toasts, dialogs). */
export const PUBLIC_RECIPES: Recipes = {
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
};
export const PUBLIC_SLOT_RECIPES: SlotRecipes = {
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

/** The recipes the system is built with: the public ones until every recipe is loaded. */
const recipeStore = createStore<{ recipes: Recipes; slotRecipes: SlotRecipes; full: boolean }>({
  recipes: PUBLIC_RECIPES,
  slotRecipes: PUBLIC_SLOT_RECIPES,
  full: false,
});

/** The recipe set in use (re-renders when every recipe has been loaded). */
export const useThemeRecipes = () => useStore(recipeStore);

let fullLoading: Promise<void> | null = null;

/**
 * Loads every recipe of Chakra's default config (before any signed-in screen renders) and
 * switches the system to them; a failed load is retried on the next call.
 */
export function loadFullRecipes(): Promise<void> {
  fullLoading ??= import('./theme-recipes').then(
    ({ recipes, slotRecipes }) => recipeStore.set({ recipes, slotRecipes, full: true }),
    (e: unknown) => {
      fullLoading = null;
      throw e;
    },
  );
  return fullLoading;
}

/** Chakra's default config (defaultConfig) with the given recipes. */
export function defaultConfigWith(recipes: Recipes, slotRecipes: SlotRecipes): SystemConfig {
  return defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
  });
}

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  let h = hex.replace('#', '').trim();
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  if (Number.isNaN(n)) return [64, 158, 255];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Mixes `hex` with white (`amount` > 0) or black (`amount` < 0), amount in [-1, 1]. */
export function shade(hex: string, amount: number): string {
  const rgb = hexToRgb(hex);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  return toHex(rgb.map((v) => v + (target - v) * a) as Rgb);
}

/** The 50…950 scale of a colour, 500 being the colour itself. */
export function paletteOf(hex: string): Record<string, string> {
  return {
    50: shade(hex, 0.92),
    100: shade(hex, 0.8),
    200: shade(hex, 0.6),
    300: shade(hex, 0.4),
    400: shade(hex, 0.2),
    500: shade(hex, 0),
    600: shade(hex, -0.12),
    700: shade(hex, -0.25),
    800: shade(hex, -0.4),
    900: shade(hex, -0.55),
    950: shade(hex, -0.7),
  };
}

type Size = 'lg' | 'md' | 'sm' | 'xs';
const ALL: Size[] = ['xs', 'sm', 'md', 'lg'];

/** Recipes that follow the size setting, with the sizes each supports. */
const SIZED_RECIPES: Record<string, Size[]> = { button: ALL, input: ALL, textarea: ALL, badge: ALL };
const SIZED_SLOT_RECIPES: Record<string, Size[]> = {
  table: ['sm', 'md', 'lg'],
  nativeSelect: ALL,
  select: ALL,
  checkbox: ALL,
  radioGroup: ALL,
  switch: ALL,
  menu: ['sm', 'md'],
  tabs: ['sm', 'md', 'lg'],
  numberInput: ALL,
};

function fit(size: Size, supported: Size[]): Size {
  if (supported.includes(size)) return size;
  return size === 'xs' ? supported[0] : supported[supported.length - 1];
}

/** Size overrides of the recipes in `present` (a recipe not loaded yet gets none). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function sized(map: Record<string, Size[]>, size: Size, present: object): Record<string, any> {
  return Object.fromEntries(
    Object.entries(map)
      .filter(([name]) => name in present)
      .map(([name, sizes]) => [name, { defaultVariants: { size: fit(size, sizes) } }]),
  );
}

/**
 * Builds the Chakra system for a theme colour and a Chakra size (lg|md|sm|xs), with the given
 * recipe set (default: the one in use, see `loadFullRecipes`).
 */
export function buildSystem(
  themeColor: string,
  size: Size,
  base: { recipes: Recipes; slotRecipes: SlotRecipes } = recipeStore.get(),
) {
  const palette = paletteOf(themeColor);
  const tokens = Object.fromEntries(Object.entries(palette).map(([k, v]) => [k, { value: v }]));
  const recipes = sized(SIZED_RECIPES, size, base.recipes);
  const slotRecipes = sized(SIZED_SLOT_RECIPES, size, base.slotRecipes);
  const config = defineConfig({
    globalCss: {
      html: { colorPalette: 'brand' },
      body: {
        fontFamily:
          '"Helvetica Neue", Helvetica, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", Arial, sans-serif',
        bg: '#f0f2f5',
        color: '#303133',
      },
    },
    theme: {
      tokens: { colors: { brand: tokens } },
      semanticTokens: {
        colors: {
          brand: {
            solid: { value: '{colors.brand.500}' },
            contrast: { value: 'white' },
            fg: { value: '{colors.brand.600}' },
            muted: { value: '{colors.brand.100}' },
            subtle: { value: '{colors.brand.50}' },
            emphasized: { value: '{colors.brand.200}' },
            focusRing: { value: '{colors.brand.500}' },
          },
        },
      },
      recipes,
      slotRecipes,
    },
  });
  return createSystem(defaultBaseConfig, defaultConfigWith(base.recipes, base.slotRecipes), config);
}

/**
 * Every recipe of Chakra's default config, loaded on demand with the signed-in routes
 * (theme.ts `loadFullRecipes`), so the login page does not carry them.
 */
export { recipes, slotRecipes } from '@chakra-ui/react/theme';

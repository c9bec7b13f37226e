/**
 * Sizes and colours of the shell (platform spec §2, §9; RuoYi's variables.scss); in lib because
 * full-height screens below the shell (the error page, the process designer) read them too.
 */
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
export const NAVBAR_HEIGHT = 50;
export const TAGS_HEIGHT = 34;
/** Height of an embedded-link iframe (spec §2): viewport minus 94.5px. */
export const IFRAME_HEIGHT = 'calc(100vh - 94.5px)';

export interface SideColors {
  bg: string;
  subBg: string;
  hover: string;
  text: string;
  logoBg: string;
  logoText: string;
}

/** Colours of the dark and light sidebar themes. */
export const SIDE_THEMES: Record<'theme-dark' | 'theme-light', SideColors> = {
  'theme-dark': { bg: '#304156', subBg: '#1f2d3d', hover: '#263445', text: '#bfcbd9', logoBg: '#2b2f3a', logoText: '#ffffff' },
  'theme-light': { bg: '#ffffff', subBg: '#ffffff', hover: '#f0f2f5', text: 'rgba(0,0,0,.7)', logoBg: '#ffffff', logoText: '#001529' },
};

/**
 * Small stroke icons for the shell and the menus (RuoYi icon names). Unknown names fall back
 * to a generic document icon, so server menus always show something.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const P = (d: string) => <path d={d} />;

const ICONS: Record<string, ReactNode> = {
  dashboard: P('M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z'),
  system: (
    <>
      <circle cx="12" cy="12" r="3" />
      {P('M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z')}
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      {P('M4 21c0-4 3.6-7 8-7s8 3 8 7')}
    </>
  ),
  peoples: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      {P('M2 20c0-3.5 3-6 7-6s7 2.5 7 6M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.4.6 4 2.9 4 6')}
    </>
  ),
  monitor: (
    <>
      <rect x="2" y="3" width="20" height="14" rx="2" />
      {P('M8 21h8M12 17v4M6 12l3-3 3 3 5-5')}
    </>
  ),
  tool: P('M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8V21h3.2l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.6 2.6-2.5-.6-.6-2.5z'),
  cascader: P('M3 5h7M3 12h7M3 19h7M14 5h7M14 12h7M14 19h7M10 5l4 7-4 7'),
  dict: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      {P('M8 8h8M8 12h8M8 16h5')}
    </>
  ),
  tree: (
    <>
      <rect x="9" y="2" width="6" height="5" rx="1" />
      <rect x="2" y="17" width="6" height="5" rx="1" />
      <rect x="16" y="17" width="6" height="5" rx="1" />
      {P('M12 7v5M5 17v-5h14v5')}
    </>
  ),
  log: P('M4 4h16v16H4zM8 8h8M8 12h8M8 16h4'),
  job: (
    <>
      <circle cx="12" cy="12" r="9" />
      {P('M12 7v5l3 3')}
    </>
  ),
  link: P('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'),
  message: P('M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12zM8 10h8M8 14h5'),
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      {P('M3 7l9 6 9-6')}
    </>
  ),
  guide: P('M3 12l18-9-9 18-2-7z'),
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      {P('M20 20l-4-4')}
    </>
  ),
  fullscreen: P('M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6'),
  'exit-fullscreen': P('M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6'),
  size: P('M4 7V5h16v2M9 19h6M12 5v14'),
  hamburger: P('M3 6h18M3 12h18M3 18h18'),
  'hamburger-open': P('M3 6h18M9 12h12M3 18h18M3 9l3 3-3 3'),
  logout: P('M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l-5-5 5-5M5 12h11'),
  setting: P('M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4'),
  close: P('M6 6l12 12M18 6L6 18'),
  document: P('M6 2h9l5 5v15H6zM14 2v6h6'),
  server: (
    <>
      <rect x="3" y="3" width="18" height="7" rx="1.5" />
      <rect x="3" y="14" width="18" height="7" rx="1.5" />
      {P('M7 6.5h.01M7 17.5h.01M11 6.5h6M11 17.5h6')}
    </>
  ),
  redis: (
    <>
      <ellipse cx="12" cy="6" rx="8" ry="3" />
      {P('M4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6')}
    </>
  ),
  'redis-list': (
    <>
      <ellipse cx="10" cy="6" rx="7" ry="3" />
      {P('M3 6v10c0 1.7 3.1 3 7 3M17 6v4M14 14h7M14 17.5h7M14 21h7')}
    </>
  ),
};

/** Names of the menu icons (offered by the icon-selection dialog). */
export const ICON_NAMES: string[] = Object.keys(ICONS);

export interface SvgIconProps extends HTMLChakraProps<'svg'> {
  name?: string;
}

/** Renders the icon `name` at 1em, in the current colour. */
export function SvgIcon({ name = 'document', ...rest }: SvgIconProps) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      flexShrink={0}
      aria-hidden
      {...rest}
    >
      {ICONS[name] ?? ICONS.document}
    </chakra.svg>
  );
}

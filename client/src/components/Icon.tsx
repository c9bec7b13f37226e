/**
 * The one icon component: 24×24 stroke glyphs (2 px, round caps, currentColor) drawn at 1em.
 * Two sets, picked by the prop:
 * - `menu`: the menu set, RuoYi's svg-icon names (the server's menus, the navbar, cards, the
 *   profile). Any string; a name outside the set draws the document icon, so server menus always
 *   show something (e.g. 参数设置's `edit` draws the document, not the button pencil).
 *   MENU_ICON_NAMES lists the set for the icon-selection dialog.
 * - `name`: the button set (UiIconName): Element UI's el-icon-* equivalents of the shared
 *   components' buttons (toolbar, tables, trees, uploads, editor) and the process designer's
 *   toolbar glyphs. Not offered by the icon-selection dialog.
 * - `component`: the form designer's component set (`__config__.tagIcon`: input, textarea, select,
 *   date-range, table …; 1.8 px strokes), unknown names a plain box.
 * Names in both of the first two sets (search, close, document, link) draw the same glyph.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const P = (d: string) => <path d={d} />;

const MENU_ICONS: Record<string, ReactNode> = {
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
export const MENU_ICON_NAMES: string[] = Object.keys(MENU_ICONS);

const UI_ICONS = {
  plus: P('M12 5v14M5 12h14'),
  edit: P('M4 20h4L19 9l-4-4L4 16zM14 6l4 4'),
  delete: P('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3'),
  download: P('M12 4v11M7 10l5 5 5-5M5 20h14'),
  upload: P('M12 20V9M7 14l5-5 5 5M5 4h14'),
  refresh: P('M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7'),
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      {P('M20 20l-4-4')}
    </>
  ),
  menu: P('M4 6h16M4 12h16M4 18h16'),
  'chevron-right': P('M9 6l6 6-6 6'),
  'chevron-down': P('M6 9l6 6 6-6'),
  'chevron-left': P('M15 6l-6 6 6 6'),
  close: P('M6 6l12 12M18 6L6 18'),
  calendar: P('M4 6h16v14H4zM4 10h16M8 3v5M16 3v5'),
  eye: (
    <>
      {P('M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z')}
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  document: P('M6 2h9l5 5v15H6zM14 2v6h6'),
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      {P('M21 15l-5-5L5 21')}
    </>
  ),
  link: P('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'),
  undo: P('M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3'),
  redo: P('M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3'),
  'list-ul': P('M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01'),
  'list-ol': P('M10 6h10M10 12h10M10 18h10M4 4v4M3 18h3l-3 2h3'),
  sort: P('M7 4v16M4 17l3 3 3-3M17 20V4M14 7l3-3 3 3'),
  open: P('M3 7V5a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v2M3 7v11a2 2 0 0 0 2 2h13l3-9H7l-3 9'),
  new: P('M6 2h9l5 5v15H6zM14 2v6h6M12 11v6M9 14h6'),
  fit: P('M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'),
  'zoom-in': (
    <>
      <circle cx="11" cy="11" r="7" />
      {P('M20 20l-4-4M8 11h6M11 8v6')}
    </>
  ),
  'zoom-out': (
    <>
      <circle cx="11" cy="11" r="7" />
      {P('M20 20l-4-4M8 11h6')}
    </>
  ),
  code: P('M8 6l-6 6 6 6M16 6l6 6-6 6M14 4l-4 16'),
  save: P('M5 3h11l5 5v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM7 3v5h8M7 21v-7h10v7'),
  copy: P('M9 9h11v11H9zM5 15H4V4h11v1'),
  play: P('M7 4v16l13-8z'),
} satisfies Record<string, ReactNode>;

/**
 * The form designer's component set, by `__config__.tagIcon` (form-generator's svg icon names);
 * drawn 1.8 px wide, as the designer's palette always was. Unknown names draw a plain box.
 */
const COMPONENT_ICONS: Record<string, string> = {
  input: 'M3 7h18v10H3zM7 10v4',
  textarea: 'M3 4h18v16H3zM7 8h10M7 12h10M7 16h6',
  password: 'M5 11h14v9H5zM8 11V8a4 4 0 0 1 8 0v3M12 15v2',
  number: 'M4 9h16M4 15h16M10 4L8 20M16 4l-2 16',
  'rich-text': 'M4 5h16M4 10h10M4 15h16M4 20h10M17 9l3 3-3 3',
  select: 'M3 6h18v12H3zM14 11l2 2 2-2',
  cascader: 'M4 5h6M4 12h6M4 19h6M10 5h4v14h-4M14 12h6',
  radio: 'M12 3a9 9 0 1 0 .01 0zM12 9a3 3 0 1 0 .01 0z',
  checkbox: 'M4 4h16v16H4zM8 12l3 3 5-6',
  switch: 'M8 7h8a5 5 0 0 1 0 10H8A5 5 0 0 1 8 7zM16 10a2 2 0 1 0 .01 0z',
  slider: 'M3 12h18M9 8v8M15 10v4',
  time: 'M12 3a9 9 0 1 0 .01 0zM12 7v5l3 3',
  'time-range': 'M8 4a7 7 0 1 0 .01 0zM8 7v4l2 2M17 8h4M17 14h4',
  date: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  'date-range': 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h8',
  rate: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  color: 'M12 3a9 9 0 0 0 0 18c1.5 0 2-1 2-2s-1-2 0-3 4 1 6-2a9 9 0 0 0-8-11zM7.5 11h.01M10 7h.01M15 8h.01',
  upload: 'M12 16V5M7 10l5-5 5 5M5 19h14',
  row: 'M3 5h18v14H3zM9 5v14M15 5v14',
  button: 'M3 8h18v8H3zM8 12h8',
  table: 'M3 5h18v14H3zM3 10h18M3 15h18M9 5v14',
};

/** Names of the button set. */
export type UiIconName = keyof typeof UI_ICONS;

/**
 * Chakra svg props plus one of `name` (button set), `component` (form designer set) or `menu`
 * (menu set, the default: document).
 */
export type IconProps = HTMLChakraProps<'svg'> & (
  | { name: UiIconName; menu?: never; component?: never }
  | { component: string; name?: never; menu?: never }
  | { menu?: string; name?: never; component?: never }
);

/**
 * Renders the glyph `name` of the button set, `component` of the form designer's set, or `menu` of
 * the menu set, at 1em in the current colour.
 */
export function Icon(props: IconProps) {
  const { name, component, menu = 'document', ...rest } = props as HTMLChakraProps<'svg'> & { name?: UiIconName; component?: string; menu?: string };
  const glyph = name !== undefined ? UI_ICONS[name]
    : component !== undefined ? <path d={COMPONENT_ICONS[component] ?? 'M4 4h16v16H4z'} />
      : (MENU_ICONS[menu] ?? MENU_ICONS.document);
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={component !== undefined ? '1.8' : '2'}
      strokeLinecap="round"
      strokeLinejoin="round"
      flexShrink={0}
      aria-hidden
      {...rest}
    >
      {glyph}
    </chakra.svg>
  );
}

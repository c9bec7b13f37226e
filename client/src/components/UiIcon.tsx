/**
 * Stroke glyphs of the shared components' buttons (toolbar, tables, trees, uploads, editor):
 * Element UI's el-icon-* equivalents. Menu icons stay in SvgIcon.tsx; this set is not offered by
 * the icon-selection dialog.
 *
 * Props: `name` (one of UI_ICONS' keys) plus any chakra svg prop; renders at 1em in currentColor.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const P = (d: string) => <path d={d} />;

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
} satisfies Record<string, ReactNode>;

export type UiIconName = keyof typeof UI_ICONS;

export interface UiIconProps extends HTMLChakraProps<'svg'> {
  name: UiIconName;
}

/** One glyph at 1em in the current colour. */
export function UiIcon({ name, ...rest }: UiIconProps) {
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
      {UI_ICONS[name]}
    </chakra.svg>
  );
}

/**
 * Stroke glyphs of the designer toolbar (workflow spec §2 "Toolbar"), drawn like components/UiIcon
 * (24×24, 2 px stroke, currentColor, 1em).
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const P = (d: string) => <path d={d} />;

const ICONS = {
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
  undo: P('M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3'),
  redo: P('M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3'),
  code: P('M8 6l-6 6 6 6M16 6l6 6-6 6M14 4l-4 16'),
  download: P('M12 4v11M7 10l5 5 5-5M5 20h14'),
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      {P('M21 15l-5-5L5 21')}
    </>
  ),
  save: P('M5 3h11l5 5v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM7 3v5h8M7 21v-7h10v7'),
  copy: P('M9 9h11v11H9zM5 15H4V4h11v1'),
  play: P('M7 4v16l13-8z'),
} satisfies Record<string, ReactNode>;

export type DesignerIconName = keyof typeof ICONS;

/** One toolbar glyph at 1em in the current colour. */
export function DesignerIcon({ name, ...rest }: { name: DesignerIconName } & HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" flexShrink={0} aria-hidden {...rest}>
      {ICONS[name]}
    </chakra.svg>
  );
}

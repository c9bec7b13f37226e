/**
 * Stroke icons of the designer's components by `__config__.tagIcon` (form-generator's svg icon
 * names: input, textarea, password, number, rich-text, select, cascader, radio, checkbox, switch,
 * slider, time, time-range, date, date-range, rate, color, upload, row, button, table). Unknown
 * names get a plain box. Props: `name` plus chakra svg props; 1em in currentColor.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

const PATHS: Record<string, string> = {
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

/** `name`: the tagIcon; plus chakra svg props. */
export interface TagIconProps extends HTMLChakraProps<'svg'> {
  name?: string;
}

/** The icon of a component's tagIcon. */
export function TagIcon({ name = '', ...rest }: TagIconProps) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      flexShrink={0}
      aria-hidden
      {...rest}
    >
      <path d={PATHS[name] ?? 'M4 4h16v16H4z'} />
    </chakra.svg>
  );
}

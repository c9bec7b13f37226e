/**
 * Dictionary values as coloured tags (platform spec §3 dictionary data listClass/cssClass; RuoYi
 * DictTag). `<DictTag options={dict.sys_normal_disable} value={row.status} />`.
 *
 * Props:
 * - `options: DictOption[]` from `useDict`.
 * - `value: string | number | (string | number)[] | null | undefined`: one value, an array, or a
 *   `separator`-joined string (default ',').
 * - `showValue?: boolean` (default true): values with no option are shown as plain text.
 * - `separator?: string`.
 *
 * An option with listClass default/'' and no cssClass renders as plain text; otherwise as a
 * badge coloured by listClass (primary, success, info, warning, danger; default grey) with the
 * cssClass as class names.
 */
import { Badge, Box, chakra } from '@chakra-ui/react';
import { dictValues, type DictOption } from '../../hooks/dict-cache';

/** listClass → Chakra colour palette (Element UI tag types). */
export const LIST_CLASS_PALETTE: Record<string, string> = {
  default: 'gray',
  primary: 'blue',
  success: 'green',
  info: 'gray',
  warning: 'orange',
  danger: 'red',
};

export interface DictTagProps {
  options: DictOption[];
  value: string | number | (string | number)[] | null | undefined;
  showValue?: boolean;
  separator?: string;
}

export function DictTag({ options, value, showValue = true, separator = ',' }: DictTagProps) {
  const values = dictValues(value, separator);
  if (values.length === 0) return null;
  const matched = options.filter((o) => values.includes(o.value));
  const unmatched = values.filter((v) => !options.some((o) => o.value === v));
  return (
    <Box as="span" display="inline-flex" flexWrap="wrap" gap="1" alignItems="center" justifyContent="center" data-testid="dict-tag">
      {matched.map((o) => {
        const plain = (o.elTagType === 'default' || o.elTagType === '') && !o.elTagClass;
        if (plain) {
          return (
            <chakra.span key={o.value} className={o.elTagClass || undefined}>
              {o.label}
            </chakra.span>
          );
        }
        return (
          <Badge
            key={o.value}
            variant="surface"
            size="md"
            fontWeight="normal"
            colorPalette={LIST_CLASS_PALETTE[o.elTagType] ?? 'gray'}
            className={o.elTagClass || undefined}
            data-list-class={o.elTagType || 'default'}
          >
            {o.label}
          </Badge>
        );
      })}
      {showValue && unmatched.length > 0 && <chakra.span>{unmatched.join(' ')}</chakra.span>}
    </Box>
  );
}

/**
 * How a read-only value of a stored form looks (issue 40 §8): the task screen's start-form fields,
 * a read-only form (`readOnly` / `conf.disabled`) and fields or detail-table columns marked 只读 by a
 * node's field permissions. The widgets stay `disabled` (nothing can change them), but a disabled
 * control is painted at half opacity, which made values as pale as placeholders. Here a read-only
 * value reads as a value: full opacity, the normal text colour, a subtle grey box and no "not
 * allowed" cursor; the placeholder of an empty read-only box is not shown (there is nothing to enter).
 */
import type { SystemStyleObject } from '@chakra-ui/react';

/** Text-like boxes: inputs, text areas, native selects and select/cascader/date triggers. */
const BOXES = ':is(input, textarea, select, [data-part="trigger"])';
const OFF = ':is(:disabled, [data-disabled])';

/**
 * Chakra `css` for the element that wraps read-only controls (FormItem's control box, a detail
 * table's read-only cell): applies to every disabled control inside it. Buttons other than a
 * select's trigger (a form's el-button, a date box's calendar icon) keep their disabled look, so
 * nothing looks clickable that is not; an empty select shows no placeholder either.
 */
export const READ_ONLY_CSS: SystemStyleObject = {
  [`& ${OFF}:not(button:not([data-part="trigger"]))`]: { opacity: 1, cursor: 'default' },
  [`& ${BOXES}${OFF}`]: {
    color: 'fg',
    WebkitTextFillColor: 'currentColor',
    bg: 'bg.muted',
    borderColor: 'border',
  },
  [`& ${BOXES}${OFF}::placeholder, & [data-part="trigger"][data-placeholder-shown]${OFF}`]: {
    color: 'transparent',
    WebkitTextFillColor: 'transparent',
  },
};

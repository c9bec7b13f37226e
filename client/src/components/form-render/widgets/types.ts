/** Props every field widget takes (reference §7 Parser `render` of one component). */
import type { FormField } from '../../../../../shared/form/types';

export interface WidgetProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Validates blur-triggered rules and re-fetches dynamic options. */
  onBlur: () => void;
  /** Read-only form, disabled form or disabled field. */
  disabled: boolean;
  /**
   * The field's check failed and its message shows: error styling (red border). Absent or false
   * before any check, so an untouched field never looks wrong (issue 40 §8).
   */
  invalid?: boolean;
  /** `conf.size` mapped to Chakra: medium → sm, small/mini → xs. */
  size: 'xs' | 'sm';
}

/** A number prop of a field (`min`, `max`, `maxlength` …), undefined when absent or not a number. */
export function numProp(field: FormField, key: string): number | undefined {
  const v = field[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** `style.width` of a field ('100%' by default in the designer). */
export function widthOf(field: FormField): string | undefined {
  const w = field.style?.width;
  return typeof w === 'string' || typeof w === 'number' ? String(w) : undefined;
}

/**
 * The 显示排序 / 岗位顺序 number input of the form dialogs (RuoYi el-input-number
 * controls-position="right" :min="0"), and `numText` to load a nullable number into a form field.
 */
import { NumberInput } from '@chakra-ui/react';

/** A number field with steppers, min 0; `value` is the field's text. */
export function OrderInput({ name, label, value, onChange, onBlur }: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
}) {
  return (
    <NumberInput.Root size="sm" min={0} value={value} onValueChange={(d) => onChange(d.value)} onBlur={onBlur} w="100%">
      <NumberInput.Control />
      <NumberInput.Input name={name} aria-label={label} />
    </NumberInput.Root>
  );
}

/** null/undefined → '', else the number as text. */
export const numText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

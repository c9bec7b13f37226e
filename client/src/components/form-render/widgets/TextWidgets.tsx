/**
 * `el-input` (text, textarea, password; prepend/append, clearable, maxlength with
 * show-word-limit, readonly) and `el-input-number` (min/max/step/precision) of a stored form
 * (spec §3 "Designer component", §9 textarea autosize 4 rows).
 */
import { Box, CloseButton, Input, InputGroup, NumberInput, Text, Textarea } from '@chakra-ui/react';
import { numberFormatOptions, numberText } from '../number-format';
import { numProp, widthOf, type WidgetProps } from './types';

function textOf(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** el-input: text / textarea / password. */
export function InputWidget({ field, value, onChange, onBlur, disabled, size, invalid }: WidgetProps) {
  const text = textOf(value);
  const max = numProp(field, 'maxlength');
  const limit = field['show-word-limit'] && max ? `${text.length}/${max}` : null;
  const readOnly = field.readonly === true;
  const name = field.__vModel__;
  if (field.type === 'textarea') {
    const autosize = field.autosize as { minRows?: number; maxRows?: number } | undefined;
    return (
      <Box position="relative" w={widthOf(field) ?? '100%'}>
        <Textarea
          size={size}
          name={name}
          rows={autosize?.minRows ?? 4}
          autoresize={!!autosize}
          maxH={autosize?.maxRows ? `${autosize.maxRows * 1.6}em` : undefined}
          placeholder={field.placeholder}
          maxLength={max}
          readOnly={readOnly}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        {limit && (
          <Text position="absolute" right="2" bottom="1" fontSize="xs" color="fg.muted" bg="bg" px="1">
            {limit}
          </Text>
        )}
      </Box>
    );
  }
  const password = field.type === 'password' || field['show-password'] === true;
  const clear = field.clearable && text && !disabled && !readOnly
    ? <CloseButton size="2xs" aria-label="清空" onClick={() => onChange('')} />
    : null;
  const end = limit || clear ? (
    <Box display="flex" alignItems="center" gap="1">
      {clear}
      {limit && <Text fontSize="xs" color="fg.muted">{limit}</Text>}
    </Box>
  ) : undefined;
  return (
    <InputGroup
      w={widthOf(field) ?? '100%'}
      startAddon={field.__slot__?.prepend || undefined}
      endAddon={field.__slot__?.append || undefined}
      endElement={end}
    >
      <Input
        size={size}
        name={name}
        type={password ? 'password' : 'text'}
        placeholder={field.placeholder}
        maxLength={max}
        readOnly={readOnly}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </InputGroup>
  );
}

/**
 * el-input-number: value a number (undefined when cleared), with min/max/step/precision (formatOptions
 * of numberFormatOptions). Error styling follows `invalid` only: the number input's own range check
 * would mark an empty box with a `min` as invalid before any input. A disabled box has no steppers.
 */
export function NumberWidget({ field, value, onChange, onBlur, disabled, size, invalid }: WidgetProps) {
  const precision = numProp(field, 'precision');
  const shown = numberText(value, precision);
  return (
    <NumberInput.Root
      size={size}
      w={widthOf(field) ?? '180px'}
      min={numProp(field, 'min')}
      max={numProp(field, 'max')}
      step={numProp(field, 'step') ?? 1}
      // The same keys for every input: see number-format.ts.
      formatOptions={numberFormatOptions(precision)}
      disabled={disabled}
      invalid={invalid === true}
      readOnly={field.readonly === true}
      value={shown}
      onValueChange={(d) => onChange(Number.isFinite(d.valueAsNumber) ? d.valueAsNumber : undefined)}
      onBlur={onBlur}
    >
      {/* No steppers on a value that cannot change (a read-only value reads as a value, issue 40 §8). */}
      {!disabled && <NumberInput.Control />}
      <NumberInput.Input name={field.__vModel__} placeholder={field.placeholder} />
    </NumberInput.Root>
  );
}

/**
 * Small form pieces shared by the form dialogs and screens (RuoYi el-form / el-form-item
 * with rules): a labelled form item showing its rule message, a rule runner, an input bound to a
 * form field, a dictionary radio
 * group, a multiple select (岗位 / 角色) and the date-range params of the search forms.
 */
import { Box, createListCollection, Field, Flex, Input, RadioGroup, Select, Text } from '@chakra-ui/react';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DictOption } from '../../hooks/useDict';

/** A rule gives the message of the first failed check, or null. */
export type Rule<T> = (value: T[keyof T], form: T) => string | null;
export type Rules<T> = Partial<Record<keyof T, Rule<T>[]>>;
export type Errors<T> = Partial<Record<keyof T, string>>;

/** Required text / value (el-form `required: true`). */
export const required = <T,>(message: string): Rule<T> => (v) =>
  v === undefined || v === null || String(v).trim() === '' ? message : null;
/** Length between min and max (only when a value is present). */
export const lengthBetween = <T,>(min: number, max: number, message: string): Rule<T> => (v) => {
  const s = v === undefined || v === null ? '' : String(v);
  return s !== '' && (s.length < min || s.length > max) ? message : null;
};
/** Pattern check (only when a value is present). */
export const pattern = <T,>(re: RegExp, message: string): Rule<T> => (v) => {
  const s = v === undefined || v === null ? '' : String(v);
  return s !== '' && !re.test(s) ? message : null;
};

/** Runs the rules of every field; the first failing rule of a field names its message. */
export function validateForm<T>(form: T, rules: Rules<T>): Errors<T> {
  const errors: Errors<T> = {};
  for (const key of Object.keys(rules) as (keyof T)[]) {
    for (const rule of rules[key] ?? []) {
      const msg = rule(form[key], form);
      if (msg) {
        errors[key] = msg;
        break;
      }
    }
  }
  return errors;
}

/**
 * Form state with el-form behaviour: `set(key)` updates a field and re-checks it when it already
 * shows a message; `blur(key)` checks it; `check()` checks all and says whether the form passes.
 */
export function useForm<T extends object>(initial: T, rules: Rules<T>) {
  const [form, setForm] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const checkField = (key: keyof T, next: T) => {
    const one = validateForm(next, { [key]: rules[key] } as Rules<T>);
    setErrors((e) => ({ ...e, [key]: one[key] }));
  };
  return {
    form,
    errors,
    set: <K extends keyof T>(key: K, value: T[K]) => {
      const next = { ...form, [key]: value };
      setForm(next);
      if (errors[key]) checkField(key, next);
    },
    blur: (key: keyof T) => checkField(key, form),
    check: () => {
      const all = validateForm(form, rules);
      setErrors(all);
      return Object.values(all).every((m) => !m);
    },
    reset: (next: T) => {
      setForm(next);
      setErrors({});
    },
  };
}

/**
 * Fills a `useForm` from a loaded record (an edit dialog's row) before the dialog paints: when the
 * record arrives and whenever another one does. `record` null or undefined (still loading, or an
 * add dialog) leaves the form as it is. `reset` and `toForm` may change between renders; the
 * latest are used. Example: `useFormFrom(isAdd ? undefined : post.data, reset, (p) => ({ … }))`.
 */
export function useFormFrom<R, T extends object>(record: R | null | undefined, reset: (next: T) => void, toForm: (record: R) => T): void {
  const latest = useRef({ reset, toForm });
  useLayoutEffect(() => {
    latest.current = { reset, toForm };
  });
  useLayoutEffect(() => {
    if (record !== undefined && record !== null) latest.current.reset(latest.current.toForm(record));
  }, [record]);
}

/** What `useForm` returns. */
export type FormState<T extends object> = ReturnType<typeof useForm<T>>;

/** The keys of `T` whose values are strings (the fields an input can hold). */
export type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * An el-input bound to a `useForm` text field: typing sets it (re-checking a shown message), blur
 * checks its rules. `name` is the field's key, which the e2e tests and screen readers use.
 */
export function FormInput<T extends object>({ state, field, placeholder, maxLength, type, title }: {
  state: Pick<FormState<T>, 'form' | 'set' | 'blur'>;
  field: TextKey<T>;
  placeholder: string;
  maxLength?: number;
  type?: 'text' | 'password';
  title?: string;
}) {
  return (
    <Input
      size="sm"
      type={type}
      name={String(field)}
      placeholder={placeholder}
      maxLength={maxLength}
      title={title}
      value={state.form[field] as string}
      onChange={(e) => state.set(field, e.target.value as T[TextKey<T>])}
      onBlur={() => state.blur(field)}
    />
  );
}

export interface FormItemProps {
  label: string;
  required?: boolean;
  error?: string;
  labelWidth?: string;
  /**
   * Composite controls (trees, radio groups, selects) are not wrapped in a Chakra Field: its
   * context would give every checkbox or radio inside the same input id.
   */
  plain?: boolean;
  children: ReactNode;
}

/**
 * A horizontal form item: label (with * when required), control, message below. The message sits
 * in the item's bottom margin (absolutely placed, as el-form-item__error is), so showing or hiding
 * it moves nothing: a blur check that fires on the mousedown of 确 定 used to push the button
 * down under the pointer before the mouseup, and the click was lost.
 */
export function FormItem({ label, required: req, error, labelWidth = '80px', plain = false, children }: FormItemProps) {
  return (
    <Flex align="flex-start" gap="3" mb="5" data-invalid={error ? '' : undefined}>
      <Text as="span" w={labelWidth} flexShrink={0} textAlign="right" pt="1.5" fontWeight="bold" color="#606266" fontSize="sm">
        {req && (
          <Text as="span" color="red.500" mr="1">
            *
          </Text>
        )}
        {label}
      </Text>
      <Box flex="1" minW="0" position="relative">
        {plain ? children : <Field.Root invalid={!!error}>{children}</Field.Root>}
        {error && <FormError>{error}</FormError>}
      </Box>
    </Flex>
  );
}

/**
 * A form item's message (testid `form-error`), placed in the 20 px bottom margin under the control
 * (`position: absolute; top: 100%` in a relative box), so it takes no room of its own; it lets
 * clicks through to whatever a long, wrapped message may cover.
 */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <Text position="absolute" top="100%" left="0" right="0" pt="1" fontSize="xs" lineHeight="1.3" color="fg.error" pointerEvents="none" data-testid="form-error">
      {children}
    </Text>
  );
}

/** Radio buttons from a dictionary (状态, 用户性别). */
export function DictRadio({ options, value, onChange, name }: {
  options: DictOption[];
  value: string | null | undefined;
  onChange: (v: string) => void;
  name?: string;
}) {
  return (
    <RadioGroup.Root size="sm" value={value ?? ''} onValueChange={(d) => d.value !== null && onChange(d.value)} name={name} pt="2">
      <Flex gap="4" wrap="wrap">
        {options.map((o) => (
          <RadioGroup.Item key={o.value} value={o.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Flex>
    </RadioGroup.Root>
  );
}

export interface MultiOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Multiple select (el-select multiple), not portalled so it works inside dialogs. */
export function MultiSelect({ options, value, onChange, placeholder = '请选择', name }: {
  options: MultiOption[];
  value: string[];
  onChange: (v: string[]) => void;
  placeholder?: string;
  name?: string;
}) {
  const collection = useMemo(() => createListCollection({ items: options }), [options]);
  return (
    <Select.Root multiple size="sm" collection={collection} value={value} onValueChange={(d) => onChange(d.value)}>
      <Select.HiddenSelect name={name} />
      <Select.Control>
        <Select.Trigger aria-label={name ?? placeholder}>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((item) => (
            <Select.Item item={item} key={item.value}>
              {item.label}
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  );
}

/** `params: {beginTime, endTime}` of a list query, or undefined when no range is set. */
export function rangeParams(range: [string, string]) {
  const [a, b] = range[0] && range[1] && range[0] > range[1] ? [range[1], range[0]] : range;
  return a || b ? { beginTime: a || undefined, endTime: b || undefined } : undefined;
}

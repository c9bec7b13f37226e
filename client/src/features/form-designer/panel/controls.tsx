/**
 * Rows of the designer's right panel (form-generator RightPanel: el-form label-width 90 px,
 * size small). Every control reports each change at once (the designer coalesces typing into one
 * undo step). Each row's control carries `data-testid="prop-<name>"` for the e2e tests.
 */
import { Box, Button, Flex, Input, NativeSelect, Slider, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { numberInput } from './edit';
import type { Choice } from './props';

/** One labelled row; `error` shows below the control. */
export function PropRow({ label, required, error, children }: { label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <Flex align="flex-start" gap="2" mb={error ? '1.5' : '2.5'}>
      <Text as="span" w="84px" flexShrink={0} textAlign="right" pt="1.5" fontSize="13px" color="#606266" fontWeight="500" lineClamp={2}>
        {required && <Text as="span" color="red.500" mr="0.5">*</Text>}
        {label}
      </Text>
      <Box flex="1" minW="0">
        {children}
        {error && <Text fontSize="xs" color="fg.error" mt="1" data-testid="panel-error">{error}</Text>}
      </Box>
    </Flex>
  );
}

/** A labelled text input (`name` names its test id `prop-<name>`). */
export function TextProp({ label, name, value, onChange, placeholder, onBlur, endElement }: {
  label: string;
  name: string;
  value: unknown;
  onChange: (v: string) => void;
  placeholder?: string;
  onBlur?: () => void;
  endElement?: ReactNode;
}) {
  return (
    <PropRow label={label}>
      <Flex gap="1">
        <Input
          size="sm"
          value={value === undefined || value === null ? '' : String(value)}
          placeholder={placeholder ?? `请输入${label}`}
          aria-label={label}
          data-testid={`prop-${name}`}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        {endElement}
      </Flex>
    </PropRow>
  );
}

/**
 * A labelled number input keeping its own draft (so '-' or '1.' can be typed); reports the parsed
 * number (undefined for '') and never a value below `min` (spec §5 number minimums).
 */
export function NumberProp({ label, name, value, onChange, min, placeholder, suffix }: {
  label: string;
  name: string;
  value: unknown;
  onChange: (v: number | undefined) => void;
  min?: number;
  placeholder?: string;
  suffix?: ReactNode;
}) {
  const shown = typeof value === 'number' ? String(value) : value === undefined || value === null ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  useEffect(() => {
    setDraft((d) => (numberInput(d, min) === (typeof value === 'number' ? value : undefined) && d !== '' ? d : shown));
  }, [shown, value, min]);
  return (
    <PropRow label={label}>
      <Flex gap="1" align="center">
        <Input
          size="sm"
          type="number"
          min={min}
          value={draft}
          placeholder={placeholder ?? label}
          aria-label={label}
          data-testid={`prop-${name}`}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = numberInput(e.target.value, min);
            if (e.target.value.trim() === '' || n !== undefined) onChange(n);
          }}
          onBlur={() => setDraft(shown)}
        />
        {typeof suffix === 'string' ? <Text as="span" fontSize="13px" color="fg.muted" whiteSpace="nowrap">{suffix}</Text> : suffix}
      </Flex>
    </PropRow>
  );
}

/** A native select (no portal; works in the panel and dialogs); `allowEmpty` adds a 请选择 row. */
export function SelectControl({ value, choices, onChange, name, label, allowEmpty = false, placeholder = '请选择' }: {
  value: unknown;
  choices: Choice[];
  onChange: (v: string) => void;
  name: string;
  label: string;
  allowEmpty?: boolean;
  placeholder?: string;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value)} data-testid={`prop-${name}`} aria-label={label}>
        {allowEmpty && <option value="">{placeholder}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>{c.label}</option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A labelled select row. */
export function SelectProp(props: { label: string; name: string; value: unknown; choices: Choice[]; onChange: (v: string) => void; allowEmpty?: boolean; placeholder?: string }) {
  return (
    <PropRow label={props.label}>
      <SelectControl {...props} />
    </PropRow>
  );
}

/** A labelled row of attached buttons (el-radio-group of buttons). */
export function RadioProp({ label, name, value, choices, onChange }: { label: string; name: string; value: unknown; choices: Choice[]; onChange: (v: string) => void }) {
  return (
    <PropRow label={label}>
      <Flex wrap="wrap" data-testid={`prop-${name}`} role="radiogroup" aria-label={label}>
        {choices.map((c, i) => {
          const on = String(value ?? '') === c.value;
          return (
            <Button
              key={c.value}
              size="xs"
              h="7"
              px="2.5"
              variant={on ? 'solid' : 'outline'}
              colorPalette={on ? 'brand' : 'gray'}
              borderRadius={0}
              borderLeftRadius={i === 0 ? 'sm' : 0}
              borderRightRadius={i === choices.length - 1 ? 'sm' : 0}
              ml={i === 0 ? 0 : '-1px'}
              role="radio"
              aria-checked={on}
              onClick={() => onChange(c.value)}
            >
              {c.label}
            </Button>
          );
        })}
      </Flex>
    </PropRow>
  );
}

/** A labelled switch. */
export function SwitchProp({ label, name, checked, onChange }: { label: string; name: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <PropRow label={label}>
      <Switch.Root size="sm" checked={checked} onCheckedChange={(d) => onChange(d.checked)} mt="1.5" data-testid={`prop-${name}`}>
        <Switch.HiddenInput aria-label={label} />
        <Switch.Control />
      </Switch.Root>
    </PropRow>
  );
}

/** The 表单栅格 slider (spec §5: 1 to 24). */
export function SpanProp({ value, onChange }: { value: unknown; onChange: (v: number) => void }) {
  const span = typeof value === 'number' && value >= 1 && value <= 24 ? value : 24;
  return (
    <PropRow label="表单栅格">
      <Flex align="center" gap="3" pt="1">
        <Slider.Root flex="1" size="sm" min={1} max={24} step={1} value={[span]} onValueChange={(d) => onChange(d.value[0])} data-testid="prop-span" aria-label={['表单栅格']}>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
          </Slider.Control>
        </Slider.Root>
        <Text fontSize="sm" w="6" textAlign="right" data-testid="prop-span-value">{span}</Text>
      </Flex>
    </PropRow>
  );
}

/** A section divider with a title (form-generator el-divider). */
export function PanelDivider({ children }: { children: ReactNode }) {
  return (
    <Flex align="center" gap="2" my="3" color="fg.muted" fontSize="13px">
      <Box flex="1" borderTopWidth="1px" />
      <Text as="span">{children}</Text>
      <Box flex="1" borderTopWidth="1px" />
    </Flex>
  );
}

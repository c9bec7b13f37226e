/**
 * Panel form rows (workflow spec §2 "Property panels by element type"): a label on the left and a
 * control that writes to the diagram on blur / Enter (text) or on change (selects, switches), so
 * each edit is one undoable command. Messages under the control (spec §5).
 */
import { Box, Flex, Input, NativeSelect, Switch, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';

/** One labelled row; `error` shows below the control. */
export function Row({ label, required, error, children }: { label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <Flex align="flex-start" gap="2" mb={error ? '1.5' : '3'}>
      <Text as="span" w="88px" flexShrink={0} textAlign="right" pt="1.5" fontSize="sm" color="#606266" fontWeight="500">
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

/**
 * Text input that keeps its own draft and commits it on blur or Enter; `onRefusedDraft` hears the
 * error of a draft that differs from the value (undefined when none, and on unmount).
 */
export function TextRow({ label, value, onCommit, required, validate, placeholder, testId, multiline, onRefusedDraft }: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  required?: boolean;
  validate?: (v: string) => string | undefined;
  placeholder?: string;
  testId?: string;
  multiline?: boolean;
  onRefusedDraft?: (error: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    setDraft(value);
  }, [value]);
  const error = validate?.(draft);
  const refused = draft !== value ? error : undefined;
  useEffect(() => {
    if (!onRefusedDraft) return;
    onRefusedDraft(refused);
    return () => onRefusedDraft(undefined);
  }, [onRefusedDraft, refused]);
  const commit = () => {
    setTouched(true);
    if (draft !== value) onCommit(draft);
  };
  const common = {
    size: 'sm' as const,
    value: draft,
    placeholder: placeholder ?? `请输入${label}`,
    'data-testid': testId,
    'aria-label': label,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: commit,
  };
  return (
    <Row label={label} required={required} error={touched || draft !== value ? error : undefined}>
      {multiline ? (
        <Textarea {...common} rows={3} />
      ) : (
        <Input {...common} onKeyDown={(e) => e.key === 'Enter' && commit()} />
      )}
    </Row>
  );
}

export interface Option { value: string; label: string }

/** Native select (works inside the panel and dialogs without portals); '' = 请选择. */
export function SelectControl({ value, options, onChange, testId, label, placeholder = '请选择', allowEmpty = true }: {
  value: string;
  options: Option[];
  onChange: (v: string) => void;
  testId?: string;
  label?: string;
  placeholder?: string;
  allowEmpty?: boolean;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} aria-label={label}>
        {allowEmpty && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A labelled select row. */
export function SelectRow(props: { label: string; value: string; options: Option[]; onChange: (v: string) => void; testId?: string; required?: boolean; allowEmpty?: boolean }) {
  return (
    <Row label={props.label} required={props.required}>
      <SelectControl {...props} />
    </Row>
  );
}

/** A labelled switch (boolean attribute; off removes it). */
export function SwitchRow({ label, checked, onChange, testId }: { label: string; checked: boolean; onChange: (v: boolean) => void; testId?: string }) {
  return (
    <Row label={label}>
      <Switch.Root size="sm" checked={checked} onCheckedChange={(d) => onChange(d.checked)} mt="1.5" data-testid={testId}>
        <Switch.HiddenInput aria-label={label} />
        <Switch.Control />
      </Switch.Root>
    </Row>
  );
}

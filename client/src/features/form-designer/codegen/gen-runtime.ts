/**
 * The helper code every generated form file carries (codegen/generate.ts): the value, option and
 * visibility helpers, the rule check (spec §5 "Form designer" messages, in the shared order:
 * required → shape → regList → numbers → maxlength → options; detail tables: required, shape,
 * minRows, maxRows, then each visible cell `<label>第<n>行：<message>`) and `FormItem`.
 *
 * The snippets are plain TSX text (no template substitutions); `pickRuntime` keeps only the helpers
 * the generated code names, with their own dependencies.
 */

/** The types of the generated file. */
export const RUNTIME_TYPES = `type Values = Record<string, unknown>;

interface Cond {
  field: string;
  value?: unknown;
}

interface Rule {
  label: string;
  kind: 'text' | 'number' | 'numbers' | 'list' | 'value' | 'path' | 'table';
  required?: string;
  patterns?: { source: string; flags: string; message: string }[];
  min?: number;
  max?: number;
  maxlength?: number;
  options?: unknown[];
  paths?: unknown[][];
  allowed?: unknown[];
  minRows?: number;
  maxRows?: number;
  columns?: Record<string, Rule>;
  when?: Cond[];
}

interface Option {
  label: string;
  value: unknown;
  children?: Option[];
}`;

/** Helpers by name; each is included when the generated code (or an included helper) names it. */
const SNIPPETS: [string, string][] = [
  ['isNumberText', `const isNumberText = (v: unknown): v is string => typeof v === 'string' && /^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$/.test(v.trim());`],
  ['isEmpty', `function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '' || v.trim() === '[]';
  return Array.isArray(v) && v.length === 0;
}`],
  ['same', `function same(a: unknown, b: unknown): boolean {
  const x = isNumberText(a) ? Number(a) : a;
  const y = isNumberText(b) ? Number(b) : b;
  if (x === y) return true;
  return typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && JSON.stringify(x) === JSON.stringify(y);
}`],
  ['text', `const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));`],
  ['list', `const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);`],
  ['toNumber', `const toNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : isNumberText(v) ? Number(v) : null);`],
  ['numberText', `const numberText = (v: unknown): string => text(toNumber(v));`],
  ['isRow', `const isRow = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);`],
  ['rowsOf', `const rowsOf = (v: unknown): Values[] => list(v).filter(isRow);`],
  ['isScalar', `const isScalar = (v: unknown): boolean => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));`],
  ['keyOf', `function keyOf(options: Option[], v: unknown): string {
  const i = options.findIndex((o) => same(o.value, v));
  return i < 0 ? '' : String(i);
}`],
  ['valueAt', `const valueAt = (options: Option[], key: string): unknown => (key === '' ? null : (options[Number(key)]?.value ?? null));`],
  ['keysOf', `const keysOf = (options: Option[], v: unknown): string[] => list(v).map((x) => keyOf(options, x)).filter((k) => k !== '');`],
  ['valuesAt', `const valuesAt = (options: Option[], keys: string[]): unknown[] => options.filter((_, i) => keys.includes(String(i))).map((o) => o.value);`],
  ['rangeSet', `function rangeSet(v: unknown, index: number, next: string): string[] {
  const range = [text(list(v)[0]), text(list(v)[1])];
  range[index] = next;
  return range[0] === '' && range[1] === '' ? [] : range;
}`],
  ['localIn', `const localIn = (v: unknown): string => text(v).replace(' ', 'T').slice(0, 16);`],
  ['localOut', `const localOut = (v: string): string => (v ? v.replace('T', ' ') + (v.length === 16 ? ':00' : '') : '');`],
  ['sumOf', `const sumOf = (rows: Values[], key: string): number => Math.round(rows.reduce((sum, row) => sum + (toNumber(row[key]) ?? 0), 0) * 1e10) / 1e10;`],
  ['isShown', `/** A component shows when each condition's field is non-empty, or equals (an array: contains) its value. */
function isShown(values: Values, when: Cond[] | undefined, depth = 0): boolean {
  if (depth > 20) return false;
  return (when ?? []).every((c) => {
    const trigger = rules[c.field];
    const v = trigger && !isShown(values, trigger.when, depth + 1) ? undefined : values[c.field];
    if (!('value' in c)) return !isEmpty(v);
    return Array.isArray(v) ? v.some((x) => same(x, c.value)) : same(v, c.value);
  });
}`],
  ['shapeOk', `function shapeOk(rule: Rule, v: unknown): boolean {
  switch (rule.kind) {
    case 'text':
      return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
    case 'value':
      return rule.allowed ? typeof v === 'boolean' || rule.allowed.some((a) => same(a, v)) : isScalar(v);
    case 'list':
      return Array.isArray(v);
    case 'path':
      return Array.isArray(v) && v.every(isScalar);
    default:
      return !isRow(v);
  }
}`],
  ['checkRule', `/** The first message of a value against its rule, or null. */
function checkRule(rule: Rule, v: unknown, scope: Values): string | null {
  const label = rule.label;
  if (rule.kind === 'table') return checkTable(rule, v, scope);
  if (isEmpty(v)) return rule.required ?? null;
  const isNumber = rule.kind === 'number' || rule.kind === 'numbers';
  if (!shapeOk(rule, v)) return isNumber ? label + '必须是数字' : label + '格式错误';
  for (const p of rule.patterns ?? []) {
    const re = new RegExp(p.source, p.flags);
    if ((Array.isArray(v) ? v : [v]).some((x) => !re.test(String(x)))) return p.message;
  }
  if (isNumber) {
    const items = rule.kind === 'numbers' ? (Array.isArray(v) && v.length === 2 ? v : [null]) : [v];
    for (const item of items) {
      const n = toNumber(item);
      if (n === null) return label + '必须是数字';
      if (rule.min !== undefined && n < rule.min) return label + '不能小于' + rule.min;
      if (rule.max !== undefined && n > rule.max) return label + '不能大于' + rule.max;
    }
  }
  if (rule.maxlength !== undefined && String(v).length > rule.maxlength) return label + '长度不能超过' + rule.maxlength + '个字符';
  const outside = label + '的选项不在可选范围内';
  if (rule.options && !(Array.isArray(v) ? v : [v]).every((x) => rule.options!.some((o) => same(o, x)))) return outside;
  if (rule.paths && Array.isArray(v) && !rule.paths.some((p) => p.length === v.length && p.every((x, i) => same(x, v[i])))) return outside;
  return null;
}`],
  ['checkTable', `/** A detail table's message: required, shape, row counts, then the first failing visible cell. */
function checkTable(rule: Rule, v: unknown, scope: Values): string | null {
  const label = rule.label;
  if ((v === undefined || v === null || (Array.isArray(v) && v.length === 0)) && rule.required) return rule.required;
  const rows: unknown = v === undefined || v === null ? [] : v;
  if (!Array.isArray(rows) || !rows.every(isRow)) return label + '格式错误';
  if (rows.length < (rule.minRows ?? 0)) return label + '至少需要' + rule.minRows + '行';
  if (rule.maxRows !== undefined && rows.length > rule.maxRows) return label + '最多' + rule.maxRows + '行';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Values;
    const cellScope = { ...scope, ...row };
    for (const [key, column] of Object.entries(rule.columns ?? {})) {
      if (!isShown(cellScope, column.when)) continue;
      const message = checkRule(column, row[key], cellScope);
      if (message) return label + '第' + (i + 1) + '行：' + message;
    }
  }
  return null;
}`],
  ['validate', `/** The messages of every visible field that fails its rule (field key → message). */
function validate(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, rule] of Object.entries(rules)) {
    if (!isShown(values, rule.when)) continue;
    const message = checkRule(rule, values[key], values);
    if (message) errors[key] = message;
  }
  return errors;
}`],
  ['visibleValues', `/** The values without the keys of hidden fields (what a submission sends). */
function visibleValues(values: Values): Values {
  const out: Values = {};
  for (const key of Object.keys(values)) if (!rules[key] || isShown(values, rules[key].when)) out[key] = values[key];
  return out;
}`],
  ['recheck', `/** The shown messages re-checked against new values (a fixed field loses its message). */
function recheck(errors: Record<string, string>, values: Values): Record<string, string> {
  const next: Record<string, string> = {};
  for (const key of Object.keys(errors)) {
    const rule = rules[key];
    const message = rule && isShown(values, rule.when) ? checkRule(rule, values[key], values) : null;
    if (message) next[key] = message;
  }
  const unchanged = Object.keys(next).length === Object.keys(errors).length && Object.keys(next).every((k) => next[k] === errors[k]);
  return unchanged ? errors : next;
}`],
  ['FormItem', `/** A form item: label (with * when required), the control, its message below. */
function FormItem({ label, required, error, labelWidth, plain, children }: {
  label?: string;
  required?: boolean;
  error?: string;
  labelWidth?: number;
  plain?: boolean;
  children: ReactNode;
}) {
  const top = LABEL_POSITION === 'top';
  const body = plain ? (
    <>
      {children}
      {error ? <Text color="fg.error" fontSize="xs" mt="1">{error}</Text> : null}
    </>
  ) : (
    <Field.Root invalid={!!error}>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Flex direction={top ? 'column' : 'row'} align={top ? 'stretch' : 'flex-start'} gap={top ? '1' : '3'} mb="5">
      {label === undefined ? null : (
        <Text as="label" w={top ? undefined : String(labelWidth ?? LABEL_WIDTH) + 'px'} flexShrink={0} textAlign={top ? 'left' : LABEL_ALIGN} pt={top ? '0' : '1.5'} fontSize="sm" fontWeight="medium">
          {required ? <Text as="span" color="fg.error" mr="1">*</Text> : null}
          {label}
        </Text>
      )}
      <Box flex="1" minW="0">{body}</Box>
    </Flex>
  );
}`],
  ['CascaderSelects', `/** A cascader as one native select per level of the chosen path. */
function CascaderSelects({ options, value, onChange, disabled, placeholder }: {
  options: Option[];
  value: unknown;
  onChange: (path: unknown[]) => void;
  disabled: boolean;
  placeholder: string;
}) {
  const path = list(value);
  const levels: Option[][] = [options];
  for (let i = 0; i < path.length; i++) {
    const hit = levels[i]?.find((o) => same(o.value, path[i]));
    if (!hit?.children?.length) break;
    levels.push(hit.children);
  }
  return (
    <HStack gap="2" wrap="wrap">
      {levels.map((level, depth) => (
        <NativeSelect.Root key={depth} size="sm" disabled={disabled} width="auto" minW="36">
          <NativeSelect.Field
            placeholder={placeholder}
            value={keyOf(level, path[depth])}
            onChange={(e) => {
              const key = e.currentTarget.value;
              onChange(key === '' ? path.slice(0, depth) : [...path.slice(0, depth), valueAt(level, key)]);
            }}
          >
            {level.map((o, i) => (
              <option key={i} value={String(i)}>{o.label}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </HStack>
  );
}`],
];

/** Chakra components each helper renders (added to the file's import when the helper is kept). */
export const SNIPPET_IMPORTS: Record<string, string[]> = {
  FormItem: ['Box', 'Field', 'Flex', 'Text'],
  CascaderSelects: ['HStack', 'NativeSelect'],
};

/**
 * The helpers `code` needs, in declaration order, with their dependencies (a helper is kept when
 * its name appears as a word in `code` or in another kept helper).
 */
export function pickRuntime(code: string): { names: string[]; text: string } {
  const kept = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    const haystack = [code, ...SNIPPETS.filter(([n]) => kept.has(n)).map(([, c]) => c)].join('\n');
    for (const [name] of SNIPPETS) {
      if (!kept.has(name) && new RegExp(`\\b${name}\\b`).test(haystack)) {
        kept.add(name);
        grew = true;
      }
    }
  }
  const chosen = SNIPPETS.filter(([n]) => kept.has(n));
  return { names: chosen.map(([n]) => n), text: chosen.map(([, c]) => c).join('\n\n') };
}

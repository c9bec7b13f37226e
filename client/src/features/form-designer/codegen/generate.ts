/**
 * The code generator of the form designer (spec §2 "Form designer": code generation run / download
 * / copy; reference §7 form-generator's 导出vue文件, here a React + Chakra UI v3 file).
 *
 * `generateFormFile(conf, {type, fileName})` → the source of ONE self-contained .tsx component
 * importing only 'react' and '@chakra-ui/react': the model with each field's default value, the
 * rules (spec §5 messages, see gen-runtime.ts) with a validate() that shows the messages under the
 * fields, every catalogue component mapped to Chakra (gen-controls.ts), row containers as 24-column
 * grids, detail tables as a Table with add / remove rows and an optional 合计 row, `showWhen`
 * honoured (hidden fields not rendered, not validated, left out of the submitted values).
 * type 'file' = a page component `({ onSubmit? })` with 提交 / 重置 when `formBtns`; type
 * 'dialog' = `({ open, onClose, onSubmit? })` wrapping the form in a Chakra Dialog with 确定 / 取消.
 * Pure; never throws on a malformed conf (unknown layouts and tags are skipped or read as inputs).
 */
import { isDetailTable, isPlainObject, numberProp, UNSAFE_KEYS } from '../../../../../shared/form';
import type { FormConf, FormField } from '../../../components/form-render';
import { buttonJsx, controlJsx, type GenCtx } from './gen-controls';
import { componentName, condOf, indent, lit, ruleOf, type Cond, type GenRule } from './gen-model';
import { detailTable } from './gen-table';
import { pickRuntime, RUNTIME_TYPES, SNIPPET_IMPORTS } from './gen-runtime';

export { componentName } from './gen-model';

/** What to generate: a page ('file') or a dialog component, and the file name it is saved as. */
export interface GenerateOptions {
  type: 'file' | 'dialog';
  fileName: string;
}

const GRID = 'templateColumns="repeat(24, minmax(0, 1fr))"';

interface Walk {
  ctx: GenCtx;
  rules: Record<string, GenRule>;
  defaults: Record<string, unknown>;
  hasTable: boolean;
}

const validKey = (k: unknown): k is string => typeof k === 'string' && k !== '' && !UNSAFE_KEYS.has(k);

const spanOf = (field: FormField, fallback: number) => {
  const n = numberProp(field.__config__ as Record<string, unknown>, 'span', fallback) ?? fallback;
  return Math.min(24, Math.max(1, Math.round(n)));
};

/** A component wrapped in its showWhen condition (`scope` = the values the condition reads). */
function guarded(field: FormField, jsx: string, scope = 'values'): string {
  const cond = condOf(field);
  if (!cond) return jsx;
  return `{isShown(${scope}, ${lit([cond])}) && (\n${indent(jsx, 2)}\n)}`;
}

function formItem(field: FormField, body: string, opts: { error?: string; plain?: boolean }): string {
  const config = field.__config__;
  const label = config.showLabel === false ? '' : ` label={${lit(typeof config.label === 'string' ? config.label : '')}}`;
  const width = typeof config.labelWidth === 'number' && config.labelWidth > 0 ? ` labelWidth={${config.labelWidth}}` : '';
  const required = config.required === true ? ' required' : '';
  const error = opts.error ? ` error={${opts.error}}` : '';
  return `<FormItem${label}${required}${error}${width}${opts.plain ? ' plain' : ''}>\n${indent(body, 2)}\n</FormItem>`;
}

/** The JSX of one top-level or row component, collecting its rules and default values. */
function fieldJsx(field: FormField, w: Walk, when: Cond[], formSpan: number): string | null {
  if (!isPlainObject(field) || !isPlainObject(field.__config__)) return null;
  const config = field.__config__;
  const cond = condOf(field);
  const chain = cond ? [...when, cond] : when;
  if (config.layout === 'rowFormItem') {
    w.ctx.imports.add('Grid').add('GridItem');
    const gutter = numberProp(field as Record<string, unknown>, 'gutter', undefined);
    const children = (Array.isArray(config.children) ? config.children : [])
      .map((c) => fieldJsx(c, w, chain, formSpan))
      .filter((c): c is string => c !== null);
    const gap = gutter !== undefined ? ` columnGap="${gutter}px"` : ' columnGap={GUTTER}';
    const grid = `<Grid ${GRID}${gap}>\n${indent(children.join('\n'), 2)}\n</Grid>`;
    return guarded(field, `<GridItem colSpan={${spanOf(field, 24)}}>\n${indent(grid, 2)}\n</GridItem>`);
  }
  if (config.layout !== 'colFormItem') return null;
  let body: string;
  if (config.tag === 'el-button') {
    body = formItem(field, buttonJsx(field, w.ctx), { plain: true });
  } else {
    const key = field.__vModel__;
    if (!validKey(key) || Object.prototype.hasOwnProperty.call(w.rules, key)) return null;
    w.rules[key] = ruleOf(field, chain);
    const error = `errors[${lit(key)}]`;
    if (isDetailTable(field)) {
      w.defaults[key] = Array.isArray(config.defaultValue) ? config.defaultValue : [];
      const table = detailTable(field, key, w.ctx, w.ctx.formDisabled || field.disabled === true);
      w.hasTable = true;
      body = formItem(field, table, { error, plain: true });
    } else {
      w.defaults[key] = config.defaultValue ?? null;
      const control = controlJsx(field, { value: `values[${lit(key)}]`, set: (expr) => `setValue(${lit(key)}, ${expr})` }, w.ctx);
      body = formItem(field, control.jsx, { error, plain: control.plain });
    }
  }
  w.ctx.imports.add('GridItem');
  return guarded(field, `<GridItem colSpan={${spanOf(field, formSpan)}}>\n${indent(body, 2)}\n</GridItem>`);
}

/** The generated component file (see the module comment). */
export function generateFormFile(conf: FormConf, opts: GenerateOptions): string {
  const form: FormConf = isPlainObject(conf) ? conf : { fields: [] };
  const type = opts?.type === 'dialog' ? 'dialog' : 'file';
  const name = componentName(opts?.fileName ?? '');
  const ctx: GenCtx = {
    imports: new Set(['Box', 'Button', 'Grid', 'chakra']),
    consts: [],
    formDisabled: form.disabled === true,
    size: form.size === 'small' || form.size === 'mini' ? 'xs' : 'sm',
  };
  const w: Walk = { ctx, rules: {}, defaults: {}, hasTable: false };
  const formSpan = numberProp(form as Record<string, unknown>, 'span', 24) ?? 24;
  const items = (Array.isArray(form.fields) ? form.fields : []).map((f) => fieldJsx(f, w, [], formSpan)).filter((x): x is string => x !== null);
  const gutter = numberProp(form as Record<string, unknown>, 'gutter', 15) ?? 15;
  const labelWidth = numberProp(form as Record<string, unknown>, 'labelWidth', 100) ?? 100;
  const labelPosition = typeof form.labelPosition === 'string' ? form.labelPosition : 'right';

  const buttons = type === 'file' && form.formBtns === true ? [
    `  <HStack gap="2" pl={LABEL_POSITION === 'top' ? '0' : String(LABEL_WIDTH + 12) + 'px'}>`,
    `    <Button type="submit" size="sm" colorPalette="blue"${form.disabled === true ? ' disabled' : ''}>提交</Button>`,
    `    <Button size="sm" variant="outline" onClick={reset}${form.disabled === true ? ' disabled' : ''}>重置</Button>`,
    '  </HStack>',
  ] : [];
  if (buttons.length) ctx.imports.add('HStack');
  const formJsx = [
    '<chakra.form key={formKey} noValidate onSubmit={(e) => {',
    '  e.preventDefault();',
    '  submit();',
    '}}>',
    `  <Grid ${GRID} columnGap={GUTTER}>`,
    indent(items.join('\n'), 4),
    '  </Grid>',
    ...buttons,
    '</chakra.form>',
  ].join('\n');

  const props = type === 'dialog'
    ? '{ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit?: (values: Values) => void }'
    : '{ onSubmit }: { onSubmit?: (values: Values) => void }';
  const tableSetters = w.hasTable ? [
    '  const setCell = (key: string, index: number, column: string, value: unknown) =>',
    '    setValues((prev) => ({ ...prev, [key]: rowsOf(prev[key]).map((row, i) => (i === index ? { ...row, [column]: value } : row)) }));',
    '  const addRow = (key: string, row: Values) => setValues((prev) => ({ ...prev, [key]: [...rowsOf(prev[key]), row] }));',
    '  const removeRow = (key: string, index: number) => setValues((prev) => ({ ...prev, [key]: rowsOf(prev[key]).filter((_, i) => i !== index) }));',
  ] : [];
  let view: string;
  if (type === 'dialog') {
    ['Dialog', 'Portal', 'CloseButton'].forEach((n) => ctx.imports.add(n));
    view = [
      '  const close = () => {',
      '    reset();',
      '    onClose();',
      '  };',
      '  const confirm = () => {',
      '    if (submit()) close();',
      '  };',
      '',
      '  return (',
      '    <Dialog.Root open={open} onOpenChange={(e) => { if (!e.open) close(); }} size="lg">',
      '      <Portal>',
      '        <Dialog.Backdrop />',
      '        <Dialog.Positioner>',
      '          <Dialog.Content>',
      '            <Dialog.Header>',
      '              <Dialog.Title>Dialog Title</Dialog.Title>',
      '            </Dialog.Header>',
      '            <Dialog.Body>',
      indent(formJsx, 14),
      '            </Dialog.Body>',
      '            <Dialog.Footer>',
      '              <Button size="sm" variant="outline" onClick={close}>取消</Button>',
      '              <Button size="sm" colorPalette="blue" onClick={confirm}>确定</Button>',
      '            </Dialog.Footer>',
      '            <Dialog.CloseTrigger asChild>',
      '              <CloseButton size="sm" />',
      '            </Dialog.CloseTrigger>',
      '          </Dialog.Content>',
      '        </Dialog.Positioner>',
      '      </Portal>',
      '    </Dialog.Root>',
      '  );',
    ].join('\n');
  } else {
    view = ['  return (', indent(formJsx, 4), '  );'].join('\n');
  }

  const component = [
    `/** The generated form${type === 'dialog' ? ' in a dialog' : ''}; \`onSubmit\` receives the values of the visible fields after a valid check. */`,
    `export default function ${name}(${props}) {`,
    '  const [values, setValues] = useState<Values>(initialValues);',
    '  const [errors, setErrors] = useState<Record<string, string>>({});',
    '  const [formKey, setFormKey] = useState(0);',
    '',
    '  useEffect(() => {',
    '    setErrors((current) => recheck(current, values));',
    '  }, [values]);',
    '',
    '  const setValue = (key: string, value: unknown) => setValues((prev) => ({ ...prev, [key]: value }));',
    ...tableSetters,
    '  const submit = (): boolean => {',
    '    const found = validate(values);',
    '    setErrors(found);',
    '    if (Object.keys(found).length > 0) return false;',
    '    onSubmit?.(visibleValues(values));',
    '    return true;',
    '  };',
    '  const reset = () => {',
    '    setValues(initialValues());',
    '    setErrors({});',
    '    setFormKey((k) => k + 1);',
    '  };',
    '',
    view,
    '}',
  ].join('\n');

  const data = [
    `const LABEL_WIDTH = ${labelWidth};`,
    `const LABEL_POSITION: string = ${lit(labelPosition)};`,
    `const LABEL_ALIGN: 'left' | 'right' = ${labelPosition === 'left' ? "'left'" : "'right'"};`,
    `const GUTTER = '${gutter}px';`,
    '',
    ...ctx.consts,
    ...(ctx.consts.length ? [''] : []),
    `const rules: Record<string, Rule> = ${lit(w.rules, 2)};`,
    '',
    '/** A fresh copy of the default values. */',
    'function initialValues(): Values {',
    `  return ${indent(lit(w.defaults, 2), 2).trimStart()};`,
    '}',
  ].join('\n');

  const runtime = pickRuntime(`${data}\n${component}`);
  for (const n of runtime.names) for (const i of SNIPPET_IMPORTS[n] ?? []) ctx.imports.add(i);
  const chakra = [...ctx.imports].sort((a, b) => a.localeCompare(b, 'en'));
  const react = runtime.names.includes('FormItem') ? 'import { useEffect, useState, type ReactNode } from \'react\';' : 'import { useEffect, useState } from \'react\';';
  return [
    '// Generated by the form designer: a React + Chakra UI v3 form component.',
    react,
    `import { ${chakra.join(', ')} } from '@chakra-ui/react';`,
    '',
    RUNTIME_TYPES,
    '',
    data,
    '',
    runtime.text,
    '',
    component,
    '',
  ].join('\n');
}

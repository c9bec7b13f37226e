/**
 * Service task and call activity attributes (issue 13 C; the engine reads them in
 * server/engine/model/nodes.ts `serviceTaskOf` / `callActivityOf`):
 * - service task: exactly one of `flowable:class` / `flowable:delegateExpression` /
 *   `flowable:expression` (a registered handler name, never eval), `flowable:resultVariable`,
 *   field injection as `<flowable:field name stringValue|expression>`;
 * - call activity: `calledElement` (a process key or an expression), `flowable:calledElementBinding`
 *   latest | version with `flowable:calledElementVersion`, `<flowable:in|out source|sourceExpression
 *   target>`, `flowable:inheritVariables`, `flowable:businessKey`.
 */
import { ext, extOfType, orUndef, replaceExt, type ModdleEl, type ModdleOps } from '../ops';

export type ServiceImpl = 'class' | 'delegateExpression' | 'expression';
export const SERVICE_IMPLS: { value: ServiceImpl; label: string; hint: string }[] = [
  { value: 'class', label: '类', hint: '处理器名称' },
  { value: 'delegateExpression', label: '委托表达式', hint: '如 ${处理器名称}' },
  { value: 'expression', label: '表达式', hint: '如 ${处理器名称.方法(参数)}' },
];

/** The implementation kind and value of a service task (kind '' when none is set). */
export function readService(bo: ModdleEl): { impl: ServiceImpl | ''; value: string; resultVariable: string } {
  const impl = SERVICE_IMPLS.find((i) => ext(bo, i.value))?.value ?? '';
  return { impl, value: impl ? ext(bo, impl) : '', resultVariable: ext(bo, 'resultVariable') };
}

/** Writes the implementation: one of the three attributes, the other two removed. */
export function writeService(ops: ModdleOps, bo: ModdleEl, impl: ServiceImpl, value: string): void {
  const props: Record<string, unknown> = { 'flowable:class': undefined, 'flowable:delegateExpression': undefined, 'flowable:expression': undefined };
  props[`flowable:${impl}`] = orUndef(value);
  ops.update(bo, props);
}

/** The handler name a value refers to: the class name, or `x` of `${x}` / `${x.method(…)}`. */
export function handlerOf(impl: ServiceImpl | '', value: string): string {
  if (impl === 'class') return value.trim();
  const m = /^[$#]\{\s*([A-Za-z_$][\w$]*)/.exec(value.trim());
  return m ? m[1] : '';
}

/** The value to write when a handler is picked from the list, per implementation kind. */
export function valueForHandler(impl: ServiceImpl, handler: string): string {
  return impl === 'class' ? handler : `\${${handler}}`;
}

export interface FieldRow { name: string; type: 'string' | 'expression'; value: string }

/** Field injection rows of a service task. */
export function readFields(bo: ModdleEl): FieldRow[] {
  return extOfType(bo, 'flowable:Field').map((f) => {
    const expression = f.get('expression') as string | undefined;
    return expression !== undefined && expression !== null
      ? { name: String(f.get('name') ?? ''), type: 'expression', value: String(expression) }
      : { name: String(f.get('name') ?? ''), type: 'string', value: String(f.get('stringValue') ?? '') };
  });
}

/** Writes the field rows (blank names dropped) as `<flowable:field>` children. */
export function writeFields(ops: ModdleOps, bo: ModdleEl, rows: FieldRow[]): void {
  const items = rows.filter((r) => r.name.trim()).map((r) => ops.create('flowable:Field', {
    name: r.name.trim(), ...(r.type === 'expression' ? { expression: r.value } : { stringValue: r.value }),
  }));
  replaceExt(ops, bo, ['flowable:Field'], items);
}

export interface CallActivityForm {
  calledElement: string;
  binding: 'latest' | 'version';
  version: string;
  inheritVariables: boolean;
  businessKey: string;
}

/** Reads the call activity's attributes. */
export function readCallActivity(bo: ModdleEl): CallActivityForm {
  return {
    calledElement: String(bo.get('calledElement') ?? ''),
    binding: ext(bo, 'calledElementBinding') === 'version' ? 'version' : 'latest',
    version: ext(bo, 'calledElementVersion'),
    inheritVariables: bo.get('flowable:inheritVariables') === true,
    businessKey: ext(bo, 'businessKey'),
  };
}

/** Writes one call activity attribute (latest removes the binding and the version; false / blank remove). */
export function writeCallActivity<K extends keyof CallActivityForm>(ops: ModdleOps, bo: ModdleEl, key: K, value: CallActivityForm[K]): void {
  if (key === 'calledElement') ops.update(bo, { calledElement: orUndef(String(value)) });
  else if (key === 'binding') ops.update(bo, value === 'version' ? { 'flowable:calledElementBinding': 'version' } : { 'flowable:calledElementBinding': undefined, 'flowable:calledElementVersion': undefined });
  else if (key === 'version') ops.update(bo, { 'flowable:calledElementVersion': orUndef(String(value)) });
  else if (key === 'inheritVariables') ops.update(bo, { 'flowable:inheritVariables': value ? true : undefined });
  else ops.update(bo, { 'flowable:businessKey': orUndef(String(value)) });
}

/** A version number check (版本号 is a positive integer when the binding is version). */
export function versionError(binding: string, version: string): string | undefined {
  if (binding !== 'version') return undefined;
  return /^[1-9]\d*$/.test(version.trim()) ? undefined : '请输入版本号 (正整数)';
}

export interface MappingRow { source: string; sourceExpression: string; target: string }

/** The in (输入) or out (输出) variable mappings. */
export function readMappings(bo: ModdleEl, dir: 'in' | 'out'): MappingRow[] {
  return extOfType(bo, dir === 'in' ? 'flowable:In' : 'flowable:Out').map((m) => ({
    source: String(m.get('source') ?? ''), sourceExpression: String(m.get('sourceExpression') ?? ''), target: String(m.get('target') ?? ''),
  }));
}

/** Row errors: a target and exactly one of source / sourceExpression. */
export function validateMappings(rows: MappingRow[]): Record<number, Partial<Record<keyof MappingRow, string>>> {
  const out: Record<number, Partial<Record<keyof MappingRow, string>>> = {};
  rows.forEach((r, i) => {
    const e: Partial<Record<keyof MappingRow, string>> = {};
    const s = r.source.trim(), x = r.sourceExpression.trim();
    if (!s && !x) e.source = '请输入来源变量或来源表达式';
    if (s && x) e.sourceExpression = '来源变量与来源表达式只填一个';
    if (!r.target.trim()) e.target = '请输入';
    if (Object.keys(e).length) out[i] = e;
  });
  return out;
}

/** Writes the mappings of one direction as `<flowable:in|out>` children. */
export function writeMappings(ops: ModdleOps, bo: ModdleEl, dir: 'in' | 'out', rows: MappingRow[]): void {
  const type = dir === 'in' ? 'flowable:In' : 'flowable:Out';
  const items = rows.map((r) => ops.create(type, {
    ...(r.source.trim() ? { source: r.source.trim() } : { sourceExpression: r.sourceExpression.trim() }), target: r.target.trim(),
  }));
  replaceExt(ops, bo, [type], items);
}

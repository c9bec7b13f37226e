/**
 * Task and execution listeners on a node (workflow spec §3 "Task listener", "Execution listener",
 * "Listener parameter"; §5 "Designer and listeners": rows need event and type (请选择) and value
 * (请输入); params need type and name (请选择 per spec) and value (请输入)). Written as
 * `<flowable:taskListener|executionListener event class|expression|delegateExpression>` with
 * `<flowable:field name stringValue|expression>` (reference §6 "BPMN XML produced by the designer").
 */
import { extOfType, replaceExt, type ModdleEl, type ModdleOps } from '../ops';

export type ListenerValueType = 'class' | 'expression' | 'delegateExpression';
export interface ListenerParam { name: string; type: 'stringValue' | 'expression' | ''; value: string }
export interface ListenerRow { event: string; type: ListenerValueType | ''; value: string; params: ListenerParam[] }
export type ListenerKind = 'task' | 'execution';

export const TASK_EVENTS = [
  { value: 'create', label: '创建' }, { value: 'assignment', label: '指派' },
  { value: 'complete', label: '完成' }, { value: 'delete', label: '删除' },
];
export const EXECUTION_EVENTS = [{ value: 'start', label: '开始' }, { value: 'end', label: '结束' }, { value: 'take', label: '启用' }];
export const LISTENER_TYPES = [
  { value: 'class', label: '类' }, { value: 'expression', label: '表达式' }, { value: 'delegateExpression', label: '委托表达式' },
];
export const PARAM_TYPES = [{ value: 'stringValue', label: '字符串' }, { value: 'expression', label: '表达式' }];

const TYPE_NAME: Record<ListenerKind, string> = { task: 'flowable:TaskListener', execution: 'flowable:ExecutionListener' };
const VALUE_TYPES: ListenerValueType[] = ['class', 'expression', 'delegateExpression'];

/** The listener rows of a business object. */
export function readListeners(bo: ModdleEl, kind: ListenerKind): ListenerRow[] {
  return extOfType(bo, TYPE_NAME[kind]).map((l) => {
    const type = VALUE_TYPES.find((t) => l.get(t)) ?? '';
    const params = ((l.get('fields') as ModdleEl[] | undefined) ?? []).map((f): ListenerParam => {
      const expr = (f.get('expression') as string | undefined) ?? ((f.get('expressionChild') as ModdleEl | undefined)?.get('body') as string | undefined);
      if (expr !== undefined) return { name: String(f.get('name') ?? ''), type: 'expression', value: expr };
      return { name: String(f.get('name') ?? ''), type: 'stringValue', value: String(f.get('stringValue') ?? f.get('string') ?? '') };
    });
    return { event: String(l.get('event') ?? ''), type, value: type ? String(l.get(type)) : '', params };
  });
}

/** Replaces the listeners of `kind` (other extension children stay). */
export function writeListeners(ops: ModdleOps, bo: ModdleEl, kind: ListenerKind, rows: ListenerRow[]): void {
  const items = rows.map((r) => {
    const fields = r.params.map((p) => ops.create('flowable:Field', { name: p.name, [p.type || 'stringValue']: p.value }));
    const el = ops.create(TYPE_NAME[kind], { event: r.event, [r.type || 'class']: r.value.trim(), fields });
    for (const f of fields) f.$parent = el;
    return el;
  });
  replaceExt(ops, bo, [TYPE_NAME[kind]], items);
}

export const MSG_SELECT = '请选择';
export const MSG_INPUT = '请输入';

type RowErrors<T> = Partial<Record<keyof T, string>>;

/** Errors per listener row (index → field → message); empty when the table validates. */
export function validateListeners(rows: ListenerRow[]): Record<number, RowErrors<ListenerRow>> {
  const out: Record<number, RowErrors<ListenerRow>> = {};
  rows.forEach((r, i) => {
    const e: RowErrors<ListenerRow> = {};
    if (!r.event) e.event = MSG_SELECT;
    if (!r.type) e.type = MSG_SELECT;
    if (!r.value.trim()) e.value = MSG_INPUT;
    if (Object.keys(e).length) out[i] = e;
  });
  return out;
}

/** Errors per parameter row: type and name 请选择 (spec §5 wording), value 请输入. */
export function validateParams(rows: ListenerParam[]): Record<number, RowErrors<ListenerParam>> {
  const out: Record<number, RowErrors<ListenerParam>> = {};
  rows.forEach((r, i) => {
    const e: RowErrors<ListenerParam> = {};
    if (!r.type) e.type = MSG_SELECT;
    if (!r.name.trim()) e.name = MSG_SELECT;
    if (!r.value.trim()) e.value = MSG_INPUT;
    if (Object.keys(e).length) out[i] = e;
  });
  return out;
}

/** A row of the listener library (`sys_listener`, ListenerPickerDialog). */
export interface LibraryListener { id: number; name: string; type: string; eventType: string; valueType: string; value: string }

const LIBRARY_VALUE_TYPES: Record<string, ListenerValueType> = {
  classListener: 'class', expressionListener: 'expression', delegateExpressionListener: 'delegateExpression',
};

/** Library row → node listener row (type '1' task, '2' execution; valueType *Listener → class / expression / delegateExpression). */
export function fromLibrary(row: LibraryListener): ListenerRow {
  return { event: row.eventType, type: LIBRARY_VALUE_TYPES[row.valueType] ?? 'class', value: row.value, params: [] };
}

/** Adds picked library rows, skipping ones already present (same event, type and value). */
export function addLibraryRows(rows: ListenerRow[], picked: LibraryListener[]): ListenerRow[] {
  const key = (r: ListenerRow) => `${r.event}|${r.type}|${r.value}`;
  const seen = new Set(rows.map(key));
  const added = picked.map(fromLibrary).filter((r) => !seen.has(key(r)) && (seen.add(key(r)), true));
  return [...rows, ...added];
}

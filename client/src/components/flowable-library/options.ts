/**
 * Option maps and form rules of the expression and listener libraries (workflow spec §3
 * "Flow listener", "Expression", §9 listener events; reference §3 dicts `exp_data_type`,
 * `sys_listener_type`, `sys_listener_value_type`, `sys_listener_event_type`). The screens show
 * the dictionaries; these local labels are the fallback while a dictionary is loading or lacks
 * an entry, and the event lists per listener type are the spec's.
 */
import { REGISTERED_HANDLER_LABEL } from '../../../../shared/bpmn/handler-labels';
import type { DictOption } from '../../hooks/dict-cache';
import type { ListenerType } from './types';

/** Task listener events (spec §9). */
export const TASK_EVENTS = ['create', 'assignment', 'complete', 'delete'] as const;
/** Execution listener events (spec §9). */
export const EXECUTION_EVENTS = ['start', 'end', 'take'] as const;

export const LISTENER_TYPE_LABELS: Record<string, string> = { 1: '任务监听', 2: '执行监听' };
/** 值类型 labels; a class listener names a handler registered on the server: 已注册处理器 (upstream: JAVA类). */
export const VALUE_TYPE_LABELS: Record<string, string> = {
  classListener: REGISTERED_HANDLER_LABEL,
  expressionListener: '表达式',
  delegateExpressionListener: '代理表达式',
};
export const EVENT_TYPE_LABELS: Record<string, string> = {
  create: '创建', assignment: '指派', complete: '完成', delete: '删除', start: '开始', end: '结束', take: '连线',
};
export const DATA_TYPE_LABELS: Record<string, string> = { fixed: '系统指定', dynamic: '动态选择' };

/** The events a listener of `type` may use (task: create…delete, execution: start/end/take). */
export function eventsOfType(type: string | null | undefined): readonly string[] {
  if (type === '1') return TASK_EVENTS;
  if (type === '2') return EXECUTION_EVENTS;
  return [];
}

/**
 * Options of a local label map merged with a dictionary: the dictionary's label wins, values
 * are the `values` given (in that order), so a dictionary entry outside them is left out.
 */
export function optionsOf(values: readonly string[], labels: Record<string, string>, dict: DictOption[] = []): DictOption[] {
  return values.map((value) => {
    const d = dict.find((o) => o.value === value);
    if (d) return d;
    const label = labels[value] ?? value;
    return { value, label, elTagType: 'default', elTagClass: '', raw: { dictLabel: label, dictValue: value } };
  });
}

/**
 * 值类型 options: the dictionary merged with VALUE_TYPE_LABELS, where upstream's label JAVA类 (a
 * database seeded before issue 40) reads 已注册处理器: no Java class runs here, only registered handlers.
 */
export function valueTypeOptions(dict: DictOption[] = []): DictOption[] {
  return optionsOf(Object.keys(VALUE_TYPE_LABELS), VALUE_TYPE_LABELS, dict).map((o) =>
    o.value === 'classListener' && o.label === 'JAVA类' ? { ...o, label: REGISTERED_HANDLER_LABEL } : o,
  );
}

/** Event type options for the listener dialog: only the events of `type`. */
export const eventTypeOptions = (type: string | null | undefined, dict: DictOption[] = []) =>
  optionsOf(eventsOfType(type), EVENT_TYPE_LABELS, dict);

/** A label from a dictionary, falling back to the local map, then to the raw code. */
export function labelOf(value: string | null | undefined, labels: Record<string, string>, dict: DictOption[] = []): string {
  if (value === null || value === undefined || value === '') return '';
  return dict.find((o) => o.value === value)?.label ?? labels[value] ?? value;
}

/** Changing the listener type keeps the event only when the new type allows it. */
export function eventAfterTypeChange(type: ListenerType | string, eventType: string): string {
  return eventsOfType(type).includes(eventType) ? eventType : '';
}

// ---- form rules (the server's zod messages: `${label}不能为空`, lengths 100 / 500)

export interface ExpressionForm {
  name: string;
  expression: string;
  dataType: string;
  status: string;
  remark: string;
}
export const EMPTY_EXPRESSION: ExpressionForm = { name: '', expression: '', dataType: 'fixed', status: '0', remark: '' };

export interface ListenerForm {
  name: string;
  type: string;
  eventType: string;
  valueType: string;
  value: string;
  status: string;
  remark: string;
}
export const EMPTY_LISTENER: ListenerForm = { name: '', type: '1', eventType: '', valueType: 'classListener', value: '', status: '0', remark: '' };

type Check<F> = { [K in keyof F]?: (v: string, form: F) => string | null };
const req = (label: string) => (v: string) => (v.trim() === '' ? `${label}不能为空` : null);
const maxLen = (label: string, max: number, inner?: (v: string) => string | null) => (v: string) =>
  inner?.(v) ?? (v.length > max ? `${label}长度不能超过${max}个字符` : null);

/** Rules of the expression dialog (server `expressionAddInput`). */
export const EXPRESSION_CHECKS: Check<ExpressionForm> = {
  name: maxLen('表达式名称', 100, req('表达式名称')),
  expression: maxLen('表达式内容', 500, req('表达式内容')),
  dataType: req('指定类型'),
  remark: maxLen('备注', 500),
};

/** Rules of the listener dialog (server `listenerAddInput`, with its type/event match). */
export const LISTENER_CHECKS: Check<ListenerForm> = {
  name: maxLen('名称', 100, req('名称')),
  type: req('监听类型'),
  eventType: (v, f) => req('事件类型')(v) ?? (eventsOfType(f.type).includes(v) ? null : '事件类型与监听类型不匹配'),
  valueType: req('值类型'),
  value: maxLen('执行内容', 500, req('执行内容')),
  remark: maxLen('备注', 500),
};

/** The first message of each failing field. */
export function checkForm<F extends object>(form: F, checks: Check<F>): Partial<Record<keyof F, string>> {
  const out: Partial<Record<keyof F, string>> = {};
  for (const key of Object.keys(checks) as (keyof F)[]) {
    const msg = checks[key]?.(String(form[key] ?? ''), form);
    if (msg) out[key] = msg;
  }
  return out;
}

/** The checks as form-kit `Rules` (one rule per field) for `useForm`. */
export function toRules<F extends object>(checks: Check<F>): Partial<Record<keyof F, ((v: F[keyof F], form: F) => string | null)[]>> {
  const out: Partial<Record<keyof F, ((v: F[keyof F], form: F) => string | null)[]>> = {};
  for (const key of Object.keys(checks) as (keyof F)[]) {
    const c = checks[key]!;
    out[key] = [(v, form) => c(v === null || v === undefined ? '' : String(v), form)];
  }
  return out;
}

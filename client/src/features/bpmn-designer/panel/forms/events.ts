/**
 * Event definitions in the panel (issue 13 C; the engine reads them in server/engine/model/nodes.ts
 * `eventDefOf`): a timer carries exactly one of timeDate / timeDuration / timeCycle (ISO 8601 or an
 * expression) as a `bpmn:FormalExpression`; message, signal and error events reference a global
 * `bpmn:Message` / `bpmn:Signal` / `bpmn:Error` (with `errorCode`) under `<bpmn:definitions>`;
 * a boundary event's `cancelActivity` (中断) and an event sub-process start's `isInterrupting`.
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

export type TimerType = 'timeDate' | 'timeDuration' | 'timeCycle';
export const TIMER_TYPES: { value: TimerType; label: string; hint: string }[] = [
  { value: 'timeDate', label: '指定时间', hint: '如 2026-12-01T09:00' },
  { value: 'timeDuration', label: '持续时间', hint: '如 PT1H (1小时)、PT5S、P1D' },
  { value: 'timeCycle', label: '循环', hint: '如 R3/PT10M (每10分钟, 共3次)' },
];

export type EventKind = 'timer' | 'message' | 'signal' | 'error' | 'terminate' | 'none';
const KIND_OF: Record<string, EventKind> = {
  'bpmn:TimerEventDefinition': 'timer', 'bpmn:MessageEventDefinition': 'message', 'bpmn:SignalEventDefinition': 'signal',
  'bpmn:ErrorEventDefinition': 'error', 'bpmn:TerminateEventDefinition': 'terminate',
};

/** The (first) event definition of an event, or undefined. */
export function eventDefinition(bo: ModdleEl): ModdleEl | undefined {
  return ((bo.get('eventDefinitions') as ModdleEl[] | undefined) ?? [])[0];
}

/** The kind of an event's definition ('none' without one). */
export function eventKind(bo: ModdleEl): EventKind {
  const def = eventDefinition(bo);
  return def ? KIND_OF[def.$type] ?? 'none' : 'none';
}

/** The timer's type and value ('' when none is set; the first one set wins). */
export function readTimer(def: ModdleEl): { type: TimerType | ''; value: string } {
  for (const t of TIMER_TYPES) {
    const expr = def.get(t.value) as ModdleEl | undefined;
    if (expr) return { type: t.value, value: String(expr.get('body') ?? '') };
  }
  return { type: '', value: '' };
}

/** Writes the timer: exactly one of the three (the others removed); a blank value removes it. */
export function writeTimer(ops: ModdleOps, def: ModdleEl, type: TimerType, value: string): void {
  const body = orUndef(value);
  const props: Record<string, unknown> = { timeDate: undefined, timeDuration: undefined, timeCycle: undefined };
  props[type] = ops.create('bpmn:FormalExpression', { body: body ?? '' }, def);
  ops.update(def, props);
}

/** A check of the timer value (ISO 8601 or an expression) before it is written; undefined when fine. */
export function timerError(type: TimerType | '', value: string): string | undefined {
  const v = value.trim();
  if (!v) return '请输入定时值';
  if (/^[$#]\{.*\}$/.test(v)) return undefined;
  if (type === 'timeDuration' && !/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(v)) return '持续时间格式为 ISO 8601, 如 PT1H';
  if (type === 'timeDate' && Number.isNaN(Date.parse(v))) return '时间格式为 ISO 8601, 如 2026-12-01T09:00';
  if (type === 'timeCycle' && !/^R\d*\/.+/.test(v)) return '循环格式为 R<次数>/<间隔>, 如 R3/PT10M';
  return undefined;
}

export type GlobalType = 'bpmn:Message' | 'bpmn:Signal' | 'bpmn:Error';
/** The reference property of each event definition kind. */
export const REF_PROP: Record<'message' | 'signal' | 'error', { prop: string; type: GlobalType; label: string }> = {
  message: { prop: 'messageRef', type: 'bpmn:Message', label: '消息' },
  signal: { prop: 'signalRef', type: 'bpmn:Signal', label: '信号' },
  error: { prop: 'errorRef', type: 'bpmn:Error', label: '错误' },
};

/**
 * One global definition as the dialog edits it; `ref` is the existing element (absent for a new
 * row). `scope` (signals only): 信号范围 `global` (全局) or `processInstance` (流程实例), written as
 * `flowable:scope` (the engine delivers a processInstance signal only inside the throwing instance).
 */
export interface GlobalRow { ref?: ModdleEl; id: string; name: string; errorCode: string; scope?: string }

/** 信号范围 options of the signal dialogs (reference §6: `<signal flowable:scope="global|processInstance">`). */
export const SIGNAL_SCOPES = [{ value: 'global', label: '全局' }, { value: 'processInstance', label: '流程实例' }];

/** A signal's 信号范围 as the engine reads it: `processInstance`, anything else (or none) is `global` (Flowable). */
export function signalScope(signal: ModdleEl): string {
  return ext(signal, 'scope') === 'processInstance' ? 'processInstance' : 'global';
}

/** The global definitions of `type` under the definitions, in order. */
export function readGlobals(definitions: ModdleEl | undefined, type: GlobalType): GlobalRow[] {
  const roots = (definitions?.get('rootElements') as ModdleEl[] | undefined) ?? [];
  return roots.filter((r) => r.$type === type).map((r) => ({
    ref: r, id: String(r.id ?? ''), name: String(r.name ?? ''), errorCode: type === 'bpmn:Error' ? String(r.get('errorCode') ?? '') : '',
    ...(type === 'bpmn:Signal' ? { scope: signalScope(r) } : {}),
  }));
}

/** Row errors: id and name required (请输入), a signal's scope (请选择, spec §5), ids unique (ID 已存在), an id is an XML name. */
export function validateGlobals(rows: GlobalRow[], takenElsewhere: (id: string) => boolean = () => false): Record<number, Partial<Record<'id' | 'name' | 'errorCode' | 'scope', string>>> {
  const out: Record<number, Partial<Record<'id' | 'name' | 'errorCode' | 'scope', string>>> = {};
  rows.forEach((r, i) => {
    const e: Partial<Record<'id' | 'name' | 'scope', string>> = {};
    if (r.scope !== undefined && !r.scope) e.scope = '请选择';
    const id = r.id.trim();
    if (!id) e.id = '请输入';
    else if (!/^[A-Za-z_][\w.-]*$/.test(id)) e.id = 'ID 须以字母或下划线开头';
    else if (rows.slice(0, i).some((p) => p.id.trim() === id) || (id !== r.ref?.id && takenElsewhere(id))) e.id = 'ID 已存在';
    if (!r.name.trim()) e.name = '请输入';
    if (Object.keys(e).length) out[i] = e;
  });
  return out;
}

/**
 * Writes the global definitions of `type`: existing ones are updated in place (so event
 * references to them stay), new rows created, removed rows dropped; they stay before the process.
 */
export function writeGlobals(ops: ModdleOps, definitions: ModdleEl, type: GlobalType, rows: GlobalRow[]): void {
  const roots = (definitions.get('rootElements') as ModdleEl[] | undefined) ?? [];
  const items = rows.map((r) => {
    const props: Record<string, unknown> = { id: r.id.trim(), name: r.name.trim() };
    if (type === 'bpmn:Error') props.errorCode = orUndef(r.errorCode);
    // 信号范围: written for a new signal and when changed (another value, e.g. RuoYi's "start", stays as read).
    if (type === 'bpmn:Signal' && r.scope && (!r.ref || signalScope(r.ref) !== r.scope)) props['flowable:scope'] = r.scope;
    if (!r.ref) return ops.create(type, props, definitions);
    if (r.ref.id !== props.id || r.ref.name !== props.name || 'flowable:scope' in props || (type === 'bpmn:Error' && (r.ref.get('errorCode') ?? undefined) !== props.errorCode)) ops.update(r.ref, props);
    return r.ref;
  });
  const others = roots.filter((r) => r.$type !== type);
  const firstProcess = others.findIndex((r) => r.$type === 'bpmn:Process' || r.$type === 'bpmn:Collaboration');
  const at = firstProcess < 0 ? others.length : firstProcess;
  ops.update(definitions, { rootElements: [...others.slice(0, at), ...items, ...others.slice(at)] });
}

/** The flow elements of the processes, sub-processes included (depth first). */
function flowElementsOf(definitions: ModdleEl): ModdleEl[] {
  const out: ModdleEl[] = [];
  const walk = (container: ModdleEl) => {
    for (const el of (container.get('flowElements') as ModdleEl[] | undefined) ?? []) {
      out.push(el);
      if (el.$type === 'bpmn:SubProcess') walk(el);
    }
  };
  for (const root of (definitions.get('rootElements') as ModdleEl[] | undefined) ?? []) if (root.$type === 'bpmn:Process') walk(root);
  return out;
}

/** The elements whose event definition (or receive task) references `global` (a Message / Signal / Error). */
export function referencesTo(definitions: ModdleEl | undefined, global: ModdleEl): ModdleEl[] {
  if (!definitions) return [];
  return flowElementsOf(definitions).filter((el) => {
    if (el.$type === 'bpmn:ReceiveTask' && el.get('messageRef') === global) return true;
    return ((el.get('eventDefinitions') as ModdleEl[] | undefined) ?? []).some((d) => {
      const kind = KIND_OF[d.$type];
      return (kind === 'message' || kind === 'signal' || kind === 'error') && d.get(REF_PROP[kind].prop) === global;
    });
  });
}

/**
 * The refusal of a dialog's 确 定 that would delete a definition still referenced (the events would
 * lose their reference and the model no longer deploy): `「名称」(id) 仍被 事件名 (id) 引用, 不能删除`,
 * or undefined when every removed row is unused.
 */
export function globalsInUse(definitions: ModdleEl | undefined, type: GlobalType, before: GlobalRow[], after: GlobalRow[]): string | undefined {
  const label = Object.values(REF_PROP).find((p) => p.type === type)?.label ?? '';
  for (const old of before) {
    if (!old.ref || after.some((r) => r.ref === old.ref)) continue;
    const users = referencesTo(definitions, old.ref);
    if (users.length) {
      const who = users.map((u) => `${u.name ? `${String(u.name)} ` : ''}(${String(u.id)})`).join('、');
      return `${label}「${old.name || old.id}」(${old.id}) 仍被 ${who} 引用, 不能删除; 请先修改这些事件`;
    }
  }
  return undefined;
}

/** The id of the global an event definition references ('' when none). */
export function readRef(def: ModdleEl, kind: 'message' | 'signal' | 'error'): string {
  const ref = def.get(REF_PROP[kind].prop) as ModdleEl | undefined;
  return ref?.id ?? '';
}

/** Points the event definition at the global with `id` ('' removes the reference). */
export function writeRef(ops: ModdleOps, def: ModdleEl, kind: 'message' | 'signal' | 'error', definitions: ModdleEl | undefined, id: string): void {
  const target = readGlobals(definitions, REF_PROP[kind].type).find((g) => g.id === id)?.ref;
  ops.update(def, { [REF_PROP[kind].prop]: target });
}

/** 中断: a boundary event's cancelActivity (default true), an event sub-process start's isInterrupting (default true). */
export function readInterrupting(bo: ModdleEl): boolean {
  const prop = bo.$type === 'bpmn:BoundaryEvent' ? 'cancelActivity' : 'isInterrupting';
  return bo.get(prop) !== false;
}

/** Writes 中断 (false is written, true restores the default). */
export function writeInterrupting(ops: ModdleOps, bo: ModdleEl, value: boolean): void {
  const prop = bo.$type === 'bpmn:BoundaryEvent' ? 'cancelActivity' : 'isInterrupting';
  ops.update(bo, { [prop]: value });
}

/** True when `bo` is a start event directly inside an event sub-process. */
export function isEventSubProcessStart(bo: ModdleEl): boolean {
  return bo.$type === 'bpmn:StartEvent' && bo.$parent?.$type === 'bpmn:SubProcess' && bo.$parent.get('triggeredByEvent') === true;
}

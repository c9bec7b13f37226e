/**
 * Process panel data (workflow spec §3 "Process definition attributes", "Signal"; §4 "Designer
 * dialogs": signal scope 全局 = `start`, 流程实例 = `end`; §5: signal rows need scope 请选择, id and
 * name 请输入; resource list: duplicates 资源已存在, blank entries dropped).
 * Category → `flowable:processCategory` (empty removes it). Signals → `<bpmn:signal id name
 * flowable:scope>` under `<bpmn:definitions>`. Resources → `<flowable:resource>` children of the
 * process's extension elements (our choice: RuoYi keeps no such list in the XML).
 */
import { ext, extOfType, orUndef, replaceExt, type ModdleEl, type ModdleOps } from '../ops';
import { MSG_INPUT, MSG_SELECT } from './listeners';

/** Reads `flowable:processCategory`. */
export const readCategory = (proc: ModdleEl) => ext(proc, 'processCategory');

/** Writes the category; '' removes the attribute (save payload stores it as null). */
export function writeCategory(ops: ModdleOps, proc: ModdleEl, category: string): void {
  ops.update(proc, { 'flowable:processCategory': orUndef(category) });
}

export interface SignalRow { scope: string; id: string; name: string }
export const SIGNAL_SCOPES = [{ value: 'start', label: '全局' }, { value: 'end', label: '流程实例' }];

/** The signals of the definitions. */
export function readSignals(definitions: ModdleEl | undefined): SignalRow[] {
  const roots = (definitions?.get('rootElements') as ModdleEl[] | undefined) ?? [];
  return roots.filter((r) => r.$type === 'bpmn:Signal').map((s) => ({
    scope: String(s.get('flowable:scope') ?? ''), id: String(s.id ?? ''), name: String(s.name ?? ''),
  }));
}

/** Errors per signal row; empty when the table validates (the dialog may close). */
export function validateSignals(rows: SignalRow[]): Record<number, Partial<Record<keyof SignalRow, string>>> {
  const out: Record<number, Partial<Record<keyof SignalRow, string>>> = {};
  rows.forEach((r, i) => {
    const e: Partial<Record<keyof SignalRow, string>> = {};
    if (!r.scope) e.scope = MSG_SELECT;
    if (!r.id.trim()) e.id = MSG_INPUT;
    if (!r.name.trim()) e.name = MSG_INPUT;
    if (Object.keys(e).length) out[i] = e;
  });
  return out;
}

/** Replaces the definitions' signals by `rows` (kept before the processes, in order). */
export function writeSignals(ops: ModdleOps, definitions: ModdleEl, rows: SignalRow[]): void {
  const roots = (definitions.get('rootElements') as ModdleEl[] | undefined) ?? [];
  const signals = rows.map((r) => ops.create('bpmn:Signal', { id: r.id.trim(), name: r.name.trim(), 'flowable:scope': r.scope }, definitions));
  ops.update(definitions, { rootElements: [...signals, ...roots.filter((r) => r.$type !== 'bpmn:Signal')] });
}

export const MSG_RESOURCE_EXISTS = '资源已存在';

/** The resource list of the process. */
export function readResources(proc: ModdleEl): string[] {
  return extOfType(proc, 'flowable:Resource').map((r) => String(r.get('value') ?? ''));
}

/** Blank entries dropped, surrounding spaces trimmed. */
export const cleanResources = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);

/** '资源已存在' when `candidate` is already in `list` (trimmed comparison), else undefined. */
export function resourceError(list: string[], candidate: string): string | undefined {
  const c = candidate.trim();
  return c && cleanResources(list).includes(c) ? MSG_RESOURCE_EXISTS : undefined;
}

/** Index → message for each entry that repeats an earlier one. */
export function validateResources(list: string[]): Record<number, string> {
  const out: Record<number, string> = {};
  list.forEach((v, i) => {
    if (v.trim() && list.slice(0, i).some((p) => p.trim() === v.trim())) out[i] = MSG_RESOURCE_EXISTS;
  });
  return out;
}

/** Writes the cleaned list as `<flowable:resource>` children. */
export function writeResources(ops: ModdleOps, proc: ModdleEl, list: string[]): void {
  const items = cleanResources(list).map((value) => ops.create('flowable:Resource', { value }));
  replaceExt(ops, proc, ['flowable:Resource'], items);
}

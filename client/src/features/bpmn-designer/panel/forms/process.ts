/**
 * Process panel data (workflow spec §3 "Process definition attributes", "Signal"; §4 "Designer
 * dialogs": the signal dialog closes only when its rows validate; §5: id and name 请输入).
 * Category → `flowable:processCategory` (empty removes it). Signals → `<bpmn:signal id name>`
 * under `<bpmn:definitions>`, edited IN PLACE (forms/events.ts `writeGlobals`): a signal event's
 * `signalRef` keeps pointing at the same object, renaming its id included; a signal still
 * referenced by an event cannot be deleted (`globalsInUse`).
 *
 * Each signal has a 信号范围 (`flowable:scope` global / processInstance, issue 40: the engine
 * delivers a processInstance signal only inside the throwing instance). Not offered: the
 * resource list (`<flowable:resource>`, read by nothing).
 */
import { orUndef, ext, type ModdleEl, type ModdleOps } from '../ops';
import { readGlobals, validateGlobals, writeGlobals, type GlobalRow } from './events';

/** Reads `flowable:processCategory`. */
export const readCategory = (proc: ModdleEl) => ext(proc, 'processCategory');

/** Writes the category; '' removes the attribute (save payload stores it as null). */
export function writeCategory(ops: ModdleOps, proc: ModdleEl, category: string): void {
  ops.update(proc, { 'flowable:processCategory': orUndef(category) });
}

/** One signal row of the 信号定义 dialog (`ref`: the existing `bpmn:Signal`, absent for a new row). */
export type SignalRow = GlobalRow;

/** The signals of the definitions, in order. */
export const readSignals = (definitions: ModdleEl | undefined): SignalRow[] => readGlobals(definitions, 'bpmn:Signal');

/** Errors per signal row (信号范围 请选择, id and name 请输入, unique XML-name ids); empty when the table validates. */
export const validateSignals = (rows: SignalRow[], takenElsewhere?: (id: string) => boolean) => validateGlobals(rows, takenElsewhere);

/** Writes the signals in place: kept rows update their element, new rows are created, removed ones dropped. */
export function writeSignals(ops: ModdleOps, definitions: ModdleEl, rows: SignalRow[]): void {
  writeGlobals(ops, definitions, 'bpmn:Signal', rows);
}

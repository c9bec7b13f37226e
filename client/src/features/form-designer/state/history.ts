/**
 * Undo / redo over the designer's canvas and property changes. A step is a snapshot of the
 * drawing list and the form configuration; selection and the id counters are not steps (the
 * counters only grow, so undone components never share an id with new ones). Consecutive
 * `replace` actions on the same component, or consecutive `setFormConf` actions, within
 * COALESCE_MS make one step (typing in the right panel). At most MAX_STEPS steps are kept.
 */
import type { FormField } from '../../../components/form-render';
import type { DesignerState, FormConfMeta } from '../types';
import { designerReducer, type DesignerAction } from './reducer';
import { findItem } from './tree';

/** Window in which consecutive edits of one component (or of the form configuration) make one step. */
export const COALESCE_MS = 600;
/** Undo steps kept. */
export const MAX_STEPS = 100;

interface Snapshot {
  drawingList: FormField[];
  formConf: FormConfMeta;
  activeId: number | null;
}

/** The designer state with its undo and redo stacks. */
export interface History {
  present: DesignerState;
  past: Snapshot[];
  future: Snapshot[];
  /** Coalescing key and time of the last recorded change ('' when the next change starts a step). */
  lastKey: string;
  lastAt: number;
}

/** What the history reducer takes: a designer action, undo / redo, or a reset to a new state. */
export type HistoryAction =
  | DesignerAction
  | { type: 'undo' }
  | { type: 'redo' }
  /** Replaces everything and forgets the stacks (after save, or a loaded stored form). */
  | { type: 'reset'; state: DesignerState };

/** A history with no steps around `present`. */
export function createHistory(present: DesignerState): History {
  return { present, past: [], future: [], lastKey: '', lastAt: 0 };
}

/** True when there is a step to undo. */
export const canUndo = (h: History) => h.past.length > 0;
/** True when there is a step to redo. */
export const canRedo = (h: History) => h.future.length > 0;

const snap = (s: DesignerState): Snapshot => ({ drawingList: s.drawingList, formConf: s.formConf, activeId: s.activeId });

function restore(present: DesignerState, s: Snapshot): DesignerState {
  const activeId = s.activeId !== null && findItem(s.drawingList, s.activeId) ? s.activeId : present.activeId !== null && findItem(s.drawingList, present.activeId) ? present.activeId : null;
  return { ...present, drawingList: s.drawingList, formConf: s.formConf, activeId };
}

function coalesceKey(action: DesignerAction): string {
  if (action.type === 'replace') return `replace:${String(action.item?.__config__?.formId)}`;
  if (action.type === 'setFormConf') return 'formConf';
  return '';
}

/**
 * Applies `action` at time `now` (ms). Changes of the drawing list or form configuration push
 * the previous snapshot (unless coalesced) and clear the redo stack; selection and counter
 * changes pass through without a step.
 */
export function historyReducer(h: History, action: HistoryAction, now: number): History {
  if (action.type === 'undo') {
    if (!h.past.length) return h;
    const prev = h.past[h.past.length - 1];
    return { present: restore(h.present, prev), past: h.past.slice(0, -1), future: [...h.future, snap(h.present)], lastKey: '', lastAt: 0 };
  }
  if (action.type === 'redo') {
    if (!h.future.length) return h;
    const next = h.future[h.future.length - 1];
    return { present: restore(h.present, next), past: [...h.past, snap(h.present)], future: h.future.slice(0, -1), lastKey: '', lastAt: 0 };
  }
  if (action.type === 'reset') return createHistory(action.state);
  const present = designerReducer(h.present, action);
  if (present === h.present) return h;
  const changed = present.drawingList !== h.present.drawingList || present.formConf !== h.present.formConf;
  if (!changed) return { ...h, present };
  const key = coalesceKey(action);
  if (key && key === h.lastKey && now - h.lastAt < COALESCE_MS) return { ...h, present, future: [], lastAt: now };
  const past = [...h.past, snap(h.present)];
  return { present, past: past.length > MAX_STEPS ? past.slice(past.length - MAX_STEPS) : past, future: [], lastKey: key, lastAt: now };
}

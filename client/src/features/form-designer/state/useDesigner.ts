/**
 * The designer's state hook: the history reducer, started from local storage (spec §3 "Form
 * builder local state": drawing list with version '1.2', formConf, idGlobal, treeNodeId) and
 * written back with a 340 ms debounce. The stored drawing is the draft of a NEW form only: a stored
 * form being edited (`fresh`) neither reads nor writes it, so opening 表单构建 afterwards never
 * offers that form again as a new draft whose save would duplicate it (issue 40 §9). Undo / redo with Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (not
 * while typing in a text field); `nextTreeNodeId()` for the cascader tree editor.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { FormField } from '../../../components/form-render';
import { FORM_CONF_DEFAULTS } from '../catalogue';
import type { DesignerState } from '../types';
import { canRedo, canUndo, createHistory, historyReducer, type History, type HistoryAction } from './history';
import { initialState } from './reducer';
import * as db from './storage';
import { findItem, maxFormId } from './tree';

interface Timed {
  action: HistoryAction;
  at: number;
}

const reduce = (h: History, t: Timed) => historyReducer(h, t.action, t.at);

/** The state kept in local storage (or the empty designer when `fresh`). */
export function storedState(fresh = false): DesignerState {
  if (fresh) return initialState({ treeNodeId: db.getTreeNodeId() });
  const drawingList = db.getDrawingList() ?? [];
  const formConf = { ...FORM_CONF_DEFAULTS, ...(db.getFormConf() ?? {}) };
  const idGlobal = Math.max(db.getIdGlobal(), maxFormId(drawingList), 100);
  return initialState({ drawingList, formConf, idGlobal, treeNodeId: db.getTreeNodeId() });
}

/** True when keyboard focus is in a place that takes text (undo there is the field's own). */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return !!el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], .cm-editor');
}

/**
 * `fresh`: a stored form is being opened: start empty instead of from local storage and keep the
 * local draft as it is. Returns the state, `dispatch`, undo/redo flags and calls, the selected
 * component, nextTreeNodeId and `restored` (true when a non-empty new-form draft was restored).
 */
export function useDesigner(fresh = false) {
  const [history, rawDispatch] = useReducer(reduce, undefined, () => createHistory(storedState(fresh)));
  const [restored] = useState(() => !fresh && history.present.drawingList.length > 0);
  const dispatch = useCallback((action: HistoryAction) => rawDispatch({ action, at: Date.now() }), []);
  const state = history.present;

  const savers = useMemo(() => ({
    list: db.debounce((l: FormField[]) => db.saveDrawingList(l)),
    id: db.debounce((n: number) => db.saveIdGlobal(n)),
    conf: db.debounce((c: DesignerState['formConf']) => db.saveFormConf(c)),
  }), []);
  // Only a new form's drawing is the local draft; a stored form's edits stay in the page.
  useEffect(() => void (fresh || savers.list.run(state.drawingList)), [fresh, savers, state.drawingList]);
  useEffect(() => void (fresh || savers.id.run(state.idGlobal)), [fresh, savers, state.idGlobal]);
  useEffect(() => void (fresh || savers.conf.run(state.formConf)), [fresh, savers, state.formConf]);
  useEffect(() => db.saveTreeNodeId(state.treeNodeId), [state.treeNodeId]);
  useEffect(() => () => {
    savers.list.flush();
    savers.id.flush();
    savers.conf.flush();
  }, [savers]);

  const treeNode = useRef(state.treeNodeId);
  treeNode.current = Math.max(treeNode.current, state.treeNodeId);
  const nextTreeNodeId = useCallback(() => {
    const id = treeNode.current;
    treeNode.current = id + 1;
    dispatch({ type: 'setTreeNodeId', treeNodeId: id + 1 });
    return id;
  }, [dispatch]);

  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const activeItem = useMemo(() => {
    if (state.activeId === null) return null;
    const hit = findItem(state.drawingList, state.activeId);
    return hit ? (JSON.parse(JSON.stringify(hit.item)) as FormField) : null;
  }, [state.activeId, state.drawingList]);

  return { state, dispatch, undo, redo, canUndo: canUndo(history), canRedo: canRedo(history), activeItem, nextTreeNodeId, restored };
}

/**
 * The designer's state transitions (spec §3 "Form builder local state", §4 "Form designer";
 * reference §7 / form-generator `views/tool/build/index.vue`): add, insert, move, copy, delete,
 * select, replace (the right panel), form configuration, clear, load. Pure: no storage, no time.
 *
 * Ids follow form-generator: `idGlobal` holds the last id handed out (100 at start and after
 * clear / save), a new component takes `++idGlobal`, so the first one is field101.
 */
import type { FormConf, FormField } from '../../../components/form-render';
import { assignIds, cloneJson, createItem, FORM_CONF_DEFAULTS } from '../catalogue';
import type { DesignerState, FormConfMeta } from '../types';
import { canDrop, findItem, insertItem, maxFormId, removeItem, replaceItem, sanitize, type ContainerId } from './tree';

/** First value of the id counters (spec §4, §9). */
export const ID_START = 100;

/** Every change the designer makes. */
export type DesignerAction =
  /** A palette template onto the canvas or into a container (end when `index` is absent). */
  | { type: 'add'; template: FormField; containerId?: ContainerId; index?: number }
  /** An existing component to `containerId` at `index` (the index in the list without it). */
  | { type: 'move'; formId: number; containerId: ContainerId; index: number }
  | { type: 'copy'; formId: number }
  | { type: 'delete'; formId: number }
  | { type: 'select'; formId: number | null }
  /** Replaces the component with the same `__config__.formId` (RightPanel onItemChange). */
  | { type: 'replace'; item: FormField }
  | { type: 'setFormConf'; formConf: FormConfMeta }
  | { type: 'clear' }
  /** A stored form (or the JSON drawer's refresh): fields and configuration replace the canvas. */
  | { type: 'load'; conf: FormConf }
  | { type: 'setTreeNodeId'; treeNodeId: number };

/** The empty designer (spec §3 "Form configuration" defaults, counters at 100). */
export function initialState(over: Partial<DesignerState> = {}): DesignerState {
  return { drawingList: [], formConf: { ...FORM_CONF_DEFAULTS }, activeId: null, idGlobal: ID_START, treeNodeId: ID_START, ...over };
}

/** The stored-form JSON of the designer: `{...formConf, fields: drawingList}` (reference §7 Save). */
export function toFormConf(state: Pick<DesignerState, 'drawingList' | 'formConf'>): FormConf {
  return { ...state.formConf, fields: state.drawingList };
}

/**
 * Splits a stored form into the designer's parts (sanitised: no `__proto__`-like keys; the
 * configuration over the defaults; `fields` not an array → []) and the id counter that continues
 * after its highest formId (at least 100).
 */
export function fromFormConf(conf: FormConf): Pick<DesignerState, 'drawingList' | 'formConf' | 'idGlobal'> {
  const clean = sanitize(cloneJson(conf ?? { fields: [] }));
  const { fields, ...rest } = clean;
  const drawingList = Array.isArray(fields) ? fields.filter((f) => f && typeof f === 'object' && f.__config__) : [];
  return { drawingList, formConf: { ...FORM_CONF_DEFAULTS, ...rest }, idGlobal: Math.max(ID_START, maxFormId(drawingList)) };
}

function withNewIds(state: DesignerState, source: FormField): [FormField, number] {
  let id = state.idGlobal;
  const item = assignIds(cloneJson(source), () => ++id);
  return [item, id];
}

/** The designer reducer; see DesignerAction. Refused moves and unknown ids leave the state unchanged. */
export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'add': {
      const containerId = action.containerId ?? null;
      const span = Number(state.formConf.span) || 24;
      const item = createItem(action.template, state.idGlobal + 1, span);
      if (!canDrop(state.drawingList, item, containerId)) return state;
      const used = maxFormId([item]);
      return {
        ...state,
        drawingList: insertItem(state.drawingList, containerId, action.index, item),
        idGlobal: Math.max(state.idGlobal, used),
        activeId: Number(item.__config__.formId),
      };
    }
    case 'move': {
      const hit = findItem(state.drawingList, action.formId);
      if (!hit || !canDrop(state.drawingList, hit.item, action.containerId)) return state;
      const [without, item] = removeItem(state.drawingList, action.formId);
      const next = insertItem(without, action.containerId, action.index, item!);
      return { ...state, drawingList: next, activeId: action.formId };
    }
    case 'copy': {
      const hit = findItem(state.drawingList, action.formId);
      if (!hit) return state;
      const [item, last] = withNewIds(state, hit.item);
      return {
        ...state,
        drawingList: insertItem(state.drawingList, hit.parentId, hit.index + 1, item),
        idGlobal: last,
        activeId: Number(item.__config__.formId),
      };
    }
    case 'delete': {
      const [next, removed] = removeItem(state.drawingList, action.formId);
      if (!removed) return state;
      const activeGone = state.activeId !== null && !findItem(next, state.activeId);
      // form-generator selects the last top-level component after a delete.
      const last = next[next.length - 1];
      const activeId = activeGone ? (last ? Number(last.__config__.formId) : null) : state.activeId;
      return { ...state, drawingList: next, activeId, idGlobal: next.length ? state.idGlobal : ID_START };
    }
    case 'select':
      if (action.formId !== null && !findItem(state.drawingList, action.formId)) return state;
      return state.activeId === action.formId ? state : { ...state, activeId: action.formId };
    case 'replace': {
      const formId = Number(action.item?.__config__?.formId);
      if (!findItem(state.drawingList, formId)) return state;
      return { ...state, drawingList: replaceItem(state.drawingList, formId, sanitize(cloneJson(action.item))) };
    }
    case 'setFormConf': {
      const { fields: _drop, ...meta } = sanitize(cloneJson(action.formConf)) as FormConfMeta & { fields?: unknown };
      return { ...state, formConf: meta };
    }
    case 'clear':
      return { ...state, drawingList: [], activeId: null, idGlobal: ID_START };
    case 'load': {
      const parts = fromFormConf(action.conf);
      const first = parts.drawingList[0];
      return { ...state, ...parts, activeId: first ? Number(first.__config__.formId) : null };
    }
    case 'setTreeNodeId':
      return { ...state, treeNodeId: action.treeNodeId };
    default:
      return state;
  }
}

/**
 * Local persistence of the form builder (spec §3 "Form builder local state", §4, §9; reference §7
 * `utils/db.js`): keys `drawingItems`, `DRAWING_ITEMS_VERSION` ('1.2'; a mismatch resets the
 * drawing list), `idGlobal` and `treeNodeId` (100 when absent), `formConf`. Saves are debounced
 * by 340 ms. Every reader takes the Storage to use (localStorage by default, none on a server),
 * tolerates bad JSON (→ null) and strips `__proto__`-like keys.
 */
import type { FormField } from '../../../components/form-render';
import type { FormConfMeta } from '../types';
import { sanitize } from './tree';

/** Storage keys and version of form-generator's utils/db.js. */
export const DRAWING_ITEMS = 'drawingItems';
export const DRAWING_ITEMS_VERSION = '1.2';
export const DRAWING_ITEMS_VERSION_KEY = 'DRAWING_ITEMS_VERSION';
export const DRAWING_ID = 'idGlobal';
export const TREE_NODE_ID = 'treeNodeId';
export const FORM_CONF = 'formConf';
/** Debounce of the saves (spec §9). */
export const SAVE_DEBOUNCE_MS = 340;

/** The part of the Web Storage API used here. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson(store: KeyValueStore | null, key: string): unknown {
  const text = store?.getItem(key);
  if (!text) return null;
  try {
    return sanitize(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Stored drawing list, or null; a version other than '1.2' stores the version and an empty list and gives null. */
export function getDrawingList(store: KeyValueStore | null = defaultStore()): FormField[] | null {
  if (!store) return null;
  if (store.getItem(DRAWING_ITEMS_VERSION_KEY) !== DRAWING_ITEMS_VERSION) {
    store.setItem(DRAWING_ITEMS_VERSION_KEY, DRAWING_ITEMS_VERSION);
    saveDrawingList([], store);
    return null;
  }
  const list = readJson(store, DRAWING_ITEMS);
  return Array.isArray(list) ? (list as FormField[]) : null;
}

/** Stores the drawing list as JSON ('[]' when it does not serialise). */
export function saveDrawingList(list: FormField[], store: KeyValueStore | null = defaultStore()): void {
  store?.setItem(DRAWING_ITEMS, JSON.stringify(list) ?? '[]');
}

function readId(store: KeyValueStore | null, key: string): number {
  const n = parseInt(store?.getItem(key) ?? '', 10);
  return Number.isFinite(n) ? n : 100;
}

/** Stored component id counter (100 when absent). */
export const getIdGlobal = (store: KeyValueStore | null = defaultStore()) => readId(store, DRAWING_ID);
/** Stores the component id counter. */
export const saveIdGlobal = (id: number, store: KeyValueStore | null = defaultStore()) => store?.setItem(DRAWING_ID, `${id}`);
/** Stored tree-node id counter (100 when absent). */
export const getTreeNodeId = (store: KeyValueStore | null = defaultStore()) => readId(store, TREE_NODE_ID);
/** Stores the tree-node id counter. */
export const saveTreeNodeId = (id: number, store: KeyValueStore | null = defaultStore()) => store?.setItem(TREE_NODE_ID, `${id}`);

/** Stored form configuration (an object), or null. */
export function getFormConf(store: KeyValueStore | null = defaultStore()): FormConfMeta | null {
  const conf = readJson(store, FORM_CONF);
  return conf && typeof conf === 'object' && !Array.isArray(conf) ? (conf as FormConfMeta) : null;
}

/** Stores the form configuration. */
export function saveFormConf(conf: FormConfMeta, store: KeyValueStore | null = defaultStore()): void {
  store?.setItem(FORM_CONF, JSON.stringify(conf));
}

/** A debounced call: `run(x)` calls `fn` with the last x once `ms` passed without another run; `flush()` calls it now. */
export function debounce<A>(fn: (arg: A) => void, ms: number = SAVE_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { arg: A } | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) {
      const { arg } = pending;
      pending = null;
      fn(arg);
    }
  };
  return {
    run(arg: A) {
      pending = { arg };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, ms);
    },
    flush,
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/**
 * Immutable operations on the designer's component tree: the top-level drawing list plus the
 * `__config__.children` of row containers and detail tables (spec §3 "Designer component";
 * the data format's detail table). A container is named by its formId; `null` is the canvas.
 */
import type { FormField } from '../../../components/form-render';
import { canBeColumn, isContainer, isDetailTable } from '../catalogue';

/** The canvas (`null`) or the formId of a row container / detail table. */
export type ContainerId = number | null;

/** Where a component sits. */
export interface Located {
  item: FormField;
  /** formId of its container, null at the top level. */
  parentId: ContainerId;
  index: number;
}

const idOf = (f: FormField) => Number(f.__config__?.formId);
const kids = (f: FormField): FormField[] => (Array.isArray(f.__config__?.children) ? f.__config__.children! : []);

/** Finds the component with `formId` anywhere in the tree, or null. */
export function findItem(list: FormField[], formId: number, parentId: ContainerId = null): Located | null {
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    if (idOf(f) === formId) return { item: f, parentId, index: i };
    if (isContainer(f) || kids(f).length) {
      const hit = findItem(kids(f), formId, idOf(f));
      if (hit) return hit;
    }
  }
  return null;
}

/** The children of a container (the drawing list for null); [] when the container is unknown. */
export function childrenOf(list: FormField[], containerId: ContainerId): FormField[] {
  if (containerId === null) return list;
  const hit = findItem(list, containerId);
  return hit ? kids(hit.item) : [];
}

/** Replaces the children of `containerId` through `fn`, copying the path to it. */
export function mapChildren(list: FormField[], containerId: ContainerId, fn: (children: FormField[]) => FormField[]): FormField[] {
  if (containerId === null) return fn(list);
  let changed = false;
  const walk = (items: FormField[]): FormField[] =>
    items.map((f) => {
      if (changed) return f;
      if (idOf(f) === containerId) {
        changed = true;
        return { ...f, __config__: { ...f.__config__, children: fn(kids(f)) } };
      }
      const children = kids(f);
      if (!children.length) return f;
      const next = walk(children);
      return changed ? { ...f, __config__: { ...f.__config__, children: next } } : f;
    });
  return walk(list);
}

/** The tree without the component `formId`, and the removed component (null when absent). */
export function removeItem(list: FormField[], formId: number): [FormField[], FormField | null] {
  const hit = findItem(list, formId);
  if (!hit) return [list, null];
  const next = mapChildren(list, hit.parentId, (children) => children.filter((_, i) => i !== hit.index));
  return [next, hit.item];
}

/** The tree with `item` inserted into `containerId` at `index` (clamped; end when undefined). */
export function insertItem(list: FormField[], containerId: ContainerId, index: number | undefined, item: FormField): FormField[] {
  return mapChildren(list, containerId, (children) => {
    const at = index === undefined ? children.length : Math.max(0, Math.min(children.length, index));
    return [...children.slice(0, at), item, ...children.slice(at)];
  });
}

/** The tree with the component `formId` replaced by `next` (unchanged when absent). */
export function replaceItem(list: FormField[], formId: number, next: FormField): FormField[] {
  const hit = findItem(list, formId);
  if (!hit) return list;
  return mapChildren(list, hit.parentId, (children) => children.map((c, i) => (i === hit.index ? next : c)));
}

/** The highest numeric `__config__.formId` in the tree (0 when none). */
export function maxFormId(list: FormField[]): number {
  let max = 0;
  for (const f of list) {
    const id = idOf(f);
    if (Number.isFinite(id) && id > max) max = id;
    max = Math.max(max, maxFormId(kids(f)));
  }
  return max;
}

/** True when `id` is `ancestorId` itself or lies inside it. */
export function isWithin(list: FormField[], ancestorId: number, id: number): boolean {
  if (ancestorId === id) return true;
  const hit = findItem(list, ancestorId);
  return !!hit && !!findItem(kids(hit.item), id);
}

/**
 * Whether `item` may go into `containerId`: never into itself or its own descendants; into a
 * detail table only as an allowed column (canBeColumn); a detail table's columns never hold
 * children, and the container must exist.
 */
export function canDrop(list: FormField[], item: FormField, containerId: ContainerId): boolean {
  if (containerId === null) return true;
  const target = findItem(list, containerId);
  if (!target || !isContainer(target.item)) return false;
  const id = idOf(item);
  if (Number.isFinite(id) && isWithin(list, id, containerId)) return false;
  if (isDetailTable(target.item)) return canBeColumn(item);
  return true;
}

const BAD_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A copy of JSON-like input without `__proto__` / `constructor` / `prototype` keys at any depth
 * (stored or pasted JSON must never reach an object's prototype; design conventions).
 */
export function sanitize<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => sanitize(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (!BAD_KEYS.has(k)) out[k] = sanitize(v);
    return out as T;
  }
  return value;
}

/**
 * The moddle operations the panel's pure form modules write through (workflow spec §2 "Property
 * panels by element type"). In the browser they go through bpmn-js `modeling` (so undo/redo
 * works); in tests they set properties on a plain bpmn-moddle tree.
 */

/** A moddle element as the panel reads it (moddle objects are dynamic). */
export interface ModdleEl {
  $type: string;
  $parent?: ModdleEl;
  $attrs?: Record<string, string>;
  id?: string;
  name?: string;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  [key: string]: unknown;
}

/** Writes: `update(el, props)` sets (undefined removes) properties of any element of the diagram. */
export interface ModdleOps {
  create(type: string, props?: Record<string, unknown>, parent?: ModdleEl): ModdleEl;
  update(el: ModdleEl, props: Record<string, unknown>): void;
}

interface ModdleLike { create(type: string, props?: Record<string, unknown>): ModdleEl }

/** Strips undefined values (moddle `create` would keep them as own properties). */
function defined(props: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
}

function createWith(moddle: ModdleLike, type: string, props?: Record<string, unknown>, parent?: ModdleEl): ModdleEl {
  const el = moddle.create(type, defined(props));
  if (parent) el.$parent = parent;
  for (const v of Object.values(props ?? {})) {
    const items = Array.isArray(v) ? v : [v];
    for (const c of items) if (c && typeof c === 'object' && '$type' in (c as object)) (c as ModdleEl).$parent = el;
  }
  return el;
}

/** Ops that mutate a bpmn-moddle tree directly (tests, and XML built outside a modeler). */
export function directOps(moddle: ModdleLike): ModdleOps {
  return {
    create: (type, props, parent) => createWith(moddle, type, props, parent),
    update: (el, props) => {
      for (const [k, v] of Object.entries(props)) {
        el.set(k, v);
        const items = Array.isArray(v) ? v : [v];
        for (const c of items) if (c && typeof c === 'object' && '$type' in (c as object)) (c as ModdleEl).$parent = el;
      }
    },
  };
}

/** The diagram element (shape, connection or root) a panel edits. */
export interface DiagramElement { id: string; type: string; businessObject: ModdleEl }

interface ModelingLike {
  updateProperties(element: unknown, props: Record<string, unknown>): void;
  updateModdleProperties(element: unknown, moddleElement: unknown, props: Record<string, unknown>): void;
}

/**
 * Ops over a bpmn-js modeler for one selected `element`: its own business object goes through
 * `modeling.updateProperties` (labels, id registry), any other moddle element through
 * `updateModdleProperties`; both are commands on the command stack.
 */
export function modelerOps(modeling: ModelingLike, moddle: ModdleLike, element: DiagramElement): ModdleOps {
  return {
    create: (type, props, parent) => createWith(moddle, type, props, parent),
    update: (el, props) => {
      for (const v of Object.values(props)) {
        const items = Array.isArray(v) ? v : [v];
        for (const c of items) if (c && typeof c === 'object' && '$type' in (c as object)) (c as ModdleEl).$parent = el;
      }
      if (el === element.businessObject) modeling.updateProperties(element, props);
      else modeling.updateModdleProperties(element, el, props);
    },
  };
}

/** A `flowable:` attribute as text ('' when absent). */
export function ext(el: ModdleElement, name: string): string {
  const v = el.get(`flowable:${name}`);
  return v === undefined || v === null ? '' : String(v);
}
type ModdleElement = Pick<ModdleEl, 'get'>;

/** Text → attribute value: blank removes it. */
export const orUndef = (v: string | undefined | null): string | undefined => {
  const s = (v ?? '').trim();
  return s === '' ? undefined : s;
};

/** `<bpmn:extensionElements>` values of an element (empty when there are none). */
export function extValues(el: ModdleEl): ModdleEl[] {
  const ext = el.get('extensionElements') as ModdleEl | undefined;
  return ((ext?.get('values') as ModdleEl[] | undefined) ?? []);
}

/** The extension children of `type` (e.g. `flowable:TaskListener`). */
export function extOfType(el: ModdleEl, type: string): ModdleEl[] {
  return extValues(el).filter((v) => v.$type === type);
}

/**
 * Replaces the extension children whose type is in `types` by `items` (built with `ops.create`),
 * keeping the others in place before them; no children left removes `<extensionElements>`.
 */
export function replaceExt(ops: ModdleOps, el: ModdleEl, types: string[], items: ModdleEl[]): void {
  const ext = el.get('extensionElements') as ModdleEl | undefined;
  const kept = extValues(el).filter((v) => !types.includes(v.$type));
  const values = [...kept, ...items];
  if (!ext) {
    if (!values.length) return;
    const created = ops.create('bpmn:ExtensionElements', { values }, el);
    ops.update(el, { extensionElements: created });
    return;
  }
  if (!values.length) {
    ops.update(el, { extensionElements: undefined });
    return;
  }
  ops.update(ext, { values });
}

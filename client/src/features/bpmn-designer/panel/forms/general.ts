/**
 * 常规 section of every panel (workflow spec §2 "Property panels by element type", §3 "Flow node
 * properties": id, name, documentation; §5 "Designer and listeners": Id 不能为空, 节点名称不能为空).
 */
import type { ModdleEl, ModdleOps } from '../ops';

export interface GeneralForm { id: string; name: string; documentation: string }

export const MSG_ID_REQUIRED = 'Id 不能为空';
export const MSG_NAME_REQUIRED = '节点名称不能为空';

/** The documentation text (first `<bpmn:documentation>`). */
export function readDocumentation(bo: ModdleEl): string {
  const docs = (bo.get('documentation') as ModdleEl[] | undefined) ?? [];
  return docs.map((d) => String(d.get('text') ?? '')).join('\n');
}

/** Reads id, name and documentation of a business object. */
export function readGeneral(bo: ModdleEl): GeneralForm {
  return { id: String(bo.id ?? ''), name: String(bo.name ?? ''), documentation: readDocumentation(bo) };
}

/**
 * Spec §5: the id is always required; the name is required for flow nodes (`nameRequired`), not
 * for the process or sequence flows.
 */
export function validateGeneral(form: Pick<GeneralForm, 'id' | 'name'>, nameRequired: boolean): Partial<Record<'id' | 'name', string>> {
  const errors: Partial<Record<'id' | 'name', string>> = {};
  if (!form.id.trim()) errors.id = MSG_ID_REQUIRED;
  if (nameRequired && !form.name.trim()) errors.name = MSG_NAME_REQUIRED;
  return errors;
}

export const MSG_ID_INVALID = 'Id 须以字母或下划线开头，只含字母、数字、下划线、点和横线';
export const MSG_ID_TAKEN = 'Id 已被其他元素使用';

/**
 * The message for an id being edited: required (spec §5), a valid XML name (BPMN ids are QNames),
 * not used by another element (`taken`).
 */
export function idError(id: string, current: string, taken: (id: string) => boolean): string | undefined {
  const v = id.trim();
  if (!v) return MSG_ID_REQUIRED;
  if (!/^[A-Za-z_][\w.-]*$/.test(v)) return MSG_ID_INVALID;
  if (v !== current && taken(v)) return MSG_ID_TAKEN;
  return undefined;
}

/** Writes the id (ignored when blank: an element cannot lose its id). */
export function writeId(ops: ModdleOps, bo: ModdleEl, id: string): void {
  const v = id.trim();
  if (v && v !== bo.id) ops.update(bo, { id: v });
}

/** Writes the name; blank removes it. */
export function writeName(ops: ModdleOps, bo: ModdleEl, name: string): void {
  const v = name.trim() === '' ? undefined : name;
  if ((bo.name ?? undefined) !== v) ops.update(bo, { name: v });
}

/** Writes the documentation as one `<bpmn:documentation>`; blank removes it. */
export function writeDocumentation(ops: ModdleOps, bo: ModdleEl, text: string): void {
  if (readDocumentation(bo) === text) return;
  const docs = text.trim() ? [ops.create('bpmn:Documentation', { text }, bo)] : [];
  ops.update(bo, { documentation: docs });
}

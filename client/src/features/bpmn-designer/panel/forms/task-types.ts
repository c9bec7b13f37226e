/**
 * Per-type attribute fields (workflow spec §3 "Flow node properties"): the start event's
 * `flowable:initiator` (read by the engine). The send / business-rule / script task fields are
 * gone: the engine refuses those elements (shared/bpmn/supported.ts), the designer does not offer
 * them. Each field is one attribute; blank / false removes it.
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

export type FieldKind = 'text' | 'bool' | 'textarea';
export interface AttrField { key: string; label: string; kind: FieldKind; attr: string }

const f = (key: string, label: string, kind: FieldKind = 'text', attr = `flowable:${key}`): AttrField => ({ key, label, kind, attr });

/** The type-specific fields of each task kind (the 任务 section). */
export const TYPE_FIELDS: Record<string, AttrField[]> = {
  startEvent: [f('initiator', '发起人变量')],
};

/** Reads one field's value ('' / boolean). */
export function readField(bo: ModdleEl, field: AttrField): string | boolean {
  const v = bo.get(field.attr);
  if (field.kind === 'bool') return v === true || v === 'true';
  return v === undefined || v === null ? '' : String(v);
}

/** Writes one field. */
export function writeField(ops: ModdleOps, bo: ModdleEl, field: AttrField, value: string | boolean): void {
  const v = field.kind === 'bool' ? (value ? true : undefined) : orUndef(String(value));
  ops.update(bo, { [field.attr]: v });
}

export { ext };

/**
 * Attributes of the other task types and events (workflow spec §3 "Flow node properties":
 * ruleVariablesInput, rules, resultVariable, exclude, class, triggerable, autoStoreVariables; start
 * event `flowable:initiator` and form key). Each field is one attribute; blank / false removes it.
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

export type FieldKind = 'text' | 'bool' | 'textarea';
export interface AttrField { key: string; label: string; kind: FieldKind; attr: string }

const f = (key: string, label: string, kind: FieldKind = 'text', attr = `flowable:${key}`): AttrField => ({ key, label, kind, attr });

/** The type-specific fields of each task kind (the 任务 section). */
export const TYPE_FIELDS: Record<string, AttrField[]> = {
  serviceTask: [f('class', '类'), f('expression', '表达式'), f('delegateExpression', '委托表达式'), f('resultVariable', '结果变量'), f('triggerable', '可触发', 'bool')],
  sendTask: [f('class', '类'), f('expression', '表达式'), f('delegateExpression', '委托表达式'), f('resultVariable', '结果变量')],
  businessRuleTask: [f('ruleVariablesInput', '输入变量'), f('rules', '规则'), f('resultVariable', '结果变量'), f('exclude', '排除', 'bool'), f('class', '类')],
  scriptTask: [f('scriptFormat', '脚本格式', 'text', 'scriptFormat'), f('script', '脚本', 'textarea', 'script'), f('resultVariable', '结果变量'), f('autoStoreVariables', '自动存储变量', 'bool')],
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

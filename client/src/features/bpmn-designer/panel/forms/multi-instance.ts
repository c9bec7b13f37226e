/**
 * Multi-instance dialog data (workflow spec §3 "Multi-instance", §4 "Multi-instance": an unset
 * 执行方式 removes the loop definition; §5: the completion condition is an expression).
 * `<bpmn:multiInstanceLoopCharacteristics isSequential flowable:collection flowable:elementVariable>`
 * with `<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">` (reference §6).
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

export interface MultiInstanceForm { mode: 'sequential' | 'parallel' | ''; collection: string; elementVariable: string; completionCondition: string }
export const MI_MODES = [{ value: 'sequential', label: '串行' }, { value: 'parallel', label: '并行' }];
export const SUGGESTED_COMPLETION = '${nrOfCompletedInstances/nrOfInstances >= 0.6}';

/** Reads the loop characteristics ('' mode when there are none). */
export function readMultiInstance(bo: ModdleEl): MultiInstanceForm {
  const lc = bo.get('loopCharacteristics') as ModdleEl | undefined;
  if (!lc || lc.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return { mode: '', collection: '', elementVariable: '', completionCondition: '' };
  const cc = lc.get('completionCondition') as ModdleEl | undefined;
  return {
    mode: lc.get('isSequential') ? 'sequential' : 'parallel',
    collection: ext(lc, 'collection'),
    elementVariable: ext(lc, 'elementVariable'),
    completionCondition: String(cc?.get('body') ?? ''),
  };
}

/** '请输入表达式' unless blank or `${…}` / `#{…}`. */
export function completionConditionError(v: string): string | undefined {
  const s = v.trim();
  return !s || /^[$#]\{[\s\S]*\}$/.test(s) ? undefined : '完成条件须为表达式，如 ${nrOfCompletedInstances/nrOfInstances >= 0.6}';
}

/** Writes (or with an unset mode removes) the loop characteristics. */
export function writeMultiInstance(ops: ModdleOps, bo: ModdleEl, form: MultiInstanceForm): void {
  if (!form.mode) {
    if (bo.get('loopCharacteristics')) ops.update(bo, { loopCharacteristics: undefined });
    return;
  }
  const lc = ops.create('bpmn:MultiInstanceLoopCharacteristics', {
    isSequential: form.mode === 'sequential',
    'flowable:collection': orUndef(form.collection),
    'flowable:elementVariable': orUndef(form.elementVariable),
  }, bo);
  const cond = orUndef(form.completionCondition);
  if (cond) lc.set('completionCondition', ops.create('bpmn:FormalExpression', { body: cond }, lc));
  ops.update(bo, { loopCharacteristics: lc });
}

/** Short text for the 多实例 section ('无' when unset). */
export function describeMultiInstance(f: MultiInstanceForm): string {
  if (!f.mode) return '无';
  return `${f.mode === 'sequential' ? '串行' : '并行'}${f.collection ? ` · 集合 ${f.collection}` : ''}${f.elementVariable ? ` · 元素变量 ${f.elementVariable}` : ''}`;
}

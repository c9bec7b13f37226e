/**
 * Multi-instance dialog data (workflow spec §3 "Multi-instance", §4 "Multi-instance": an unset
 * 执行方式 removes the loop definition; §5: the completion condition is an expression).
 * `<bpmn:multiInstanceLoopCharacteristics isSequential flowable:collection flowable:elementVariable>`
 * with `<bpmn:loopCardinality>` (循环基数, issue 40: the engine needs 循环基数 or 集合) and
 * `<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">` (reference §6).
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

export interface MultiInstanceForm { mode: 'sequential' | 'parallel' | ''; loopCardinality: string; collection: string; elementVariable: string; completionCondition: string }
export const MI_MODES = [{ value: 'sequential', label: '串行' }, { value: 'parallel', label: '并行' }];
export const SUGGESTED_COMPLETION = '${nrOfCompletedInstances/nrOfInstances >= 0.6}';

/** Reads the loop characteristics ('' mode when there are none). */
export function readMultiInstance(bo: ModdleEl): MultiInstanceForm {
  const lc = bo.get('loopCharacteristics') as ModdleEl | undefined;
  if (!lc || lc.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return { mode: '', loopCardinality: '', collection: '', elementVariable: '', completionCondition: '' };
  const cc = lc.get('completionCondition') as ModdleEl | undefined;
  const card = lc.get('loopCardinality') as ModdleEl | undefined;
  return {
    mode: lc.get('isSequential') ? 'sequential' : 'parallel',
    loopCardinality: String(card?.get('body') ?? ''),
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

/**
 * The dialog's refusal of 循环基数 / 集合 (both blank: the engine cannot know how many instances
 * to create; 循环基数 a positive whole number or an expression), or undefined.
 */
export function cardinalityError(form: Pick<MultiInstanceForm, 'loopCardinality' | 'collection'>): string | undefined {
  const card = form.loopCardinality.trim();
  if (!card && !form.collection.trim()) return '请填写循环基数或集合';
  if (card && !/^[$#]\{[\s\S]*\}$/.test(card) && !/^[1-9]\d*$/.test(card)) return '循环基数须为正整数或表达式，如 3 或 ${count}';
  return undefined;
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
  const card = orUndef(form.loopCardinality);
  if (card) lc.set('loopCardinality', ops.create('bpmn:FormalExpression', { body: card }, lc));
  const cond = orUndef(form.completionCondition);
  if (cond) lc.set('completionCondition', ops.create('bpmn:FormalExpression', { body: cond }, lc));
  ops.update(bo, { loopCharacteristics: lc });
}

/** Short text for the 多实例 section ('无' when unset). */
export function describeMultiInstance(f: MultiInstanceForm): string {
  if (!f.mode) return '无';
  return `${f.mode === 'sequential' ? '串行' : '并行'}${f.loopCardinality ? ` · 循环基数 ${f.loopCardinality}` : ''}${f.collection ? ` · 集合 ${f.collection}` : ''}${f.elementVariable ? ` · 元素变量 ${f.elementVariable}` : ''}`;
}

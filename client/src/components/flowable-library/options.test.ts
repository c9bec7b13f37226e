import { describe, expect, it } from 'vitest';
import {
  checkForm, EMPTY_EXPRESSION, EMPTY_LISTENER, eventAfterTypeChange, eventsOfType, eventTypeOptions, EXPRESSION_CHECKS, labelOf,
  LISTENER_CHECKS, LISTENER_TYPE_LABELS, optionsOf, toRules, valueTypeOptions,
} from './options';
import type { DictOption } from '../../hooks/dict-cache';

const dict = (value: string, label: string): DictOption => ({ value, label, elTagType: 'default', elTagClass: '', raw: { dictLabel: label, dictValue: value } });

describe('listener events by type (spec §9)', () => {
  it('task listeners: create/assignment/complete/delete; execution: start/end/take', () => {
    expect(eventsOfType('1')).toEqual(['create', 'assignment', 'complete', 'delete']);
    expect(eventsOfType('2')).toEqual(['start', 'end', 'take']);
    expect(eventsOfType('')).toEqual([]);
  });
  it('event options keep only the events of the type, with dictionary labels first', () => {
    const opts = eventTypeOptions('2', [dict('start', '开始'), dict('create', '创建')]);
    expect(opts.map((o) => [o.value, o.label])).toEqual([['start', '开始'], ['end', '结束'], ['take', '连线']]);
  });
  it('a type change keeps an event the new type allows and clears the others', () => {
    expect(eventAfterTypeChange('2', 'create')).toBe('');
    expect(eventAfterTypeChange('1', 'complete')).toBe('complete');
  });
});

describe('labels', () => {
  it('dictionary, then local map, then the raw code', () => {
    expect(labelOf('1', LISTENER_TYPE_LABELS, [dict('1', 'X')])).toBe('X');
    expect(labelOf('2', LISTENER_TYPE_LABELS)).toBe('执行监听');
    expect(labelOf('9', LISTENER_TYPE_LABELS)).toBe('9');
    expect(labelOf(null, LISTENER_TYPE_LABELS)).toBe('');
  });
  it('optionsOf keeps the given order and fills missing entries', () => {
    expect(optionsOf(['a', 'b'], { a: 'A', b: 'B' }, [dict('b', 'bee')]).map((o) => o.label)).toEqual(['A', 'bee']);
  });
});

describe('expression form rules (server expressionAddInput)', () => {
  it('names the empty required fields', () => {
    expect(checkForm({ ...EMPTY_EXPRESSION, dataType: '' }, EXPRESSION_CHECKS)).toEqual({
      name: '表达式名称不能为空', expression: '表达式内容不能为空', dataType: '指定类型不能为空',
    });
  });
  it('limits lengths', () => {
    const e = checkForm({ ...EMPTY_EXPRESSION, name: 'x'.repeat(101), expression: '${a}', remark: 'r'.repeat(501) }, EXPRESSION_CHECKS);
    expect(e).toEqual({ name: '表达式名称长度不能超过100个字符', remark: '备注长度不能超过500个字符' });
  });
  it('passes a complete form', () => {
    expect(checkForm({ ...EMPTY_EXPRESSION, name: '发起人', expression: '${INITIATOR}' }, EXPRESSION_CHECKS)).toEqual({});
  });
});

describe('listener form rules (server listenerAddInput)', () => {
  it('names the empty required fields', () => {
    expect(checkForm({ ...EMPTY_LISTENER, valueType: '' }, LISTENER_CHECKS)).toEqual({
      name: '名称不能为空', eventType: '事件类型不能为空', valueType: '值类型不能为空', value: '执行内容不能为空',
    });
  });
  it('refuses an event of the other listener type', () => {
    const f = { ...EMPTY_LISTENER, name: 'n', value: 'com.x.Y', type: '2', eventType: 'create' };
    expect(checkForm(f, LISTENER_CHECKS)).toEqual({ eventType: '事件类型与监听类型不匹配' });
    expect(checkForm({ ...f, eventType: 'take' }, LISTENER_CHECKS)).toEqual({});
  });
  it('toRules gives one form-kit rule per field', () => {
    const rules = toRules(LISTENER_CHECKS);
    expect(rules.value?.[0]('', EMPTY_LISTENER)).toBe('执行内容不能为空');
    expect(rules.eventType?.[0]('end', { ...EMPTY_LISTENER, type: '1' })).toBe('事件类型与监听类型不匹配');
  });
});

describe('值类型 options (issue 40 §9)', () => {
  it('call a class listener 已注册处理器, also where the dictionary still says JAVA类', () => {
    expect(valueTypeOptions().map((o) => o.label)).toEqual(['已注册处理器', '表达式', '代理表达式']);
    expect(valueTypeOptions([dict('classListener', 'JAVA类'), dict('expressionListener', '表达式')]).map((o) => o.label)).toEqual(['已注册处理器', '表达式', '代理表达式']);
  });
  it('keep a label an administrator chose', () => {
    expect(valueTypeOptions([dict('classListener', '处理器类')])[0].label).toBe('处理器类');
  });
});

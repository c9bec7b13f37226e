import { describe, expect, it } from 'vitest';
import { INPUT_COMPONENTS, SELECT_COMPONENTS, createItem } from '../catalogue';
import type { FormField } from '../../../../../shared/form/types';
import { arrayValued, changeTag, defaultValueText, numberInput, parseDefaultValue, setConfig, setIn } from './edit';

const tpl = (icon: string) => [...INPUT_COMPONENTS, ...SELECT_COMPONENTS].find((t) => t.__config__.tagIcon === icon)!;

describe('setIn / setConfig', () => {
  it('copies along the path and leaves the input untouched', () => {
    const f = createItem(tpl('input'), 101);
    const frozen = JSON.stringify(f);
    const next = setIn(f, ['style', 'width'], '50%');
    expect((next.style as { width: string }).width).toBe('50%');
    expect(JSON.stringify(f)).toBe(frozen);
    expect(next.__config__).toBe(f.__config__);
    expect(next.style).not.toBe(f.style);
  });
  it('creates missing objects and removes a key on undefined', () => {
    const f: FormField = { __config__: { label: 'a', showWhen: { field: 'x' } } };
    expect(setIn(f, ['picker-options', 'selectableRange'], '08:00:00-18:00:00')['picker-options']).toEqual({ selectableRange: '08:00:00-18:00:00' });
    const removed = setConfig(f, 'showWhen', undefined);
    expect('showWhen' in removed.__config__).toBe(false);
    expect(f.__config__.showWhen).toEqual({ field: 'x' });
  });
  it('refuses prototype keys', () => {
    const f: FormField = { __config__: {} };
    expect(() => setIn(f, ['__proto__', 'x'], 1)).toThrow('非法属性名');
    expect(() => setIn(f, ['constructor'], 1)).toThrow('非法属性名');
    expect(() => setConfig(f, 'prototype', 1)).toThrow('非法属性名');
  });
});

describe('默认值 text', () => {
  it('shows arrays joined by commas and nothing for null', () => {
    expect(defaultValueText([1, 'b'])).toBe('1,b');
    expect(defaultValueText(null)).toBe('');
    expect(defaultValueText(3)).toBe('3');
    expect(defaultValueText(true)).toBe('true');
  });
  it('parses per component kind', () => {
    const checkbox = createItem(tpl('checkbox'), 101);
    expect(parseDefaultValue(checkbox, '1, 2,x')).toEqual([1, 2, 'x']);
    expect(parseDefaultValue(checkbox, '')).toEqual([]);
    const sw = createItem(tpl('switch'), 102);
    expect(parseDefaultValue(sw, 'true')).toBe(true);
    expect(parseDefaultValue(sw, 'false')).toBe(false);
    const num = createItem(tpl('number'), 103);
    expect(parseDefaultValue(num, '12')).toBe(12);
    expect(parseDefaultValue(num, '')).toBeUndefined();
    const text = createItem(tpl('input'), 104);
    expect(parseDefaultValue(text, '007')).toBe('007');
    const multi = { ...createItem(tpl('select'), 105), multiple: true };
    expect(arrayValued(multi)).toBe(true);
    expect(parseDefaultValue(multi, '1,2')).toEqual([1, 2]);
    expect(arrayValued(createItem(tpl('date-range'), 106))).toBe(true);
    expect(arrayValued(createItem(tpl('date'), 107))).toBe(false);
  });
});

describe('numberInput', () => {
  it('parses, clamps to the minimum and maps empty to undefined', () => {
    expect(numberInput('5')).toBe(5);
    expect(numberInput('')).toBeUndefined();
    expect(numberInput('abc')).toBeUndefined();
    expect(numberInput('-3', 0)).toBe(0);
    expect(numberInput('0', 1)).toBe(1);
  });
});

describe('changeTag (组件类型)', () => {
  it('keeps the field name, label, ids, span, rules and visibility rule', () => {
    const input = setConfig(setConfig(createItem(tpl('input'), 101), 'label', '姓名'), 'showWhen', { field: 'x' });
    const withSpan = setConfig(setConfig(input, 'span', 12), 'regList', [{ pattern: '/a/', message: 'm' }]);
    const next = changeTag(withSpan, tpl('textarea'));
    expect(next.__vModel__).toBe('field101');
    expect(next.type).toBe('textarea');
    expect(next.__config__).toMatchObject({ label: '姓名', formId: 101, span: 12, tagIcon: 'textarea', showWhen: { field: 'x' }, regList: [{ pattern: '/a/', message: 'm' }] });
    expect(next.placeholder).toBe('请输入姓名');
    expect(next.__config__.renderKey).toBe(withSpan.__config__.renderKey);
  });
  it('keeps the default value only when its type matches', () => {
    const radio = setConfig(createItem(tpl('radio'), 101), 'defaultValue', 1);
    expect(changeTag(radio, tpl('checkbox')).__config__.defaultValue).toEqual([]);
    const checkbox = setConfig(createItem(tpl('checkbox'), 102), 'defaultValue', [1]);
    expect(changeTag(checkbox, tpl('cascader')).__config__.defaultValue).toEqual([1]);
  });
  it('does not change the template', () => {
    const before = JSON.stringify(tpl('select'));
    changeTag(createItem(tpl('radio'), 101), tpl('select'));
    expect(JSON.stringify(tpl('select'))).toBe(before);
  });
});

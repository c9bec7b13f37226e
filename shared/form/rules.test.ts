import { describe, expect, it } from 'vitest';
import { SAMPLE_FORM } from './fixtures';
import { buildRules, checkValue, fieldRules, isEmptyValue, ruleTrigger, toRegExp, validateModel } from './rules';

describe('form rules (spec §5 Form designer, reference §7 Parser)', () => {
  const rules = buildRules(SAMPLE_FORM);

  it('uses the placeholder, else <label>不能为空, arrays 请至少选择一个<label>', () => {
    expect(rules.mobile[0].message).toBe('请输入手机号');
    expect(rules.remark[0].message).toBe('说明不能为空');
    expect(rules.cities[0].message).toBe('请至少选择一个城市');
    expect(rules.day).toBeUndefined();
  });

  it('checks regList patterns only on a value', () => {
    expect(checkValue(rules.mobile, '')).toBe('请输入手机号');
    expect(checkValue(rules.mobile, '12345')).toBe('手机号格式错误');
    expect(checkValue(rules.mobile, '13800000000')).toBeNull();
    const optional = fieldRules({ __config__: { label: 'x', regList: [{ pattern: '/^\\d+$/', message: '数字' }] } });
    expect(checkValue(optional, '')).toBeNull();
    expect(checkValue(optional, 'a')).toBe('数字');
  });

  it('validates a whole model', () => {
    expect(validateModel(rules, { mobile: '1', remark: ' ', cities: [] })).toEqual({
      mobile: '手机号格式错误', remark: '说明不能为空', cities: '请至少选择一个城市',
    });
    expect(validateModel(rules, { mobile: '13800000000', remark: 'ok', cities: [1] })).toEqual({});
  });

  it('reads stored patterns without eval', () => {
    expect(toRegExp('/^a$/i')!.test('A')).toBe(true);
    expect(toRegExp('^b$')!.test('b')).toBe(true);
    expect(toRegExp('/(/')).toBeNull();
    expect(toRegExp('')).toBeNull();
  });

  it('knows empty values and triggers', () => {
    expect([undefined, null, '', '  ', [], '[]'].every(isEmptyValue)).toBe(true);
    expect([0, false, 'a', [1]].some(isEmptyValue)).toBe(false);
    expect(ruleTrigger({ __config__: { tag: 'el-input' } })).toBe('blur');
    expect(ruleTrigger({ __config__: { tag: 'el-select' } })).toBe('change');
  });
});

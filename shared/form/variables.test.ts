import { describe, expect, it } from 'vitest';
import { writeBack } from './fields';
import { SAMPLE_FORM } from './fixtures';
import { formVariables, parseFormContent } from './variables';

describe('form variables (reference §6 Start / Complete)', () => {
  it('parses stored JSON or throws JSON格式错误，请检查', () => {
    expect(parseFormContent(JSON.stringify(SAMPLE_FORM)).fields).toHaveLength(4);
    expect(() => parseFormContent('{')).toThrow('JSON格式错误，请检查');
    expect(() => parseFormContent('{"a":1}')).toThrow('JSON格式错误，请检查');
    expect(() => parseFormContent('[1]')).toThrow('JSON格式错误，请检查');
    expect(() => parseFormContent('null')).toThrow('JSON格式错误，请检查');
  });

  it('puts the values on top and the read-only config in `variables`', () => {
    const valData = { mobile: '13800000000', day: 2 };
    const vars = formVariables({ formData: writeBack(SAMPLE_FORM, valData), valData });
    expect(vars.mobile).toBe('13800000000');
    expect(vars.day).toBe(2);
    const config = vars.variables as typeof SAMPLE_FORM;
    expect(config.disabled).toBe(true);
    expect(config.formBtns).toBe(false);
    expect(config.fields[0].__config__.defaultValue).toBe('13800000000');
  });
});

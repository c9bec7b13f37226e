import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildModel } from './fields';
import { buildRules } from './rules';
import { validateSubmission } from './validate';
import { parseFormContent } from './variables';

/** A leave form written by hand as RuoYi's form-generator exports it (reference §7). */
const TEXT = readFileSync(fileURLToPath(new URL('../../tests/fixtures/forms/ruoyi-leave.json', import.meta.url)), 'utf8');

describe('a RuoYi form-generator export (tests/fixtures/forms/ruoyi-leave.json)', () => {
  const conf = parseFormContent(TEXT);

  it('parses; its model and rules build (row children included)', () => {
    expect(conf.formBtns).toBe(true);
    expect(buildModel(conf)).toEqual({ mobile: undefined, field102: undefined, field103: null, day: undefined, field105: 1, field106: null, field108: undefined, field109: false });
    const rules = buildRules(conf);
    expect(rules.mobile.map((r) => r.message)).toEqual(['请输入手机号', '手机号格式错误']);
    expect(rules.field108[0].message).toBe('请输入事由');
    expect(rules.field106).toBeUndefined();
  });

  it('a valid submission passes', () => {
    expect(validateSubmission(conf, {
      mobile: '13912345678', field102: 2, field103: ['2024-05-01', '2024-05-03'], day: 3, field105: 2,
      field106: JSON.stringify([{ name: '证明.pdf', url: '/profile/upload/a.pdf', fileType: 'pdf' }]), field108: '家中有事', field109: true,
    })).toEqual([]);
  });

  it('a bad one gets the form\'s messages', () => {
    expect(validateSubmission(conf, {
      mobile: '123456789012', field102: 9, field103: '2024-05-01', day: 31, field105: 1, field106: 5, field109: 'yes',
    }).map((e) => e.message)).toEqual([
      '手机号格式错误', '请假类型的选项不在可选范围内', '请假日期格式错误', '天数不能大于30', '证明材料格式错误', '请输入事由', '紧急格式错误',
    ]);
    expect(validateSubmission(conf, { mobile: '13912345678x' })[0].message).toBe('手机号格式错误');
    expect(validateSubmission(conf, {})[1].message).toBe('请选择请假类型');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FORM } from './fixtures';
import type { FormConf, FormField, ShowWhen } from './types';
import { validateSubmission } from './validate';
import { hiddenKeys, isVisible, visibleValues } from './visibility';

const field = (vModel: string, showWhen?: ShowWhen, extra: Record<string, unknown> = {}): FormField => ({
  __config__: { label: vModel, tag: 'el-input', layout: 'colFormItem', ...(showWhen ? { showWhen } : {}), ...extra },
  __vModel__: vModel,
});

describe('visibility rule (__config__.showWhen)', () => {
  it('without value: shows when the trigger is non-empty', () => {
    const f = field('b', { field: 'a' });
    expect(isVisible(f, {})).toBe(false);
    expect(isVisible(f, { a: '' })).toBe(false);
    expect(isVisible(f, { a: [] })).toBe(false);
    expect(isVisible(f, { a: 'x' })).toBe(true);
    expect(isVisible(f, { a: 0 })).toBe(true);
    expect(isVisible(field('c'), {})).toBe(true);
  });

  it('with value: equals, numeric strings as numbers, arrays contain', () => {
    const f = field('b', { field: 'a', value: 2 });
    expect(isVisible(f, { a: 2 })).toBe(true);
    expect(isVisible(f, { a: '2' })).toBe(true);
    expect(isVisible(f, { a: 3 })).toBe(false);
    expect(isVisible(f, { a: [1, 2] })).toBe(true);
    expect(isVisible(f, { a: [1] })).toBe(false);
  });

  it('hides the children of a hidden row, chains through hidden triggers, and leaves hidden keys out', () => {
    const conf: FormConf = { fields: [
      field('a'),
      field('b', { field: 'a' }),
      field('c', { field: 'b' }),
      { __config__: { layout: 'rowFormItem', showWhen: { field: 'a', value: 'row' }, children: [field('d')] } },
    ] };
    expect([...hiddenKeys(conf, { a: '', b: 'stale', c: 'x', d: 'y' })].sort()).toEqual(['b', 'c', 'd']);
    expect(visibleValues(conf, { a: '', b: 'stale', c: 'x', d: 'y' })).toEqual({ a: '' });
    expect(visibleValues(conf, { a: 'row', b: 'b', d: 'y' })).toEqual({ a: 'row', b: 'b', d: 'y' });
  });
});

describe('validateSubmission on arbitrary input (fast-check)', () => {
  const conf: FormConf = {
    ...SAMPLE_FORM,
    fields: [
      ...SAMPLE_FORM.fields,
      { __config__: { label: '明细', tag: 'detail-table', layout: 'colFormItem', minRows: 1, maxRows: 3, children: [field('x', undefined, { required: true })] }, __vModel__: 'items' },
      { __config__: { label: '地区', tag: 'el-cascader', layout: 'colFormItem', showWhen: { field: 'mobile' } }, __vModel__: 'area', options: [{ label: 'a', value: 1 }] },
      { __config__: { label: '开关', tag: 'el-switch', layout: 'colFormItem' }, __vModel__: 'sw' },
      { __config__: { label: '上传', tag: 'el-upload', layout: 'colFormItem' }, __vModel__: 'up' },
    ],
  };
  const keys = ['mobile', 'remark', 'cities', 'day', 'items', 'area', 'sw', 'up', '__proto__', 'constructor'];

  it('never throws and never mutates its inputs', () => {
    fc.assert(fc.property(
      fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...keys), fc.jsonValue())),
      fc.boolean(),
      (values, partial) => {
        const before = JSON.stringify(values);
        const confBefore = JSON.stringify(conf);
        const out = validateSubmission(conf, values, { partial });
        expect(Array.isArray(out)).toBe(true);
        for (const e of out) expect(typeof e.message).toBe('string');
        expect(JSON.stringify(values)).toBe(before);
        expect(JSON.stringify(conf)).toBe(confBefore);
      },
    ), { numRuns: 400 });
  });

  it('never throws on an arbitrary form either', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (c, v) => {
      expect(Array.isArray(validateSubmission(c as FormConf, v))).toBe(true);
    }), { numRuns: 300 });
  });
});

import { describe, expect, it } from 'vitest';
import { buildModel, detailColumns, isNumberStr, LAYOUT_ERROR, layoutOf, normaliseOptions, readPath, valueFields, writeBack } from './fields';
import { SAMPLE_FORM } from './fixtures';

describe('form fields (reference §7 Parser)', () => {
  it('lists value fields, row children included', () => {
    expect(valueFields(SAMPLE_FORM.fields).map((f) => f.__vModel__)).toEqual(['mobile', 'remark', 'cities', 'day']);
  });

  it('walks row children but not a detail table\'s columns (they are row keys)', () => {
    const table = { __config__: { label: '明细表', tag: 'detail-table', layout: 'colFormItem', defaultValue: [], children: [
      { __config__: { label: '金额', tag: 'el-input-number', layout: 'colFormItem' }, __vModel__: 'amount' },
      { __config__: { label: '上传', tag: 'el-upload', layout: 'colFormItem' }, __vModel__: 'file' },
    ] }, __vModel__: 'items' };
    expect(valueFields([...SAMPLE_FORM.fields, table]).map((f) => f.__vModel__)).toEqual(['mobile', 'remark', 'cities', 'day', 'items']);
    expect(detailColumns(table).map((f) => f.__vModel__)).toEqual(['amount']);
    expect(buildModel({ fields: [table] })).toEqual({ items: [] });
  });

  it('builds the model from defaultValue', () => {
    expect(buildModel(SAMPLE_FORM)).toEqual({ mobile: '', remark: undefined, cities: [], day: 1 });
  });

  it('writes values back into __config__.defaultValue of a deep copy', () => {
    const out = writeBack(SAMPLE_FORM, { mobile: '13800000000', cities: [1], day: 3 });
    expect(out.fields[0].__config__.defaultValue).toBe('13800000000');
    expect(out.fields[2].__config__.defaultValue).toEqual([1]);
    expect(out.fields[3].__config__.children![0].__config__.defaultValue).toBe(3);
    expect(SAMPLE_FORM.fields[0].__config__.defaultValue).toBe('');
    expect(out.formBtns).toBe(true);
  });

  it('turns numeric-string option values into numbers (spec §3 Option item)', () => {
    expect(normaliseOptions([{ label: 'a', value: '1' }, { label: 'b', value: 'x' }, { label: 'c', value: '2.5', children: [{ label: 'd', value: '03' }] }]))
      .toEqual([{ label: 'a', value: 1 }, { label: 'b', value: 'x' }, { label: 'c', value: 2.5, children: [{ label: 'd', value: 3 }] }]);
    expect(normaliseOptions([{ name: 'n', id: '7' }], 'name', 'id')).toEqual([{ name: 'n', id: '7', label: 'n', value: 7 }]);
    expect(isNumberStr('')).toBe(false);
    expect(isNumberStr(' 12 ')).toBe(true);
    expect(isNumberStr('1e3')).toBe(true);
    expect(isNumberStr('0x1')).toBe(false);
  });

  it('reads a dataPath', () => {
    expect(readPath({ data: { list: [1] } }, 'data.list')).toEqual([1]);
    expect(readPath({ data: null }, 'data.list')).toBeUndefined();
    expect(readPath([1], '')).toEqual([1]);
  });

  it('throws 没有与 layout 匹配的layout for an unknown layout', () => {
    expect(layoutOf(SAMPLE_FORM.fields[0])).toBe('colFormItem');
    expect(() => layoutOf({ __config__: { layout: 'tableFormItem' } })).toThrow(LAYOUT_ERROR);
    expect(LAYOUT_ERROR).toBe('没有与 layout 匹配的layout');
  });
});

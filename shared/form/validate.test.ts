import { describe, expect, it } from 'vitest';
import { checkField, cleanRows, validateSubmission } from './validate';
import type { FormConf, FormField } from './types';

const col = (tag: string, label: string, vModel: string, extra: Partial<FormField> = {}, config: Record<string, unknown> = {}): FormField => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, regList: [], ...config },
  __vModel__: vModel,
  ...extra,
});

const FORM: FormConf = {
  formBtns: true,
  fields: [
    col('el-input', '手机号', 'mobile', { maxlength: 11, placeholder: '请输入手机号' }, { required: true, regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }] }),
    col('el-input', '备注', 'remark', { maxlength: 5 }),
    col('el-input-number', '天数', 'day', { min: 1, max: 10 }, { required: true }),
    col('el-select', '类型', 'kind', { __slot__: { options: [{ label: '年假', value: '1' }, { label: '病假', value: 'sick' }] } }),
    col('el-checkbox-group', '城市', 'cities', { __slot__: { options: [{ label: '北京', value: 1 }, { label: '上海', value: 2 }] } }, { defaultValue: [] }),
    col('el-select', '动态', 'dyn', { __slot__: { options: [] } }, { dataType: 'dynamic' }),
    col('el-cascader', '地区', 'area', { options: [{ label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz' }] }], props: { props: { multiple: false } } }),
    col('el-switch', '加急', 'urgent', { 'active-value': 'Y', 'inactive-value': 'N' }),
    col('el-slider', '进度', 'progress'),
    col('el-rate', '评分', 'rate'),
    col('el-upload', '附件', 'files'),
    col('el-date-picker', '日期范围', 'range', { type: 'daterange' }),
    {
      __config__: { label: '明细', tag: 'detail-table', layout: 'colFormItem', defaultValue: [], minRows: 1, maxRows: 2, children: [
        col('el-input', '名称', 'name', {}, { required: true }),
        col('el-input-number', '金额', 'amount', { min: 0 }),
      ] },
      __vModel__: 'items',
    },
  ],
};

const GOOD = { mobile: '13800000000', day: 3, items: [{ name: '笔', amount: 2 }] };
const first = (values: Record<string, unknown>, conf = FORM) => validateSubmission(conf, values)[0]?.message ?? null;

describe('validateSubmission (one rule module for the renderer and the server)', () => {
  it('passes a valid submission', () => {
    expect(validateSubmission(FORM, GOOD)).toEqual([]);
    expect(validateSubmission(FORM, { ...GOOD, kind: 1, cities: ['2'], area: ['zj', 'hz'], urgent: 'Y', progress: 50, rate: 4.5,
      files: JSON.stringify([{ name: 'a.pdf', url: '/profile/a.pdf', fileType: 'pdf' }]), range: ['2024-01-01', '2024-01-02'], dyn: 'anything' })).toEqual([]);
  });

  it('requires: placeholder, <label>不能为空, 请至少添加一行<label>', () => {
    expect(validateSubmission(FORM, { items: [] })).toEqual([
      { field: 'mobile', message: '请输入手机号' },
      { field: 'day', message: '天数不能为空' },
      { field: 'items', message: '明细至少需要1行' },
    ]);
    const required: FormConf = { fields: [{ ...FORM.fields[12], __config__: { ...FORM.fields[12].__config__, required: true } }] };
    expect(first({ items: [] }, required)).toBe('请至少添加一行明细');
    expect(first({}, { fields: [col('el-checkbox-group', '城市', 'c', {}, { required: true, defaultValue: [] })] })).toBe('请至少选择一个城市');
  });

  it('regList gives its own message; maxlength <label>长度不能超过<n>个字符', () => {
    expect(first({ ...GOOD, mobile: '12345678901' })).toBe('手机号格式错误');
    expect(first({ ...GOOD, remark: '123456' })).toBe('备注长度不能超过5个字符');
    expect(first({ ...GOOD, remark: '12345' })).toBeNull();
  });

  it('numbers: 必须是数字, 不能小于, 不能大于 (slider 0-100, rate max 5 by default)', () => {
    expect(first({ ...GOOD, day: 'abc' })).toBe('天数必须是数字');
    expect(first({ ...GOOD, day: { n: 1 } })).toBe('天数必须是数字');
    expect(first({ ...GOOD, day: 0 })).toBe('天数不能小于1');
    expect(first({ ...GOOD, day: 11 })).toBe('天数不能大于10');
    expect(first({ ...GOOD, day: '7' })).toBeNull();
    expect(first({ ...GOOD, progress: 101 })).toBe('进度不能大于100');
    expect(first({ ...GOOD, rate: 6 })).toBe('评分不能大于5');
    expect(first({ ...GOOD, rate: -1 })).toBe('评分不能小于0');
  });

  it('static options: <label>的选项不在可选范围内 (numeric strings are numbers; dynamic skipped)', () => {
    expect(first({ ...GOOD, kind: 'x' })).toBe('类型的选项不在可选范围内');
    expect(first({ ...GOOD, kind: '1' })).toBeNull();
    expect(first({ ...GOOD, cities: [1, 3] })).toBe('城市的选项不在可选范围内');
    expect(first({ ...GOOD, area: ['zj', 'nb'] })).toBe('地区的选项不在可选范围内');
    expect(first({ ...GOOD, area: ['zj'] })).toBe('地区的选项不在可选范围内');
    expect(first({ ...GOOD, dyn: 'x' })).toBeNull();
  });

  it('a cascader reads its props keys and multiple paths', () => {
    const f = col('el-cascader', '部门', 'dept', { options: [{ n: '总部', id: '1', kids: [{ n: '财务', id: '2' }] }], props: { props: { label: 'n', value: 'id', children: 'kids', multiple: true } } });
    expect(checkField(f, [[1, 2]])).toBeNull();
    expect(checkField(f, [['1', '2'], [1, 3]])).toBe('部门的选项不在可选范围内');
    expect(checkField(f, ['1', '2'])).toBe('部门格式错误');
  });

  it('wrong shapes: <label>格式错误', () => {
    expect(first({ ...GOOD, mobile: { a: 1 } })).toBe('手机号格式错误');
    expect(first({ ...GOOD, remark: ['a'] })).toBe('备注格式错误');
    expect(first({ ...GOOD, urgent: 'maybe' })).toBe('加急格式错误');
    expect(first({ ...GOOD, urgent: true })).toBeNull();
    expect(first({ ...GOOD, files: { url: 'x' } })).toBe('附件格式错误');
    expect(first({ ...GOOD, files: '[{"name":1}]' })).toBe('附件格式错误');
    expect(first({ ...GOOD, files: '/profile/a.pdf,/profile/b.pdf' })).toBeNull();
    expect(first({ ...GOOD, range: '2024-01-01' })).toBe('日期范围格式错误');
    expect(first({ ...GOOD, kind: ['1'] })).toBe('类型格式错误');
    expect(first({ ...GOOD, items: 'rows' })).toBe('明细格式错误');
    expect(first({ ...GOOD, items: [1] })).toBe('明细格式错误');
  });

  it('detail tables: rows, then each cell as 第<n>行：<cell message>', () => {
    expect(first({ ...GOOD, items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] })).toBe('明细最多2行');
    expect(first({ ...GOOD, items: [{ name: 'a', amount: 1 }, { amount: 1 }] })).toBe('明细第2行：名称不能为空');
    expect(first({ ...GOOD, items: [{ name: 'a', amount: -1 }] })).toBe('明细第1行：金额不能小于0');
    expect(cleanRows(FORM.fields[12], [{ name: 'a', amount: 1, forged: 'x' }, 3])).toEqual([{ name: 'a', amount: 1 }]);
  });

  it('partial: only the keys present are checked, nothing is re-required', () => {
    expect(validateSubmission(FORM, { remark: 'ok' }, { partial: true })).toEqual([]);
    expect(validateSubmission(FORM, { day: 20 }, { partial: true })).toEqual([{ field: 'day', message: '天数不能大于10' }]);
    expect(validateSubmission(FORM, { mobile: '' }, { partial: true })).toEqual([{ field: 'mobile', message: '请输入手机号' }]);
  });

  it('skips hidden fields (visibility rule)', () => {
    const conf: FormConf = { fields: [
      col('el-radio-group', '类型', 'type', { __slot__: { options: [{ label: '出差', value: 1 }, { label: '请假', value: 2 }] } }),
      col('el-input', '目的地', 'city', {}, { required: true, showWhen: { field: 'type', value: 1 } }),
    ] };
    expect(validateSubmission(conf, { type: 2 })).toEqual([]);
    expect(validateSubmission(conf, { type: '1' })).toEqual([{ field: 'city', message: '目的地不能为空' }]);
  });
});

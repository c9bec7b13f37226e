import { describe, expect, it } from 'vitest';
import { variableRows } from './variables-view';

describe('variableRows', () => {
  it('labels values by the stored form', () => {
    const vars = {
      field101: '张三', day: 3, kind: ['a', 'b'], INITIATOR: 1, pwd: 'secret', rich: '<p>你好</p>', rows: [{ n: '机票' }],
      variables: { fields: [
        { __config__: { label: '姓名' }, __vModel__: 'field101' },
        { __config__: { layout: 'rowFormItem', children: [{ __config__: { label: '天数' }, __vModel__: 'day' }] } },
        { __config__: { label: '类型' }, __vModel__: 'kind', __slot__: { options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] } },
        { __config__: { label: '备注', defaultValue: '无' }, __vModel__: 'remark' },
        { __config__: { label: '密码', tag: 'el-input' }, __vModel__: 'pwd', 'show-password': true },
        { __config__: { label: '说明', tag: 'tinymce' }, __vModel__: 'rich' },
        { __config__: { label: '明细', tag: 'detail-table', children: [{ __config__: { label: '名称' }, __vModel__: 'n' }] }, __vModel__: 'rows' },
      ] },
    };
    expect(variableRows(vars)).toEqual([
      { key: 'field101', label: '姓名', value: '张三' },
      { key: 'day', label: '天数', value: '3' },
      { key: 'kind', label: '类型', value: '甲，乙' },
      { key: 'remark', label: '备注', value: '无' },
      { key: 'pwd', label: '密码', value: '••••••' },
      { key: 'rich', label: '说明', value: '你好', full: true },
      { key: 'rows', label: '明细', value: '名称：机票', full: true },
    ]);
  });
  it('lists plain variables without a form, engine ones left out', () => {
    expect(variableRows({ a: 1, ok: true, INITIATOR: 1, approval: '2' })).toEqual([
      { key: 'a', label: 'a', value: '1' }, { key: 'ok', label: 'ok', value: '是' },
    ]);
    expect(variableRows(null)).toEqual([]);
  });
});

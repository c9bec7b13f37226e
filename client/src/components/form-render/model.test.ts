import { describe, expect, it } from 'vitest';
import { columnSum, initialModel, modelErrors, submittedValues } from './model';
import type { FormConf } from '../../../../shared/form/types';

const FORM: FormConf = { fields: [
  { __config__: { label: '类型', tag: 'el-radio-group', layout: 'colFormItem' }, __slot__: { options: [{ label: '出差', value: 1 }, { label: '请假', value: 2 }] }, __vModel__: 'type' },
  { __config__: { label: '目的地', tag: 'el-input', layout: 'colFormItem', required: true, showWhen: { field: 'type', value: 1 } }, __vModel__: 'city' },
  { __config__: { label: '明细', tag: 'detail-table', layout: 'colFormItem', defaultValue: [], minRows: 2, showSummary: true, children: [
    { __config__: { label: '名称', tag: 'el-input', layout: 'colFormItem', defaultValue: '' }, __vModel__: 'name' },
    { __config__: { label: '金额', tag: 'el-input-number', layout: 'colFormItem', defaultValue: 0 }, __vModel__: 'amount' },
  ] }, __vModel__: 'items' },
] };

describe('renderer model (detail table, visibility)', () => {
  it('starts a detail table with minRows new rows', () => {
    expect(initialModel(FORM).items).toEqual([{ name: '', amount: 0 }, { name: '', amount: 0 }]);
  });

  it('leaves hidden fields out of valData and keeps only the columns of each row', () => {
    const model = { type: 2, city: '杭州', items: [{ name: 'a', amount: 1, junk: 1 }, { name: 'b', amount: 2 }] };
    expect(submittedValues(FORM, model)).toEqual({ type: 2, items: [{ name: 'a', amount: 1 }, { name: 'b', amount: 2 }] });
    expect(submittedValues(FORM, { ...model, type: 1 })).toMatchObject({ city: '杭州' });
  });

  it('validates only visible fields with the shared rules', () => {
    expect(modelErrors(FORM, { type: 2, items: [{}, {}] })).toEqual({});
    expect(modelErrors(FORM, { type: 1, items: [{}] })).toEqual({ city: '目的地不能为空', items: '明细至少需要2行' });
  });

  it('sums a number column (合计)', () => {
    expect(columnSum([{ amount: 0.1 }, { amount: '0.2' }, { amount: 'x' }], 'amount')).toBe(0.3);
  });
});

/**
 * The renderer honours a task node's field permissions (issue 16; marks set by the server's task
 * form, shared/form applyFieldPermissions): editable start fields are validated and submitted,
 * read-only and hidden ones are neither; a detail table submits and validates only its unlocked
 * columns.
 */
import { describe, expect, it } from 'vitest';
import { applyFieldPermissions, type FormConf, type FormField } from '../../../../shared/form';
import { fieldMap, fieldMessage, initialModel, lockedKeys, modelErrors, submittedValues } from './model';

const col = (tag: string, label: string, vModel: string, config: Record<string, unknown> = {}): FormField => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, regList: [], ...config }, __vModel__: vModel,
});

const FILLED: FormConf = {
  fields: [
    col('el-input-number', '请假天数', 'day', { defaultValue: 3, required: true }),
    // stored empty although required (e.g. the form changed since the start): a node that may not edit it is not blocked
    col('el-input', '请假原因', 'reason', { defaultValue: '', required: true }),
    { __config__: { label: '费用明细', tag: 'detail-table', layout: 'colFormItem', defaultValue: [{ name: '', amount: 1 }], children: [
      col('el-input', '名称', 'name', { required: true }), col('el-input-number', '金额', 'amount', { required: true }),
    ] }, __vModel__: 'items' },
  ],
};
const KEYS = new Set(['day', 'reason', 'items']);

describe('renderer model with field permissions', () => {
  const form = applyFieldPermissions(FILLED, KEYS, { day: 'editable', items: 'editable', 'items.name': 'readonly' }).conf;

  it('submits the editable fields and unlocked cells only', () => {
    const model = { ...initialModel(form), day: 5, items: [{ name: '', amount: 2 }] };
    expect(lockedKeys(form)).toEqual(new Set(['reason']));
    expect(modelErrors(form, model)).toEqual({});
    expect(submittedValues(form, model)).toEqual({ day: 5, items: [{ amount: 2 }] });
  });

  it('validates the editable fields with their rules', () => {
    const model = { ...initialModel(form), day: undefined, items: [{ name: '', amount: undefined }] };
    expect(modelErrors(form, model)).toEqual({ day: '请假天数不能为空', items: '费用明细第1行：金额不能为空' });
    const fields = fieldMap(form);
    expect(fieldMessage(fields.get('reason'), model)).toBeNull();
    expect(fieldMessage(fields.get('day'), model)).toBe('请假天数不能为空');
  });

  it('without marks (a start form, or a node without permissions) everything is checked and submitted as before', () => {
    const model = initialModel(FILLED);
    expect(modelErrors(FILLED, model)).toEqual({ reason: '请假原因不能为空', items: '费用明细第1行：名称不能为空' });
    expect(submittedValues(FILLED, { ...model, reason: 'x' })).toEqual({ day: 3, reason: 'x', items: [{ name: '', amount: 1 }] });
  });
});

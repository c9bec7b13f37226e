import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../../../shared/form/types';
import { isDetailColumn, showWhenChoices, showWhenText, showWhenValue, withShowWhen } from './visibility';

const field = (id: number, label: string, extra: Partial<FormField> = {}): FormField => ({
  __config__: { formId: id, label, tag: 'el-input', layout: 'colFormItem' },
  __vModel__: `field${id}`,
  ...extra,
});

const list: FormField[] = [
  field(101, '类型', { __config__: { formId: 101, label: '类型', tag: 'el-select', layout: 'colFormItem' }, __slot__: { options: [{ label: '请假', value: 1 }] } }),
  {
    __config__: { formId: 102, layout: 'rowFormItem', children: [field(103, '天数'), { __config__: { formId: 104, label: '按钮', tag: 'el-button', layout: 'colFormItem' } }] },
  },
  {
    __config__: { formId: 105, label: '明细', tag: 'detail-table', layout: 'colFormItem', children: [field(106, '金额')] },
    __vModel__: 'field105',
  },
  field(107, '说明'),
];

describe('showWhenChoices', () => {
  it('lists value fields, row children included, never itself nor detail-table columns or buttons', () => {
    const choices = showWhenChoices(list, list[3]);
    expect(choices.map((c) => c.vModel)).toEqual(['field101', 'field103', 'field105']);
    expect(choices[0]).toEqual({ vModel: 'field101', label: '类型（field101）', options: [{ label: '请假', value: 1 }] });
  });
  it('leaves out the selected row child', () => {
    const child = (list[1].__config__.children as FormField[])[0];
    expect(showWhenChoices(list, child).map((c) => c.vModel)).toEqual(['field101', 'field105', 'field107']);
  });
  it('lists everything when nothing is selected', () => {
    expect(showWhenChoices(list, null)).toHaveLength(4);
  });
});

describe('the rule', () => {
  it('sets field and optional value, numeric strings as numbers', () => {
    const f = field(107, '说明');
    expect(withShowWhen(f, 'field101', '').__config__.showWhen).toEqual({ field: 'field101' });
    expect(withShowWhen(f, 'field101', '1').__config__.showWhen).toEqual({ field: 'field101', value: 1 });
    expect(withShowWhen(f, 'field101', '是').__config__.showWhen).toEqual({ field: 'field101', value: '是' });
    expect(f.__config__.showWhen).toBeUndefined();
  });
  it('removes the rule when no field is chosen', () => {
    const f = withShowWhen(field(107, '说明'), 'field101', '1');
    expect('showWhen' in withShowWhen(f, '', '').__config__).toBe(false);
  });
  it('value text and parsing', () => {
    expect(showWhenValue('  ')).toEqual({});
    expect(showWhenText({ field: 'a', value: 2 })).toBe('2');
    expect(showWhenText({ field: 'a' })).toBe('');
    expect(showWhenText(undefined)).toBe('');
  });
});

describe('isDetailColumn', () => {
  it('is true only for a column of a detail table', () => {
    expect(isDetailColumn(list, 106)).toBe(true);
    expect(isDetailColumn(list, 103)).toBe(false);
    expect(isDetailColumn(list, 105)).toBe(false);
    expect(isDetailColumn(list, 999)).toBe(false);
  });
});

/** withholdVariables (issue 16): values, row fields and detail-table columns withheld from a reader. */
import { describe, expect, it } from 'vitest';
import { withholdVariables } from './withhold';

const conf = {
  fields: [
    { __config__: { label: '天数', tag: 'el-input', layout: 'colFormItem', defaultValue: 3 }, __vModel__: 'day' },
    { __config__: { layout: 'rowFormItem', children: [{ __config__: { label: '薪资', tag: 'el-input', layout: 'colFormItem', defaultValue: '9000' }, __vModel__: 'salary' }] } },
    { __config__: { label: '明细', tag: 'detail-table', layout: 'colFormItem', defaultValue: [{ name: 'a', note: 'x' }], children: [
      { __config__: { label: '名称', tag: 'el-input', layout: 'colFormItem' }, __vModel__: 'name' },
      { __config__: { label: '备注', tag: 'el-input', layout: 'colFormItem' }, __vModel__: 'note' },
    ] }, __vModel__: 'items' },
  ],
};

describe('withholdVariables', () => {
  it('removes values, fields in rows and detail-table columns; keeps the rest; does not change its input', () => {
    const vars = { day: 3, salary: '9000', items: [{ name: 'a', note: 'x' }], variables: conf };
    const out = withholdVariables(vars, new Set(['salary', 'items.note']));
    expect(out).toMatchObject({ day: 3, items: [{ name: 'a' }] });
    expect(out).not.toHaveProperty('salary');
    expect(JSON.stringify(out)).not.toMatch(/9000|"x"|"note"/);
    expect(JSON.stringify(vars)).toContain('9000');
    expect(withholdVariables(vars, new Set())).toBe(vars);
    expect(withholdVariables(vars, new Set(['items']))).not.toHaveProperty('items');
  });
});

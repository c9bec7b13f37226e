/**
 * Per-node field permissions (issue 16, permissions.ts and permission-check.ts): the attribute
 * text, the start-form part a node shows (editable / read-only / hidden fields and detail-table
 * columns, values of hidden ones gone), and which submitted values a node may write.
 */
import { describe, expect, it } from 'vitest';
import {
  applyFieldPermissions, columnPermission, fieldPermission, isLocked, parseFieldPermissions, setFieldPermission, stringifyFieldPermissions, unlockedTable,
} from './permissions';
import { permittedValues, sameJson } from './permission-check';
import type { FormConf, FormField } from './types';

const col = (tag: string, label: string, vModel: string, config: Record<string, unknown> = {}, extra: Partial<FormField> = {}): FormField => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, regList: [], ...config }, __vModel__: vModel, ...extra,
});

const ROWS = [{ name: '机票', amount: 800, note: '经济舱' }, { name: '酒店', amount: 300, note: '两晚' }];
/** A filled start form as `variables` stores it. */
const FILLED: FormConf = {
  formRef: 'elForm', disabled: true, formBtns: false,
  fields: [
    col('el-input-number', '请假天数', 'day', { defaultValue: 3 }),
    col('el-input', '请假原因', 'reason', { defaultValue: '探亲' }),
    col('el-input', '薪资', 'salary', { defaultValue: '9000' }),
    col('el-input', '薪资说明', 'salaryNote', { defaultValue: '含补贴', showWhen: { field: 'salary', value: '9000' } }),
    col('el-input', '高薪说明', 'richNote', { defaultValue: '', showWhen: { field: 'salary', value: '20000' } }),
    { __config__: { layout: 'rowFormItem', label: '行容器', children: [col('el-input', '电话', 'phone', { defaultValue: '138' })] } },
    { __config__: { label: '费用明细', tag: 'detail-table', layout: 'colFormItem', defaultValue: ROWS, children: [
      col('el-input', '名称', 'name', { required: true }), col('el-input-number', '金额', 'amount'), col('el-input', '备注', 'note'),
    ] }, __vModel__: 'items' },
    col('el-input', '上一节点意见', 'opinion', { defaultValue: '同意' }),
  ],
};
const START_KEYS = new Set(['day', 'reason', 'salary', 'salaryNote', 'richNote', 'phone', 'items']);
const byKey = (conf: FormConf, key: string): FormField | undefined => {
  const all = (list: FormField[]): FormField[] => list.flatMap((f) => [f, ...(f.__config__.layout === 'rowFormItem' ? all(f.__config__.children ?? []) : [])]);
  return all(conf.fields).find((f) => f.__vModel__ === key);
};

describe('the attribute text', () => {
  it('parses valid entries only and never throws', () => {
    expect(parseFieldPermissions('{"day":"editable","items.amount":"hidden","x":"write","a.b.c":"hidden","__proto__":"hidden",".x":"hidden"}'))
      .toEqual({ day: 'editable', 'items.amount': 'hidden' });
    for (const bad of ['', '{bad', '[]', '"x"', 'null', undefined, 3]) expect(parseFieldPermissions(bad)).toEqual({});
    expect(Object.getPrototypeOf(parseFieldPermissions('{"__proto__":{"polluted":1}}'))).toBe(Object.prototype);
  });

  it('stores only non-default entries; none left → no attribute', () => {
    expect(stringifyFieldPermissions({ day: 'editable', reason: 'readonly', 'items.amount': 'readonly' })).toBe('{"day":"editable","items.amount":"readonly"}');
    expect(stringifyFieldPermissions({ reason: 'readonly' })).toBeUndefined();
    let perms = setFieldPermission({}, 'day', 'editable');
    perms = setFieldPermission(perms, 'items.note', 'hidden');
    expect(stringifyFieldPermissions(perms)).toBe('{"day":"editable","items.note":"hidden"}');
    perms = setFieldPermission(perms, 'day', 'readonly');
    perms = setFieldPermission(perms, 'items.note', undefined);
    expect(perms).toEqual({});
  });

  it('a field defaults to read-only, a column to its table; a hidden table hides its columns', () => {
    const perms = parseFieldPermissions('{"items":"editable","items.note":"readonly"}');
    expect(fieldPermission(perms, 'day')).toBe('readonly');
    expect(columnPermission(perms, 'items', 'amount')).toBe('editable');
    expect(columnPermission(perms, 'items', 'note')).toBe('readonly');
    expect(columnPermission({ items: 'hidden', 'items.note': 'editable' }, 'items', 'note')).toBe('hidden');
    expect(columnPermission({ 'items.note': 'editable' }, 'items', 'amount')).toBe('readonly');
  });
});

describe('applyFieldPermissions: the start-form part a node shows', () => {
  it('no entries: every field read-only (disabled, marked), nothing editable', () => {
    const view = applyFieldPermissions(FILLED, START_KEYS, {});
    expect(view.editable).toBe(false);
    expect(view.hidden).toEqual([]);
    expect(byKey(view.conf, 'day')).toMatchObject({ disabled: true, __config__: { permission: 'readonly', defaultValue: 3 } });
    expect(byKey(view.conf, 'phone')).toMatchObject({ disabled: true, __config__: { permission: 'readonly' } });
    expect(byKey(view.conf, 'items')).toMatchObject({ disabled: true, __config__: { permission: 'readonly', defaultValue: ROWS } });
    expect(byKey(view.conf, 'items')!.__config__).not.toHaveProperty('maxRows');
    expect(FILLED.fields[0]).not.toHaveProperty('disabled'); // the input is not changed
  });

  it('editable fields are enabled; fields of earlier nodes stay read-only even when listed', () => {
    const view = applyFieldPermissions(FILLED, START_KEYS, { day: 'editable', phone: 'editable', opinion: 'editable' });
    expect(view.editable).toBe(true);
    expect(byKey(view.conf, 'day')).toMatchObject({ disabled: false, __config__: { permission: 'editable', defaultValue: 3 } });
    expect(byKey(view.conf, 'phone')).toMatchObject({ disabled: false, __config__: { permission: 'editable' } });
    expect(byKey(view.conf, 'opinion')).toMatchObject({ disabled: true, __config__: { permission: 'readonly' } });
  });

  it('a hidden field is removed with its value; a rule naming it is decided with the stored values', () => {
    const view = applyFieldPermissions(FILLED, START_KEYS, { salary: 'hidden', phone: 'hidden' });
    expect(view.hidden).toEqual(['salary', 'phone']);
    expect(JSON.stringify(view.conf)).not.toContain('9000');
    expect(byKey(view.conf, 'salary')).toBeUndefined();
    expect(byKey(view.conf, 'phone')).toBeUndefined();
    expect(byKey(view.conf, 'salaryNote')!.__config__).not.toHaveProperty('showWhen'); // held: shown
    expect(byKey(view.conf, 'richNote')!.__config__.showWhen).toEqual({ field: 'salary', value: '20000' }); // failed: stays hidden
  });

  it('a detail table: hidden columns and their cells go, read-only columns are disabled, rows are fixed', () => {
    const view = applyFieldPermissions(FILLED, START_KEYS, { items: 'editable', 'items.note': 'hidden', 'items.name': 'readonly' });
    const table = byKey(view.conf, 'items')!;
    expect(table).toMatchObject({ disabled: false, __config__: { permission: 'editable', minRows: 2, maxRows: 2 } });
    expect(table.__config__.defaultValue).toEqual([{ name: '机票', amount: 800 }, { name: '酒店', amount: 300 }]);
    expect(table.__config__.children!.map((c) => [c.__vModel__, c.__config__.permission, c.disabled])).toEqual([['name', 'readonly', true], ['amount', 'editable', false]]);
    expect(JSON.stringify(view.conf)).not.toContain('经济舱');
    expect(view.editable).toBe(true);
  });

  it('an editable table without locked columns keeps free rows; a read-only table with one editable column is editable with fixed rows', () => {
    const free = byKey(applyFieldPermissions(FILLED, START_KEYS, { items: 'editable' }).conf, 'items')!;
    expect(free.__config__).not.toHaveProperty('maxRows');
    expect(free.__config__.permission).toBe('editable');
    const one = applyFieldPermissions(FILLED, START_KEYS, { 'items.amount': 'editable' });
    expect(byKey(one.conf, 'items')!.__config__).toMatchObject({ permission: 'editable', minRows: 2, maxRows: 2 });
    expect(byKey(one.conf, 'items')!.__config__.children!.map((c) => c.__config__.permission)).toEqual(['readonly', 'editable', 'readonly']);
    const gone = applyFieldPermissions(FILLED, START_KEYS, { items: 'hidden', 'items.amount': 'editable' });
    expect(byKey(gone.conf, 'items')).toBeUndefined();
    expect(JSON.stringify(gone.conf)).not.toContain('机票');
  });
});

describe('renderer helpers', () => {
  it('locked = marked read-only or hidden; unlockedTable drops locked columns', () => {
    const view = applyFieldPermissions(FILLED, START_KEYS, { day: 'editable', items: 'editable', 'items.name': 'readonly' });
    expect(isLocked(byKey(view.conf, 'day')!)).toBe(false);
    expect(isLocked(byKey(view.conf, 'reason')!)).toBe(true);
    expect(isLocked(col('el-input', 'x', 'x'))).toBe(false);
    expect(unlockedTable(byKey(view.conf, 'items')!).__config__.children!.map((c) => c.__vModel__)).toEqual(['amount', 'note']);
  });
});

describe('permittedValues: what a node may write', () => {
  const STORED = { day: 3, reason: '探亲', salary: '9000', items: ROWS };
  const perms = parseFieldPermissions('{"day":"editable","salary":"hidden","items":"editable","items.note":"hidden","items.name":"readonly"}');

  it('keeps editable values, ignores unchanged read-only ones, refuses changed read-only and any hidden one', () => {
    expect(permittedValues(FILLED, perms, STORED, { day: 5, reason: '探亲' })).toEqual({ values: { day: 5 } });
    expect(permittedValues(FILLED, perms, STORED, { reason: '旅游' })).toEqual({ error: '字段「请假原因」在当前节点不可编辑' });
    expect(permittedValues(FILLED, perms, STORED, { salary: '9000' })).toEqual({ error: '字段「薪资」在当前节点不可编辑' });
    expect(permittedValues(FILLED, {}, STORED, { day: 5 })).toEqual({ error: '字段「请假天数」在当前节点不可编辑' });
  });

  it('detail table: locked cells keep their stored values, may not be changed or (hidden) sent; the row count stays', () => {
    const edited = [{ name: '机票', amount: 900 }, { name: '酒店', amount: 250 }];
    expect(permittedValues(FILLED, perms, STORED, { items: edited })).toEqual({ values: { items: [
      { name: '机票', amount: 900, note: '经济舱' }, { name: '酒店', amount: 250, note: '两晚' },
    ] } });
    expect(permittedValues(FILLED, perms, STORED, { items: [{ name: '火车', amount: 900 }, edited[1]] })).toEqual({ error: '字段「费用明细」的「名称」列在当前节点不可编辑' });
    expect(permittedValues(FILLED, perms, STORED, { items: [{ ...edited[0], note: '经济舱' }, edited[1]] })).toEqual({ error: '字段「费用明细」的「备注」列在当前节点不可编辑' });
    expect(permittedValues(FILLED, perms, STORED, { items: [edited[0]] })).toEqual({ error: '字段「费用明细」在当前节点不能增删行' });
    // a malformed value is left to the field rules (明细格式错误)
    expect(permittedValues(FILLED, perms, STORED, { items: 'x' })).toEqual({ values: { items: 'x' } });
  });

  it('a fully editable table takes any rows; a read-only one only its stored rows', () => {
    const rows = [{ name: '新', amount: 1, note: '' }];
    expect(permittedValues(FILLED, { items: 'editable' }, STORED, { items: rows })).toEqual({ values: { items: rows } });
    expect(permittedValues(FILLED, {}, STORED, { items: rows })).toEqual({ error: '字段「费用明细」在当前节点不可编辑' });
    expect(permittedValues(FILLED, {}, STORED, { items: [{ note: '经济舱', amount: 800, name: '机票', extra: 1 }, ROWS[1]] })).toEqual({ values: {} });
  });

  it('sameJson ignores key order only', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson(3, '3')).toBe(false);
    expect(sameJson(undefined, null)).toBe(true);
  });
});

/**
 * 表单权限 (issue 16) read / write on a parsed diagram: one `flowable:fieldPermissions` attribute of
 * compact JSON with the non-default entries, removed when none is left, round-tripping through
 * bpmn-moddle with the shared descriptor (no warnings) and read back by the server's scan of the
 * deployed XML; the start form found on the process's start event; the lines the section lists.
 */
import { describe, expect, it } from 'vitest';
import type { FormConf } from '../../../../../../shared/form';
import { load } from './test-kit';
import { clearFieldPermissions, keepFieldPermissions, permissionLines, readFieldPermissions, startFormKey, writeFieldPermission } from './field-permissions';

const FORM: FormConf = {
  fields: [
    { __config__: { label: '请假天数', tag: 'el-input-number', layout: 'colFormItem' }, __vModel__: 'day' },
    { __config__: { layout: 'rowFormItem', children: [{ __config__: { label: '电话', tag: 'el-input', layout: 'colFormItem' }, __vModel__: 'phone' }] } },
    { __config__: { label: '明细', tag: 'detail-table', layout: 'colFormItem', children: [
      { __config__: { label: '金额', tag: 'el-input-number', layout: 'colFormItem' }, __vModel__: 'amount' },
      { __config__: { label: '', tag: 'el-input', layout: 'colFormItem' }, __vModel__: 'note' },
    ] }, __vModel__: 'items' },
  ],
};

describe('表单权限 of a user task', () => {
  it('writes compact JSON of the non-default entries, reads it back, and the server reads the exported XML', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    expect(readFieldPermissions(t)).toEqual({});
    writeFieldPermission(d.ops, t, 'day', 'editable');
    writeFieldPermission(d.ops, t, 'items.amount', 'hidden');
    writeFieldPermission(d.ops, t, 'phone', 'readonly'); // the default: not stored
    const xml = await d.toXML();
    expect(xml).toContain('flowable:fieldPermissions="{&#34;day&#34;:&#34;editable&#34;,&#34;items.amount&#34;:&#34;hidden&#34;}"');
    expect(xml).not.toMatch(/<bpmn:userTask id="Activity_2"[^>]*fieldPermissions/);
    const again = await load(xml);
    expect(readFieldPermissions(again.byId('Activity_1'))).toEqual({ day: 'editable', 'items.amount': 'hidden' });
  });

  it('back to the defaults removes the attribute; 清空 and dropping stale keys too', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    writeFieldPermission(d.ops, t, 'day', 'hidden');
    writeFieldPermission(d.ops, t, 'items.note', 'readonly');
    writeFieldPermission(d.ops, t, 'day', 'readonly');
    writeFieldPermission(d.ops, t, 'items.note', undefined);
    expect(await d.toXML()).not.toContain('fieldPermissions');
    writeFieldPermission(d.ops, t, 'day', 'editable');
    writeFieldPermission(d.ops, t, 'gone', 'hidden');
    keepFieldPermissions(d.ops, t, new Set(['day']));
    expect(readFieldPermissions(t)).toEqual({ day: 'editable' });
    clearFieldPermissions(d.ops, t);
    expect(await d.toXML()).toContain('<bpmn:userTask id="Activity_1" name="审批">');
  });

  it('finds the start form on the start event of the task\'s process', async () => {
    const d = await load();
    expect(startFormKey(d.byId('Activity_1'))).toBe('');
    d.ops.update(d.byId('start_event'), { 'flowable:formKey': '7' });
    expect(startFormKey(d.byId('Activity_1'))).toBe('7');
  });

  it('lists fields in form order with each table\'s columns (labels, effective values, inheritance)', () => {
    const lines = permissionLines(FORM, { items: 'editable', 'items.note': 'hidden' });
    expect(lines.map((l) => [l.key, l.label, l.value, l.column, l.inherited])).toEqual([
      ['day', '请假天数', 'readonly', false, false],
      ['phone', '电话', 'readonly', false, false],
      ['items', '明细', 'editable', false, false],
      ['items.amount', '金额', 'editable', true, true],
      ['items.note', 'note', 'hidden', true, false],
    ]);
  });
});

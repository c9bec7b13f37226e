import { describe, expect, it } from 'vitest';
import {
  canBeColumn, countIds, createItem, FORM_CONF_DEFAULTS, INPUT_COMPONENTS, LAYOUT_COMPONENTS, MOBILE_PRESET, PALETTE, SELECT_COMPONENTS, templateByKey,
} from './catalogue';

describe('catalogue', () => {
  it('lists the palette of reference §7 plus 明细表, in order and with Chinese titles', () => {
    expect(PALETTE.map((g) => g.title)).toEqual(['输入型组件', '选择型组件', '布局型组件']);
    expect(INPUT_COMPONENTS.map((t) => t.__config__.label)).toEqual(['单行文本', '多行文本', '密码', '计数器', '编辑器']);
    expect(SELECT_COMPONENTS.map((t) => t.__config__.label)).toEqual([
      '下拉选择', '级联选择', '单选框组', '多选框组', '开关', '滑块', '时间选择', '时间范围', '日期选择', '日期范围', '评分', '颜色选择', '上传',
    ]);
    expect(LAYOUT_COMPONENTS.map((t) => t.__config__.label)).toEqual(['行容器', '按钮', '明细表']);
    const keys = PALETTE.flatMap((g) => g.list.map((t) => t.__config__.tagIcon));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('carries the defaults of spec §9', () => {
    expect(FORM_CONF_DEFAULTS).toMatchObject({ formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules', gutter: 15, disabled: false, span: 24, formBtns: true });
    expect(templateByKey('rate')).toMatchObject({ max: 5 });
    expect(templateByKey('slider')).toMatchObject({ min: 0, max: 100, step: 1 });
    expect(templateByKey('textarea')).toMatchObject({ type: 'textarea', autosize: { minRows: 4, maxRows: 4 } });
    expect(templateByKey('upload')).toMatchObject({ action: '/caishui-api/common/uploadFile', __config__: { fileSize: 2, sizeUnit: 'MB' } });
    expect(templateByKey('date')).toMatchObject({ type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' });
    expect(templateByKey('date-range')).toMatchObject({ type: 'daterange' });
    expect(templateByKey('time-range')).toMatchObject({ 'is-range': true, 'value-format': 'HH:mm:ss' });
    expect(templateByKey('password')).toMatchObject({ 'show-password': true });
    expect(templateByKey('table')!.__config__).toMatchObject({ tag: 'detail-table', layout: 'colFormItem', label: '明细表', span: 24, defaultValue: [], children: [], addText: '添加一行' });
    expect(MOBILE_PRESET).toMatchObject({ maxlength: 11, __config__: { regList: [{ message: '手机号格式错误' }] } });
    for (const g of PALETTE) for (const t of g.list) expect(t.__config__.span ?? 24).toBe(24);
  });

  it('createItem gives a deep copy with ids, field name and the label in the placeholder', () => {
    const template = templateByKey('input')!;
    const item = createItem(template, 101);
    expect(item.__config__.formId).toBe(101);
    expect(String(item.__config__.renderKey)).toMatch(/^101\d+$/);
    expect(item.__vModel__).toBe('field101');
    expect(item.placeholder).toBe('请输入单行文本');
    item.__config__.regList!.push({ pattern: 'x', message: 'y' });
    expect(template.__config__.regList).toEqual([]);
    expect(template.__config__.formId).toBeUndefined();
  });

  it('createItem makes a row container without label and a button without field name', () => {
    const row = createItem(templateByKey('row')!, 105);
    expect(row.__config__).toMatchObject({ formId: 105, componentName: 'row105', children: [], layout: 'rowFormItem' });
    expect(row.__config__.label).toBeUndefined();
    expect(row.__vModel__).toBeUndefined();
    const button = createItem(templateByKey('button')!, 106);
    expect(button.__vModel__).toBeUndefined();
  });

  it('createItem numbers the children of a container after its own id', () => {
    const table = { ...templateByKey('table')!, __config__: { ...templateByKey('table')!.__config__, children: [templateByKey('input')!, templateByKey('number')!] } };
    const item = createItem(table, 110);
    expect(item.__vModel__).toBe('field110');
    expect(item.__config__.children!.map((c) => c.__vModel__)).toEqual(['field111', 'field112']);
    expect(countIds(item)).toBe(3);
  });

  it('canBeColumn allows inputs and pickers only', () => {
    expect(canBeColumn(templateByKey('input')!)).toBe(true);
    expect(canBeColumn(templateByKey('select')!)).toBe(true);
    for (const key of ['upload', 'rich-text', 'row', 'button', 'table']) expect(canBeColumn(templateByKey(key)!)).toBe(false);
  });
});

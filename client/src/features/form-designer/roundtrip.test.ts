/**
 * Designer → stored JSON → runtime form → shared validation → process variables, for every
 * catalogue component (plus a detail table with two columns and a row container with a child).
 */
import { describe, expect, it } from 'vitest';
import { buildModel, writeBack } from '../../../../shared/form';
import { formVariables, parseFormContent, validateSubmission, type FormField } from '../../components/form-render';
import { PALETTE, templateByKey } from './catalogue';
import { designerReducer, initialState, toFormConf, type DesignerAction } from './state/reducer';
import { findItem } from './state/tree';

const UPLOADED = JSON.stringify([{ name: 'a.txt', url: '/profile/upload/a.txt', fileType: 'txt' }]);

/** A valid value per palette key. */
const GOOD: Record<string, unknown> = {
  input: '张三', textarea: '多行\n说明', password: 'secret1', number: 5, 'rich-text': '<p>正文</p>',
  select: 2, cascader: [1, 2], radio: 1, checkbox: [1, 2], switch: true, slider: 30, time: '10:20:30',
  'time-range': ['08:00:00', '09:30:00'], date: '2024-05-01', 'date-range': ['2024-05-01', '2024-05-03'],
  rate: 4, color: '#409EFF', upload: UPLOADED,
};

/** A refused value and its message per validating palette key (`L` = the label). */
const BAD: [string, unknown, (label: string) => string][] = [
  ['input', '', (l) => `请输入${l}`],
  ['number', 'abc', (l) => `${l}必须是数字`],
  ['slider', 101, (l) => `${l}不能大于100`],
  ['rate', 6, (l) => `${l}不能大于5`],
  ['select', 3, (l) => `${l}的选项不在可选范围内`],
  ['radio', 7, (l) => `${l}的选项不在可选范围内`],
  ['checkbox', [1, 9], (l) => `${l}的选项不在可选范围内`],
  ['cascader', [1, 9], (l) => `${l}的选项不在可选范围内`],
  ['checkbox', [], (l) => `请至少选择一个${l}`],
  ['date', { y: 2024 }, (l) => `${l}格式错误`],
];

const keys = PALETTE.flatMap((g) => g.list.map((t) => String(t.__config__.tagIcon))).filter((k) => !['row', 'button', 'table'].includes(k));

/** The designer with every value component, a row container with a child and a detail table with two columns. */
function designed() {
  const actions: DesignerAction[] = keys.map((k) => ({ type: 'add', template: templateByKey(k)! }));
  actions.push({ type: 'add', template: templateByKey('row')! }, { type: 'add', template: templateByKey('button')!, containerId: null });
  let s = actions.reduce(designerReducer, initialState());
  const rowId = Number(s.drawingList.find((f) => f.__config__.layout === 'rowFormItem')!.__config__.formId);
  s = designerReducer(s, { type: 'add', template: templateByKey('input')!, containerId: rowId });
  s = designerReducer(s, { type: 'add', template: templateByKey('table')! });
  const tableId = s.idGlobal;
  s = designerReducer(s, { type: 'add', template: templateByKey('input')!, containerId: tableId });
  s = designerReducer(s, { type: 'add', template: templateByKey('number')!, containerId: tableId });
  return { state: s, rowChild: findItem(s.drawingList, rowId)!.item.__config__.children![0], table: findItem(s.drawingList, tableId)!.item };
}

describe('designer round trip', () => {
  const { state, rowChild, table } = designed();
  const stored = JSON.stringify(toFormConf(state));
  const conf = parseFormContent(stored);
  const top = conf.fields.filter((f) => f.__vModel__ && f.__config__.tag !== 'detail-table');
  const byKey = (key: string): FormField => top[keys.indexOf(key)];
  const columns = table.__config__.children!;

  function goodValues(): Record<string, unknown> {
    const model = buildModel(conf);
    keys.forEach((k) => (model[byKey(k).__vModel__!] = GOOD[k]));
    model[rowChild.__vModel__!] = '行内文本';
    model[table.__vModel__!] = [{ [columns[0].__vModel__!]: '办公用品', [columns[1].__vModel__!]: 3 }];
    return model;
  }

  it('stores the form-generator JSON with the designer configuration', () => {
    expect(conf).toMatchObject({ formRef: 'elForm', formModel: 'formData', labelWidth: 100, gutter: 15, span: 24, formBtns: true });
    expect(top.map((f) => f.__config__.tagIcon)).toEqual(keys);
    expect(columns.map((c) => c.__config__.tag)).toEqual(['el-input', 'el-input-number']);
  });

  it('builds the model of top-level values (row children included, detail-table columns not)', () => {
    const model = buildModel(conf);
    for (const f of top) expect(model).toHaveProperty(f.__vModel__!);
    expect(model).toHaveProperty(rowChild.__vModel__!);
    expect(model[table.__vModel__!]).toEqual([]);
    for (const c of columns) expect(model).not.toHaveProperty(c.__vModel__!);
  });

  it('accepts a valid value for every component and gives the process variables', () => {
    const values = goodValues();
    expect(validateSubmission(conf, values)).toEqual([]);
    const vars = formVariables({ formData: writeBack(conf, values), valData: values });
    for (const k of keys) expect(vars[byKey(k).__vModel__!]).toEqual(GOOD[k]);
    expect(vars[rowChild.__vModel__!]).toBe('行内文本');
    expect(vars[table.__vModel__!]).toEqual([{ [columns[0].__vModel__!]: '办公用品', [columns[1].__vModel__!]: 3 }]);
    const variables = vars.variables as typeof conf;
    expect(variables).toMatchObject({ disabled: true, formBtns: false });
    expect(variables.fields[keys.indexOf('select')].__config__.defaultValue).toBe(2);
  });

  it.each(BAD)('refuses a bad %s value', (key, value, message) => {
    const values = { ...goodValues(), [byKey(key).__vModel__!]: value };
    expect(validateSubmission(conf, values)).toEqual([{ field: byKey(key).__vModel__, message: message(String(byKey(key).__config__.label)) }]);
  });

  it('refuses bad detail-table rows and an empty row-container child', () => {
    const bad = { ...goodValues(), [table.__vModel__!]: [{ [columns[0].__vModel__!]: '', [columns[1].__vModel__!]: 1 }] };
    expect(validateSubmission(conf, bad)).toEqual([{ field: table.__vModel__, message: '明细表第1行：请输入单行文本' }]);
    const notRows = { ...goodValues(), [table.__vModel__!]: 'x' };
    expect(validateSubmission(conf, notRows)).toEqual([{ field: table.__vModel__, message: '明细表格式错误' }]);
    const emptyChild = { ...goodValues(), [rowChild.__vModel__!]: '' };
    expect(validateSubmission(conf, emptyChild)).toEqual([{ field: rowChild.__vModel__, message: '请输入单行文本' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { INPUT_COMPONENTS, LAYOUT_COMPONENTS, SELECT_COMPONENTS } from '../catalogue';
import type { FormField } from '../../../../../shared/form/types';
import {
  ACCEPT_CHOICES, FORM_PROP_DEFAULTS, SIZE_UNITS, acceptLabel, formatOfDateType, showsProp, tagGroupOf, uploadLimitBytes, valueFormatOf,
  type PropKey,
} from './props';

const byIcon = (icon: string): FormField => {
  const t = [...INPUT_COMPONENTS, ...SELECT_COMPONENTS, ...LAYOUT_COMPONENTS].find((x) => x.__config__.tagIcon === icon);
  if (!t) throw new Error(icon);
  return JSON.parse(JSON.stringify(t)) as FormField;
};
const shown = (f: FormField, keys: PropKey[]) => keys.filter((k) => showsProp(f, k));

describe('showsProp (which property applies to which tag)', () => {
  it('text input: prefix/suffix, icons, maxlength, clearable, no autosize/options', () => {
    const f = byIcon('input');
    expect(shown(f, ['prependAppend', 'icons', 'maxlength', 'clearable', 'placeholder', 'width', 'readonly'])).toHaveLength(7);
    expect(shown(f, ['autosize', 'options', 'min', 'precision', 'accept', 'gutter'])).toEqual([]);
  });
  it('textarea: autosize rows instead of prefix/suffix and clearable', () => {
    const f = byIcon('textarea');
    expect(showsProp(f, 'autosize')).toBe(true);
    expect(showsProp(f, 'prependAppend')).toBe(false);
    expect(showsProp(f, 'icons')).toBe(false);
    expect(showsProp(f, 'clearable')).toBe(false);
  });
  it('number: min/max/step/precision/button position; rate only max; slider min/max/step', () => {
    expect(shown(byIcon('number'), ['min', 'max', 'step', 'precision', 'controlsPosition'])).toHaveLength(5);
    expect(shown(byIcon('rate'), ['min', 'max', 'step', 'precision'])).toEqual(['max']);
    expect(shown(byIcon('slider'), ['min', 'max', 'step', 'precision'])).toEqual(['min', 'max', 'step']);
  });
  it('options only for select, radio and checkbox; checkbox min/max only for checkbox', () => {
    expect(showsProp(byIcon('select'), 'options')).toBe(true);
    expect(showsProp(byIcon('radio'), 'options')).toBe(true);
    expect(showsProp(byIcon('checkbox'), 'options')).toBe(true);
    expect(showsProp(byIcon('cascader'), 'options')).toBe(false);
    expect(showsProp(byIcon('checkbox'), 'checkboxMinMax')).toBe(true);
    expect(showsProp(byIcon('radio'), 'checkboxMinMax')).toBe(false);
  });
  it('cascader: data block, separator and its flags', () => {
    expect(shown(byIcon('cascader'), ['cascaderData', 'separator', 'cascaderFlags', 'multiple'])).toEqual(['cascaderData', 'separator', 'cascaderFlags']);
  });
  it('ranges use start/end placeholders and a range separator instead of a placeholder', () => {
    for (const icon of ['time-range', 'date-range']) {
      const f = byIcon(icon);
      expect(showsProp(f, 'rangePlaceholder')).toBe(true);
      expect(showsProp(f, 'rangeSeparator')).toBe(true);
      expect(showsProp(f, 'placeholder')).toBe(false);
    }
    expect(showsProp(byIcon('time'), 'timeRange')).toBe(true);
    expect(showsProp(byIcon('time-range'), 'timeRange')).toBe(false);
    expect(showsProp(byIcon('date'), 'dateType')).toBe(true);
    expect(showsProp(byIcon('time'), 'format')).toBe(true);
  });
  it('upload: file props; 按钮文字 hidden for picture-card', () => {
    const f = byIcon('upload');
    expect(shown(f, ['fileName', 'accept', 'fileSize', 'action', 'listType', 'buttonText', 'showTip', 'autoUpload', 'uploadMultiple'])).toHaveLength(9);
    expect(showsProp({ ...f, 'list-type': 'picture-card' }, 'buttonText')).toBe(false);
    expect(showsProp(f, 'defaultValue')).toBe(false);
  });
  it('radio/checkbox: option style, border only for the default style, size', () => {
    const f = byIcon('radio');
    expect(shown(f, ['optionType', 'border', 'size'])).toHaveLength(3);
    expect(showsProp({ ...f, __config__: { ...f.__config__, optionType: 'button' } }, 'border')).toBe(false);
  });
  it('row container: span and layout only; justify/align for flex rows', () => {
    const row = byIcon('row');
    expect(shown(row, ['span', 'gutter', 'rowType', 'justify', 'align'])).toEqual(['span', 'gutter', 'rowType']);
    expect(shown(row, ['label', 'vModel', 'required', 'labelWidth', 'regList', 'changeTag', 'disabled'])).toEqual([]);
    expect(shown({ ...row, type: 'flex' }, ['justify', 'align'])).toEqual(['justify', 'align']);
  });
  it('button: type and text, no value props, no 组件类型', () => {
    const b = byIcon('button');
    expect(shown(b, ['buttonType', 'buttonLabel', 'size', 'label'])).toHaveLength(4);
    expect(shown(b, ['vModel', 'required', 'regList', 'defaultValue', 'changeTag'])).toEqual([]);
  });
  it('detail table: its own block, required, no regex, no default value, no 组件类型', () => {
    const t = byIcon('table');
    expect(shown(t, ['detailTable', 'required', 'vModel', 'label', 'showWhen'])).toHaveLength(5);
    expect(shown(t, ['regList', 'defaultValue', 'changeTag', 'options'])).toEqual([]);
  });
  it('select: search and multiple; switch: texts and values', () => {
    expect(shown(byIcon('select'), ['filterable', 'multiple', 'clearable'])).toHaveLength(3);
    expect(shown(byIcon('switch'), ['switchTexts', 'switchValues', 'clearable'])).toEqual(['switchTexts', 'switchValues']);
  });
  it('组件类型 groups: input and select components switch within their group', () => {
    expect(tagGroupOf('el-input')?.label).toBe('输入型组件');
    expect(tagGroupOf('el-upload')?.label).toBe('选择型组件');
    expect(tagGroupOf('el-button')).toBeUndefined();
    expect(showsProp({ ...byIcon('input'), __config__: { ...byIcon('input').__config__, changeTag: false } }, 'changeTag')).toBe(false);
  });
});

describe('choices and mappings (spec §9)', () => {
  it('file types map to accept values', () => {
    expect(ACCEPT_CHOICES.map((c) => c.label)).toEqual(['图片', '视频', '音频', 'excel', 'word', 'pdf', 'txt']);
    expect(ACCEPT_CHOICES.find((c) => c.label === 'excel')?.value).toBe('.xls,.xlsx');
    expect(ACCEPT_CHOICES.find((c) => c.label === 'word')?.value).toBe('.doc,.docx');
    expect(acceptLabel('image/*')).toBe('图片');
    expect(acceptLabel('.exe')).toBe('');
  });
  it('size units KB/MB/GB and the byte limit', () => {
    expect(SIZE_UNITS.map((u) => u.value)).toEqual(['KB', 'MB', 'GB']);
    expect(uploadLimitBytes(2, 'MB')).toBe(2 * 1024 * 1024);
    expect(uploadLimitBytes(500, 'KB')).toBe(500 * 1024);
    expect(uploadLimitBytes(1, 'GB')).toBe(1024 ** 3);
    expect(uploadLimitBytes(3)).toBe(3 * 1024 * 1024);
    expect(uploadLimitBytes(0, 'MB')).toBeNull();
    expect(uploadLimitBytes('x', 'MB')).toBeNull();
  });
  it('date formats of spec §9', () => {
    expect(formatOfDateType('date')).toBe('yyyy-MM-dd');
    expect(formatOfDateType('month')).toBe('yyyy-MM');
    expect(formatOfDateType('year')).toBe('yyyy');
    expect(formatOfDateType('datetime')).toBe('yyyy-MM-dd HH:mm:ss');
    expect(formatOfDateType('nope')).toBeUndefined();
    expect(valueFormatOf('yyyy 第 WW 周', 'week')).toBe('yyyy-MM-dd');
    expect(valueFormatOf('yyyy-MM', 'month')).toBe('yyyy-MM');
  });
  it('form property defaults of spec §3', () => {
    expect(FORM_PROP_DEFAULTS).toMatchObject({ formRef: 'elForm', formModel: 'formData', formRules: 'rules', size: 'medium', labelPosition: 'right', labelWidth: 100, gutter: 15 });
  });
});

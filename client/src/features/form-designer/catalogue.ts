/**
 * The component catalogue of the form designer (spec §3 "Component catalogue", "Form
 * configuration", §9 defaults; reference §7 palette = form-generator's `utils/generator/config.js`)
 * plus the detail table (明细表) and the preset mobile field (form-generator's drawingDefault).
 *
 * Templates are plain form-generator JSON without ids; `createItem(template, id)` turns one into a
 * canvas component (deep copy, formId / renderKey / `__vModel__ = 'field' + id`, placeholder
 * suffixed with the label, children re-numbered).
 */
import { FORM_DEFAULTS, type FormField } from '../../../../shared/form/types';
import type { FormConfMeta } from './types';

/** Form configuration defaults (spec §3 "Form configuration"; reference §7 `formConf`). */
export const FORM_CONF_DEFAULTS: FormConfMeta = { ...FORM_DEFAULTS, disabled: false, formBtns: true, unFocusedComponentBorder: false };

/**
 * Upload endpoint written into new upload components (the app's file upload route, platform
 * `POST /common/uploadFile` under the REST prefix; form-generator's default is a mock url).
 */
export const UPLOAD_ACTION = '/caishui-api/common/uploadFile';

/** Common `__config__` keys of a value component (reference §7). */
const base = (label: string, tag: string, tagIcon: string, extra: Record<string, unknown> = {}) => ({
  label, labelWidth: null, showLabel: true, changeTag: true, tag, tagIcon,
  required: true, layout: 'colFormItem', span: 24, regList: [], ...extra,
});

const TWO_OPTIONS = () => [{ label: '选项一', value: 1 }, { label: '选项二', value: 2 }];

/** 输入型组件 (reference §7 palette). */
export const INPUT_COMPONENTS: FormField[] = [
  {
    __config__: base('单行文本', 'el-input', 'input', { defaultValue: undefined }),
    __slot__: { prepend: '', append: '' },
    placeholder: '请输入', style: { width: '100%' }, clearable: true, 'prefix-icon': '', 'suffix-icon': '',
    maxlength: null, 'show-word-limit': false, readonly: false, disabled: false,
  },
  {
    __config__: base('多行文本', 'el-input', 'textarea', { defaultValue: undefined }),
    type: 'textarea', placeholder: '请输入', autosize: { minRows: 4, maxRows: 4 }, style: { width: '100%' },
    maxlength: null, 'show-word-limit': false, readonly: false, disabled: false,
  },
  {
    __config__: base('密码', 'el-input', 'password', { defaultValue: undefined }),
    __slot__: { prepend: '', append: '' },
    placeholder: '请输入', 'show-password': true, style: { width: '100%' }, clearable: true, 'prefix-icon': '', 'suffix-icon': '',
    maxlength: null, 'show-word-limit': false, readonly: false, disabled: false,
  },
  {
    __config__: base('计数器', 'el-input-number', 'number', { defaultValue: undefined }),
    placeholder: '', min: undefined, max: undefined, step: 1, 'step-strictly': false, precision: undefined, 'controls-position': '', disabled: false,
  },
  {
    __config__: base('编辑器', 'tinymce', 'rich-text', { defaultValue: null }),
    placeholder: '请输入', height: 300, branding: false,
  },
];

/** 选择型组件 (reference §7 palette). */
export const SELECT_COMPONENTS: FormField[] = [
  {
    __config__: base('下拉选择', 'el-select', 'select'),
    __slot__: { options: TWO_OPTIONS() },
    placeholder: '请选择', style: { width: '100%' }, clearable: true, disabled: false, filterable: false, multiple: false,
  },
  {
    // Static data by default: form-generator's default url is a public mock that no longer answers.
    __config__: base('级联选择', 'el-cascader', 'cascader', {
      url: '', method: 'get', dataPath: 'list', dataConsumer: 'options', defaultValue: [], dataType: 'static',
    }),
    options: [{ id: 1, value: 1, label: '选项1', children: [{ id: 2, value: 2, label: '选项1-1' }] }],
    placeholder: '请选择', style: { width: '100%' },
    props: { props: { multiple: false, label: 'label', value: 'value', children: 'children' } },
    'show-all-levels': true, disabled: false, clearable: true, filterable: false, separator: '/',
  },
  {
    __config__: base('单选框组', 'el-radio-group', 'radio', { defaultValue: undefined, optionType: 'default', border: false }),
    __slot__: { options: TWO_OPTIONS() },
    style: {}, size: 'medium', disabled: false,
  },
  {
    __config__: base('多选框组', 'el-checkbox-group', 'checkbox', { defaultValue: [], optionType: 'default', border: false }),
    __slot__: { options: TWO_OPTIONS() },
    style: {}, size: 'medium', min: null, max: null, disabled: false,
  },
  {
    __config__: base('开关', 'el-switch', 'switch', { defaultValue: false }),
    style: {}, disabled: false, 'active-text': '', 'inactive-text': '', 'active-color': null, 'inactive-color': null,
    'active-value': true, 'inactive-value': false,
  },
  {
    __config__: base('滑块', 'el-slider', 'slider', { defaultValue: null }),
    disabled: false, min: 0, max: 100, step: 1, 'show-stops': false, range: false,
  },
  {
    __config__: base('时间选择', 'el-time-picker', 'time', { defaultValue: null }),
    placeholder: '请选择', style: { width: '100%' }, disabled: false, clearable: true,
    'picker-options': { selectableRange: '00:00:00-23:59:59' }, format: 'HH:mm:ss', 'value-format': 'HH:mm:ss',
  },
  {
    __config__: base('时间范围', 'el-time-picker', 'time-range', { defaultValue: null }),
    style: { width: '100%' }, disabled: false, clearable: true, 'is-range': true, 'range-separator': '至',
    'start-placeholder': '开始时间', 'end-placeholder': '结束时间', format: 'HH:mm:ss', 'value-format': 'HH:mm:ss',
  },
  {
    __config__: base('日期选择', 'el-date-picker', 'date', { defaultValue: null }),
    placeholder: '请选择', type: 'date', style: { width: '100%' }, disabled: false, clearable: true,
    format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd', readonly: false,
  },
  {
    __config__: base('日期范围', 'el-date-picker', 'date-range', { defaultValue: null }),
    style: { width: '100%' }, type: 'daterange', 'range-separator': '至', 'start-placeholder': '开始日期', 'end-placeholder': '结束日期',
    disabled: false, clearable: true, format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd', readonly: false,
  },
  {
    __config__: base('评分', 'el-rate', 'rate', { defaultValue: 0 }),
    style: {}, max: 5, 'allow-half': false, 'show-text': false, 'show-score': false, disabled: false,
  },
  {
    __config__: base('颜色选择', 'el-color-picker', 'color', { defaultValue: null }),
    'show-alpha': false, 'color-format': '', disabled: false, size: 'medium',
  },
  {
    __config__: base('上传', 'el-upload', 'upload', { defaultValue: null, showTip: false, buttonText: '点击上传', fileSize: 2, sizeUnit: 'MB' }),
    __slot__: { 'list-type': true },
    action: UPLOAD_ACTION, disabled: false, accept: '', name: 'file', 'auto-upload': true, 'list-type': 'text', multiple: false,
  },
];

/** 布局型组件 (reference §7 palette) plus 明细表 (the detail table, see DETAIL_COLUMN_TAGS). */
export const LAYOUT_COMPONENTS: FormField[] = [
  {
    __config__: { layout: 'rowFormItem', tagIcon: 'row', label: '行容器', layoutTree: true },
    type: 'default', justify: 'start', align: 'top',
  },
  {
    __config__: { label: '按钮', showLabel: true, changeTag: true, labelWidth: null, tag: 'el-button', tagIcon: 'button', span: 24, layout: 'colFormItem' },
    __slot__: { default: '主要按钮' },
    type: 'primary', icon: 'el-icon-search', round: false, size: 'medium', plain: false, circle: false, disabled: false,
  },
  {
    __config__: {
      label: '明细表', tag: 'detail-table', tagIcon: 'table', layout: 'colFormItem', span: 24, showLabel: true, labelWidth: null,
      changeTag: false, required: false, regList: [], defaultValue: [], children: [], minRows: 0, showSummary: false, addText: '添加一行',
    },
  },
];

/** One palette group (reference §7: 输入型组件 / 选择型组件 / 布局型组件). */
export interface PaletteGroup {
  title: string;
  list: FormField[];
}

/** The left panel, in order. */
export const PALETTE: PaletteGroup[] = [
  { title: '输入型组件', list: INPUT_COMPONENTS },
  { title: '选择型组件', list: SELECT_COMPONENTS },
  { title: '布局型组件', list: LAYOUT_COMPONENTS },
];

/** The template whose `__config__.tagIcon` is `key` (tagIcons are unique in the palette), or undefined. */
export function templateByKey(key: string): FormField | undefined {
  for (const g of PALETTE) for (const t of g.list) if (t.__config__.tagIcon === key) return t;
  return undefined;
}

/**
 * The preset mobile field (form-generator `drawingDefalut.js`; spec §3 "Component catalogue",
 * §9 maxlength 11). Not a palette entry upstream; kept here for code that wants a sample field.
 */
export const MOBILE_PRESET: FormField = {
  __config__: {
    ...base('手机号', 'el-input', 'input'),
    regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }],
  },
  __slot__: { prepend: '', append: '' },
  __vModel__: 'mobile',
  placeholder: '请输入手机号', style: { width: '100%' }, clearable: true, 'prefix-icon': 'el-icon-mobile', 'suffix-icon': '',
  maxlength: 11, 'show-word-limit': true, readonly: false, disabled: false,
};

/** Tags a detail-table column may have (the data format: inputs and pickers, no upload / rich text / row / button / table). */
export const DETAIL_COLUMN_TAGS: ReadonlySet<string> = new Set([
  'el-input', 'el-input-number', 'el-select', 'el-cascader', 'el-radio-group', 'el-checkbox-group', 'el-switch',
  'el-slider', 'el-time-picker', 'el-date-picker', 'el-rate', 'el-color-picker',
]);

/** True when `field` may be a column of a detail table (a colFormItem with a DETAIL_COLUMN_TAGS tag). */
export function canBeColumn(field: FormField): boolean {
  return field.__config__?.layout === 'colFormItem' && DETAIL_COLUMN_TAGS.has(String(field.__config__?.tag));
}

/** True for a row container (`layout: 'rowFormItem'`). */
export const isRow = (f: FormField) => f.__config__?.layout === 'rowFormItem';
/** True for a detail table (`tag: 'detail-table'`). */
export const isDetailTable = (f: FormField) => f.__config__?.tag === 'detail-table';
/** True for a component that holds other components (row container or detail table). */
export const isContainer = (f: FormField) => isRow(f) || isDetailTable(f);

/** Deep copy of JSON data (undefined values dropped, as JSON does). */
export function cloneJson<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/**
 * Gives `item` and, depth first, its children fresh ids from `nextId()` (form-generator
 * `createIdAndKey`): formId, renderKey `<formId><stamp>`, `__vModel__ = 'field' + id` for a
 * colFormItem other than a button, `componentName = 'row' + id` and no label for a row container.
 * Mutates and returns `item`.
 */
export function assignIds(item: FormField, nextId: () => number, stamp: number = Date.now()): FormField {
  const config = item.__config__;
  const id = nextId();
  config.formId = id;
  config.renderKey = `${id}${stamp}`;
  if (config.layout === 'colFormItem') {
    if (config.tag !== 'el-button') item.__vModel__ = `field${id}`;
  } else if (config.layout === 'rowFormItem') {
    config.componentName = `row${id}`;
    if (!Array.isArray(config.children)) config.children = [];
    delete config.label;
  }
  if (Array.isArray(config.children)) config.children.forEach((child) => assignIds(child, nextId, stamp));
  return item;
}

/** How many ids `assignIds` takes for `item` (itself plus every descendant). */
export function countIds(item: FormField): number {
  const children = item.__config__?.children;
  return 1 + (Array.isArray(children) ? children.reduce((n, c) => n + countIds(c), 0) : 0);
}

/**
 * A new canvas component from a palette template (form-generator `cloneComponent`): a deep copy
 * with `__config__.formId = id` (children take id+1, id+2 … depth first), renderKey, `__vModel__
 * 'field' + id`, span = `span` (the form's span, 24 by default) and the placeholder suffixed with
 * the label ('请输入' → '请输入单行文本'). The template is not changed.
 */
export function createItem(template: FormField, id: number, span = 24): FormField {
  const clone = cloneJson(template);
  clone.__config__.span = span;
  let next = id;
  assignIds(clone, () => next++);
  if (typeof clone.placeholder === 'string' && clone.__config__.label) clone.placeholder += clone.__config__.label;
  return clone;
}

/**
 * Which property of the right panel's 组件属性 tab applies to which component (spec §2 "Form
 * designer", §3 "Designer component"; reference §7; form-generator RightPanel), and the fixed
 * choices the panel offers (spec §9: sizes, button types, layout modes, option styles, date
 * formats, upload units and file types). Pure; unit-tested in props.test.ts.
 */
import { FORM_DEFAULTS, type FormField } from '../../../../../shared/form/types';

/** Every property the 组件属性 tab can show. */
export type PropKey =
  | 'changeTag' | 'vModel' | 'document' | 'label' | 'placeholder' | 'rangePlaceholder' | 'span'
  | 'gutter' | 'rowType' | 'justify' | 'align' | 'labelWidth' | 'width' | 'defaultValue'
  | 'checkboxMinMax' | 'prependAppend' | 'icons' | 'separator' | 'autosize' | 'min' | 'max' | 'step'
  | 'precision' | 'controlsPosition' | 'maxlength' | 'switchTexts' | 'switchValues' | 'timeRange'
  | 'dateType' | 'format' | 'rangeSeparator' | 'fileName' | 'accept' | 'fileSize' | 'action'
  | 'listType' | 'buttonText' | 'showTip' | 'optionType' | 'border' | 'size' | 'showLabel'
  | 'required' | 'clearable' | 'showWordLimit' | 'disabled' | 'readonly' | 'filterable' | 'multiple'
  | 'autoUpload' | 'uploadMultiple' | 'buttonType' | 'buttonLabel' | 'options' | 'cascaderData'
  | 'cascaderFlags' | 'regList' | 'showWhen' | 'detailTable' | 'rateFlags' | 'sliderFlags';

/** Tags that hold a value (have `__vModel__`). */
export const VALUE_TAGS = [
  'el-input', 'el-input-number', 'tinymce', 'el-select', 'el-cascader', 'el-radio-group', 'el-checkbox-group',
  'el-switch', 'el-slider', 'el-time-picker', 'el-date-picker', 'el-rate', 'el-color-picker', 'el-upload', 'detail-table',
] as const;

/** The 组件类型 groups: a component may switch only within its group (form-generator tagList). */
export const TAG_GROUPS: { label: string; tags: string[] }[] = [
  { label: '输入型组件', tags: ['el-input', 'el-input-number', 'tinymce'] },
  {
    label: '选择型组件',
    tags: ['el-select', 'el-cascader', 'el-radio-group', 'el-checkbox-group', 'el-switch', 'el-slider', 'el-time-picker', 'el-date-picker', 'el-rate', 'el-color-picker', 'el-upload'],
  },
];

/** The group of a tag, or undefined (layout components, detail tables). */
export function tagGroupOf(tag: string | undefined): { label: string; tags: string[] } | undefined {
  return TAG_GROUPS.find((g) => g.tags.includes(String(tag)));
}

const OPTION_TAGS = ['el-select', 'el-radio-group', 'el-checkbox-group'];
const CLEARABLE_TAGS = ['el-input', 'el-select', 'el-cascader', 'el-time-picker', 'el-date-picker'];
const WIDTH_TAGS = ['el-input', 'el-select', 'el-cascader', 'el-time-picker', 'el-date-picker'];
const PLACEHOLDER_TAGS = ['el-input', 'el-input-number', 'tinymce', 'el-select', 'el-cascader', 'el-time-picker', 'el-date-picker'];

/** True for a time range (`is-range`) or a date range (`type` …range). */
export function isRangePicker(field: FormField): boolean {
  const tag = field.__config__.tag;
  if (tag === 'el-time-picker') return field['is-range'] === true;
  if (tag === 'el-date-picker') return String(field.type ?? '').endsWith('range');
  return false;
}

/** True for a row container (`layout: 'rowFormItem'`). */
export function isRow(field: FormField): boolean {
  return field.__config__.layout === 'rowFormItem';
}

/**
 * Whether property `key` applies to `field` (the table of the 组件属性 tab; form-generator shows a
 * property only for components that have it). A row container shows only 表单栅格 and its layout
 * properties; a detail table shows its own block and the common form-item properties.
 */
export function showsProp(field: FormField, key: PropKey): boolean {
  const c = field.__config__;
  const tag = String(c.tag ?? '');
  const row = isRow(field);
  const textarea = tag === 'el-input' && field.type === 'textarea';
  const hasValue = !row && (VALUE_TAGS as readonly string[]).includes(tag);
  const optionStyle = tag === 'el-radio-group' || tag === 'el-checkbox-group';
  switch (key) {
    case 'changeTag': return c.changeTag !== false && !!tagGroupOf(tag);
    case 'vModel': return hasValue;
    case 'document': return typeof c.document === 'string' && c.document !== '';
    case 'label': return !row;
    case 'placeholder': return PLACEHOLDER_TAGS.includes(tag) && !isRangePicker(field);
    case 'rangePlaceholder': case 'rangeSeparator': return isRangePicker(field);
    case 'span': return true;
    case 'gutter': case 'rowType': return row;
    case 'justify': case 'align': return row && field.type === 'flex';
    case 'labelWidth': case 'showLabel': return !row;
    case 'width': return WIDTH_TAGS.includes(tag);
    case 'defaultValue': return hasValue && !['el-upload', 'detail-table', 'tinymce'].includes(tag);
    case 'checkboxMinMax': return tag === 'el-checkbox-group';
    case 'prependAppend': case 'icons': return tag === 'el-input' && !textarea;
    case 'separator': case 'cascaderData': case 'cascaderFlags': return tag === 'el-cascader';
    case 'autosize': return textarea;
    case 'min': case 'step': return tag === 'el-input-number' || tag === 'el-slider';
    case 'max': return tag === 'el-input-number' || tag === 'el-slider' || tag === 'el-rate';
    case 'precision': case 'controlsPosition': return tag === 'el-input-number';
    case 'maxlength': case 'showWordLimit': return tag === 'el-input';
    case 'switchTexts': case 'switchValues': return tag === 'el-switch';
    case 'timeRange': return tag === 'el-time-picker' && !isRangePicker(field);
    case 'dateType': return tag === 'el-date-picker';
    case 'format': return tag === 'el-time-picker' || tag === 'el-date-picker';
    case 'fileName': case 'accept': case 'fileSize': case 'action': case 'listType': case 'showTip':
    case 'autoUpload': case 'uploadMultiple': return tag === 'el-upload';
    case 'buttonText': return tag === 'el-upload' && field['list-type'] !== 'picture-card';
    case 'optionType': return optionStyle;
    case 'border': return optionStyle && (c.optionType ?? 'default') === 'default';
    case 'size': return optionStyle || tag === 'el-color-picker' || tag === 'el-button';
    case 'required': return hasValue;
    case 'clearable': return CLEARABLE_TAGS.includes(tag) && !textarea;
    case 'disabled': return !row;
    case 'readonly': return tag === 'el-input' || tag === 'el-date-picker';
    case 'filterable': case 'multiple': return tag === 'el-select';
    case 'buttonType': case 'buttonLabel': return tag === 'el-button';
    case 'options': return OPTION_TAGS.includes(tag);
    case 'regList': return hasValue && tag !== 'detail-table';
    case 'showWhen': return true;
    case 'detailTable': return tag === 'detail-table';
    case 'rateFlags': return tag === 'el-rate';
    case 'sliderFlags': return tag === 'el-slider';
    default: return false;
  }
}

/** A label/value choice of a select or radio group in the panel. */
export interface Choice {
  label: string;
  value: string;
}

const same = (...values: string[]): Choice[] => values.map((v) => ({ label: v, value: v }));

/** UI sizes (spec §9). */
export const SIZE_CHOICES: Choice[] = [
  { label: '中等', value: 'medium' },
  { label: '较小', value: 'small' },
  { label: '迷你', value: 'mini' },
];
/** Label positions of the form (表单属性 标签对齐). */
export const LABEL_POSITION_CHOICES: Choice[] = [
  { label: '左对齐', value: 'left' },
  { label: '右对齐', value: 'right' },
  { label: '顶部对齐', value: 'top' },
];
/** Button types (spec §9). */
export const BUTTON_TYPES: Choice[] = same('primary', 'success', 'warning', 'danger', 'info', 'text');
/** Row layout modes (spec §9). */
export const ROW_TYPES: Choice[] = same('default', 'flex');
/** Horizontal arrangement of a flex row. */
export const JUSTIFY_CHOICES: Choice[] = same('start', 'end', 'center', 'space-around', 'space-between');
/** Vertical arrangement of a flex row (spec §9: top, middle, bottom). */
export const ALIGN_CHOICES: Choice[] = same('top', 'middle', 'bottom');
/** Option styles (spec §9). */
export const OPTION_TYPES: Choice[] = same('default', 'button');
/** Upload size units (spec §9). */
export const SIZE_UNITS: Choice[] = same('KB', 'MB', 'GB');
/** Upload list types (`list-type`), labelled in Chinese: 文本 / 图片 / 图片卡片 (issue 40 §9). */
export const LIST_TYPES: Choice[] = [
  { label: '文本', value: 'text' },
  { label: '图片', value: 'picture' },
  { label: '图片卡片', value: 'picture-card' },
];
/** Number input button positions (按钮位置). */
export const CONTROLS_POSITIONS: Choice[] = [
  { label: '默认', value: '' },
  { label: '右侧', value: 'right' },
];
/** Dynamic data request methods (spec §7 "Designer data calls"). */
export const METHOD_CHOICES: Choice[] = same('get', 'post', 'put', 'delete');
/** Cascader/select data types. */
export const DATA_TYPES: Choice[] = [
  { label: '动态数据', value: 'dynamic' },
  { label: '静态数据', value: 'static' },
];

/** Upload file types (spec §9): image, video, audio, excel, word, pdf, txt → the `accept` value. */
export const ACCEPT_CHOICES: Choice[] = [
  { label: '图片', value: 'image/*' },
  { label: '视频', value: 'video/*' },
  { label: '音频', value: 'audio/*' },
  { label: 'excel', value: '.xls,.xlsx' },
  { label: 'word', value: '.doc,.docx' },
  { label: 'pdf', value: '.pdf' },
  { label: 'txt', value: '.txt' },
];

/** The 文件类型 label of an `accept` value ('' for none or an unknown value). */
export function acceptLabel(accept: unknown): string {
  return ACCEPT_CHOICES.find((c) => c.value === accept)?.label ?? '';
}

const UNIT_BYTES: Record<string, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** `fileSize` + `sizeUnit` in bytes (spec §9: default 2 MB); null when the size is not a positive number. */
export function uploadLimitBytes(fileSize: unknown, sizeUnit: unknown = 'MB'): number | null {
  const n = typeof fileSize === 'number' ? fileSize : Number(fileSize);
  if (!Number.isFinite(n) || n <= 0) return null;
  return n * (UNIT_BYTES[String(sizeUnit)] ?? UNIT_BYTES.MB);
}

/** Date picker types with their formats (spec §9 date formats). */
export const DATE_TYPES: { label: string; value: string; format: string }[] = [
  { label: '日期(date)', value: 'date', format: 'yyyy-MM-dd' },
  { label: '周(week)', value: 'week', format: 'yyyy 第 WW 周' },
  { label: '月(month)', value: 'month', format: 'yyyy-MM' },
  { label: '年(year)', value: 'year', format: 'yyyy' },
  { label: '日期时间(datetime)', value: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' },
];
/** Date range picker types with their formats. */
export const DATE_RANGE_TYPES: { label: string; value: string; format: string }[] = [
  { label: '日期范围(daterange)', value: 'daterange', format: 'yyyy-MM-dd' },
  { label: '月范围(monthrange)', value: 'monthrange', format: 'yyyy-MM' },
  { label: '日期时间范围(datetimerange)', value: 'datetimerange', format: 'yyyy-MM-dd HH:mm:ss' },
];
/** The time format (spec §9). */
export const TIME_FORMAT = 'HH:mm:ss';

/** The `format` of a date type (date/month/year/datetime … of spec §9), or undefined for an unknown one. */
export function formatOfDateType(type: string): string | undefined {
  return [...DATE_TYPES, ...DATE_RANGE_TYPES].find((t) => t.value === type)?.format;
}

/**
 * The `value-format` stored with a display `format` (form-generator setTimeValue): the week type
 * stores the date format, every other type stores what it shows.
 */
export function valueFormatOf(format: string, type?: string): string {
  return type === 'week' ? 'yyyy-MM-dd' : format;
}

/** 表单属性 defaults shown for missing values (spec §3 "Form configuration" defaults, §9). */
export const FORM_PROP_DEFAULTS = { ...FORM_DEFAULTS, disabled: false, formBtns: true, unFocusedComponentBorder: false } as const;

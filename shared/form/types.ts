/**
 * Types of a stored form (spec §3 "Designer component", "Option item", "Form configuration";
 * reference §7: the form-generator JSON = form conf + `fields`), plus the detail table
 * (`tag: 'detail-table'`, its columns in `__config__.children`, value = an array of row objects)
 * and the visibility rule `__config__.showWhen`. Shared by the renderer, the designer and the server.
 */

/** One option of a select / radio / checkbox / cascader (spec §3 "Option item"). */
export interface FormOption {
  label: string;
  value: unknown;
  children?: FormOption[];
  [key: string]: unknown;
}

/** `__config__.showWhen`: the component shows only when field `field` is non-empty, or equals (an array: contains) `value`. */
export interface ShowWhen {
  field: string;
  value?: unknown;
}

/** `__config__` of a designer component (spec §3 "Designer component"). */
export interface FieldConfig {
  label?: string;
  tag?: string;
  tagIcon?: string;
  layout?: string;
  span?: number;
  required?: boolean;
  regList?: { pattern: string; message: string }[];
  defaultValue?: unknown;
  labelWidth?: number | null;
  showLabel?: boolean;
  changeTag?: boolean;
  dataType?: 'dynamic' | 'static' | string;
  url?: string;
  method?: string;
  dataPath?: string;
  dataConsumer?: string;
  fileSize?: number;
  sizeUnit?: 'KB' | 'MB' | 'GB' | string;
  buttonText?: string;
  border?: boolean;
  optionType?: 'default' | 'button' | string;
  showTip?: boolean;
  formId?: number | string;
  renderKey?: number | string;
  componentName?: string;
  document?: string;
  /** Children of an el-row container (`layout: 'rowFormItem'`), or the columns of a detail table. */
  children?: FormField[];
  /** Detail table (`tag: 'detail-table'`): fewest rows (default 0). */
  minRows?: number;
  /** Detail table: most rows (no limit when absent). */
  maxRows?: number;
  /** Detail table: a 合计 row summing every el-input-number column. */
  showSummary?: boolean;
  /** Detail table: text of the add button (default 添加一行). */
  addText?: string;
  /** Visibility rule: shown only when the field `field` is non-empty (no `value`) or equals / contains `value`. */
  showWhen?: ShowWhen;
  /**
   * Set by the server's task form only (issue 16, permissions.ts): this node's permission of the
   * field; readonly / hidden ones are shown disabled / not at all and never validated nor submitted.
   */
  permission?: 'editable' | 'readonly' | 'hidden';
  [key: string]: unknown;
}

/** `__slot__` of a designer component. */
export interface FieldSlot {
  options?: FormOption[];
  prepend?: string;
  append?: string;
  'list-type'?: boolean | string;
  default?: string;
  [key: string]: unknown;
}

/** One designer component of a stored form (spec §3 "Designer component"). */
export interface FormField {
  __config__: FieldConfig;
  __slot__?: FieldSlot;
  __vModel__?: string;
  placeholder?: string;
  style?: Record<string, unknown>;
  disabled?: boolean;
  readonly?: boolean;
  clearable?: boolean;
  type?: string;
  [key: string]: unknown;
}

/** A stored form: the form configuration plus its fields (spec §3 "Form configuration"). */
export interface FormConf {
  formRef?: string;
  formModel?: string;
  size?: 'medium' | 'small' | 'mini' | string;
  labelPosition?: 'right' | 'left' | 'top' | string;
  labelWidth?: number;
  formRules?: string;
  gutter?: number;
  disabled?: boolean;
  span?: number;
  formBtns?: boolean;
  unFocusedComponentBorder?: boolean;
  fields: FormField[];
  [key: string]: unknown;
}

/** What a valid submission yields (reference §7 Parser `submit`). */
export interface FormSubmit {
  /** Deep copy of the form with each field's value written into `__config__.defaultValue`. */
  formData: FormConf;
  /** `__vModel__` → value. */
  valData: Record<string, unknown>;
}

/** Tag of the detail table (明细表). */
export const DETAIL_TABLE_TAG = 'detail-table';

/** One failing field of a submission: `field` = the `__vModel__`, `message` = the spec's text. */
export interface FieldError {
  field: string;
  message: string;
}

/** Form defaults (spec §3 "Form configuration", §9). */
export const FORM_DEFAULTS = {
  formRef: 'elForm',
  formModel: 'formData',
  formRules: 'rules',
  size: 'medium',
  labelPosition: 'right',
  labelWidth: 100,
  gutter: 15,
  span: 24,
} as const;

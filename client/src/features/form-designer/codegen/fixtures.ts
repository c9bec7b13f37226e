/**
 * A form with one of every catalogue component (spec §3 "Component catalogue"), a row container
 * with children, a detail table and visibility rules: the fixture of the code generator's tests.
 */
import type { FormConf, FormField } from '../../../components/form-render';

const col = (id: number, label: string, tag: string, extra: Partial<FormField> = {}, config: Record<string, unknown> = {}): FormField => ({
  __config__: { label, tag, tagIcon: 'input', layout: 'colFormItem', span: 24, required: false, regList: [], formId: id, renderKey: id, showLabel: true, labelWidth: null, ...config },
  __vModel__: `field${id}`,
  ...extra,
});

const OPTIONS = [{ label: '选项一', value: 1 }, { label: '选项二', value: '2' }];

/** One of every catalogue component; see the module comment. */
export const ALL_COMPONENTS_FORM: FormConf = {
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
  gutter: 15, disabled: false, span: 24, formBtns: true, unFocusedComponentBorder: false,
  fields: [
    col(101, '手机号', 'el-input', { placeholder: '请输入手机号', maxlength: 11, clearable: true, __slot__: { prepend: '+86', append: '号' } },
      { required: true, defaultValue: '', regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }] }),
    col(102, '多行文本', 'el-input', { type: 'textarea', placeholder: '请输入', autosize: { minRows: 4, maxRows: 4 }, maxlength: 200 }, { defaultValue: undefined }),
    col(103, '密码', 'el-input', { 'show-password': true, placeholder: '请输入' }, { defaultValue: '' }),
    col(104, '计数器', 'el-input-number', { min: 1, max: 10, step: 1, precision: 0, placeholder: '计数器' }, { defaultValue: 2, required: true }),
    col(105, '编辑器', 'tinymce', { placeholder: '请输入' }, { defaultValue: null }),
    col(106, '下拉选择', 'el-select', { placeholder: '请选择下拉选择', __slot__: { options: OPTIONS } }, { defaultValue: '', required: true }),
    col(107, '多选下拉', 'el-select', { multiple: true, __slot__: { options: OPTIONS } }, { defaultValue: [] }),
    col(108, '级联选择', 'el-cascader', {
      placeholder: '请选择级联选择',
      props: { props: { multiple: false, label: 'label', value: 'value', children: 'children' } },
      options: [{ label: '选项1', value: 1, children: [{ label: '选项1-1', value: 2 }] }],
    }, { defaultValue: [] }),
    col(109, '单选框组', 'el-radio-group', { __slot__: { options: OPTIONS } }, { defaultValue: 1, optionType: 'default' }),
    col(110, '多选框组', 'el-checkbox-group', { __slot__: { options: OPTIONS } }, { defaultValue: [], required: true }),
    col(111, '开关', 'el-switch', { 'active-value': true, 'inactive-value': false }, { defaultValue: false }),
    col(112, '滑块', 'el-slider', { min: 0, max: 100, step: 1, range: false }, { defaultValue: null }),
    col(113, '范围滑块', 'el-slider', { min: 0, max: 100, step: 5, range: true }, { defaultValue: [10, 50] }),
    col(114, '时间选择', 'el-time-picker', { placeholder: '请选择时间选择', format: 'HH:mm:ss', 'value-format': 'HH:mm:ss' }, { defaultValue: null }),
    col(115, '时间范围', 'el-time-picker', { 'is-range': true, 'range-separator': '至', 'start-placeholder': '开始时间', 'end-placeholder': '结束时间' }, { defaultValue: null }),
    col(116, '日期选择', 'el-date-picker', { type: 'date', placeholder: '请选择日期选择', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }, { defaultValue: null }),
    col(117, '日期时间', 'el-date-picker', { type: 'datetime' }, { defaultValue: '2024-01-02 03:04:05' }),
    col(118, '日期范围', 'el-date-picker', { type: 'daterange', 'range-separator': '至', 'start-placeholder': '开始日期', 'end-placeholder': '结束日期' }, { defaultValue: null, required: true }),
    col(119, '评分', 'el-rate', { max: 5, 'allow-half': false }, { defaultValue: 0 }),
    col(120, '颜色选择', 'el-color-picker', { 'color-format': '' }, { defaultValue: null }),
    col(121, '上传', 'el-upload', { action: 'https://jsonplaceholder.typicode.com/posts/', accept: 'image/*', multiple: false, limit: 2, 'list-type': 'text' },
      { defaultValue: null, buttonText: '点击上传', fileSize: 2, sizeUnit: 'MB', showTip: true }),
    {
      __config__: { layout: 'rowFormItem', tag: 'el-row', tagIcon: 'row', label: '行容器', span: 24, formId: 130, renderKey: 130, layoutTree: true,
        showWhen: { field: 'field109', value: 1 },
        children: [
          col(131, '行内文本', 'el-input', { placeholder: '请输入' }, { span: 12, defaultValue: '' }),
          col(132, '行内数字', 'el-input-number', {}, { span: 12, defaultValue: undefined, showWhen: { field: 'field131' } }),
        ] },
      type: 'default', justify: 'start', align: 'top', gutter: 10,
    },
    {
      __config__: { label: '按钮', showLabel: true, tag: 'el-button', tagIcon: 'button', span: 24, layout: 'colFormItem', formId: 140, renderKey: 140 },
      __slot__: { default: '主要按钮' }, type: 'primary', icon: 'el-icon-search', disabled: false,
    },
    {
      __config__: {
        label: '明细表', tag: 'detail-table', tagIcon: 'table', layout: 'colFormItem', span: 24, showLabel: true, required: true, formId: 150, renderKey: 150,
        defaultValue: [], minRows: 1, maxRows: 5, showSummary: true, addText: '添加一行',
        children: [
          col(151, '名称', 'el-input', { placeholder: '请输入名称' }, { required: true, defaultValue: '' }),
          col(152, '数量', 'el-input-number', { min: 0 }, { defaultValue: 1 }),
          col(153, '类型', 'el-select', { __slot__: { options: OPTIONS } }, { defaultValue: '' }),
          col(154, '日期', 'el-date-picker', { type: 'date' }, { defaultValue: null, showWhen: { field: 'field153', value: 1 } }),
        ],
      },
      __vModel__: 'field150',
    },
  ],
};

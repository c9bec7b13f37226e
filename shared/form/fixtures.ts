/** A sample stored form used by the unit tests (form-generator JSON, reference §7). */
import type { FormConf } from './types';

export const SAMPLE_FORM: FormConf = {
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100,
  formRules: 'rules', gutter: 15, disabled: false, span: 24, formBtns: true,
  fields: [
    {
      __config__: { label: '手机号', tag: 'el-input', layout: 'colFormItem', span: 24, required: true, formId: 101, renderKey: 101,
        regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }], defaultValue: '' },
      __vModel__: 'mobile', placeholder: '请输入手机号', maxlength: 11,
    },
    {
      __config__: { label: '说明', tag: 'el-input', layout: 'colFormItem', span: 24, required: true, regList: [], formId: 102 },
      __vModel__: 'remark', type: 'textarea',
    },
    {
      __config__: { label: '城市', tag: 'el-checkbox-group', layout: 'colFormItem', span: 12, required: true, regList: [], defaultValue: [], formId: 103 },
      __slot__: { options: [{ label: '北京', value: '1' }, { label: '上海', value: 2 }] },
      __vModel__: 'cities',
    },
    {
      __config__: { layout: 'rowFormItem', formId: 104, span: 24, children: [
        { __config__: { label: '天数', tag: 'el-input-number', layout: 'colFormItem', span: 12, formId: 105, defaultValue: 1 }, __vModel__: 'day' },
        { __config__: { label: '按钮', tag: 'el-button', layout: 'colFormItem', span: 12, formId: 106 }, __slot__: { default: '主要按钮' } },
      ] },
      type: 'flex', justify: 'start', align: 'top',
    },
  ],
};

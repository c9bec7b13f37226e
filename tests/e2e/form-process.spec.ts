/**
 * A form with one of every catalogue component (workflow spec §3 "Component catalogue": 单行文本,
 * 多行文本, 密码, 计数器, 编辑器, 下拉选择, 级联选择, 单选框组, 多选框组, 开关, 滑块, 时间选择, 时间范围,
 * 日期选择, 日期范围, 评分, 颜色选择, 上传, 行容器, 按钮) plus a 明细表 (detail table, two columns,
 * 合计), written by hand in the form-generator JSON (reference §7, `utils/generator/config.js`
 * props; field ids as the designer makes them, field101 …), stored over REST and taken through a
 * whole approval process in the browser by runFormProcessFlow (tests/e2e/form-flow.ts): preview,
 * 配置主表单, 发起 with every widget filled, the handler's read-only 表单信息 and 审批, the records.
 */
import { expect, test } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { createFormHandler, runFormProcessFlow, type FlowField } from './form-flow';

/** `__config__` of a value component as config.js writes it (required, colFormItem, span 24). */
const cfg = (id: number, label: string, tag: string, tagIcon: string, extra: Record<string, unknown> = {}) => ({
  label, labelWidth: null, showLabel: true, changeTag: true, tag, tagIcon, required: true, layout: 'colFormItem', span: 24,
  regList: [], formId: id, renderKey: `${id}1732460000000`, document: 'https://element.eleme.cn/#/zh-CN/component/input', ...extra,
});

/** The stored 差旅报销单: one field per catalogue entry, the ids the designer gives (field101 …). */
function expenseForm() {
  return {
    formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
    gutter: 15, disabled: false, span: 24, formBtns: true, unFocusedComponentBorder: false,
    fields: [
      {
        __config__: cfg(101, '报销标题', 'el-input', 'input', { defaultValue: undefined }),
        __slot__: { prepend: '', append: '' }, __vModel__: 'field101',
        placeholder: '请输入报销标题', style: { width: '100%' }, clearable: true, 'prefix-icon': '', 'suffix-icon': '',
        maxlength: 30, 'show-word-limit': true, readonly: false, disabled: false,
      },
      {
        __config__: cfg(102, '出差事由', 'el-input', 'textarea', { defaultValue: undefined }),
        __vModel__: 'field102', type: 'textarea', placeholder: '请输入出差事由', autosize: { minRows: 4, maxRows: 4 }, style: { width: '100%' },
        maxlength: null, 'show-word-limit': false, readonly: false, disabled: false,
      },
      {
        __config__: cfg(103, '支付密码', 'el-input', 'password', { defaultValue: undefined, span: 12 }),
        __slot__: { prepend: '', append: '' }, __vModel__: 'field103',
        placeholder: '请输入支付密码', 'show-password': true, style: { width: '100%' }, clearable: true, 'prefix-icon': '', 'suffix-icon': '',
        maxlength: null, 'show-word-limit': false, readonly: false, disabled: false,
      },
      {
        __config__: cfg(104, '出差天数', 'el-input-number', 'number', { defaultValue: undefined, span: 12 }),
        __vModel__: 'field104', placeholder: '出差天数', min: 1, max: 30, step: 1, 'step-strictly': false, precision: undefined, 'controls-position': '', disabled: false,
      },
      {
        __config__: cfg(105, '行程说明', 'tinymce', 'rich-text', { defaultValue: null, required: false }),
        __vModel__: 'field105', placeholder: '请输入行程说明', height: 200, branding: false,
      },
      {
        __config__: cfg(106, '报销类型', 'el-select', 'select', { span: 12 }),
        __slot__: { options: [{ label: '差旅费', value: 1 }, { label: '交通费', value: 2 }, { label: '招待费', value: 3 }] },
        __vModel__: 'field106', placeholder: '请选择报销类型', style: { width: '100%' }, clearable: true, disabled: false, filterable: false, multiple: false,
      },
      {
        __config__: cfg(107, '出差地点', 'el-cascader', 'cascader', { url: '', method: 'get', dataPath: 'list', dataConsumer: 'options', defaultValue: [], dataType: 'static', span: 12 }),
        __vModel__: 'field107',
        options: [
          { id: 1, value: 1, label: '浙江', children: [{ id: 2, value: 2, label: '杭州' }, { id: 3, value: 3, label: '宁波' }] },
          { id: 4, value: 4, label: '广东', children: [{ id: 5, value: 5, label: '深圳' }] },
        ],
        placeholder: '请选择出差地点', style: { width: '100%' },
        props: { props: { multiple: false, label: 'label', value: 'value', children: 'children' } },
        'show-all-levels': true, disabled: false, clearable: true, filterable: false, separator: '/',
      },
      {
        __config__: cfg(108, '交通方式', 'el-radio-group', 'radio', { defaultValue: undefined, optionType: 'default', border: false, span: 12 }),
        __slot__: { options: [{ label: '飞机', value: 1 }, { label: '高铁', value: 2 }, { label: '自驾', value: 3 }] },
        __vModel__: 'field108', style: {}, size: 'medium', disabled: false,
      },
      {
        __config__: cfg(109, '费用项目', 'el-checkbox-group', 'checkbox', { defaultValue: [], optionType: 'default', border: false, span: 12 }),
        __slot__: { options: [{ label: '住宿', value: 'hotel' }, { label: '餐饮', value: 'meal' }, { label: '市内交通', value: 'taxi' }] },
        __vModel__: 'field109', style: {}, size: 'medium', min: null, max: null, disabled: false,
      },
      {
        __config__: cfg(110, '是否加急', 'el-switch', 'switch', { defaultValue: false, required: false, span: 12 }),
        __vModel__: 'field110', style: {}, disabled: false, 'active-text': '加急', 'inactive-text': '普通', 'active-color': null, 'inactive-color': null,
        'active-value': true, 'inactive-value': false,
      },
      {
        __config__: cfg(111, '预算占比', 'el-slider', 'slider', { defaultValue: null, required: false, span: 12 }),
        __vModel__: 'field111', disabled: false, min: 0, max: 100, step: 5, 'show-stops': false, range: false,
      },
      {
        __config__: cfg(112, '出发时间', 'el-time-picker', 'time', { defaultValue: null, span: 12 }),
        __vModel__: 'field112', placeholder: '请选择出发时间', style: { width: '100%' }, disabled: false, clearable: true,
        'picker-options': { selectableRange: '00:00:00-23:59:59' }, format: 'HH:mm:ss', 'value-format': 'HH:mm:ss',
      },
      {
        __config__: cfg(113, '会议时段', 'el-time-picker', 'time-range', { defaultValue: null, span: 12 }),
        __vModel__: 'field113', style: { width: '100%' }, disabled: false, clearable: true, 'is-range': true, 'range-separator': '至',
        'start-placeholder': '开始时间', 'end-placeholder': '结束时间', format: 'HH:mm:ss', 'value-format': 'HH:mm:ss',
      },
      {
        __config__: cfg(114, '申请日期', 'el-date-picker', 'date', { defaultValue: null, span: 12 }),
        __vModel__: 'field114', placeholder: '请选择申请日期', type: 'date', style: { width: '100%' }, disabled: false, clearable: true,
        format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd', readonly: false,
      },
      {
        __config__: cfg(115, '出差区间', 'el-date-picker', 'date-range', { defaultValue: null, span: 12 }),
        __vModel__: 'field115', style: { width: '100%' }, type: 'daterange', 'range-separator': '至', 'start-placeholder': '开始日期', 'end-placeholder': '结束日期',
        disabled: false, clearable: true, format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd', readonly: false,
      },
      {
        __config__: cfg(116, '服务评分', 'el-rate', 'rate', { defaultValue: 0, required: false, span: 12 }),
        __vModel__: 'field116', style: {}, max: 5, 'allow-half': false, 'show-text': true, 'show-score': false, disabled: false,
      },
      {
        __config__: cfg(117, '标记颜色', 'el-color-picker', 'color', { defaultValue: null, required: false, span: 12 }),
        __vModel__: 'field117', 'show-alpha': false, 'color-format': '', disabled: false, size: 'medium',
      },
      {
        __config__: cfg(118, '票据附件', 'el-upload', 'upload', { defaultValue: null, showTip: true, buttonText: '上传票据', fileSize: 2, sizeUnit: 'MB' }),
        __slot__: { 'list-type': true }, __vModel__: 'field118',
        action: '/caishui-api/common/uploadFile', disabled: false, accept: '.txt,.pdf', name: 'file', 'auto-upload': true, 'list-type': 'text', multiple: false, limit: 2,
      },
      {
        __config__: { layout: 'rowFormItem', tagIcon: 'row', layoutTree: true, document: 'https://element.eleme.cn/#/zh-CN/component/layout',
          span: 24, formId: 119, renderKey: '1191732460000000', componentName: 'row119', children: [
            {
              __config__: cfg(120, '联系人', 'el-input', 'input', { defaultValue: undefined, span: 12 }),
              __slot__: { prepend: '', append: '' }, __vModel__: 'field120',
              placeholder: '请输入联系人', style: { width: '100%' }, clearable: true, 'prefix-icon': '', 'suffix-icon': '',
              maxlength: null, 'show-word-limit': false, readonly: false, disabled: false,
            },
            {
              __config__: cfg(121, '手机号', 'el-input', 'input', { defaultValue: '', span: 12, regList: [{ pattern: '/^1(3|4|5|7|8|9)\\d{9}$/', message: '手机号格式错误' }] }),
              __slot__: { prepend: '', append: '' }, __vModel__: 'mobile',
              placeholder: '请输入手机号', style: { width: '100%' }, clearable: true, 'prefix-icon': 'el-icon-mobile', 'suffix-icon': '',
              maxlength: 11, 'show-word-limit': true, readonly: false, disabled: false,
            },
          ] },
        type: 'default', justify: 'start', align: 'top',
      },
      {
        __config__: { label: '按钮', showLabel: true, changeTag: true, labelWidth: null, tag: 'el-button', tagIcon: 'button', span: 24, layout: 'colFormItem',
          document: 'https://element.eleme.cn/#/zh-CN/component/button', formId: 122, renderKey: '1221732460000000' },
        __slot__: { default: '查看差旅标准' },
        type: 'primary', icon: 'el-icon-search', round: false, size: 'medium', plain: false, circle: false, disabled: false,
      },
      {
        __config__: {
          label: '费用明细', tag: 'detail-table', tagIcon: 'table', layout: 'colFormItem', span: 24, showLabel: true, labelWidth: null,
          changeTag: false, required: true, regList: [], defaultValue: [], minRows: 0, maxRows: 10, showSummary: true, addText: '添加一行',
          formId: 123, renderKey: '1231732460000000',
          children: [
            {
              __config__: cfg(124, '费用名称', 'el-input', 'input', { defaultValue: undefined }),
              __slot__: { prepend: '', append: '' }, __vModel__: 'field124',
              placeholder: '请输入费用名称', style: { width: '100%' }, clearable: true, maxlength: null, readonly: false, disabled: false,
            },
            {
              __config__: cfg(125, '金额', 'el-input-number', 'number', { defaultValue: undefined }),
              __vModel__: 'field125', placeholder: '金额', min: 0, step: 1, precision: 2, 'controls-position': 'right', disabled: false,
            },
          ],
        },
        __vModel__: 'field123',
      },
    ],
  };
}

/** What the flow fills, by label, and the value each field then stores. */
const FILL: FlowField[] = [
  { label: '报销标题', kind: 'input', value: '上海客户拜访差旅报销' },
  { label: '出差事由', kind: 'textarea', value: '拜访上海客户，洽谈年度合同续签' },
  { label: '支付密码', kind: 'password', value: 'Pay#2026' },
  { label: '出差天数', kind: 'number', value: 3 },
  { label: '行程说明', kind: 'richText', value: '第一天拜访客户，第二天技术交流' },
  { label: '报销类型', kind: 'select', option: '差旅费', value: 1 },
  { label: '出差地点', kind: 'cascader', option: '浙江 / 杭州', value: [1, 2] },
  { label: '交通方式', kind: 'radio', option: '高铁', value: 2 },
  { label: '费用项目', kind: 'checkbox', options: ['住宿', '市内交通'], value: ['hotel', 'taxi'] },
  { label: '是否加急', kind: 'switch', value: true },
  { label: '预算占比', kind: 'slider', value: 35 },
  { label: '出发时间', kind: 'time', value: '08:30:00' },
  { label: '会议时段', kind: 'timeRange', value: ['14:00:00', '16:30:00'] },
  { label: '申请日期', kind: 'date', value: '2026-03-02' },
  { label: '出差区间', kind: 'dateRange', value: ['2026-03-09', '2026-03-11'] },
  { label: '服务评分', kind: 'rate', value: 4 },
  { label: '标记颜色', kind: 'color', value: '#e6a23c' },
  { label: '票据附件', kind: 'upload', file: { name: 'ticket.txt', mimeType: 'text/plain', buffer: Buffer.from('高铁票 G7501 553.00 元') } },
  { label: '联系人', kind: 'input', value: '张三' },
  { label: '手机号', kind: 'input', value: '13800001234' },
  { label: '按钮', kind: 'button', text: '查看差旅标准' },
  {
    label: '费用明细', kind: 'detailTable', summary: true,
    columns: [{ label: '费用名称', kind: 'input' }, { label: '金额', kind: 'number' }],
    rows: [['住宿费', 880.5], ['交通费', 553]],
  },
];

test('a form with every catalogue component and a detail table through a whole approval process', async ({ page, request }) => {
  test.setTimeout(300_000);
  const tag = uniq();
  const admin = await apiAuth(request);

  const handler = await createFormHandler(request, tag);

  // The form, stored as the designer stores it.
  const formName = `差旅报销单${tag}`;
  const res = await request.post('/caishui-api/flowable/form', { headers: admin, data: { formName, formContent: JSON.stringify(expenseForm()), remark: '全部组件 + 明细表' } });
  expect((await res.json()).code).toBe(200);

  const result = await runFormProcessFlow(page, request, { formName, fields: FILL, handler, shotPrefix: 'h5-form-process' });
  // The variables are the value map (+ the read-only form copy): a few spot checks by id.
  expect(result.variables).toMatchObject({ field101: '上海客户拜访差旅报销', field104: 3, field107: [1, 2], mobile: '13800001234' });
  expect(result.variables.field123).toEqual([{ field124: '住宿费', field125: 880.5 }, { field124: '交通费', field125: 553 }]);
  const copy = result.variables.variables as { disabled: boolean; formBtns: boolean; fields: unknown[] };
  expect(copy.disabled).toBe(true);
  expect(copy.formBtns).toBe(false);
});

import { describe, expect, it } from 'vitest';
import { fieldText, htmlText, PASSWORD_MASK } from './variable-text';

const input = (extra: Record<string, unknown> = {}) => ({ __config__: { tag: 'el-input', label: '文本' }, __vModel__: 'f', ...extra });

describe('fieldText', () => {
  it('masks a password (show-password or type password), empty stays empty', () => {
    expect(fieldText(input({ 'show-password': true }), 'Pay#2026')).toBe(PASSWORD_MASK);
    expect(fieldText(input({ type: 'password' }), 'x')).toBe(PASSWORD_MASK);
    expect(fieldText(input({ 'show-password': true }), '')).toBe('');
    expect(fieldText(input(), 'Pay#2026')).toBe('Pay#2026');
  });

  it('shows rich text as its text', () => {
    const f = { __config__: { tag: 'tinymce' }, __vModel__: 'r' };
    expect(fieldText(f, '<p>第一天拜访客户，<strong>第二天</strong>技术交流</p>')).toBe('第一天拜访客户，第二天技术交流');
    expect(fieldText(f, '<p>a &amp; b&nbsp;&lt;c&gt;</p><p>第二段<br>&#20013;&#x6587;</p>')).toBe('a & b <c>\n第二段\n中文');
  });

  it('shows a cascader path by its labels (props keys, separator, multiple, show-all-levels)', () => {
    const options = [
      { value: 1, label: '浙江', children: [{ value: 2, label: '杭州' }, { value: 3, label: '宁波' }] },
      { value: 4, label: '广东', children: [{ value: 5, label: '深圳' }] },
    ];
    const f = { __config__: { tag: 'el-cascader' }, __vModel__: 'c', options, props: { props: { label: 'label', value: 'value', children: 'children' } }, separator: '/' };
    expect(fieldText(f, [1, 2])).toBe('浙江 / 杭州');
    expect(fieldText({ ...f, props: { props: { multiple: true } } }, [[1, 3], [4, 5]])).toBe('浙江 / 宁波，广东 / 深圳');
    expect(fieldText({ ...f, 'show-all-levels': false }, [4, 5])).toBe('深圳');
    const keyed = { ...f, options: [{ id: 'zj', name: '浙江', sub: [{ id: 'hz', name: '杭州' }] }], props: { props: { label: 'name', value: 'id', children: 'sub' } } };
    expect(fieldText(keyed, ['zj', 'hz'])).toBe('浙江 / 杭州');
    expect(fieldText(f, [9, 8])).toBe('9 / 8');
  });

  it('shows uploads by their file names', () => {
    const f = { __config__: { tag: 'el-upload' }, __vModel__: 'u' };
    const v = JSON.stringify([
      { name: 'ticket.txt', url: '/profile/upload/2026/03/02/ticket_20260302.txt', fileType: 'txt' },
      { name: '发票.pdf', url: '/profile/upload/2026/03/02/inv_1.pdf', fileType: 'pdf' },
    ]);
    expect(fieldText(f, v)).toBe('ticket.txt，发票.pdf');
    expect(fieldText(f, null)).toBe('');
  });

  it('shows a detail table one line per row with column labels, options by label', () => {
    const f = {
      __config__: { tag: 'detail-table', label: '费用明细', children: [
        { __config__: { tag: 'el-input', label: '费用名称' }, __vModel__: 'field124' },
        { __config__: { tag: 'el-input-number', label: '金额' }, __vModel__: 'field125', precision: 2 },
        { __config__: { tag: 'el-select', label: '类别' }, __vModel__: 'kind', __slot__: { options: [{ label: '交通', value: 1 }, { label: '住宿', value: 2 }] } },
      ] },
      __vModel__: 'field123',
    };
    expect(fieldText(f, [{ field124: '机票', field125: 1200, kind: 1 }, { field124: '酒店', kind: 2 }])).toBe('费用名称：机票，金额：1200.00，类别：交通\n费用名称：酒店，类别：住宿');
    expect(fieldText(f, [])).toBe('');
  });

  it('joins range ends by the range-separator, options by labels', () => {
    expect(fieldText({ __config__: { tag: 'el-date-picker' }, type: 'daterange', 'range-separator': '至' }, ['2026-03-09', '2026-03-11'])).toBe('2026-03-09 至 2026-03-11');
    expect(fieldText({ __config__: { tag: 'el-time-picker' }, 'is-range': true }, ['14:00:00', '16:30:00'])).toBe('14:00:00 - 16:30:00');
    expect(fieldText({ __config__: { tag: 'el-checkbox-group' }, __slot__: { options: [{ label: '住宿', value: 'hotel' }, { label: '市内交通', value: 'taxi' }] } }, ['hotel', 'taxi'])).toBe('住宿，市内交通');
  });
});

describe('fieldText of a switch', () => {
  it('shows the active / inactive text, else 是 / 否', () => {
    const f = { __config__: { tag: 'el-switch' }, 'active-text': '加急', 'inactive-text': '普通', 'active-value': true, 'inactive-value': false };
    expect(fieldText(f, true)).toBe('加急');
    expect(fieldText(f, false)).toBe('普通');
    expect(fieldText({ __config__: { tag: 'el-switch' }, 'active-value': 'Y', 'inactive-value': 'N' }, 'N')).toBe('否');
  });
});

describe('htmlText', () => {
  it('drops scripts, styles, comments and every tag; never leaves markup', () => {
    expect(htmlText('<script>alert(1)</script><style>p{}</style><!-- x --><img src=x onerror=alert(1)>安全')).toBe('安全');
    expect(htmlText('<div>一</div><ul><li>二</li><li>三</li></ul>')).toBe('一\n二\n三');
    expect(htmlText(undefined)).toBe('');
  });
});

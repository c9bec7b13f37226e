import { describe, expect, it } from 'vitest';
import {
  OPTION_LABEL_REQUIRED, OPTION_VALUE_REQUIRED, PATTERN_INVALID, PATTERN_MESSAGE_REQUIRED, PATTERN_REQUIRED, addTreeNode, countNodes,
  ensureTreeIds, makeOption, moveItem, optionValue, removeAt, removeTreeNode, updateOption, validateOption, validateRegRow, type TreeNode,
} from './lists';

describe('option values (spec §3 "Option item")', () => {
  it('stores a numeric string as a number', () => {
    expect(optionValue('1')).toBe(1);
    expect(optionValue('-2.5')).toBe(-2.5);
    expect(optionValue('a1')).toBe('a1');
    expect(optionValue('')).toBe('');
  });
  it('updates one row, normalising the value', () => {
    const rows = [{ label: '一', value: 1 }, { label: '二', value: 2 }];
    expect(updateOption(rows, 1, 'value', '20')).toEqual([{ label: '一', value: 1 }, { label: '二', value: 20 }]);
    expect(updateOption(rows, 0, 'label', '甲')[0]).toEqual({ label: '甲', value: 1 });
    expect(updateOption(rows, 0, 'value', 'x')[0].value).toBe('x');
    expect(rows[1].value).toBe(2);
  });
  it('removes and moves rows', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('option / tree-node dialog validation (spec §5)', () => {
  it('requires label and value with the spec messages', () => {
    expect(validateOption({ label: '', value: '' })).toEqual({ label: OPTION_LABEL_REQUIRED, value: OPTION_VALUE_REQUIRED });
    expect(OPTION_LABEL_REQUIRED).toBe('请输入选项名');
    expect(OPTION_VALUE_REQUIRED).toBe('请输入选项值');
    expect(validateOption({ label: ' ', value: '1' })).toEqual({ label: OPTION_LABEL_REQUIRED });
    expect(validateOption({ label: '北京', value: 'bj' })).toEqual({});
  });
  it('builds the option with a normalised value', () => {
    expect(makeOption({ label: ' 北京 ', value: ' 10 ' })).toEqual({ label: '北京', value: 10 });
  });
});

describe('regex rows (spec §5)', () => {
  it('needs a pattern and a message', () => {
    expect(validateRegRow({ pattern: '', message: '' })).toEqual({ pattern: PATTERN_REQUIRED, message: PATTERN_MESSAGE_REQUIRED });
    expect(validateRegRow({ pattern: '/^\\d+$/', message: '' })).toEqual({ message: PATTERN_MESSAGE_REQUIRED });
    expect(validateRegRow({ pattern: '/^\\d+$/', message: '只能是数字' })).toEqual({});
    expect(validateRegRow({ pattern: '^a', message: 'm' })).toEqual({});
  });
  it('refuses a pattern that does not compile', () => {
    expect(validateRegRow({ pattern: '/(/', message: 'm' })).toEqual({ pattern: PATTERN_INVALID });
    expect(validateRegRow({ pattern: '[', message: 'm' })).toEqual({ pattern: PATTERN_INVALID });
  });
  it('refuses what the server refuses to store (issue 38 §6)', () => {
    expect(validateRegRow({ pattern: '/^(\\w+\\s?)*$/', message: 'm' }).pattern).toMatch(/^正则表达式存在灾难性回溯风险/);
    expect(validateRegRow({ pattern: '/^(?=.*\\d).{8,}$/', message: 'm' })).toEqual({ pattern: '正则表达式不支持断言或反向引用' });
    expect(validateRegRow({ pattern: 'a'.repeat(300), message: 'm' })).toEqual({ pattern: '正则表达式过长（最多256个字符）' });
  });
});

describe('static tree editing', () => {
  const tree: TreeNode[] = [{ id: 1, label: '浙江', value: 1, children: [{ id: 2, label: '杭州', value: 2 }] }, { id: 3, label: '江苏', value: 3 }];
  it('adds at the top or under a parent without changing the input', () => {
    const before = JSON.stringify(tree);
    expect(addTreeNode(tree, null, { id: 9, label: '上海', value: 9 }).map((n) => n.label)).toEqual(['浙江', '江苏', '上海']);
    const deep = addTreeNode(tree, 2, { id: 10, label: '西湖区', value: 10 });
    expect(deep[0].children?.[0].children).toEqual([{ id: 10, label: '西湖区', value: 10 }]);
    const leaf = addTreeNode(tree, 3, { id: 11, label: '南京', value: 11 });
    expect(leaf[1].children).toEqual([{ id: 11, label: '南京', value: 11 }]);
    expect(JSON.stringify(tree)).toBe(before);
    expect(addTreeNode(tree, 99, { id: 12, label: 'x', value: 1 })).toEqual(tree);
  });
  it('removes a node with its subtree; an emptied parent loses children', () => {
    expect(removeTreeNode(tree, 1).map((n) => n.id)).toEqual([3]);
    const r = removeTreeNode(tree, 2);
    expect(r[0]).toEqual({ id: 1, label: '浙江', value: 1 });
  });
  it('counts nodes on every level', () => {
    expect(countNodes(tree)).toBe(3);
    expect(countNodes(null)).toBe(0);
  });
  it('gives ids to nodes loaded without them', () => {
    let n = 100;
    const out = ensureTreeIds([{ label: 'a', value: 1, children: [{ label: 'b', value: 2 }] }], () => n++);
    expect(out[0].id).toBe(100);
    expect(out[0].children?.[0].id).toBe(101);
    expect(ensureTreeIds(tree, () => n++)).toBe(tree);
  });
});

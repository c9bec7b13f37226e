import { describe, expect, it } from 'vitest';
import {
  allKeys, ancestorKeys, checkAll, checkStates, filterTree, findNode, flattenTree, halfCheckedKeys, linkedCheckedSet,
  linkedSubmitKeys, loadCheckedKeys, parentKeys, toggleCheck, type TreeNode,
} from './tree-utils';

const tree: TreeNode[] = [
  {
    id: 100,
    label: '若依科技',
    children: [
      {
        id: 101,
        label: '深圳总公司',
        children: [
          { id: 103, label: '研发部门' },
          { id: 104, label: '市场部门' },
          { id: 105, label: '测试部门', disabled: true },
        ],
      },
      { id: 102, label: '长沙分公司', children: [{ id: 108, label: '市场部门' }] },
    ],
  },
];

describe('flattenTree and lookups', () => {
  it('walks pre-order with depth and parent', () => {
    const flat = flattenTree(tree);
    expect(flat.map((f) => f.node.id)).toEqual([100, 101, 103, 104, 105, 102, 108]);
    expect(flat.find((f) => f.node.id === 103)).toMatchObject({ depth: 2, parentId: 101 });
    expect(flat[0]).toMatchObject({ depth: 0, parentId: null });
  });
  it('lists keys, parent keys, ancestors and finds nodes by loose id', () => {
    expect(allKeys(tree)).toHaveLength(7);
    expect(parentKeys(tree)).toEqual([100, 101, 102]);
    expect(ancestorKeys(tree, 108)).toEqual([100, 102]);
    expect(ancestorKeys(tree, 100)).toEqual([]);
    expect(findNode(tree, '104')?.label).toBe('市场部门');
    expect(findNode(tree, null)).toBeUndefined();
  });
});

describe('filterTree', () => {
  it('keeps matches and their ancestors only', () => {
    const out = filterTree(tree, '研发');
    expect(allKeys(out)).toEqual([100, 101, 103]);
  });
  it('matches every occurrence, ignores case and blanks', () => {
    expect(allKeys(filterTree(tree, ' 市场 '))).toEqual([100, 101, 104, 102, 108]);
    expect(filterTree(tree, '')).toBe(tree);
    expect(filterTree([{ id: 1, label: 'Admin' }], 'adm')).toHaveLength(1);
    expect(filterTree(tree, '不存在')).toEqual([]);
  });
  it('drops non-matching children of a matching parent', () => {
    expect(allKeys(filterTree(tree, '长沙'))).toEqual([100, 102]);
  });
});

describe('checking', () => {
  it('strict mode touches one key only', () => {
    expect(toggleCheck(tree, [], 101, true, true)).toEqual([101]);
    expect(toggleCheck(tree, [101, 103], 101, false, true)).toEqual([103]);
  });
  it('linked mode cascades down (skipping disabled) and recomputes parents', () => {
    const on = toggleCheck(tree, [], 101, true, false);
    // 105 is disabled so 101 is not fully checked
    expect(on).toEqual([103, 104]);
    const withDisabled = toggleCheck(tree, [105], 101, true, false);
    expect(withDisabled).toEqual([101, 103, 104, 105]);
    const leaf = toggleCheck(tree, [], 108, true, false);
    expect(leaf).toEqual([102, 108]);
    expect(toggleCheck(tree, leaf, 108, false, false)).toEqual([]);
  });
  it('checking every child checks the parents up to the root', () => {
    let keys = toggleCheck(tree, [105], 101, true, false);
    keys = toggleCheck(tree, keys, 108, true, false);
    expect(keys).toEqual([100, 101, 103, 104, 105, 102, 108]);
  });
  it('shows half-checked parents in linked mode only', () => {
    const states = checkStates(tree, [103], false);
    expect(states.get('101')).toBe('indeterminate');
    expect(states.get('100')).toBe('indeterminate');
    expect(states.get('102')).toBe('unchecked');
    expect(checkStates(tree, [103], true).get('101')).toBe('unchecked');
    expect(halfCheckedKeys(tree, [103])).toEqual([100, 101]);
  });
  it('loads keys in linked mode by checking subtrees', () => {
    expect([...linkedCheckedSet(tree, [102])]).toEqual(expect.arrayContaining(['102', '108']));
    expect(linkedCheckedSet(tree, [999]).size).toBe(0);
  });
  it('loads server keys per mode', () => {
    expect(loadCheckedKeys(tree, [102, 999], true)).toEqual([102]);
    expect(loadCheckedKeys(tree, [102], false)).toEqual([102, 108]);
    expect(loadCheckedKeys(tree, [103, 104, 105, 108], false)).toEqual([100, 101, 103, 104, 105, 102, 108]);
  });
  it('submits checked plus half-checked in linked mode', () => {
    expect(linkedSubmitKeys(tree, [103], false)).toEqual([100, 101, 103]);
    expect(linkedSubmitKeys(tree, [103], true)).toEqual([103]);
  });
  it('checks all enabled nodes or none', () => {
    expect(checkAll(tree, true)).toEqual([100, 101, 103, 104, 102, 108]);
    expect(checkAll(tree, false)).toEqual([]);
  });
});

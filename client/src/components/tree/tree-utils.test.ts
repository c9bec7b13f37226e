import { describe, expect, it } from 'vitest';
import {
  allKeys, ancestorKeys, checkAll, checkStates, filterTree, findNode, flattenTree, halfCheckedKeys, loadCheckedKeys,
  parentKeys, toggleCheck, type TreeNode,
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
  it('linked mode holds the node, its enabled descendants and its ancestors', () => {
    // 105 is disabled: not held by a click on 101, so 101 shows half-checked
    const on = toggleCheck(tree, [], 101, true, false);
    expect(on).toEqual([100, 101, 103, 104]);
    expect(checkStates(tree, on, false).get('101')).toBe('indeterminate');
    const withDisabled = toggleCheck(tree, [105], 101, true, false);
    expect(withDisabled).toEqual([100, 101, 103, 104, 105]);
    expect(checkStates(tree, withDisabled, false).get('101')).toBe('checked');
    const leaf = toggleCheck(tree, [], 108, true, false);
    expect(leaf).toEqual([100, 102, 108]);
    expect(toggleCheck(tree, leaf, 108, false, false)).toEqual([]);
  });
  it('an uncheck keeps the stored grants above it and a disabled node still held below', () => {
    // Issue 38 §8: 102 held without 108 (stored); ticking and unticking 108 leaves 102 held.
    const stored = [100, 102];
    const ticked = toggleCheck(tree, stored, 108, true, false, stored);
    expect(ticked).toEqual([100, 102, 108]);
    expect(toggleCheck(tree, ticked, 108, false, false, stored)).toEqual([100, 102]);
    // Unchecking 101 while the disabled 105 stays held keeps 101 (and 100) held.
    expect(toggleCheck(tree, [100, 101, 103, 104, 105], 101, false, false)).toEqual([100, 101, 105]);
  });
  it('keeps held keys the tree does not show', () => {
    expect(toggleCheck(tree, [999, 103], 104, true, false)).toEqual([100, 101, 103, 104, 999]);
    expect(toggleCheck(tree, [999], 103, true, true)).toEqual([103, 999]);
  });
  it('checking every child checks the parents up to the root', () => {
    let keys = toggleCheck(tree, [105], 101, true, false);
    keys = toggleCheck(tree, keys, 108, true, false);
    expect(keys).toEqual([100, 101, 103, 104, 105, 102, 108]);
    expect([...checkStates(tree, keys, false).values()].every((v) => v === 'checked')).toBe(true);
  });
  it('shows exactly the held keys: half-checked for a held parent with something below not held', () => {
    const states = checkStates(tree, [100, 101, 103], false);
    expect(states.get('101')).toBe('indeterminate');
    expect(states.get('100')).toBe('indeterminate');
    expect(states.get('102')).toBe('unchecked');
    expect(states.get('103')).toBe('checked');
    // A parent held without any child (普通角色's 我的流程): half-checked, its children unticked.
    const parentOnly = checkStates(tree, [102], false);
    expect(parentOnly.get('102')).toBe('indeterminate');
    expect(parentOnly.get('108')).toBe('unchecked');
    // Not held: unchecked even with a held child (exactly what is stored).
    expect(checkStates(tree, [103], false).get('101')).toBe('unchecked');
    expect(checkStates(tree, [101], true).get('101')).toBe('checked');
    expect(checkStates(tree, [103], true).get('101')).toBe('unchecked');
    expect(halfCheckedKeys(tree, [100, 101, 103, 102])).toEqual([100, 101, 102]);
  });
  it('loads the server keys as held, never a key\'s subtree', () => {
    expect(loadCheckedKeys(tree, { checkedKeys: [], halfCheckedKeys: [102] })).toEqual([102]);
    expect(loadCheckedKeys(tree, { checkedKeys: [102, 108, 999] })).toEqual([102, 108, 999]);
    expect(loadCheckedKeys(tree, { checkedKeys: [103], halfCheckedKeys: [101, 100] })).toEqual([100, 101, 103]);
  });
  it('checks all enabled nodes or none', () => {
    expect(checkAll(tree, true)).toEqual([100, 101, 103, 104, 102, 108]);
    expect(checkAll(tree, false)).toEqual([]);
    // Held keys the tree does not show stay held either way.
    expect(checkAll(tree, false, [103, 999])).toEqual([999]);
    expect(checkAll(tree, true, [999])).toEqual([100, 101, 103, 104, 102, 108, 999]);
  });
});

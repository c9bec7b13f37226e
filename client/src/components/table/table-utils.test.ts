import { describe, expect, it } from 'vitest';
import {
  expandableKeys, flattenRows, handleTree, keyOfRow, mergePageSelection, selectAllState, selectionFlags, toggleAll, toggleOne,
  visibleTreeRows,
} from './table-utils';

interface Menu {
  menuId: number;
  parentId: number;
  menuName: string;
  children?: Menu[];
}

const flat: Menu[] = [
  { menuId: 1, parentId: 0, menuName: '系统管理' },
  { menuId: 100, parentId: 1, menuName: '用户管理' },
  { menuId: 1000, parentId: 100, menuName: '用户查询' },
  { menuId: 2, parentId: 0, menuName: '系统监控' },
  { menuId: 101, parentId: 1, menuName: '角色管理' },
];

describe('tree rows', () => {
  const tree = handleTree(flat, 'menuId', 'parentId');
  it('nests a flat list by parent id', () => {
    expect(tree.map((m) => m.menuId)).toEqual([1, 2]);
    expect(tree[0].children?.map((m) => m.menuId)).toEqual([100, 101]);
    expect(tree[1].children).toBeUndefined();
  });
  it('treats rows with a missing parent as roots', () => {
    expect(handleTree(flat.slice(1), 'menuId', 'parentId').map((m) => m.menuId)).toEqual([100, 2, 101]);
  });
  it('shows children of expanded rows only, with depth', () => {
    const closed = visibleTreeRows(tree, 'menuId', new Set());
    expect(closed.map((r) => r.key)).toEqual([1, 2]);
    expect(closed[0]).toMatchObject({ hasChildren: true, expanded: false, depth: 0 });
    const open = visibleTreeRows(tree, 'menuId', new Set(['1', '100']));
    expect(open.map((r) => [r.key, r.depth])).toEqual([[1, 0], [100, 1], [1000, 2], [101, 1], [2, 0]]);
  });
  it('lists expandable keys and flattens', () => {
    expect(expandableKeys(tree, 'menuId')).toEqual(['1', '100']);
    expect(flattenRows(tree)).toHaveLength(5);
    expect(keyOfRow(tree[0], (m) => `m${m.menuId}`)).toBe('m1');
  });
});

describe('selection', () => {
  it('computes the header state', () => {
    expect(selectAllState([1, 2], [])).toBe('none');
    expect(selectAllState([1, 2], [2])).toBe('some');
    expect(selectAllState([1, 2], [1, 2, 9])).toBe('all');
    expect(selectAllState([], [1])).toBe('none');
  });
  it('toggles all keys of the page, keeping other pages', () => {
    expect(toggleAll([1, 2], [9])).toEqual([9, 1, 2]);
    expect(toggleAll([1, 2], [9, 1, 2])).toEqual([9]);
    expect(toggleAll([1, 2], [1])).toEqual([1, 2]);
  });
  it('toggles one key, or replaces it in single mode', () => {
    expect(toggleOne(2, [1])).toEqual([1, 2]);
    expect(toggleOne(1, [1, 2])).toEqual([2]);
    expect(toggleOne(2, [1], true)).toEqual([2]);
    expect(toggleOne('1', [1], true)).toEqual([]);
  });
  it('merges a page selection into a cross-page map', () => {
    const prev = new Map([['7', { id: 7 }], ['1', { id: 1 }]]);
    const next = mergePageSelection(prev, [{ id: 1 }, { id: 2 }], 'id', [2]);
    expect([...next.keys()]).toEqual(['7', '2']);
  });
  it('gives RuoYi single/multiple flags', () => {
    expect(selectionFlags([])).toEqual({ single: true, multiple: true });
    expect(selectionFlags([1])).toEqual({ single: false, multiple: false });
    expect(selectionFlags([1, 2])).toEqual({ single: true, multiple: false });
  });
});

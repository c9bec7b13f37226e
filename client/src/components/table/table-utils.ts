/**
 * Pure helpers of `DataTable` and the list screens: row keys, tree rows (menus, depts, parks:
 * el-table with `row-key` and `tree-props`), row selection (select-all state, toggling,
 * selections kept across pages in the pickers) and the single/multiple rules of the toolbar
 * buttons (RuoYi's `single` / `multiple` flags).
 */

export type RowKey = string | number;
export type KeyOf<T> = keyof T | ((row: T) => RowKey);

/** The key of `row` from a property name or a function. */
export function keyOfRow<T>(row: T, rowKey: KeyOf<T>): RowKey {
  return typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as unknown as RowKey);
}

export interface TreeRow<T> {
  row: T;
  key: RowKey;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

const childrenOf = <T,>(row: T, childrenKey: string): T[] => {
  const c = (row as Record<string, unknown>)[childrenKey];
  return Array.isArray(c) ? (c as T[]) : [];
};

/**
 * Rows to render for a tree table: roots, then the children of expanded rows, depth-first.
 * `expanded` holds the keys (as strings) of the open rows.
 */
export function visibleTreeRows<T>(rows: T[], rowKey: KeyOf<T>, expanded: Set<string>, childrenKey = 'children', depth = 0): TreeRow<T>[] {
  const out: TreeRow<T>[] = [];
  for (const row of rows) {
    const key = keyOfRow(row, rowKey);
    const children = childrenOf(row, childrenKey);
    const open = expanded.has(String(key));
    out.push({ row, key, depth, hasChildren: children.length > 0, expanded: open });
    if (open) out.push(...visibleTreeRows(children, rowKey, expanded, childrenKey, depth + 1));
  }
  return out;
}

/** Every row of a tree (pre-order), children included. */
export function flattenRows<T>(rows: T[], childrenKey = 'children'): T[] {
  return rows.flatMap((r) => [r, ...flattenRows(childrenOf(r, childrenKey), childrenKey)]);
}

/** Keys of the rows that have children: what "展开/折叠" opens. */
export function expandableKeys<T>(rows: T[], rowKey: KeyOf<T>, childrenKey = 'children'): string[] {
  return flattenRows(rows, childrenKey)
    .filter((r) => childrenOf(r, childrenKey).length > 0)
    .map((r) => String(keyOfRow(r, rowKey)));
}

/**
 * Nests a flat list by id/parent id (RuoYi's handleTree): a row whose parent is not in the
 * list is a root. Rows get a `children` array only when they have children.
 */
export function handleTree<T extends object>(rows: T[], id: keyof T, parentId: keyof T): (T & { children?: T[] })[] {
  const ids = new Set(rows.map((r) => String(r[id])));
  const byParent = new Map<string, T[]>();
  for (const r of rows) {
    const p = String(r[parentId]);
    byParent.set(p, [...(byParent.get(p) ?? []), r]);
  }
  const seen = new Set<string>();
  const build = (r: T): T & { children?: T[] } => {
    seen.add(String(r[id]));
    const c = (byParent.get(String(r[id])) ?? []).filter((x) => !seen.has(String(x[id]))).map(build);
    return c.length > 0 ? { ...r, children: c } : { ...r };
  };
  return rows.filter((r) => !ids.has(String(r[parentId]))).map(build);
}

export type SelectAllState = 'all' | 'some' | 'none';

/** State of the header checkbox for the selectable keys of the page. */
export function selectAllState(pageKeys: RowKey[], selected: RowKey[]): SelectAllState {
  if (pageKeys.length === 0) return 'none';
  const set = new Set(selected.map(String));
  const n = pageKeys.filter((k) => set.has(String(k))).length;
  return n === 0 ? 'none' : n === pageKeys.length ? 'all' : 'some';
}

/** Header checkbox click: selects every page key, or clears them when all were selected. */
export function toggleAll(pageKeys: RowKey[], selected: RowKey[]): RowKey[] {
  const pageSet = new Set(pageKeys.map(String));
  const others = selected.filter((k) => !pageSet.has(String(k)));
  return selectAllState(pageKeys, selected) === 'all' ? others : [...others, ...pageKeys];
}

/** Row checkbox click; `single` replaces the selection (radio behaviour). */
export function toggleOne(key: RowKey, selected: RowKey[], single = false): RowKey[] {
  const has = selected.some((k) => String(k) === String(key));
  if (single) return has ? [] : [key];
  return has ? selected.filter((k) => String(k) !== String(key)) : [...selected, key];
}

/**
 * Selection kept across pages (pickers): rows of the current page are replaced by the page's
 * selected keys; rows picked on other pages stay. Returns a new Map key → row.
 */
export function mergePageSelection<T>(prev: Map<string, T>, pageRows: T[], rowKey: KeyOf<T>, pageSelected: RowKey[]): Map<string, T> {
  const next = new Map(prev);
  const chosen = new Set(pageSelected.map(String));
  for (const row of pageRows) {
    const key = String(keyOfRow(row, rowKey));
    if (chosen.has(key)) next.set(key, row);
    else next.delete(key);
  }
  return next;
}

/** RuoYi's toolbar flags: 修改 needs exactly one selected row, 删除/导出 of selection at least one. */
export function selectionFlags(selected: RowKey[]): { single: boolean; multiple: boolean } {
  return { single: selected.length !== 1, multiple: selected.length === 0 };
}

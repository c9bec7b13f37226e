/**
 * Tree building for dept, park and menu trees (RuoYi buildDeptTree / buildMenuTree, reference §2
 * `treeselect`): a row is a root when its parent is not among the rows, so a data-scoped list
 * missing some ancestors still shows every row. Rows keep their order (parent, order number).
 */
import type { TreeSelectNode } from '../../../../shared/schemas/system/dept';

export type Nested<T> = T & { children: Nested<T>[] };

/** Nests `rows` by `idOf` / `parentOf`. */
export function nest<T>(rows: T[], idOf: (r: T) => number, parentOf: (r: T) => number): Nested<T>[] {
  const ids = new Set(rows.map(idOf));
  const byParent = new Map<number, T[]>();
  for (const r of rows) {
    const p = parentOf(r);
    byParent.set(p, [...(byParent.get(p) ?? []), r]);
  }
  const build = (r: T): Nested<T> => ({ ...r, children: (byParent.get(idOf(r)) ?? []).map(build) });
  return rows.filter((r) => !ids.has(parentOf(r))).map(build);
}

/**
 * `[{id, label, disabled, children?}]` (RuoYi TreeSelect; `children` omitted when empty,
 * `disabled` true for status '1' when the rows have a status and `disableStopped` is set).
 */
export function treeSelect<T>(
  rows: T[], idOf: (r: T) => number, parentOf: (r: T) => number, labelOf: (r: T) => string,
  disabledOf: (r: T) => boolean = () => false,
): TreeSelectNode[] {
  const toNode = (n: Nested<T>): TreeSelectNode => {
    const node: TreeSelectNode = { id: idOf(n), label: labelOf(n), disabled: disabledOf(n) };
    if (n.children.length > 0) node.children = n.children.map(toNode);
    return node;
  };
  return nest(rows, idOf, parentOf).map(toNode);
}

/** True when `id` is among the ancestors of `row` (the row is below node `id`). */
export const isBelow = (row: { ancestors: string }, id: number) => `,${row.ancestors},`.includes(`,${id},`);

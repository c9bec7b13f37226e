/**
 * The checked and half-checked keys of the role dialogs' trees (issue 38 §8; reference §2
 * `roleMenuTreeselect/{roleId}`, `deptTree/{roleId}`, check-strictly): what the tree shows is exactly
 * what the role holds, so a dialog saved without changes changes nothing.
 *
 * RuoYi answers, in 父子联动 mode, every granted node that is not the parent of another granted node,
 * and el-tree loads each of them with its whole subtree: a parent held without its children
 * (普通角色's 我的流程 without 新增/编辑/删除/流程监控) then shows every child ticked, and saving
 * grants them all. Here, in 父子联动 mode:
 * - `checkedKeys`: granted nodes whose whole subtree in the answered tree is granted (loading them
 *   with their subtrees ticks nothing the role does not hold);
 * - `halfCheckedKeys`: the other granted nodes (a parent held while some node below is not);
 * - granted ids missing from the answered tree (outside the caller's menus or data scope) go to
 *   `checkedKeys`, which a tree ignores.
 * `checkedKeys ∪ halfCheckedKeys` is the stored grant; a client sends back checked + half-checked
 * as RuoYi does. Without 父子联动 every grant is in `checkedKeys` and `halfCheckedKeys` is empty.
 */

/** A tree node as answered (`{id, children?}` of TreeSelect). */
export interface GrantTreeNode {
  id: number;
  children?: GrantTreeNode[];
}

export interface GrantKeys {
  checkedKeys: number[];
  halfCheckedKeys: number[];
}

/**
 * Splits `granted` (ids in the order to answer them) over `tree` (see the file comment).
 * `linked`: the role's 父子联动 flag (menuCheckStrictly / deptCheckStrictly true). Pure; the tree
 * is walked iteratively (post-order by an explicit stack), so depth is not bounded by the call stack.
 */
export function grantKeys(tree: GrantTreeNode[], granted: number[], linked: boolean): GrantKeys {
  if (!linked) return { checkedKeys: [...granted], halfCheckedKeys: [] };
  const held = new Set(granted);
  const full = new Map<number, boolean>();
  const stack: Array<{ node: GrantTreeNode; done: boolean }> = tree.map((node) => ({ node, done: false }));
  while (stack.length) {
    const top = stack.pop()!;
    const kids = top.node.children ?? [];
    if (!top.done) {
      stack.push({ node: top.node, done: true });
      for (const c of kids) stack.push({ node: c, done: false });
      continue;
    }
    full.set(top.node.id, held.has(top.node.id) && kids.every((c) => full.get(c.id) === true));
  }
  const checkedKeys: number[] = [];
  const halfCheckedKeys: number[] = [];
  for (const id of granted) {
    if (full.has(id) && !full.get(id)) halfCheckedKeys.push(id);
    else checkedKeys.push(id);
  }
  return { checkedKeys, halfCheckedKeys };
}

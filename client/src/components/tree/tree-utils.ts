/**
 * Pure helpers of the tree components (`Tree`, `TreeSelect`) and of the screens that use them
 * (role menu / dept / park trees, the user picker's dept filter): platform spec §2 "Pickers",
 * reference §2 `treeselect`, `roleMenuTreeselect`, `deptTree/{roleId}`.
 *
 * Nodes are RuoYi's TreeSelect shape `{id, label, disabled?, children?}`.
 *
 * Checking (issue 38 §8: the tree shows exactly what a role holds; reference §2 check-strictly,
 * RuoYi's 父子联动). In both modes the checked list is the set of held keys, and it is what a role
 * form submits; the modes differ in how a key is shown and what a click changes:
 * - check-strictly (`strictly = true`): a key stands for itself only.
 * - linked (`strictly = false`, 父子联动): a held node is checked when everything below it is held,
 *   half-checked when something below is not (also a parent held without any child: RuoYi's
 *   `menuCheckStrictly` saves half-checked parents as held); a node not held is unchecked.
 *   Checking a node holds it, its enabled descendants and its ancestors (el-tree would show them
 *   checked or half-checked and RuoYi saves both); unchecking drops its enabled descendants and
 *   itself (unless a disabled node below stays held), and ancestors left with nothing held below
 *   unless they are among `keep` (the stored grants).
 * - Loading the server's `{checkedKeys, halfCheckedKeys}` (`loadCheckedKeys`) takes both as held,
 *   never a key's subtree: el-tree's subtree loading ticked 我的流程's buttons for a role holding
 *   only 我的流程, and a save without changes granted them.
 */

export type TreeKey = number | string;

export interface TreeNode {
  id: TreeKey;
  label: string;
  disabled?: boolean;
  children?: TreeNode[];
}

export interface FlatNode {
  node: TreeNode;
  depth: number;
  parentId: TreeKey | null;
}

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

const kids = (n: TreeNode) => n.children ?? [];

/** Every node in pre-order with its depth (0 for roots) and parent id. */
export function flattenTree(nodes: TreeNode[], depth = 0, parentId: TreeKey | null = null): FlatNode[] {
  const out: FlatNode[] = [];
  for (const node of nodes) {
    out.push({ node, depth, parentId });
    out.push(...flattenTree(kids(node), depth + 1, node.id));
  }
  return out;
}

/** Ids of every node, pre-order. */
export const allKeys = (nodes: TreeNode[]): TreeKey[] => flattenTree(nodes).map((f) => f.node.id);

/** Ids of the nodes that have children (what "expand all" opens). */
export const parentKeys = (nodes: TreeNode[]): TreeKey[] =>
  flattenTree(nodes).filter((f) => kids(f.node).length > 0).map((f) => f.node.id);

/** The node with `id`, or undefined. */
export function findNode(nodes: TreeNode[], id: TreeKey | null | undefined): TreeNode | undefined {
  if (id === null || id === undefined) return undefined;
  for (const f of flattenTree(nodes)) if (String(f.node.id) === String(id)) return f.node;
  return undefined;
}

/** Ids from the root down to the parent of `id` (empty for a root or an unknown id). */
export function ancestorKeys(nodes: TreeNode[], id: TreeKey): TreeKey[] {
  const walk = (list: TreeNode[], path: TreeKey[]): TreeKey[] | null => {
    for (const n of list) {
      if (String(n.id) === String(id)) return path;
      const found = walk(kids(n), [...path, n.id]);
      if (found) return found;
    }
    return null;
  };
  return walk(nodes, []) ?? [];
}

/**
 * The tree reduced to the nodes whose label contains `text` (case-insensitive, trimmed) and
 * their ancestors, as el-tree's filter-node-method does. Empty text gives the tree unchanged.
 * @example filterTree(depts, '研发') // 若依科技 > 深圳总公司 > 研发部门
 */
export function filterTree(nodes: TreeNode[], text: string): TreeNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return nodes;
  const out: TreeNode[] = [];
  for (const n of nodes) {
    const children = filterTree(kids(n), text);
    if (n.label.toLowerCase().includes(q) || children.length > 0) {
      out.push(children.length > 0 ? { ...n, children } : { ...n, children: undefined });
    }
  }
  return out;
}

/** Keys of `node` and all its descendants. */
export function subtreeKeys(node: TreeNode): TreeKey[] {
  return [node.id, ...kids(node).flatMap(subtreeKeys)];
}

/** Key normaliser: sets hold keys as strings so 1 and '1' are the same node. */
const k = (id: TreeKey) => String(id);

/** Keys of the descendants of `node` (not itself). */
const below = (node: TreeNode): TreeKey[] => kids(node).flatMap(subtreeKeys);

/**
 * Checks or unchecks `id` (see the file comment for the linked rules); `keep`: keys an uncheck
 * below them never drops (the stored grants). Returns the new held keys in tree order (original
 * key types kept), followed by held keys the tree does not show, which stay held.
 */
export function toggleCheck(nodes: TreeNode[], checked: TreeKey[], id: TreeKey, on: boolean, strictly: boolean, keep: TreeKey[] = []): TreeKey[] {
  const set = new Set(checked.map(k));
  const node = findNode(nodes, id);
  if (!node) return checked;
  if (strictly) {
    if (on) set.add(k(id));
    else set.delete(k(id));
  } else {
    const apply = (n: TreeNode, root: boolean) => {
      if (n.disabled && !root) return;
      if (on) set.add(k(n.id));
      else set.delete(k(n.id));
      kids(n).forEach((c) => apply(c, false));
    };
    apply(node, true);
    const holdsBelow = (n: TreeNode) => below(n).some((x) => set.has(k(x)));
    if (!on && holdsBelow(node)) set.add(k(node.id));
    const pinned = new Set(keep.map(k));
    for (const a of [...ancestorKeys(nodes, id)].reverse()) {
      if (on) set.add(k(a));
      else if (!pinned.has(k(a)) && !holdsBelow(findNode(nodes, a)!)) set.delete(k(a));
    }
  }
  return heldInOrder(nodes, checked, set);
}

/** The keys of `set` in tree order, then those of `previous` in `set` that the tree does not show. */
function heldInOrder(nodes: TreeNode[], previous: TreeKey[], set: Set<string>): TreeKey[] {
  const shown = new Set(allKeys(nodes).map(k));
  return [...keysInOrder(nodes, set), ...previous.filter((x) => !shown.has(k(x)) && set.has(k(x)))];
}

/**
 * Checks every enabled node (`on`) or clears all checks (el-tree setCheckedNodes / setCheckedKeys([])).
 * Held keys the tree does not show (`checked` outside `nodes`) stay held: this user cannot see them.
 */
export function checkAll(nodes: TreeNode[], on: boolean, checked: TreeKey[] = []): TreeKey[] {
  const keys = on ? flattenTree(nodes).filter((f) => !f.node.disabled).map((f) => f.node.id) : [];
  const shown = new Set(allKeys(nodes).map(k));
  return [...keys, ...checked.filter((x) => !shown.has(k(x)))];
}

/** The ids of the nodes in `set`, in tree order with their own key types. */
export function keysInOrder(nodes: TreeNode[], set: Set<string>): TreeKey[] {
  return flattenTree(nodes).filter((f) => set.has(k(f.node.id))).map((f) => f.node.id);
}

/**
 * Display state of every node: strict mode shows each key as is; linked mode shows a held node as
 * checked when all its children are, else indeterminate, and a node not held as unchecked.
 */
export function checkStates(nodes: TreeNode[], checked: TreeKey[], strictly: boolean): Map<string, CheckState> {
  const set = new Set(checked.map(k));
  const states = new Map<string, CheckState>();
  const visit = (n: TreeNode): CheckState => {
    const self = set.has(k(n.id));
    const children = kids(n).map(visit);
    const state: CheckState = !self ? 'unchecked' : strictly || children.every((c) => c === 'checked') ? 'checked' : 'indeterminate';
    states.set(k(n.id), state);
    return state;
  };
  nodes.forEach(visit);
  return states;
}

/** Half-checked nodes in linked mode (el-tree getHalfCheckedKeys): held, with something below not held. */
export function halfCheckedKeys(nodes: TreeNode[], checked: TreeKey[]): TreeKey[] {
  const states = checkStates(nodes, checked, false);
  return flattenTree(nodes).filter((f) => states.get(k(f.node.id)) === 'indeterminate').map((f) => f.node.id);
}

/**
 * Held keys to hand to a checkable Tree from the server's answer (`roleMenuTreeselect`,
 * `deptTree/{roleId}`, `parkTree/{roleId}`): checked plus half-checked keys, in tree order, then
 * held keys the tree does not show (kept so a save does not drop them). Nothing else: a key's
 * subtree is not ticked (issue 38 §8).
 */
export function loadCheckedKeys(nodes: TreeNode[], keys: { checkedKeys: TreeKey[]; halfCheckedKeys?: TreeKey[] }): TreeKey[] {
  const held = [...keys.checkedKeys, ...(keys.halfCheckedKeys ?? [])];
  return heldInOrder(nodes, held, new Set(held.map(k)));
}

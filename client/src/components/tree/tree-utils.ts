/**
 * Pure helpers of the tree components (`Tree`, `TreeSelect`) and of the screens that use them
 * (role menu / dept / park trees, the user picker's dept filter): platform spec §2 "Pickers",
 * reference §2 `treeselect`, `roleMenuTreeselect`, `deptTree/{roleId}`.
 *
 * Nodes are RuoYi's TreeSelect shape `{id, label, disabled?, children?}`.
 *
 * Checking follows Element UI's el-tree:
 * - check-strictly (`strictly = true`): a key stands for itself only.
 * - linked (`strictly = false`): checking a node checks its enabled descendants; a parent is
 *   checked exactly when all its children are, half-checked when some are. Loading keys in
 *   linked mode (`linkedCheckedSet`) checks each key's subtree, which is why the server leaves
 *   parents of partly selected subtrees out of `checkedKeys` (reference §2, check-strictly).
 * - What a role form submits in linked mode is checked + half-checked (`linkedSubmitKeys`).
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

/**
 * Recomputes parents in linked mode: every parent is checked exactly when all its children
 * are (bottom-up). Leaves keep their state. Returns a new set of string keys.
 */
function normaliseLinked(nodes: TreeNode[], checked: Set<string>): Set<string> {
  const next = new Set(checked);
  const visit = (n: TreeNode): boolean => {
    const c = kids(n);
    if (c.length === 0) return next.has(k(n.id));
    const states = c.map(visit);
    const all = states.every(Boolean);
    if (all) next.add(k(n.id));
    else next.delete(k(n.id));
    return all;
  };
  nodes.forEach(visit);
  return next;
}

/**
 * The checked set after loading `keys` in linked mode: each key checks its whole subtree,
 * then parents are recomputed. Unknown keys are dropped.
 */
export function linkedCheckedSet(nodes: TreeNode[], keys: TreeKey[]): Set<string> {
  const wanted = new Set(keys.map(k));
  const set = new Set<string>();
  for (const f of flattenTree(nodes)) if (wanted.has(k(f.node.id))) subtreeKeys(f.node).forEach((id) => set.add(k(id)));
  return normaliseLinked(nodes, set);
}

/**
 * Checks or unchecks `id`. Strict mode touches only that key; linked mode also sets its enabled
 * descendants (disabled ones keep their state) and recomputes the parents.
 * Returns the new list of checked keys in tree order (original key types kept).
 */
export function toggleCheck(nodes: TreeNode[], checked: TreeKey[], id: TreeKey, on: boolean, strictly: boolean): TreeKey[] {
  let set = new Set(checked.map(k));
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
    set = normaliseLinked(nodes, set);
  }
  return keysInOrder(nodes, set);
}

/** Checks every enabled node (`on`) or clears all checks (el-tree setCheckedNodes / setCheckedKeys([])). */
export function checkAll(nodes: TreeNode[], on: boolean): TreeKey[] {
  if (!on) return [];
  return flattenTree(nodes).filter((f) => !f.node.disabled).map((f) => f.node.id);
}

/** The ids of the nodes in `set`, in tree order with their own key types. */
export function keysInOrder(nodes: TreeNode[], set: Set<string>): TreeKey[] {
  return flattenTree(nodes).filter((f) => set.has(k(f.node.id))).map((f) => f.node.id);
}

/**
 * Display state of every node: strict mode shows each key as is; linked mode shows a parent as
 * indeterminate when some but not all of its descendants are checked.
 */
export function checkStates(nodes: TreeNode[], checked: TreeKey[], strictly: boolean): Map<string, CheckState> {
  const set = new Set(checked.map(k));
  const states = new Map<string, CheckState>();
  const visit = (n: TreeNode): { any: boolean; all: boolean } => {
    const c = kids(n);
    const self = set.has(k(n.id));
    if (strictly || c.length === 0) {
      c.forEach(visit);
      states.set(k(n.id), self ? 'checked' : 'unchecked');
      return { any: self, all: self };
    }
    const r = c.map(visit);
    const all = r.every((x) => x.all);
    const any = r.some((x) => x.any);
    states.set(k(n.id), all ? 'checked' : any ? 'indeterminate' : 'unchecked');
    return { any, all };
  };
  nodes.forEach(visit);
  return states;
}

/** Half-checked parents in linked mode (el-tree getHalfCheckedKeys). */
export function halfCheckedKeys(nodes: TreeNode[], checked: TreeKey[]): TreeKey[] {
  const states = checkStates(nodes, checked, false);
  return flattenTree(nodes).filter((f) => states.get(k(f.node.id)) === 'indeterminate').map((f) => f.node.id);
}

/**
 * Keys a role form submits (RuoYi getMenuAllCheckedKeys): linked mode → checked plus
 * half-checked parents; strict mode → the checked keys.
 */
export function linkedSubmitKeys(nodes: TreeNode[], checked: TreeKey[], strictly: boolean): TreeKey[] {
  if (strictly) return checked;
  const set = new Set([...checked, ...halfCheckedKeys(nodes, checked)].map(k));
  return keysInOrder(nodes, set);
}

/**
 * Keys to hand to a checkable Tree after loading `checkedKeys` from the server
 * (`roleMenuTreeselect`, `deptTree/{roleId}`, `parkTree/{roleId}`): strict mode keeps them;
 * linked mode checks each key's subtree and recomputes the parents, as el-tree setCheckedKeys.
 */
export function loadCheckedKeys(nodes: TreeNode[], keys: TreeKey[], strictly: boolean): TreeKey[] {
  if (strictly) return keysInOrder(nodes, new Set(keys.map(k)));
  return keysInOrder(nodes, linkedCheckedSet(nodes, keys));
}

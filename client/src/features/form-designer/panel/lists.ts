/**
 * Option rows, regex rows and the cascader's static tree for the right panel (spec §3 "Option
 * item": a numeric-string value is a number; §4 "Form designer": static data is edited as a tree;
 * §5 "Form designer": the option dialog needs 选项名 '请输入选项名' and 选项值 '请输入选项值', a regex
 * row holds a pattern and a message both entered by the user). Pure; tested in lists.test.ts.
 */
import { isNumberStr } from '../../../../../shared/form/fields';
import { patternProblem } from '../../../../../shared/form/regex-safety';
import type { FormOption } from '../../../../../shared/form/types';

/** Messages of the option / tree-node dialog (spec §5). */
export const OPTION_LABEL_REQUIRED = '请输入选项名';
export const OPTION_VALUE_REQUIRED = '请输入选项值';
/** Messages of the regex row form. */
export const PATTERN_REQUIRED = '请输入表达式';
export const PATTERN_MESSAGE_REQUIRED = '请输入错误提示';
export const PATTERN_INVALID = '表达式格式错误';

/** An option value as stored: a numeric string becomes a number; anything else stays as typed. */
export function optionValue(text: unknown): unknown {
  return isNumberStr(text) ? Number(text) : text;
}

/** Messages of an option / tree-node form `{label, value}` (empty object when valid). */
export function validateOption(form: { label: string; value: string }): { label?: string; value?: string } {
  const errors: { label?: string; value?: string } = {};
  if (!form.label.trim()) errors.label = OPTION_LABEL_REQUIRED;
  if (!form.value.trim()) errors.value = OPTION_VALUE_REQUIRED;
  return errors;
}

/** The option built from a valid dialog form: trimmed label, normalised value. */
export function makeOption(form: { label: string; value: string }): FormOption {
  return { label: form.label.trim(), value: optionValue(form.value.trim()) };
}

/** A copy of `options` with row `index` changed (`value` normalised). */
export function updateOption(options: FormOption[], index: number, key: 'label' | 'value', text: string): FormOption[] {
  return options.map((o, i) => (i === index ? { ...o, [key]: key === 'value' ? optionValue(text) : text } : o));
}

/** A copy of `list` without item `index`. */
export function removeAt<T>(list: T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** A copy of `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}

/**
 * Messages of a regex row `{pattern, message}`: both required; the pattern must compile as
 * `/body/flags` or a bare body (the renderer reads both), and be one the server stores (issue 38
 * §6, shared/form patternProblem: length, lookaround, catastrophic backtracking).
 */
export function validateRegRow(row: { pattern: string; message: string }): { pattern?: string; message?: string } {
  const errors: { pattern?: string; message?: string } = {};
  const p = row.pattern.trim();
  if (!p) errors.pattern = PATTERN_REQUIRED;
  else if (!compiles(p)) errors.pattern = PATTERN_INVALID;
  else {
    const problem = patternProblem(p);
    if (problem) errors.pattern = problem;
  }
  if (!row.message.trim()) errors.message = PATTERN_MESSAGE_REQUIRED;
  return errors;
}

function compiles(pattern: string): boolean {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  try {
    if (m) new RegExp(m[1], m[2]);
    else new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** One node of the cascader's static tree (`id` from the designer's tree-node counter). */
export interface TreeNode extends FormOption {
  id?: number;
  children?: TreeNode[];
}

/**
 * A copy of the tree with `node` appended: at the top when `parentId` is null, else as the last
 * child of the node with that id (unchanged when no node has it).
 */
export function addTreeNode(tree: TreeNode[], parentId: number | null, node: TreeNode): TreeNode[] {
  if (parentId === null) return [...tree, node];
  return tree.map((n) => {
    if (n.id === parentId) return { ...n, children: [...(n.children ?? []), node] };
    return n.children?.length ? { ...n, children: addTreeNode(n.children, parentId, node) } : n;
  });
}

/** A copy of the tree without the node of id `id` (and its subtree); a parent left empty loses `children`. */
export function removeTreeNode(tree: TreeNode[], id: number): TreeNode[] {
  const out: TreeNode[] = [];
  for (const n of tree) {
    if (n.id === id) continue;
    if (n.children?.length) {
      const children = removeTreeNode(n.children, id);
      const copy: TreeNode = { ...n, children };
      if (!children.length) delete copy.children;
      out.push(copy);
    } else out.push(n);
  }
  return out;
}

/** The number of nodes in a tree (every level). */
export function countNodes(tree: unknown): number {
  if (!Array.isArray(tree)) return 0;
  return tree.reduce<number>((sum, n) => sum + 1 + countNodes((n as TreeNode)?.children), 0);
}

/**
 * The tree with an `id` on every node that lacks one (ids from `next()`), so nodes loaded from
 * stored JSON can be targeted; returns the same array when every node already has one.
 */
export function ensureTreeIds(tree: TreeNode[], next: () => number): TreeNode[] {
  const missing = (list: TreeNode[]): boolean => list.some((n) => typeof n.id !== 'number' || missing(n.children ?? []));
  if (!missing(tree)) return tree;
  const walk = (list: TreeNode[]): TreeNode[] =>
    list.map((n) => {
      const copy: TreeNode = { ...n, id: typeof n.id === 'number' ? n.id : next() };
      if (n.children?.length) copy.children = walk(n.children);
      return copy;
    });
  return walk(tree);
}

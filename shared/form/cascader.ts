/**
 * `el-cascader` choices as whole paths (spec §3 "Designer component" cascader; Element's value is
 * the path of option values, an array of paths when `props.props.multiple`).
 */
import type { FormOption } from './types';

export interface CascaderPath {
  values: unknown[];
  labels: string[];
  disabled: boolean;
}

/** Every selectable path: the leaves, or every node when `checkStrictly`. */
export function cascaderPaths(options: FormOption[], checkStrictly = false): CascaderPath[] {
  const out: CascaderPath[] = [];
  const walk = (list: FormOption[], values: unknown[], labels: string[], disabled: boolean) => {
    for (const o of list) {
      const v = [...values, o.value];
      const l = [...labels, o.label];
      const d = disabled || o.disabled === true;
      const children = Array.isArray(o.children) ? o.children : [];
      if (checkStrictly || children.length === 0) out.push({ values: v, labels: l, disabled: d });
      if (children.length) walk(children, v, l, d);
    }
  };
  walk(options, [], [], false);
  return out;
}

/** The text shown for a path (`show-all-levels` true → joined by `separator`, default ' / '). */
export function pathLabel(path: CascaderPath, showAllLevels = true, separator = '/'): string {
  return showAllLevels ? path.labels.join(` ${separator.trim() || '/'} `) : (path.labels[path.labels.length - 1] ?? '');
}

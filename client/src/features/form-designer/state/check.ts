/**
 * The check the designer runs before saving (spec §5 "Form designer": form save validates the
 * form first): at least one component; every value component has a label and a field name;
 * field names are unique among the form's top-level value fields (row children included) and
 * among each detail table's columns; a detail table has at least one column.
 */
import type { FormField } from '../../../components/form-render';
import { isDetailTable, isRow } from '../catalogue';

export const CHECK_MESSAGES = {
  empty: '表单中没有组件，请先从左侧添加组件',
  noLabel: (where: string) => `${where}的组件标题不能为空`,
  noModel: (label: string) => `组件“${label}”的字段名不能为空`,
  duplicate: (vModel: string) => `字段名“${vModel}”重复，请修改`,
  noColumns: (label: string) => `明细表“${label}”至少需要一列`,
} as const;

const labelOf = (f: FormField) => String(f.__config__?.label ?? '').trim();

/** The first problem of the designed form as a message, or null when it can be saved. */
export function checkDesign(list: FormField[]): string | null {
  if (!list.length) return CHECK_MESSAGES.empty;
  const top = new Set<string>();
  const checkValue = (f: FormField, names: Set<string>): string | null => {
    const label = labelOf(f);
    const vModel = String(f.__vModel__ ?? '').trim();
    if (!label) return CHECK_MESSAGES.noLabel(vModel ? `字段“${vModel}”` : `“${String(f.__config__?.tag ?? '')}”`);
    if (!vModel) return CHECK_MESSAGES.noModel(label);
    if (names.has(vModel)) return CHECK_MESSAGES.duplicate(vModel);
    names.add(vModel);
    return null;
  };
  const walk = (items: FormField[]): string | null => {
    for (const f of items) {
      const config = f.__config__ ?? {};
      if (isRow(f)) {
        const msg = walk(Array.isArray(config.children) ? config.children : []);
        if (msg) return msg;
        continue;
      }
      if (config.tag === 'el-button') continue;
      const msg = checkValue(f, top);
      if (msg) return msg;
      if (isDetailTable(f)) {
        const columns = Array.isArray(config.children) ? config.children : [];
        if (!columns.length) return CHECK_MESSAGES.noColumns(labelOf(f));
        const names = new Set<string>();
        for (const c of columns) {
          const m = checkValue(c, names);
          if (m) return m;
        }
      }
    }
    return null;
  };
  return walk(list);
}

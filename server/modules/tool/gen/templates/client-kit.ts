/**
 * Pieces shared by the client templates: dictionary use, search-field and cell snippets per
 * htmlType / queryType, and the row type line.
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';
import { betweenKeys, label, lit, namesOf } from './naming';

/** Dictionary types a screen uses (dict-backed select / radio / checkbox columns), sorted. */
export function dictTypesOf(cols: GenColumnModel[]): string[] {
  return [...new Set(cols.filter(hasDict).map((c) => c.dictType))].sort();
}
/** Whether the column shows dictionary labels. */
export const hasDict = (c: GenColumnModel) => !!c.dictType && c.javaType !== 'boolean' && ['select', 'radio', 'checkbox'].includes(c.htmlType);

/** `dict.sys_normal_disable` (bracket form when the type is not an identifier). */
export const dictRef = (type: string) => (/^[A-Za-z_$][\w$]*$/.test(type) ? `dict.${type}` : `dict[${lit(type)}]`);

/** `const dict = useDict(...)` line, or '' when none. */
export const useDictLine = (types: string[]) => (types.length ? `const dict = useDict(${types.map(lit).join(', ')});` : '');

/** The 是/否 options of a boolean column. */
export const YES_NO_OPTIONS = `[{ value: 'true', label: '是' }, { value: 'false', label: '否' }]`;

/** Draft keys of one query column: `[key, kind]` ('text' or 'range'). */
export function searchKeys(c: GenColumnModel): { key: string; range: boolean } {
  return c.queryType === 'BETWEEN' && c.htmlType === 'datetime' && c.javaType === 'string' ? { key: `${c.javaField}Range`, range: true } : { key: c.javaField, range: false };
}

/** The filter fields of the screen state: `name: string` / `createTimeRange: [string, string]`; number BETWEEN → Begin/End text. */
export function filterStateFields(cols: GenColumnModel[]): { key: string; type: string; empty: string }[] {
  return cols.flatMap((c) => {
    const s = searchKeys(c);
    if (s.range) return [{ key: s.key, type: '[string, string]', empty: `['', '']` }];
    if (c.queryType === 'BETWEEN') {
      const k = betweenKeys(c);
      return [{ key: k.begin, type: 'string', empty: `''` }, { key: k.end, type: 'string', empty: `''` }];
    }
    return [{ key: c.javaField, type: 'string', empty: `''` }];
  });
}

/** The `query` object entries sent to list / export from the applied `filters`. */
export function queryEntries(cols: GenColumnModel[]): string[] {
  return cols.flatMap((c) => {
    const s = searchKeys(c);
    if (s.range) {
      const k = betweenKeys(c);
      return [`${k.begin}: filters.${s.key}[0] || undefined`, `${k.end}: filters.${s.key}[1] || undefined`];
    }
    const keys = c.queryType === 'BETWEEN' ? [betweenKeys(c).begin, betweenKeys(c).end] : [c.javaField];
    return keys.map((k) => (c.javaType === 'boolean' ? `${k}: (filters.${k} || undefined) as 'true' | 'false' | undefined` : `${k}: filters.${k}.trim() || undefined`));
  });
}

/** The search field of one query column (SearchField + control bound to `draft`). */
export function searchField(c: GenColumnModel): string {
  const l = label(c);
  const s = searchKeys(c);
  const set = (k: string, v: string) => `setDraft({ ...draft, ${k}: ${v} })`;
  if (s.range) {
    return `<SearchField label=${lit(l)}>
  <DateRangePicker value={draft.${s.key}} onChange={(v) => ${set(s.key, 'v')}} />
</SearchField>`;
  }
  const input = (k: string, ph: string) => `<Input size="sm" name="${k}" placeholder=${lit(ph)} value={draft.${k}} onChange={(e) => ${set(k, 'e.target.value')}} />`;
  if (c.queryType === 'BETWEEN') {
    const k = betweenKeys(c);
    return `<SearchField label=${lit(l)} w="240px">
  <Flex gap="2">
    ${input(k.begin, `最小${l}`)}
    ${input(k.end, `最大${l}`)}
  </Flex>
</SearchField>`;
  }
  if (c.javaType === 'boolean') {
    return `<SearchField label=${lit(l)} w="200px">
  <OptionSelect name="${c.javaField}" placeholder=${lit(`请选择${l}`)} w="200px" options={${YES_NO_OPTIONS}} value={draft.${c.javaField}} onChange={(v) => ${set(c.javaField, 'v')}} />
</SearchField>`;
  }
  if (hasDict(c)) {
    return `<SearchField label=${lit(l)} w="200px">
  <DictSelect name="${c.javaField}" placeholder=${lit(`请选择${l}`)} w="200px" options={${dictRef(c.dictType)}} value={draft.${c.javaField}} onChange={(v) => ${set(c.javaField, 'v')}} />
</SearchField>`;
  }
  if (c.htmlType === 'datetime') {
    return `<SearchField label=${lit(l)}>
  <DatePicker name="${c.javaField}" placeholder=${lit(`请选择${l}`)} value={draft.${c.javaField}} onChange={(v) => ${set(c.javaField, 'v')}} />
</SearchField>`;
  }
  return `<SearchField label=${lit(l)} w="200px">
  ${input(c.javaField, `请输入${l}`)}
</SearchField>`;
}

/** The `render` of a list cell, or '' for plain text. */
export function cellRender(c: GenColumnModel): string {
  if (c.javaType === 'boolean') return `(r) => (r.${c.javaField} === null ? '' : r.${c.javaField} ? '是' : '否')`;
  if (hasDict(c)) return `(r) => <DictTag options={${dictRef(c.dictType)}} value={r.${c.javaField}} />`;
  if (c.htmlType === 'imageUpload') return `(r) => (r.${c.javaField} ? <ServedImage src={r.${c.javaField}.split(',')[0]} alt=${lit(label(c))} boxSize="40px" objectFit="cover" /> : null)`;
  return '';
}

/** `type Row = Out['biz']['customer']['list']['rows'][number]` (tree: the list itself). */
export function rowTypeLine(model: GenTableModel): string {
  const n = namesOf(model);
  return `type ${model.className}Row = inferRouterOutputs<AppRouter>['${n.moduleName}']['${n.businessName}']['list']${model.tplCategory === 'tree' ? '' : "['rows']"}[number];`;
}

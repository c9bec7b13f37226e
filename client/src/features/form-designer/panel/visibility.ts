/**
 * The 显示条件 block (visibility rule `__config__.showWhen = {field, value?}`: the component shows
 * only when the field with `__vModel__ === field` is non-empty, or equals `value` / contains it
 * for an array). Pure; tested in visibility.test.ts.
 */
import { isNumberStr } from '../../../../../shared/form/fields';
import type { FormField, FormOption } from '../../../../../shared/form/types';
import { setConfig } from './edit';

/** One field the rule may watch. */
export interface ShowWhenChoice {
  /** The watched field's `__vModel__`. */
  vModel: string;
  /** Shown text: `<label>（<vModel>）`. */
  label: string;
  /** Its static options (select/radio/checkbox), offered as values. */
  options: FormOption[];
}

/**
 * The fields `self` may depend on: every value field of the drawing list (row containers walked,
 * detail-table columns not, since they are per row), except `self` and what `self` contains.
 */
export function showWhenChoices(drawingList: FormField[], self: FormField | null): ShowWhenChoice[] {
  const selfId = self?.__config__.formId;
  const out: ShowWhenChoice[] = [];
  const walk = (list: FormField[]) => {
    for (const f of list ?? []) {
      if (selfId !== undefined && f.__config__?.formId === selfId) continue;
      if (f.__vModel__ && f.__vModel__ !== self?.__vModel__) {
        const options = f.__config__.tag === 'el-cascader' ? [] : (f.__slot__?.options ?? []);
        out.push({ vModel: f.__vModel__, label: `${f.__config__.label ?? f.__vModel__}（${f.__vModel__}）`, options });
      }
      if (f.__config__?.layout === 'rowFormItem' && Array.isArray(f.__config__.children)) walk(f.__config__.children);
    }
  };
  walk(drawingList);
  return out;
}

/** The rule's value as typed: '' → no value ("有值即显示"), a numeric string → a number. */
export function showWhenValue(text: string): { value?: unknown } {
  const t = text.trim();
  if (t === '') return {};
  return { value: isNumberStr(t) ? Number(t) : t };
}

/** The text of a rule's value for its input ('' when the rule has none). */
export function showWhenText(rule: unknown): string {
  if (!rule || typeof rule !== 'object' || !('value' in rule)) return '';
  const v = (rule as { value?: unknown }).value;
  return v === undefined || v === null ? '' : String(v);
}

/**
 * A copy of the field with its rule set: `watch` '' removes `showWhen`; otherwise
 * `{field: watch}` plus `value` when `valueText` is not empty.
 */
export function withShowWhen(field: FormField, watch: string, valueText: string): FormField {
  if (!watch) return setConfig(field, 'showWhen', undefined);
  return setConfig(field, 'showWhen', { field: watch, ...showWhenValue(valueText) });
}

/** True when the component of `formId` is a column of a detail table (anywhere in the drawing list). */
export function isDetailColumn(drawingList: FormField[], formId: unknown): boolean {
  const walk = (list: FormField[], inTable: boolean): boolean =>
    (list ?? []).some((f) => {
      if (f.__config__?.formId === formId && formId !== undefined) return inTable;
      const children = f.__config__?.children;
      return Array.isArray(children) && walk(children, f.__config__?.tag === 'detail-table');
    });
  return walk(drawingList, false);
}

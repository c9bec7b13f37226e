/**
 * One stored form field's value as the text of the 流程变量 list (workflow spec §2 "Workflow
 * record page": the process variables; reference §7 the form-generator JSON): options by their
 * labels, a cascader path by the labels along it, a password masked, rich text as its text,
 * uploads by their file names, a detail table one line per row with the column labels, a switch by
 * its active / inactive text. Pure.
 */
import { cascaderPaths, pathLabel } from '../../../../shared/form/cascader';
import { fieldOptions, normaliseOptions } from '../../../../shared/form/fields';
import { DETAIL_TABLE_TAG, type FormField, type FormOption } from '../../../../shared/form/types';
import { parseUploadValue } from '../../components/form-render/upload-value';

/** What a filled password shows (fixed length: the length of the password is not told). */
export const PASSWORD_MASK = '••••••';

/** Any value as plain text: '' for empty, arrays joined by '，', booleans 是/否, objects as JSON. */
export function plainText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return v.map(plainText).filter(Boolean).join('，');
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  return String(v);
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/**
 * Rich-text HTML → its text, by string rules (no DOM, nothing parsed as markup): script/style
 * bodies and comments dropped, block ends (p, div, li, h1-6, tr, br) become line breaks, other
 * tags removed, entities (named basics, &#NN;, &#xHH;) decoded, blank runs collapsed.
 */
export function htmlText(html: unknown): string {
  if (typeof html !== 'string') return plainText(html);
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      const code = /^#x/i.test(e) ? parseInt(e.slice(2), 16) : e.startsWith('#') ? Number(e.slice(1)) : NaN;
      if (Number.isFinite(code)) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .split('\n').map((l) => l.trim()).filter(Boolean).join('\n');
}

function optionLabel(options: FormOption[], v: unknown): string {
  const one = (x: unknown) => options.find((o) => String(o.value) === String(x))?.label ?? plainText(x);
  return Array.isArray(v) ? v.map(one).filter(Boolean).join('，') : one(v);
}

/** Labels along a value path through cascader options (unknown steps shown as the value). */
function cascaderPath(field: FormField, options: FormOption[], path: unknown[]): string {
  const showAll = field['show-all-levels'] !== false;
  const separator = typeof field.separator === 'string' ? field.separator : '/';
  const labels: string[] = [];
  let level: FormOption[] | undefined = options;
  for (const v of path) {
    const o: FormOption | undefined = level?.find((x) => String(x.value) === String(v));
    labels.push(o ? o.label : plainText(v));
    level = o?.children;
  }
  return pathLabel({ values: path, labels, disabled: false }, showAll, separator);
}

function cascaderText(field: FormField, v: unknown): string {
  if (!Array.isArray(v) || !v.length) return plainText(v);
  const keys = ((field.props as { props?: Record<string, string> } | undefined)?.props ?? {});
  const options = normaliseOptions(fieldOptions(field), keys.label, keys.value, keys.children);
  // Multiple: an array of paths.
  if (v.every(Array.isArray)) return (v as unknown[][]).map((p) => cascaderPath(field, options, p)).join('，');
  return cascaderPath(field, options, v);
}

const isRange = (field: FormField) => field['is-range'] === true || /range$/.test(String(field.type ?? ''));

function detailTableText(field: FormField, v: unknown): string {
  if (!Array.isArray(v)) return plainText(v);
  const columns = (field.__config__.children ?? []).filter((c) => c.__vModel__);
  return v
    .filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
    .map((row) => columns
      .map((c) => [c.__config__.label || c.__vModel__!, fieldText(c, row[c.__vModel__!])] as const)
      .filter(([, text]) => text !== '')
      .map(([label, text]) => `${label}：${text}`)
      .join('，'))
    .filter(Boolean)
    .join('\n');
}

/** el-switch: `active-value` (true) → `active-text` (else 是), `inactive-value` (false) → `inactive-text` (else 否). */
function switchText(field: FormField, v: unknown): string {
  const on = field['active-value'] ?? true;
  const off = field['inactive-value'] ?? false;
  const text = (t: unknown, fallback: string) => (typeof t === 'string' && t ? t : fallback);
  if (String(v) === String(on)) return text(field['active-text'], '是');
  if (String(v) === String(off)) return text(field['inactive-text'], '否');
  return plainText(v);
}

/**
 * The text of `value` for `field` by its tag: el-input password (`show-password` / type password)
 * → PASSWORD_MASK; tinymce → htmlText; el-cascader → labels along the path(s) (`props.props`
 * label/value/children keys, `separator`, `show-all-levels`); el-upload → file names; detail table
 * → one line per row `列名：值，…`; el-switch → its active / inactive text; el-input-number → fixed to `precision`; a range picker → the
 * ends joined by `range-separator`; options (`__slot__.options` …) → labels; else plainText.
 */
export function fieldText(stored: FormField, value: unknown): string {
  const field: FormField = stored.__config__ ? stored : { ...stored, __config__: {} };
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return '';
  const tag = field.__config__?.tag;
  if (tag === 'el-input' && (field['show-password'] === true || field.type === 'password')) return PASSWORD_MASK;
  if (tag === 'tinymce') return htmlText(value);
  if (tag === 'el-cascader') return cascaderText(field, value);
  if (tag === 'el-upload') return parseUploadValue(value).map((f) => f.name).join('，');
  if (tag === DETAIL_TABLE_TAG) return detailTableText(field, value);
  if (tag === 'el-switch') return switchText(field, value);
  if (tag === 'el-input-number' && typeof value === 'number') {
    const p = Number(field.precision);
    return field.precision !== null && field.precision !== undefined && Number.isInteger(p) && p >= 0 && p <= 20 ? value.toFixed(p) : String(value);
  }
  if (Array.isArray(value) && value.length === 2 && isRange(field)) {
    const sep = typeof field['range-separator'] === 'string' && field['range-separator'] ? field['range-separator'] : '-';
    return `${plainText(value[0])} ${sep} ${plainText(value[1])}`;
  }
  const options = normaliseOptions(fieldOptions(field));
  return options.length ? optionLabel(options, value) : plainText(value);
}

/**
 * Server-side sanitising of rich text (security rule of the developers' guide: stored HTML never
 * carries script). Rich text reaches the server through forms: a stored form's `formContent`
 * (sys_form, a form-generator JSON whose `tinymce` fields may hold a default HTML value) and the
 * process variables a start or task form submits (reference/ruoyi-flowable.md §7 "Submission to
 * Flowable": the value map as top-level variables plus the form config copy as `variables`).
 * The allow-list matches what the client's rich-text editor (tiptap starter kit + image) writes.
 */
import sanitizeHtml from 'sanitize-html';
import { AppError } from './errors';
import { jsonDepth, MAX_INPUT_DEPTH } from './input';
import { FORM_TOO_DEEP_MESSAGE } from '../../shared/json-depth';

export { FORM_TOO_DEEP_MESSAGE };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'code', 'pre',
    'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'span', 'sub', 'sup', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
};

/** HTML with only the editor's tags and safe attributes/URLs kept (scripts, handlers, `javascript:` dropped). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The rich-text (`tinymce`) fields of a form config, row containers included, in form order.
 * Iterative (issue 38 §6): no nesting depth can overflow the stack.
 */
function richTextFields(fields: unknown): Json[] {
  const out: Json[] = [];
  if (!Array.isArray(fields)) return out;
  const stack: unknown[] = [];
  for (let i = fields.length - 1; i >= 0; i--) stack.push(fields[i]);
  while (stack.length) {
    const field = stack.pop();
    if (!isObject(field)) continue;
    const config = isObject(field.__config__) ? field.__config__ : undefined;
    if (config?.tag === 'tinymce') out.push(field);
    const children = config?.children;
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}



/** Sanitises the default values of the rich-text fields of a form config in place; returns it. */
function sanitizeConfig(conf: Json): Json {
  for (const field of richTextFields(conf.fields)) {
    const config = field.__config__ as Json;
    if (typeof config.defaultValue === 'string') config.defaultValue = sanitizeRichText(config.defaultValue);
  }
  return conf;
}

/**
 * A stored form's JSON text with its rich-text default values sanitised. Text that is not a JSON
 * object is returned unchanged (the form schema decides whether it is accepted).
 * @throws AppError 'invalid' (FORM_TOO_DEEP_MESSAGE) when the text nests `{`/`[` deeper than
 *   MAX_INPUT_DEPTH (64): every reader of a form walks it (issue 38 §6).
 */
export function sanitizeFormContent(text: string | null | undefined): string | null | undefined {
  if (!text) return text;
  if (jsonDepth(text) > MAX_INPUT_DEPTH) throw new AppError('invalid', FORM_TOO_DEEP_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isObject(parsed) || richTextFields(parsed.fields).length === 0) return text;
  return JSON.stringify(sanitizeConfig(parsed));
}

/**
 * Process variables from a start or task form with every rich-text value sanitised: the fields
 * are found in the submitted form config (`variables.variables.fields`, tag `tinymce`); both the
 * top-level value (`variables[__vModel__]`) and the config's `defaultValue` are cleaned. Returns
 * a new object; other variables are untouched.
 */
export function sanitizeFormVariables<T extends Record<string, unknown> | undefined>(variables: T): T {
  if (!variables || !isObject(variables.variables)) return variables;
  const conf = structuredClone(variables.variables) as Json;
  const fields = richTextFields(conf.fields);
  if (fields.length === 0) return variables;
  const out: Json = { ...variables, variables: sanitizeConfig(conf) };
  for (const field of fields) {
    const name = field.__vModel__;
    if (typeof name === 'string' && typeof out[name] === 'string') out[name] = sanitizeRichText(out[name] as string);
  }
  return out as T;
}

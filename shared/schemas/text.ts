/**
 * Control characters in text input (issue 11 §4 "text input"): every free-text field of the input
 * schemas refuses NUL and the other C0 control characters and DEL with `${label}不能包含控制字符`,
 * and nothing is written. One-line fields (names, keys, codes, ids, search filters) refuse tab and
 * line breaks too; multi-line fields (remarks, comments, config values, XML, JSON-bearing fields
 * such as form content and variables) allow `\t`, `\n` and `\r` only.
 *
 * Use: `z.string().max(30).refine(isOneLine, controlCharsMessage('用户昵称'))`, or
 * `.refine(isMultiLine, …)` for multi-line fields, `.refine(isCleanValue, …)` for JSON values.
 */

/** U+0000-U+001F and U+007F: refused in one-line text. */
const LINE_CONTROL = /[\u0000-\u001F\u007F]/;
/** The same without `\t` (U+0009), `\n` (U+000A) and `\r` (U+000D): refused in multi-line text. */
const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARS_MESSAGE = '不能包含控制字符';

/** `${label}不能包含控制字符`, e.g. `用户昵称不能包含控制字符`. */
export const controlCharsMessage = (label: string) => `${label}${CONTROL_CHARS_MESSAGE}`;

/** True when `v` has no control character at all (one-line fields). */
export const isOneLine = (v: string): boolean => !LINE_CONTROL.test(v);

/** Bidirectional-text controls (issue 38 §7): U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** True when `v` is one line without bidi controls either (user and nick names, issue 38 §7: `ad\u202Emin`). */
export const isPlainName = (v: string): boolean => isOneLine(v) && !BIDI_CONTROL.test(v);

/** True when `v` has no control character other than `\t`, `\n`, `\r` (multi-line fields). */
export const isMultiLine = (v: string): boolean => !TEXT_CONTROL.test(v);

/**
 * True when every string of a JSON-like value (object keys included, at any depth) passes
 * isMultiLine; other leaves (numbers, booleans, null) pass. Walks iteratively, so a deep value
 * costs no stack (inputs are depth-checked elsewhere).
 */
export function isCleanValue(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isMultiLine(v)) return false;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [k, item] of Object.entries(v)) {
        if (!isMultiLine(k)) return false;
        stack.push(item);
      }
    }
  }
  return true;
}

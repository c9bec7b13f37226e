/**
 * Nesting depth of a JSON text without parsing it (issue 11 §2, issue 38 §6): parsing a text
 * nested 100,000 levels deep costs seconds and every later recursive walk of it overflows the
 * stack, so the depth is measured first. Used by the server's body parser (server/core/input.ts)
 * and by schemas of fields that hold JSON text (a stored form's formContent).
 */

/** Deepest nesting of objects and arrays accepted in any input (issue 11 §2: "say 64"). */
export const MAX_JSON_DEPTH = 64;

/**
 * Deepest `{`/`[` nesting of a JSON text, counting brackets outside strings only, stopping as
 * soon as `limit` is passed (returns `limit + 1` then). O(length) at worst, no recursion.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return max;
}

/** Refusal of a stored form's JSON nested deeper than MAX_JSON_DEPTH (issue 38 §6). */
export const FORM_TOO_DEEP_MESSAGE = `表单内容嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`;

/** True when `v` is not a string, or a text nested at most MAX_JSON_DEPTH levels (a zod refine). */
export const withinJsonDepth = (v: unknown): boolean => typeof v !== 'string' || jsonDepth(v) <= MAX_JSON_DEPTH;

/**
 * Building a procedure's input from what a request carries (query, JSON, form and multipart
 * bodies), safely (issue 11 §2):
 * - no key can reach a prototype: `__proto__`, `constructor` and `prototype` are refused wherever
 *   they stand (a whole key, either side of RuoYi's `params[beginTime]` bracket form, a multipart
 *   field name, a key at any depth of a JSON value);
 * - nesting is bounded: a value deeper than MAX_INPUT_DEPTH (64) is refused before anything walks
 *   it recursively, and a JSON text is measured before it is parsed, so a 1,000,000-deep body costs
 *   one scan of its first few hundred bytes and no stack.
 * Refusals are AppError 'invalid' (message): the envelope `{code: 500, msg}`, nothing changed, nothing
 * logged as a failure.
 */
import { AppError } from './errors';
import { jsonDepth, MAX_JSON_DEPTH } from '../../shared/json-depth';

/** Deepest nesting of objects and arrays accepted in any input (issue 11 §2: "say 64"). */
export const MAX_INPUT_DEPTH = MAX_JSON_DEPTH;

/** Keys that would read or write a prototype when assigned with `obj[key] = …`. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const TOO_DEEP_MESSAGE = `请求参数嵌套过深（最多 ${MAX_INPUT_DEPTH} 层）`;
export const forbiddenKeyMessage = (key: string) => `请求参数包含非法的字段名：${key}`;

/** True when `key` may be used as an own property name of an input object. */
export function isSafeKey(key: string): boolean {
  return !FORBIDDEN_KEYS.has(key);
}

function assertSafeKey(key: string, shown = key): void {
  if (!isSafeKey(key)) throw new AppError('invalid', forbiddenKeyMessage(shown));
}

/**
 * `{'params[beginTime]': x}` → `{params: {beginTime: x}}` (RuoYi's tansParams form), one level
 * deep as RuoYi sends it; other keys are copied as they are. Values are not walked: keys inside
 * them are refused by assertSafeValue, which the procedures' input guard runs on the whole input.
 * @throws AppError 'invalid' when a key, or either part of a bracket key, is `__proto__`,
 *   `constructor` or `prototype`.
 */
export function nestBrackets(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(flat)) {
    const value = flat[key];
    const m = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (m) {
      const [, outer, inner] = m;
      assertSafeKey(outer, key);
      assertSafeKey(inner, key);
      const existing = Object.prototype.hasOwnProperty.call(out, outer) ? out[outer] : undefined;
      const group = (existing && typeof existing === 'object' && !Array.isArray(existing) ? existing : {}) as Record<string, unknown>;
      group[inner] = value;
      out[outer] = group;
    } else {
      assertSafeKey(key);
      out[key] = value;
    }
  }
  return out;
}

/**
 * Checks a parsed value (JSON body, tRPC input, multipart fields): at most MAX_INPUT_DEPTH levels
 * of objects/arrays and no forbidden own key at any level. Walks iteratively and stops at the
 * first level past the limit, so its cost is bounded by the accepted part of the value.
 * @throws AppError 'invalid' (TOO_DEEP_MESSAGE | forbiddenKeyMessage(key))
 */
export function assertSafeValue(value: unknown): void {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    // Buffers (uploaded files) and dates are leaves.
    if (ArrayBuffer.isView(v) || v instanceof Date) continue;
    if (depth >= MAX_INPUT_DEPTH) throw new AppError('invalid', TOO_DEEP_MESSAGE);
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(v)) {
      assertSafeKey(key);
      stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
}

export { jsonDepth };

/**
 * Parses a JSON request body with the limits above: refuses a text nested deeper than
 * MAX_INPUT_DEPTH before parsing it, then parses with `parse` (Fastify's secure-json-parse, which
 * refuses `__proto__` / `constructor.prototype`) and checks the keys of the result.
 * @throws AppError 'invalid' for depth and keys; whatever `parse` throws for malformed JSON.
 */
export function parseJsonBody(text: string, parse: (text: string) => unknown): unknown {
  if (jsonDepth(text) > MAX_INPUT_DEPTH) throw new AppError('invalid', TOO_DEEP_MESSAGE);
  const value = parse(text);
  assertSafeValue(value);
  return value;
}

/**
 * Stored form regexes (`__config__.regList[].pattern`) without stalls (issue 38 §6). A pattern is
 * written by whoever designs a form and run against every submission, on the server and in each
 * viewer's browser, so:
 * - it is RUN with a linear-time engine (re2js, RE2's semantics): no input can make it backtrack,
 *   whatever was stored before this rule existed; compiled patterns are cached per pattern text;
 * - it is REFUSED at save (patternProblem) when longer than REGEX_MAX_LENGTH, when it does not
 *   compile, when it needs what a linear engine cannot do (lookaround, backreferences), or when it
 *   nests a repetition inside a repeated group with nothing fixed between the repeats (the
 *   catastrophic-backtracking shape of /^(\w+\s?)*$/), because the code generator writes the
 *   patterns into pages that run them with the browser's backtracking RegExp.
 * A stored pattern the linear engine cannot compile is skipped, as a pattern that does not compile
 * always was (rules.ts toRegExp).
 */
import { RE2JS } from 're2js';

/** Longest stored pattern, in characters (issue 38 §6). */
export const REGEX_MAX_LENGTH = 256;

/** A compiled stored pattern: `test` runs in linear time; `source`/`flags` as the designer stored them. */
export interface SafePattern {
  source: string;
  flags: string;
  test(value: string): boolean;
}

/** `'/body/flags'` or a bare body → `{source, flags}` (g and y dropped); null when not text or blank. */
export function splitPattern(pattern: unknown): { source: string; flags: string } | null {
  if (typeof pattern !== 'string' || !pattern.trim()) return null;
  const s = pattern.trim();
  const m = /^\/(.*)\/([dgimsuvy]*)$/s.exec(s);
  return m ? { source: m[1], flags: m[2].replace(/[gy]/g, '') } : { source: s, flags: '' };
}

/** JS regex source → RE2 syntax: `\uXXXX` and `\u{X…}` become `\x{…}`; everything else is kept. */
function toRe2Source(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c !== '\\') { out += c; continue; }
    const next = source[i + 1];
    if (next === 'u') {
      const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(source.slice(i + 2));
      const four = /^[0-9a-fA-F]{4}/.exec(source.slice(i + 2));
      if (braced) { out += `\\x{${braced[1]}}`; i += 1 + braced[0].length; continue; }
      if (four) { out += `\\x{${four[0]}}`; i += 5; continue; }
    }
    out += c + (next ?? '');
    i++;
  }
  return out;
}

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

function compileLinear(source: string, flags: string): RE2JS | null {
  try {
    let bits = 0;
    for (const f of flags) bits |= FLAG_BITS[f] ?? 0;
    return RE2JS.compile(toRe2Source(source), bits);
  } catch {
    return null;
  }
}

interface Frame { hasVar: boolean; hasFixed: boolean; alternation: boolean }
type Quant = { min: number; max: number } | null;

/** The quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, lazy or not) and its length. */
function quantAt(src: string, i: number): { q: Quant; len: number } {
  const c = src[i];
  let q: Quant = null;
  let len = 0;
  if (c === '*') { q = { min: 0, max: Infinity }; len = 1; }
  else if (c === '+') { q = { min: 1, max: Infinity }; len = 1; }
  else if (c === '?') { q = { min: 0, max: 1 }; len = 1; }
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
    if (m) {
      const min = Number(m[1]);
      q = { min, max: m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]) };
      len = m[0].length;
    }
  }
  if (q && src[i + len] === '?') len++;
  return { q, len };
}

/**
 * True when the pattern repeats a group that itself holds a variable repetition and no fixed
 * part between the repeats (`(\w+\s?)*`, `(a+)+`, `(a|b+)*`, `(.*)*`): exponential backtracking in
 * a backtracking engine. `(\d+,)*` or `([-.]\w+)*` (a fixed separator) are not flagged.
 */
export function hasNestedRepetition(source: string): boolean {
  const stack: Frame[] = [{ hasVar: false, hasFixed: false, alternation: false }];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    let atom: Frame | null = null;
    if (c === '\\') { atom = { hasVar: false, hasFixed: true, alternation: false }; i += 2; }
    else if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      atom = { hasVar: false, hasFixed: true, alternation: false };
      i = j + 1;
    } else if (c === '(') {
      stack.push({ hasVar: false, hasFixed: false, alternation: false });
      i++;
      if (source[i] === '?') {
        const m = /^\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i));
        i += m ? m[0].length : 1;
      }
      continue;
    } else if (c === ')') {
      atom = stack.length > 1 ? stack.pop()! : { hasVar: false, hasFixed: true, alternation: false };
      i++;
      const { q } = quantAt(source, i);
      if (q && q.max > 1 && atom.hasVar && (!atom.hasFixed || atom.alternation)) return true;
    } else if (c === '|') { stack[stack.length - 1].alternation = true; i++; continue; }
    else if (c === '^' || c === '$') { i++; continue; }
    else { atom = { hasVar: false, hasFixed: true, alternation: false }; i++; }
    const { q, len } = quantAt(source, i);
    i += len;
    const top = stack[stack.length - 1];
    const variable = q !== null && q.max !== q.min;
    if (atom.hasVar || variable) top.hasVar = true;
    if (!variable && (q === null || q.min > 0) && atom.hasFixed && !atom.alternation) top.hasFixed = true;
  }
  return false;
}

/**
 * Why a stored pattern is refused (issue 38 §6), or null when it may be stored: too long
 * (`正则表达式过长（最多256个字符）`), does not compile (`正则表达式格式错误`), needs lookaround or
 * backreferences (`正则表达式不支持断言或反向引用`), or may backtrack catastrophically
 * (`正则表达式存在灾难性回溯风险（重复的分组内又有重复，如 (\w+\s?)*），请改写`).
 */
export function patternProblem(pattern: unknown): string | null {
  if (typeof pattern === 'string' && pattern.trim().length > REGEX_MAX_LENGTH) return `正则表达式过长（最多${REGEX_MAX_LENGTH}个字符）`;
  const parts = splitPattern(pattern);
  if (!parts) return '正则表达式格式错误';
  try {
    new RegExp(parts.source, parts.flags);
  } catch {
    return '正则表达式格式错误';
  }
  if (!compileLinear(parts.source, parts.flags)) return '正则表达式不支持断言或反向引用';
  if (hasNestedRepetition(parts.source)) return '正则表达式存在灾难性回溯风险（重复的分组内又有重复，如 (\\w+\\s?)*），请改写';
  return null;
}

const CACHE_MAX = 500;
const cache = new Map<string, SafePattern | null>();

/**
 * A stored pattern compiled for the linear-time engine, cached per pattern text (at most 500
 * entries, oldest dropped); null when blank, longer than REGEX_MAX_LENGTH, or not compilable by
 * both JS and the linear engine. Never runs a backtracking RegExp.
 */
export function compileStoredPattern(pattern: unknown): SafePattern | null {
  if (typeof pattern !== 'string') return null;
  const hit = cache.get(pattern);
  if (hit !== undefined || cache.has(pattern)) return hit ?? null;
  let out: SafePattern | null = null;
  const parts = pattern.trim().length <= REGEX_MAX_LENGTH ? splitPattern(pattern) : null;
  if (parts) {
    let jsOk = true;
    try { new RegExp(parts.source, parts.flags); } catch { jsOk = false; }
    const re = jsOk ? compileLinear(parts.source, parts.flags) : null;
    if (re) out = { source: parts.source, flags: parts.flags, test: (value: string) => re.matcher(value).find() };
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, out);
  return out;
}

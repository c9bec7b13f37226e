/**
 * The run drawer's script (spec §5 "Form designer": the script content is JS; more than one
 * statement → 'js格式不能识别，仅支持修改export default的对象内容', no default export →
 * '请使用export default', a syntax error → 'js错误：…'). The script is `export default {…form JSON…}`.
 *
 * It is read WITHOUT eval: @lezer/javascript gives the syntax tree and only literal values are
 * converted (strings, numbers, booleans, null, arrays, objects, unary +/- numbers, template strings
 * without substitutions). Anything else (identifiers, calls, functions, spreads, computed keys,
 * `__proto__` / `constructor` / `prototype` keys) is refused with a 'js错误：…' message.
 */
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/javascript';
import type { FormConf } from '../../../components/form-render';

/** Spec §5 messages of the script. */
export const SCRIPT_MESSAGES = {
  statements: 'js格式不能识别，仅支持修改export default的对象内容',
  noDefault: '请使用export default',
  errorPrefix: 'js错误：',
} as const;

/** What parseFormScript yields. */
export type ScriptResult = { ok: true; conf: FormConf } | { ok: false; message: string };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const SKIPPED = new Set(['LineComment', 'BlockComment', ';']);

class ScriptError extends Error {}

export { formScript } from './script-text';

/** 1-based line and column of an offset. */
function position(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `第${before.length}行第${before[before.length - 1].length + 1}列`;
}

function firstError(node: SyntaxNode): SyntaxNode | null {
  const cursor = node.cursor();
  do {
    if (cursor.type.isError) return cursor.node;
  } while (cursor.next());
  return null;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** The cooked value of a string / template body (escape sequences resolved). */
function unescape(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[++i];
    if (next === undefined) break;
    if (next in SIMPLE_ESCAPES && !(next === '0' && /[0-9]/.test(body[i + 1] ?? ''))) out += SIMPLE_ESCAPES[next];
    else if (next === 'x') {
      const hex = body.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new ScriptError('无效的转义序列');
      out += String.fromCharCode(parseInt(hex, 16));
      i += 2;
    } else if (next === 'u') {
      const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(body.slice(i + 1));
      const hex = braced ? braced[1] : body.slice(i + 1, i + 5);
      const code = parseInt(hex, 16);
      if ((!braced && !/^[0-9a-fA-F]{4}$/.test(hex)) || code > 0x10ffff) throw new ScriptError('无效的转义序列');
      out += String.fromCodePoint(code);
      i += braced ? braced[0].length : 4;
    } else if (next === '\r') {
      if (body[i + 1] === '\n') i++;
    } else if (next === '\n' || next === '\u2028' || next === '\u2029') {
      // line continuation
    } else out += next;
  }
  return out;
}

function numberOf(text: string): number {
  if (/n$/.test(text)) throw new ScriptError(`不支持的数字 ${text}`);
  const n = Number(text.replace(/_/g, ''));
  if (Number.isNaN(n)) throw new ScriptError(`无效的数字 ${text}`);
  return n;
}

function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.name !== 'LineComment' && c.name !== 'BlockComment') out.push(c);
  return out;
}

function keyOf(node: SyntaxNode, text: string): string {
  const raw = text.slice(node.from, node.to);
  if (node.name === 'PropertyDefinition' || node.name === 'PropertyName') return raw;
  if (node.name === 'String') return unescape(raw.slice(1, -1));
  if (node.name === 'Number') return String(numberOf(raw));
  throw new ScriptError(`不支持的属性名 ${raw}`);
}

function valueOf(node: SyntaxNode, text: string): unknown {
  const raw = text.slice(node.from, node.to);
  switch (node.name) {
    case 'String':
      return unescape(raw.slice(1, -1));
    case 'TemplateString':
      if (node.getChild('Interpolation')) throw new ScriptError('模板字符串不能包含 ${} 表达式');
      return unescape(raw.slice(1, -1));
    case 'Number':
      return numberOf(raw);
    case 'BooleanLiteral':
      return raw === 'true';
    case 'null':
      return null;
    case 'ParenthesizedExpression': {
      const inner = children(node).filter((c) => c.name !== '(' && c.name !== ')');
      if (inner.length !== 1) throw new ScriptError(`不支持的表达式 ${raw}`);
      return valueOf(inner[0], text);
    }
    case 'UnaryExpression': {
      const [op, arg] = children(node);
      const sign = op ? text.slice(op.from, op.to) : '';
      if ((sign === '-' || sign === '+') && arg?.name === 'Number') return sign === '-' ? -numberOf(text.slice(arg.from, arg.to)) : numberOf(text.slice(arg.from, arg.to));
      throw new ScriptError(`不支持的表达式 ${raw}`);
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      let expectValue = true;
      for (const c of children(node)) {
        if (c.name === '[' || c.name === ']') continue;
        if (c.name === ',') {
          if (expectValue) throw new ScriptError('数组不能有空位');
          expectValue = true;
          continue;
        }
        out.push(valueOf(c, text));
        expectValue = false;
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const c of children(node)) {
        if (c.name === '{' || c.name === '}' || c.name === ',') continue;
        if (c.name !== 'Property') throw new ScriptError(`不支持的内容 ${text.slice(c.from, c.to)}`);
        const parts = children(c);
        const colon = parts.findIndex((p) => p.name === ':');
        if (colon !== 1 || parts.length !== 3) throw new ScriptError(`只支持 键: 值 形式的属性：${text.slice(c.from, c.to)}`);
        const key = keyOf(parts[0], text);
        if (FORBIDDEN_KEYS.has(key)) throw new ScriptError(`不允许的属性名 ${key}`);
        out[key] = valueOf(parts[2], text);
      }
      return out;
    }
    default:
      throw new ScriptError(`不支持的表达式 ${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}`);
  }
}

/**
 * Reads the run drawer's script (module comment) into a form. Errors, in order: a syntax error →
 * 'js错误：第<l>行第<c>列附近有语法错误'; more than one statement → spec message; no
 * `export default` → '请使用export default'; a non-literal value → 'js错误：<why>'; a default
 * export that is not an object with a `fields` array → 'js错误：…'.
 */
export function parseFormScript(text: string): ScriptResult {
  const source = typeof text === 'string' ? text : '';
  const tree = parser.parse(source);
  const top = tree.topNode;
  const error = firstError(top);
  if (error) return { ok: false, message: `${SCRIPT_MESSAGES.errorPrefix}${position(source, error.from)}附近有语法错误` };
  const statements = children(top).filter((c) => !SKIPPED.has(c.name));
  if (statements.length > 1) return { ok: false, message: SCRIPT_MESSAGES.statements };
  const stmt = statements[0];
  const isDefault = stmt?.name === 'ExportDeclaration' && !!stmt.getChild('default');
  if (!isDefault) return { ok: false, message: SCRIPT_MESSAGES.noDefault };
  const body = children(stmt).filter((c) => c.name !== 'export' && c.name !== 'default' && c.name !== ';');
  try {
    if (body.length !== 1) throw new ScriptError('export default 后只能是一个对象');
    const value = valueOf(body[0], source);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ScriptError('export default 的内容必须是对象');
    if (!Array.isArray((value as Record<string, unknown>).fields)) throw new ScriptError('对象缺少 fields 数组');
    return { ok: true, conf: value as FormConf };
  } catch (e) {
    if (e instanceof ScriptError) return { ok: false, message: `${SCRIPT_MESSAGES.errorPrefix}${e.message}` };
    throw e;
  }
}

/**
 * JUEL subset parser (bpmn-engines.md §2.6): jsep plus JUEL keyword operators
 * (`and or not eq ne lt gt le ge empty div mod`) and the ternary plugin, a template splitter for
 * `${…}` / `#{…}` inside text (`kermit_${loopCounter}`), limits (length, depth, node count) and a
 * compile cache. Parsing only: evaluation is evaluator.ts (no eval, Function or vm anywhere).
 */
import jsep from 'jsep';
import ternary from '@jsep-plugin/ternary';

/** jsep AST node (loose shape; the evaluator whitelists node types). */
export interface AstNode {
  type: string;
  [key: string]: unknown;
}

export const LIMITS = { maxLength: 4000, maxDepth: 48, maxNodes: 2000, maxSteps: 20000 } as const;

let configured = false;
function configure() {
  if (configured) return;
  configured = true;
  jsep.plugins.register(ternary);
  // JS-only operators are not JUEL: make them syntax errors.
  for (const op of ['|', '^', '&', '<<', '>>', '>>>', '===', '!==']) jsep.removeBinaryOp(op);
  jsep.removeUnaryOp('~');
  jsep.addBinaryOp('or', 1);
  jsep.addBinaryOp('and', 2);
  jsep.addBinaryOp('eq', 6);
  jsep.addBinaryOp('ne', 6);
  jsep.addBinaryOp('lt', 7);
  jsep.addBinaryOp('gt', 7);
  jsep.addBinaryOp('le', 7);
  jsep.addBinaryOp('ge', 7);
  jsep.addBinaryOp('div', 10);
  jsep.addBinaryOp('mod', 10);
  jsep.addUnaryOp('not');
  jsep.addUnaryOp('empty');
}

/** The error every malformed expression answers (also deploy-time: "部署失败" callers wrap it). */
export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}

function measure(node: unknown, depth: number, count: { n: number }): void {
  if (depth > LIMITS.maxDepth) throw new ExpressionError('表达式嵌套过深');
  if (++count.n > LIMITS.maxNodes) throw new ExpressionError('表达式过长');
  if (!node || typeof node !== 'object') return;
  for (const v of Object.values(node as Record<string, unknown>)) {
    if (Array.isArray(v)) for (const c of v) measure(c, depth + 1, count);
    else if (v && typeof v === 'object' && 'type' in (v as object)) measure(v, depth + 1, count);
  }
}

/** Parses one expression body (between the braces). */
export function parseExpressionBody(body: string): AstNode {
  configure();
  if (body.length > LIMITS.maxLength) throw new ExpressionError('表达式过长');
  let ast: AstNode;
  try {
    ast = jsep(body) as unknown as AstNode;
  } catch (e) {
    if (e instanceof RangeError) throw new ExpressionError('表达式嵌套过深');
    throw new ExpressionError(`表达式语法错误: ${(e as Error).message}`);
  }
  measure(ast, 0, { n: 0 });
  return ast;
}

/** A text with embedded expressions, split into literal text and parsed expression parts. */
export interface CompiledTemplate {
  source: string;
  parts: Array<string | { ast: AstNode; text: string }>;
  /** True when the whole source is exactly one `${…}`: the value keeps its type. */
  single: boolean;
}

/** Finds the `}` closing an expression opened at `start` (index of the first body char). */
function findClose(src: string, start: number): number {
  let quote: string | null = null;
  let depth = 0;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Splits and parses `text` (literal parts kept). Throws ExpressionError on bad syntax. */
export function compileTemplate(text: string): CompiledTemplate {
  if (text.length > LIMITS.maxLength * 4) throw new ExpressionError('表达式过长');
  const parts: CompiledTemplate['parts'] = [];
  let i = 0;
  let literal = '';
  while (i < text.length) {
    const c = text[i];
    if ((c === '$' || c === '#') && text[i + 1] === '{') {
      const close = findClose(text, i + 2);
      if (close < 0) throw new ExpressionError(`表达式缺少结束括号: ${text.slice(i, i + 40)}`);
      if (literal) parts.push(literal);
      literal = '';
      const body = text.slice(i + 2, close);
      if (!body.trim()) throw new ExpressionError('表达式为空');
      parts.push({ ast: parseExpressionBody(body), text: text.slice(i, close + 1) });
      i = close + 1;
    } else if (c === '\\' && (text[i + 1] === '$' || text[i + 1] === '#') && text[i + 2] === '{') {
      literal += text[i + 1];
      i += 2;
    } else {
      literal += c;
      i++;
    }
  }
  if (literal) parts.push(literal);
  return { source: text, parts, single: parts.length === 1 && typeof parts[0] !== 'string' };
}

const cache = new Map<string, CompiledTemplate>();
const CACHE_MAX = 5000;

/** compileTemplate with a bounded cache (definitions reuse the same texts). */
export function compileCached(text: string): CompiledTemplate {
  let hit = cache.get(text);
  if (!hit) {
    hit = compileTemplate(text);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(text, hit);
  }
  return hit;
}

/** True when the text contains at least one `${` or `#{`. */
export function hasExpression(text: string | undefined | null): boolean {
  return !!text && /[$#]\{/.test(text);
}

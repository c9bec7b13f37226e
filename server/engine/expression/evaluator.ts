/**
 * Whitelisting AST walker for the JUEL subset (bpmn-engines.md §2.6). Allowed nodes: Literal,
 * Identifier, MemberExpression, CallExpression (allow-listed methods only), Unary/Binary/Logical,
 * Conditional. EL coercion: `==` coerces to number when either side is a number, to boolean when
 * either is a boolean, else compares strings; `/` and `div` divide as floating point; `+` is
 * numeric. Member access reads own properties of plain data only and never `__proto__`,
 * `constructor`, `prototype`; facades (execution, task, beans) expose explicit method tables.
 */
import { ExpressionError, LIMITS, type AstNode } from './parser';

/** An object the evaluator may call into: explicit properties and methods only. */
export class Facade {
  constructor(
    readonly label: string,
    private readonly props: Record<string, () => unknown>,
    private readonly methods: Record<string, (...args: unknown[]) => unknown>,
  ) {}
  get(name: string): unknown {
    if (!Object.prototype.hasOwnProperty.call(this.props, name)) throw new ExpressionError(`${this.label} 没有属性 ${name}`);
    return this.props[name]();
  }
  call(name: string, args: unknown[]): unknown {
    if (!Object.prototype.hasOwnProperty.call(this.methods, name)) throw new ExpressionError(`${this.label} 没有方法 ${name}`);
    return this.methods[name](...args);
  }
}

/** Where identifiers come from (variables, then beans and facades). */
export interface ExpressionScope {
  /** `found: false` makes the evaluator raise "Unknown property used in expression". */
  resolve(name: string): { found: boolean; value?: unknown };
}

export class UnknownPropertyError extends ExpressionError {}

const BLOCKED = new Set(['__proto__', 'constructor', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

function isPlainData(v: unknown): v is Record<string, unknown> {
  if (!v || typeof v !== 'object') return false;
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

export function toBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'string') return v.toLowerCase() === 'true';
  throw new ExpressionError(`无法把 ${typeof v} 转换为布尔值`);
}

export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    if (v.trim() !== '' && Number.isFinite(n)) return n;
  }
  throw new ExpressionError(`无法把 ${JSON.stringify(v)?.slice(0, 40)} 转换为数字`);
}

function toText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(toText).join(', ')}]`;
  if (isPlainData(v)) return JSON.stringify(v);
  throw new ExpressionError('无法把对象转换为文本');
}
export { toText as expressionText };

function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' || typeof b === 'number') return toNumber(a) === toNumber(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return toBoolean(a) === toBoolean(b);
  if (typeof a === 'string' || typeof b === 'string') return toText(a) === toText(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = toNumber(a);
  const y = toNumber(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isPlainData(v)) return Object.keys(v).length === 0;
  return false;
}

function memberOf(obj: unknown, key: unknown): unknown {
  const k = typeof key === 'number' ? key : toText(key);
  if (typeof k === 'string' && BLOCKED.has(k)) throw new ExpressionError(`禁止访问属性 ${k}`);
  if (obj === null || obj === undefined) return null;
  if (obj instanceof Facade) return obj.get(String(k));
  if (Array.isArray(obj)) {
    const idx = typeof k === 'number' ? k : Number(k);
    if (!Number.isInteger(idx)) throw new ExpressionError(`数组下标无效 ${String(k)}`);
    return idx >= 0 && idx < obj.length ? obj[idx] : null;
  }
  if (isPlainData(obj)) return Object.prototype.hasOwnProperty.call(obj, k) ? obj[k as string] : null;
  throw new ExpressionError(`无法读取 ${typeof obj} 的属性 ${String(k)}`);
}

function callMethod(obj: unknown, name: string, args: unknown[]): unknown {
  if (BLOCKED.has(name)) throw new ExpressionError(`禁止调用 ${name}`);
  if (obj instanceof Facade) return obj.call(name, args);
  if (typeof obj === 'string') {
    const s = obj;
    switch (name) {
      case 'contains': return s.includes(toText(args[0]));
      case 'equals': return args[0] !== null && args[0] !== undefined && s === toText(args[0]);
      case 'equalsIgnoreCase': return s.toLowerCase() === toText(args[0]).toLowerCase();
      case 'substring': {
        const a = toNumber(args[0]);
        const b = args.length > 1 ? toNumber(args[1]) : s.length;
        if (a < 0 || b > s.length || a > b) throw new ExpressionError('substring 下标越界');
        return s.substring(a, b);
      }
      case 'startsWith': return s.startsWith(toText(args[0]));
      case 'endsWith': return s.endsWith(toText(args[0]));
      case 'length': case 'size': return s.length;
      case 'toUpperCase': return s.toUpperCase();
      case 'toLowerCase': return s.toLowerCase();
      case 'trim': return s.trim();
      case 'isEmpty': return s.length === 0;
      case 'indexOf': return s.indexOf(toText(args[0]));
      default: break;
    }
  } else if (Array.isArray(obj)) {
    switch (name) {
      case 'contains': return obj.some((x) => equals(x, args[0]));
      case 'size': case 'length': return obj.length;
      case 'isEmpty': return obj.length === 0;
      case 'get': return memberOf(obj, toNumber(args[0]));
      default: break;
    }
  } else if (isPlainData(obj)) {
    switch (name) {
      case 'containsKey': return Object.prototype.hasOwnProperty.call(obj, toText(args[0]));
      case 'get': return memberOf(obj, args[0]);
      case 'size': return Object.keys(obj).length;
      case 'isEmpty': return Object.keys(obj).length === 0;
      default: break;
    }
  }
  throw new ExpressionError(`不允许调用方法 ${name}`);
}

/** Evaluates one parsed expression; `text` is the original `${…}` for error messages. */
export function evaluateAst(ast: AstNode, scope: ExpressionScope, text: string): unknown {
  let steps = 0;
  const visit = (n: AstNode): unknown => {
    if (++steps > LIMITS.maxSteps) throw new ExpressionError('表达式计算步数超限');
    switch (n.type) {
      case 'Literal': return n.value;
      case 'Identifier': {
        const name = n.name as string;
        if (BLOCKED.has(name)) throw new ExpressionError(`禁止访问 ${name}`);
        const r = scope.resolve(name);
        if (!r.found) throw new UnknownPropertyError(`Unknown property used in expression: ${text}`);
        return r.value;
      }
      case 'MemberExpression': {
        const obj = visit(n.object as AstNode);
        const prop = n.property as AstNode;
        const key = n.computed ? visit(prop) : prop.type === 'Identifier' ? prop.name : undefined;
        if (key === undefined) throw new ExpressionError('不支持的属性访问');
        return memberOf(obj, key);
      }
      case 'CallExpression': {
        const callee = n.callee as AstNode;
        if (callee.type !== 'MemberExpression' || callee.computed) throw new ExpressionError('只允许调用对象的方法');
        const obj = visit(callee.object as AstNode);
        const name = (callee.property as AstNode).name as string;
        const args = (n.arguments as AstNode[]).map(visit);
        return callMethod(obj, name, args);
      }
      case 'UnaryExpression': {
        const op = n.operator as string;
        const v = visit(n.argument as AstNode);
        if (op === '!' || op === 'not') return !toBoolean(v);
        if (op === 'empty') return isEmpty(v);
        if (op === '-') return -toNumber(v);
        if (op === '+') return toNumber(v);
        throw new ExpressionError(`不支持的运算符 ${op}`);
      }
      case 'BinaryExpression':
      case 'LogicalExpression': {
        const op = n.operator as string;
        if (op === '&&' || op === 'and') return toBoolean(visit(n.left as AstNode)) ? toBoolean(visit(n.right as AstNode)) : false;
        if (op === '||' || op === 'or') return toBoolean(visit(n.left as AstNode)) ? true : toBoolean(visit(n.right as AstNode));
        const a = visit(n.left as AstNode);
        const b = visit(n.right as AstNode);
        switch (op) {
          case '==': case 'eq': return equals(a, b);
          case '!=': case 'ne': return !equals(a, b);
          case '<': case 'lt': return a !== null && b !== null && compare(a, b) < 0;
          case '>': case 'gt': return a !== null && b !== null && compare(a, b) > 0;
          case '<=': case 'le': return a !== null && b !== null && compare(a, b) <= 0;
          case '>=': case 'ge': return a !== null && b !== null && compare(a, b) >= 0;
          case '+': return toNumber(a) + toNumber(b);
          case '-': return toNumber(a) - toNumber(b);
          case '*': return toNumber(a) * toNumber(b);
          case '/': case 'div': return toNumber(a) / toNumber(b);
          case '%': case 'mod': return toNumber(a) % toNumber(b);
          default: throw new ExpressionError(`不支持的运算符 ${op}`);
        }
      }
      case 'ConditionalExpression':
        return toBoolean(visit(n.test as AstNode)) ? visit(n.consequent as AstNode) : visit(n.alternate as AstNode);
      default:
        throw new ExpressionError(`不支持的表达式类型 ${n.type}`);
    }
  };
  return visit(ast);
}

/**
 * The invoke-target grammar of RuoYi's `JobInvokeUtil` (reference §5), parsed and never evaluated:
 *
 *   target := name '.' method [ '(' [ arg { ',' arg } ] ')' ]
 *   name   := identifier { '.' identifier }     (one identifier: a bean; more: a class name)
 *   arg    := 'text' | "text"                   → String  (quotes stripped)
 *           | true | false (any case)           → Boolean
 *           | [-]digits 'L'                     → Long    (safe integer)
 *           | [-]number 'D'                     → Double
 *           | [-]digits                         → Integer (32-bit)
 *
 * Commas inside quotes do not split. Shape out: `{bean, method, classForm, args: [{type, value}]}`.
 * Errors come back as `{ok: false, error}` (a Chinese sentence naming the bad part); callers
 * answer 目标字符串不在白名单内 for any of them.
 */

export type ArgType = 'String' | 'Boolean' | 'Long' | 'Double' | 'Integer';
export type ArgValue = string | boolean | number;

export interface InvokeArg {
  type: ArgType;
  value: ArgValue;
}

export interface InvokeTarget {
  /** Bean name (`ryTask`) or, in class form, the class name (`java.lang.Runtime`). */
  bean: string;
  method: string;
  /** True when the part before the method has a dot (RuoYi: a fully qualified class). */
  classForm: boolean;
  args: InvokeArg[];
}

export type ParsedTarget = { ok: true; target: InvokeTarget } | { ok: false; error: string };

const IDENT = /^[A-Za-z_$][\w$]*$/;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Splits `text` on commas outside single or double quotes; null when a quote is left open. */
export function splitArgs(text: string): string[] | null {
  const out: string[] = [];
  let quote: string | null = null;
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === ',') {
      out.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quote) return null;
  out.push(current);
  return out;
}

/** One argument by RuoYi's rules, or an error sentence. */
export function parseArg(raw: string): InvokeArg | string {
  const s = raw.trim();
  if (s === '') return '参数不能为空';
  if (s[0] === "'" || s[0] === '"') {
    if (s.length < 2 || s[s.length - 1] !== s[0]) return `字符串参数 ${s} 引号不匹配`;
    return { type: 'String', value: s.slice(1, -1) };
  }
  if (/^(true|false)$/i.test(s)) return { type: 'Boolean', value: s.toLowerCase() === 'true' };
  if (s.endsWith('L')) {
    if (!/^-?\d+L$/.test(s)) return `长整型参数 ${s} 格式错误`;
    const n = Number(s.slice(0, -1));
    return Number.isSafeInteger(n) ? { type: 'Long', value: n } : `长整型参数 ${s} 超出范围`;
  }
  if (s.endsWith('D')) {
    if (!/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?D$/.test(s)) return `浮点型参数 ${s} 格式错误`;
    const n = Number(s.slice(0, -1));
    return Number.isFinite(n) ? { type: 'Double', value: n } : `浮点型参数 ${s} 超出范围`;
  }
  if (!/^-?\d+$/.test(s)) return `参数 ${s} 无法识别（字符串须加引号，长整型以 L 结尾，浮点型以 D 结尾）`;
  const n = Number(s);
  return n >= INT32_MIN && n <= INT32_MAX ? { type: 'Integer', value: n } : `整型参数 ${s} 超出范围`;
}

/** Parses `bean.method(args)`; see the file header. */
export function parseInvokeTarget(text: string): ParsedTarget {
  const s = (text ?? '').trim();
  const open = s.indexOf('(');
  let head = s;
  let argText = '';
  if (open >= 0) {
    if (!s.endsWith(')')) return { ok: false, error: '调用目标须以 ) 结尾' };
    head = s.slice(0, open).trim();
    argText = s.slice(open + 1, -1).trim();
  }
  const dot = head.lastIndexOf('.');
  if (dot <= 0) return { ok: false, error: '调用目标须为 bean.method(...) 形式' };
  const bean = head.slice(0, dot);
  const method = head.slice(dot + 1);
  if (!bean.split('.').every((p) => IDENT.test(p)) || !IDENT.test(method)) return { ok: false, error: `调用目标 ${head} 含非法名称` };
  const args: InvokeArg[] = [];
  if (argText !== '') {
    const parts = splitArgs(argText);
    if (!parts) return { ok: false, error: '字符串参数引号不匹配' };
    for (const part of parts) {
      const arg = parseArg(part);
      if (typeof arg === 'string') return { ok: false, error: arg };
      args.push(arg);
    }
  }
  return { ok: true, target: { bean, method, classForm: bean.includes('.'), args } };
}

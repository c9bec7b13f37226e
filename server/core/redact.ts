/**
 * Secrets out of every log (issue 11 §4 "logs"): the one rule that both the operation log
 * (core/audit.ts) and the pino logger (server/logging.ts) apply to what they record.
 *
 * A secret is the value of a key named password, oldPassword, newPassword, confirmPassword (any
 * key ending in `password`, `secret`, `pwd` or `passwd`), secret, token, accessToken, refreshToken, Authorization,
 * cookie, privateKey or apiKey, compared without case, `_` or `-`. It is found wherever a body can
 * carry one:
 * - plain objects and arrays, at any depth (JSON bodies, multipart fields, tRPC input);
 * - strings that are themselves JSON (a `text/plain` body holding `{"password": …}`) or
 *   form-encoded text (`username=a&password=…`, also `user[password]=…`), at any depth.
 * Class instances (Buffers, Dates, Errors, requests) are kept as they are: pino's serializers and
 * JSON.stringify turn them into text later; plain objects with a `toJSON` are redacted as it gives.
 */

const SECRET_NAMES: ReadonlySet<string> = new Set([
  'password', 'secret', 'token', 'accesstoken', 'refreshtoken', 'authorization', 'cookie', 'privatekey', 'apikey', 'xapikey',
]);

/** Nesting followed before a value is replaced by CUT (inputs are at most 64 deep, core/input.ts). */
const MAX_DEPTH = 80;
const CUT = '[…]';

/** Only strings naming a secret somewhere are parsed (cheap test before JSON.parse / split). */
const MAY_HOLD_SECRET = /pass|pwd|secret|token|authori|cookie|key/i;
/**
 * What can hide a secret's name from MAY_HOLD_SECRET in text the parse below decodes: `%`
 * escapes (form keys are percent-decoded), `\` escapes (JSON keys may be written `\u0070assword`
 * or hold `\t`), the `_`, `-`, whitespace and `+` that isSecretKey and form decoding drop, and
 * the only two characters whose lower case is an ASCII letter (U+0130 İ, U+212A Kelvin K).
 */
const MAY_HIDE_NAME = /[%\\_+\s\u0130\u212a-]/;
const JSON_ESCAPE = /\\u([0-9a-fA-F]{4})|\\[tnrf]/g;
const PERCENT_RUN = /(?:%[0-9a-fA-F]{2})+/g;

function decodePercentRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * True when `text` may name a secret once decoded as the parse below decodes it (JSON escapes,
 * percent escapes, `+`) and compared as isSecretKey compares (lower case, without `_`, `-`,
 * whitespace). Never false for a text whose parse would find a secret: it decodes at least as
 * much as JSON.parse and decodeFormPart do, and drops at least what isSecretKey drops.
 * Example: `u=a&%70assword=x` and `{"to_ken":"t"}` → true; `提交` and `2026-11-27` → false.
 */
function mayHoldSecret(text: string): boolean {
  if (MAY_HOLD_SECRET.test(text)) return true;
  if (!MAY_HIDE_NAME.test(text)) return false;
  const decoded = text.replace(JSON_ESCAPE, (_m, hex: string | undefined) => (hex ? String.fromCharCode(parseInt(hex, 16)) : ' '))
    .replace(PERCENT_RUN, decodePercentRun);
  return MAY_HOLD_SECRET.test(decoded.toLowerCase().replace(/[-_\s+]/g, ''));
}

/** True when `key` names a secret (see the file comment), e.g. `Password`, `new_password`, `user_pwd`, `Authorization`. */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_\s]/g, '');
  // `*pwd` / `*passwd` (user_pwd, newPwd) too: RuoYi-style clients name passwords so (issue 38 §7).
  return SECRET_NAMES.has(k) || k.endsWith('password') || k.endsWith('secret') || k.endsWith('pwd') || k.endsWith('passwd');
}

const isPlainObject = (v: object): v is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

function decodeFormPart(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** `a=1&password=x` → `a=1` (censor undefined) or `a=1&password=<censor>`; other pairs verbatim. */
function redactForm(text: string, censor: string | undefined): string {
  const pairs = text.split('&');
  const kept: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const names = decodeFormPart(rawKey).trim().split(/[[\].]/).filter(Boolean);
    if (eq >= 0 && names.some(isSecretKey)) {
      if (censor !== undefined) kept.push(`${rawKey}=${censor}`);
    } else kept.push(pair);
  }
  return kept.join('&');
}

function redactString(text: string, censor: string | undefined, depth: number, seen: WeakSet<object>): string {
  if (!mayHoldSecret(text)) return text;
  const t = text.trim();
  if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']')) || (t.startsWith('"') && t.endsWith('"'))) {
    try {
      return JSON.stringify(walk(JSON.parse(t), censor, depth + 1, seen));
    } catch {
      // not JSON after all: treat it as text below
    }
  }
  return t.includes('=') ? redactForm(text, censor) : text;
}

function walk(value: unknown, censor: string | undefined, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactString(value, censor, depth, seen);
  if (value === null || typeof value !== 'object') return value;
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  if (depth >= MAX_DEPTH) return CUT;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => walk(v, censor, depth + 1, seen));
    if (typeof value.toJSON === 'function') return walk((value.toJSON as () => unknown)(), censor, depth, seen);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (isSecretKey(key)) {
        if (censor !== undefined) out[key] = censor;
      } else out[key] = walk(value[key], censor, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/**
 * A copy of `value` with every secret (see the file comment) removed, or replaced by `censor` when
 * one is given: objects lose the key (or carry `censor`), JSON strings are redacted and written
 * back as JSON text, form-encoded strings lose the pair (or carry `key=<censor>`). Never throws;
 * cycles become `[Circular]`, nesting past 80 levels becomes `[…]`.
 *
 * Example: `redactSecrets('{"username":"a","password":"x"}')` → `'{"username":"a"}'`;
 * `redactSecrets({ body: 'u=a&password=x' }, '[REDACTED]')` → `{ body: 'u=a&password=[REDACTED]' }`.
 */
export function redactSecrets<T>(value: T, censor?: string): T {
  return walk(value, censor, 0, new WeakSet()) as T;
}

/**
 * Query keys whose values are secrets wherever a URL is logged (issue 38 §7): the key, percent-
 * and `+`-decoded and compared in lower case without `_`, `-` and whitespace, contains one of
 * these (`oldPassword`, `user_pwd`, `refresh-token`, `client_secret`, `x[newPassword]`,
 * `old%50assword`, `Authorization`).
 */
const SECRET_QUERY_KEY = /password|passwd|pwd|token|secret|authorization|apikey|cookie/;

/** True when the (raw, possibly percent-encoded) query key `rawKey` names a secret (SECRET_QUERY_KEY). */
export function isSecretQueryKey(rawKey: string): boolean {
  return SECRET_QUERY_KEY.test(decodeFormPart(rawKey).toLowerCase().replace(/[-_\s]/g, ''));
}

/** `key=value` after `?`, `&` or whitespace in a raw URL or a plain text; the value ends at `&` or whitespace. */
const TEXT_PAIR = /(^|[?&\s])([^=&?\s]+)=([^&\s]*)/g;
/** The same inside JSON text (a log line): a value also ends at an unescaped `"`; a key may start a string. */
const JSON_PAIR = /(^|[?&\s"])([^=&?\s"\\]+)=((?:\\.|[^&\s"\\])*)/g;

function maskPairs(text: string, pair: RegExp, censor: string): string {
  if (!text.includes('=')) return text;
  return text.replace(pair, (whole: string, sep: string, key: string) => (isSecretQueryKey(key) ? `${sep}${key}=${censor}` : whole));
}

/**
 * `text` (a raw URL such as `/system/user/profile/updatePwd?oldPassword=a&newPassword=b`, or a
 * message quoting one) with the value of every secret query key (isSecretQueryKey) replaced by
 * `censor`; every other pair, the path and the key names are kept. Issue 38 §7.
 * Example: `maskQuerySecrets('/a?pwd=x&page=2')` → `'/a?pwd=[REDACTED]&page=2'`.
 */
export function maskQuerySecrets(text: string, censor = '[REDACTED]'): string {
  return maskPairs(text, TEXT_PAIR, censor);
}

/**
 * maskQuerySecrets for one JSON log line (issue 38 §7): values also end at the closing quote of
 * the JSON string that holds them, and escapes (`\"`, `\\`) inside a value are masked with it, so
 * the line stays valid JSON.
 */
export function maskQuerySecretsInJson(line: string, censor = '[REDACTED]'): string {
  return maskPairs(line, JSON_PAIR, censor);
}

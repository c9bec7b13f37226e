/**
 * The input builder (core/input.ts, issue 11 §2): examples plus property-based fuzzing with
 * fast-check — whatever keys and values arrive, no prototype changes, no forbidden key survives,
 * and depth is measured and refused the same way a recursive reference would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertSafeValue, forbiddenKeyMessage, isSafeKey, jsonDepth, MAX_INPUT_DEPTH, nestBrackets, parseJsonBody, TOO_DEEP_MESSAGE } from './input';

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];

/** An object whose own keys are exactly `entries`' keys, `__proto__` included, as JSON.parse makes them. */
function ownRecord(entries: Array<[string, unknown]>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, configurable: true, writable: true });
  return o;
}

const keyArb = fc.oneof(
  fc.string(),
  fc.constantFrom(...FORBIDDEN, 'params', 'pageSize', 'issuer', 'roleIds'),
  fc.tuple(fc.constantFrom(...FORBIDDEN, 'params', 'a', 'x'), fc.constantFrom(...FORBIDDEN, 'beginTime', 'issuer', 'pageSize', 'y'))
    .map(([outer, inner]) => `${outer}[${inner}]`),
);
const valueArb = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
const flatArb = fc.array(fc.tuple(keyArb, valueArb), { maxLength: 8 }).map(ownRecord);

const protoSnapshot = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** Every object reachable from `v` has Object.prototype (or Array.prototype) and only safe own keys. */
function cleanTree(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (Array.isArray(v)) return v.every(cleanTree);
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.keys(v).every((k) => isSafeKey(k) && cleanTree((v as Record<string, unknown>)[k]));
}

/** Reference: some object reachable from `x` has an own key isSafeKey refuses (small values only). */
function hasUnsafeKey(x: unknown): boolean {
  return x !== null && typeof x === 'object' && (Array.isArray(x)
    ? x.some(hasUnsafeKey) : Object.keys(x).some((k) => !isSafeKey(k) || hasUnsafeKey((x as Record<string, unknown>)[k])));
}

/** Reference: nesting depth of objects/arrays, recursively (small values only). */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  const children = Array.isArray(v) ? v : Object.values(v as object);
  return 1 + children.reduce<number>((m, c) => Math.max(m, depthOf(c)), 0);
}

function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

describe('nestBrackets', () => {
  it('nests params[beginTime] keys as RuoYi tansParams sends them', () => {
    expect(nestBrackets({ 'params[beginTime]': '2026-01-01', 'params[endTime]': '2026-01-31', pageNum: '1' }))
      .toEqual({ params: { beginTime: '2026-01-01', endTime: '2026-01-31' }, pageNum: '1' });
  });

  it.each(['__proto__[issuer]', 'a[__proto__]', 'constructor[prototype]', '__proto__', 'prototype', 'params[constructor]'])(
    'refuses %s and leaves Object.prototype alone', (key) => {
      const before = protoSnapshot();
      expect(() => nestBrackets(ownRecord([[key, { polluted: 'yes' }]]))).toThrow(AppError);
      expect(protoSnapshot()).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).issuer).toBeUndefined();
    });

  it('leaves keys inside a value to the input guard, which refuses them (fast-check counterexample)', () => {
    // nestBrackets reads a request part's own keys only; the whole input then goes through
    // assertSafeValue (the procedures' input guard, trpc/procedures.ts), as the REST adapter does.
    const out = nestBrackets(ownRecord([['', ownRecord([['prototype', '']])]]));
    expect(Object.keys(out)).toEqual(['']);
    expect(() => assertSafeValue(out)).toThrow(forbiddenKeyMessage('prototype'));
  });

  it('fuzz: never changes a prototype; nestBrackets then the input guard refuse with AppError or give a clean tree', () => {
    const before = protoSnapshot();
    fc.assert(fc.property(flatArb, (flat) => {
      let out: Record<string, unknown> | undefined;
      try {
        out = nestBrackets(flat);
        assertSafeValue(out);
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        const forbiddenKey = Object.keys(flat).some((k) => FORBIDDEN.some((f) => k === f || k.startsWith(`${f}[`) || k.endsWith(`[${f}]`)));
        expect(forbiddenKey || Object.values(flat).some(hasUnsafeKey)).toBe(true);
        expect(protoSnapshot()).toBe(before);
        return;
      }
      expect(cleanTree(out)).toBe(true);
      expect(protoSnapshot()).toBe(before);
      expect(({} as Record<string, unknown>).issuer).toBeUndefined();
      expect(({} as Record<string, unknown>).pageSize).toBeUndefined();
    }), { numRuns: 2000 });
  });
});

describe('assertSafeValue', () => {
  it('accepts 64 levels and refuses 65', () => {
    expect(() => assertSafeValue(JSON.parse(nested(MAX_INPUT_DEPTH, 'array')))).not.toThrow();
    expect(() => assertSafeValue(JSON.parse(nested(MAX_INPUT_DEPTH + 1, 'array')))).toThrow(TOO_DEEP_MESSAGE);
    expect(() => assertSafeValue(JSON.parse(nested(MAX_INPUT_DEPTH + 1, 'object')))).toThrow(TOO_DEEP_MESSAGE);
  });

  it('refuses a 10,000-deep array without overflowing the stack', () => {
    expect(() => assertSafeValue(JSON.parse(nested(10_000, 'array')))).toThrow(TOO_DEEP_MESSAGE);
  });

  it('refuses forbidden own keys at any depth (as JSON.parse creates them)', () => {
    expect(() => assertSafeValue(JSON.parse('{"a":[{"b":{"__proto__":{"x":1}}}]}'))).toThrow('__proto__');
    expect(() => assertSafeValue(JSON.parse('{"constructor":{"prototype":{"x":1}}}'))).toThrow('constructor');
    expect(() => assertSafeValue({ file: Buffer.from('x'), when: new Date(), list: [1, 'a', null] })).not.toThrow();
  });

  it('fuzz: refuses exactly the values a recursive reference finds too deep or unsafe', () => {
    const jsonWithKeys = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.boolean(), fc.constant(null),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom(...FORBIDDEN)), tie('value')), { maxLength: 3 }).map(ownRecord)),
    })).value;
    fc.assert(fc.property(jsonWithKeys, (v) => {
      const refused = (() => { try { assertSafeValue(v); return false; } catch { return true; } })();
      expect(refused).toBe(hasUnsafeKey(v) || depthOf(v) > MAX_INPUT_DEPTH);
    }), { numRuns: 1000 });
  });
});

describe('jsonDepth and parseJsonBody', () => {
  it('fuzz: matches the reference depth of any JSON value, strings with brackets included', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      expect(jsonDepth(JSON.stringify(v), 10_000)).toBe(depthOf(v));
    }), { numRuns: 1000 });
  });

  it('stops measuring at the limit: a 1,000,000-deep object is refused before parsing', () => {
    let parsed = false;
    const text = nested(1_000_000, 'object');
    expect(jsonDepth(text)).toBe(MAX_INPUT_DEPTH + 1);
    expect(() => parseJsonBody(text, (t) => { parsed = true; return JSON.parse(t); })).toThrow(TOO_DEEP_MESSAGE);
    expect(parsed).toBe(false);
  });

  it('parses what is within the limits', () => {
    expect(parseJsonBody('{"a":"[[[{{{","b":[1,2]}', JSON.parse)).toEqual({ a: '[[[{{{', b: [1, 2] });
  });
});

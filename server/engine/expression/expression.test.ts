import { describe, expect, it } from 'vitest';
import { evaluate, evaluateCondition, mapScope, Facade, ExpressionError, UnknownPropertyError } from './index';

const s = (vars: Record<string, unknown>) => mapScope(vars);

describe('JUEL subset', () => {
  it('comparisons, logic, keyword operators and coercion', () => {
    expect(evaluate('${input == 1}', s({ input: 1 }))).toBe(true);
    expect(evaluate('${input >= 2}', s({ input: 5 }))).toBe(true);
    expect(evaluate('${a eq "x" and not b}', s({ a: 'x', b: false }))).toBe(true);
    expect(evaluate('${a ne \'x\' or b}', s({ a: 'x', b: 'true' }))).toBe(true);
    expect(evaluate("${vacationApproved == 'true'}", s({ vacationApproved: true }))).toBe(true);
    expect(evaluate("${n == '5'}", s({ n: 5 }))).toBe(true);
    expect(evaluate('${n lt 3 && n gt 1 && n le 2 && n ge 2}', s({ n: 2 }))).toBe(true);
    expect(evaluate('${x > 3 ? "big" : "small"}', s({ x: 4 }))).toBe('big');
    expect(evaluate('${approveResult == "pass"}', s({ approveResult: 'pass' }))).toBe(true);
  });
  it('floating division and arithmetic', () => {
    expect(evaluate('${nrOfCompletedInstances/nrOfInstances >= 0.6 }', s({ nrOfCompletedInstances: 3, nrOfInstances: 5 }))).toBe(true);
    expect(evaluate('${3 div 2}', s({}))).toBe(1.5);
    expect(evaluate('${7 mod 4 + 2 * 3 - -1}', s({}))).toBe(10);
    expect(evaluate('${5}', s({}))).toBe(5);
  });
  it('empty, member access, methods', () => {
    expect(evaluate('${empty list}', s({ list: [] }))).toBe(true);
    expect(evaluate('${empty name}', s({ name: 'x' }))).toBe(false);
    expect(evaluate("${form.user['name']}", s({ form: { user: { name: '张三' } } }))).toBe('张三');
    expect(evaluate('${form.missing}', s({ form: {} }))).toBe(null);
    expect(evaluate("${'Activiti'.substring(0,3)}", s({}))).toBe('Act');
    expect(evaluate("${list.contains('b') && s.startsWith('ab') && s.endsWith('c') && s.length() == 3}", s({ list: ['a', 'b'], s: 'abc' }))).toBe(true);
    expect(evaluate("${s.toUpperCase().equals('ABC')}", s({ s: 'abc' }))).toBe(true);
  });
  it('templates', () => {
    expect(evaluate('kermit_${loopCounter}', s({ loopCounter: 2 }))).toBe('kermit_2');
    expect(evaluate('My Task ${loopCounter}', s({ loopCounter: 0 }))).toBe('My Task 0');
    expect(evaluate('#{approval}', s({ approval: '1,2' }))).toBe('1,2');
    expect(evaluate('plain', s({}))).toBe('plain');
    expect(evaluate("${'a}b'}", s({}))).toBe('a}b');
  });
  it('unknown variables fail like Flowable', () => {
    expect(() => evaluate('${input == 1}', s({ iinput: 1 }))).toThrow(UnknownPropertyError);
    expect(() => evaluate('${input == 1}', s({}))).toThrow('Unknown property used in expression: ${input == 1}');
  });
  it('facades expose only their tables', () => {
    const vars: Record<string, unknown> = {};
    const execution = new Facade('execution', { eventName: () => 'end' }, { setVariable: (n, v) => { vars[String(n)] = v; } });
    const scope = { resolve: (n: string) => (n === 'execution' ? { found: true, value: execution } : { found: false }) };
    evaluate("${execution.setVariable('x', execution.eventName)}", scope);
    expect(vars.x).toBe('end');
    expect(() => evaluate('${execution.constructor}', scope)).toThrow(ExpressionError);
    expect(() => evaluate('${execution.delete()}', scope)).toThrow(ExpressionError);
  });
  it('conditions coerce', () => {
    expect(evaluateCondition('${flag}', s({ flag: 'true' }))).toBe(true);
    expect(evaluateCondition('${flag}', s({ flag: null }))).toBe(false);
  });
});

describe('hostile inputs fail cleanly', () => {
  const hostile = [
    '${__proto__}', '${a.__proto__}', "${a['__proto__'].polluted}", '${a.constructor}', "${a['constructor']['constructor']('return process')()}",
    '${a.prototype}', '${"x".constructor}', '${list.constructor}', "${''.substring.call}", '${this}', '${[1,2]}', '${a = 1}',
    '${a === 1}', '${a | 1}', '${~a}', '${a, b}', '${process.exit()}', '${globalThis}', '${eval("1")}', '${Function("x")}',
    '${a.b.c.d()}', '${1 +}', '${', '${}', '${"unterminated}', '${a[}', `\${${'('.repeat(5000)}1${')'.repeat(5000)}}`,
    `\${${'a.'.repeat(3000)}a}`, `\${${'1+'.repeat(20000)}1}`, `\${${'!'.repeat(100000)}a}`, `\${'${'x'.repeat(100000)}'}`,
    '${a.toString()}', '${a.valueOf()}', '${a.hasOwnProperty("b")}', '${a.__defineGetter__("x", 1)}', '${s.constructor.name}',
  ];
  for (const h of hostile) {
    it(`refuses ${h.slice(0, 40)}`, () => {
      const vars = { a: { b: { c: {} } }, list: [1], s: 'str' };
      let result: unknown;
      try {
        result = evaluate(h, s(vars));
      } catch (e) {
        expect(e).toBeInstanceOf(Error);
        expect(e).not.toBeInstanceOf(RangeError);
        return;
      } finally {
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
      }
      // Whatever evaluates must be plain data, never a function or a prototype.
      expect(typeof result).not.toBe('function');
    });
  }
  it('random garbage never escapes as a non-Error or hangs', () => {
    const alphabet = "${}#()[].'\"!&|=<>+-*/%?:, abcempty not and or div mod __proto__ constructor 0123456789";
    let seed = 42;
    const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
    for (let i = 0; i < 3000; i++) {
      let str = '${';
      const len = Math.floor(rnd() * 40);
      for (let j = 0; j < len; j++) str += alphabet[Math.floor(rnd() * alphabet.length)];
      str += '}';
      try {
        const v = evaluate(str, s({ a: 1, b: 'x', c: [1, 2] }));
        expect(typeof v).not.toBe('function');
      } catch (e) {
        expect(e).toBeInstanceOf(Error);
        expect(e).not.toBeInstanceOf(RangeError);
      }
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

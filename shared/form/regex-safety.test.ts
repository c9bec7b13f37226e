/** Issue 38 §6: stored regexes are refused when unsafe and always run in linear time. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileStoredPattern, hasNestedRepetition, patternProblem, REGEX_MAX_LENGTH } from './regex-safety';
import { checkValue, fieldRules, toRegExp } from './rules';

afterEach(() => { vi.restoreAllMocks(); });

describe('patternProblem (refused at save)', () => {
  it.each(['/^(\\w+\\s?)*$/', '^(a+)+$', '(a|b+)*c', '(.*)*', '^(a*b?)+$', '((ab)*c?)+', '(?:x+)*'])('refuses catastrophic backtracking %s', (p) => {
    expect(patternProblem(p)).toBe('正则表达式存在灾难性回溯风险（重复的分组内又有重复，如 (\\w+\\s?)*），请改写');
  });

  it.each([
    '/^1(3|4|5|7|8|9)\\d{9}$/', '/^\\w+([-+.]\\w+)*@\\w+([-.]\\w+)*\\.\\w+([-.]\\w+)*$/', '/^[\\u4e00-\\u9fa5]+$/', '^\\d+(,\\d+)*$',
    '/^\\d{17}[\\dXx]$/', '/^(\\d{3}-)?\\d{8}$/i', '/^[a-z]{2,}$/', '(ab)+', '^(\\d{3})+$',
  ])('accepts %s', (p) => {
    expect(patternProblem(p)).toBeNull();
    expect(hasNestedRepetition(p.replace(/^\/|\/[a-z]*$/g, ''))).toBe(false);
  });

  it('refuses lookaround, backreferences, bad syntax and length over the cap', () => {
    expect(patternProblem('/^(?=.*\\d).{8,}$/')).toBe('正则表达式不支持断言或反向引用');
    expect(patternProblem('(a)\\1')).toBe('正则表达式不支持断言或反向引用');
    expect(patternProblem('/(/')).toBe('正则表达式格式错误');
    expect(patternProblem('')).toBe('正则表达式格式错误');
    expect(patternProblem(42)).toBe('正则表达式格式错误');
    expect(patternProblem('a'.repeat(REGEX_MAX_LENGTH))).toBeNull();
    expect(patternProblem('a'.repeat(REGEX_MAX_LENGTH + 1))).toBe(`正则表达式过长（最多${REGEX_MAX_LENGTH}个字符）`);
  });

  it('keeps refused patterns out of the generated code (toRegExp)', () => {
    expect(toRegExp('/^(\\w+\\s?)*$/')).toBeNull();
    expect(toRegExp(/^(a+)+$/)).toBeNull();
    expect(toRegExp('/^a$/i')!.flags).toBe('i');
  });
});

describe('compileStoredPattern (run in linear time)', () => {
  it('keeps JS semantics for flags, anchors and \\u escapes', () => {
    expect(compileStoredPattern('/^abc$/i')!.test('ABC')).toBe(true);
    expect(compileStoredPattern('^\\d+$')!.test('12\n')).toBe(false);
    expect(compileStoredPattern('/^[\\u4e00-\\u9fa5]{2}$/')!.test('中文')).toBe(true);
    expect(compileStoredPattern('/^[\\u4e00-\\u9fa5]{2}$/')!.test('ab')).toBe(false);
    expect(compileStoredPattern('/^a.b$/s')!.test('a\nb')).toBe(true);
    expect(compileStoredPattern('/^b$/m')!.test('a\nb')).toBe(true);
    expect(compileStoredPattern('b')!.test('abc')).toBe(true);
  });

  it('caches per pattern text and answers null for what cannot run', () => {
    expect(compileStoredPattern('/^x+$/')).toBe(compileStoredPattern('/^x+$/'));
    expect(compileStoredPattern('(?=a)')).toBeNull();
    expect(compileStoredPattern('/(/')).toBeNull();
    expect(compileStoredPattern('a'.repeat(REGEX_MAX_LENGTH + 1))).toBeNull();
    expect(compileStoredPattern(undefined)).toBeNull();
  });

  it('checks an unsafe stored pattern without ever running the backtracking RegExp', () => {
    const unsafe = '^(\\w+\\s?)*$';
    const ran: string[] = [];
    for (const name of ['test', 'exec'] as const) {
      const original = RegExp.prototype[name] as (this: RegExp, s: string) => unknown;
      vi.spyOn(RegExp.prototype, name).mockImplementation(function (this: RegExp, s: string) {
        if (this.source === unsafe) ran.push(s);
        return original.call(this, s) as never;
      });
    }
    const rules = fieldRules({ __config__: { label: '说明', regList: [{ pattern: `/${unsafe}/`, message: '只能是单词' }] } });
    expect(checkValue(rules, `${'a'.repeat(5000)}!`)).toBe('只能是单词');
    expect(checkValue(rules, 'hello world')).toBeNull();
    expect(ran).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { formScript, parseFormScript, SCRIPT_MESSAGES } from './script';

const fail = (text: string) => {
  const r = parseFormScript(text);
  if (r.ok) throw new Error(`expected a failure for ${text}`);
  return r.message;
};

describe('parseFormScript (spec §5 script content)', () => {
  it('round-trips formScript output', () => {
    const conf = { formRef: 'elForm', labelWidth: 100, disabled: false, fields: [{ __config__: { label: '名\n"称"`${x}`\u2028', tag: 'el-input', regList: [{ pattern: '/^\\d+$/', message: 'm' }] }, __vModel__: 'f1', min: -1.5, empty: null }] };
    const text = formScript(conf);
    expect(text.startsWith('export default {')).toBe(true);
    expect(parseFormScript(text)).toEqual({ ok: true, conf });
  });

  it('reads JS literal syntax without eval', () => {
    const r = parseFormScript("// note\nexport default { fields: [ { a: 'x\\ty', b: `t`, c: -2, d: +3, e: 0x10, f: true, 'g-h': [1, 2,], 5: null } ], /* c */ };");
    expect(r).toEqual({ ok: true, conf: { fields: [{ a: 'x\ty', b: 't', c: -2, d: 3, e: 16, f: true, 'g-h': [1, 2], 5: null }] } });
  });

  it('more than one statement', () => {
    expect(fail('const a = 1;\nexport default { fields: [] }')).toBe(SCRIPT_MESSAGES.statements);
    expect(SCRIPT_MESSAGES.statements).toBe('js格式不能识别，仅支持修改export default的对象内容');
  });

  it('no export default', () => {
    expect(fail('const a = { fields: [] }')).toBe('请使用export default');
    expect(fail('export const a = { fields: [] }')).toBe('请使用export default');
    expect(fail('')).toBe('请使用export default');
    expect(fail('({ fields: [] })')).toBe('请使用export default');
  });

  it('syntax errors', () => {
    expect(fail('export default { fields: [ }')).toMatch(/^js错误：第1行第\d+列附近有语法错误$/);
    expect(fail('export default {\n  a: ,\n}')).toBe('js错误：第2行第6列附近有语法错误');
  });

  it('refuses anything that is not a literal', () => {
    expect(fail('export default { fields: [], a: foo }')).toBe('js错误：不支持的表达式 foo');
    expect(fail('export default { fields: [], a() { return 1 } }')).toMatch(/^js错误：只支持 键: 值 形式的属性/);
    expect(fail('export default { fields: [], a: () => 1 }')).toMatch(/^js错误：不支持的表达式/);
    expect(fail('export default { fields: [], a: `x${y}` }')).toBe('js错误：模板字符串不能包含 ${} 表达式');
    expect(fail('export default { fields: [], ...x }')).toMatch(/^js错误：/);
    expect(fail('export default { fields: [], [k]: 1 }')).toMatch(/^js错误：/);
    expect(fail('export default { fields: [], a: alert(1) }')).toMatch(/^js错误：不支持的表达式/);
    expect(fail('export default { fields: [], a: 1n }')).toMatch(/^js错误：不支持的数字/);
    expect(fail('export default { fields: [], a: [1,,2] }')).toBe('js错误：数组不能有空位');
  });

  it('refuses prototype keys', () => {
    expect(fail('export default { fields: [], __proto__: { x: 1 } }')).toBe('js错误：不允许的属性名 __proto__');
    expect(fail('export default { fields: [{ "constructor": 1 }] }')).toBe('js错误：不允许的属性名 constructor');
    expect(fail("export default { fields: [], 'proto\\u0074ype': 1 }")).toBe('js错误：不允许的属性名 prototype');
  });

  it('needs an object with a fields array', () => {
    expect(fail('export default [1]')).toBe('js错误：export default 的内容必须是对象');
    expect(fail('export default { a: 1 }')).toBe('js错误：对象缺少 fields 数组');
  });
});

/**
 * The generated file's validation behaves as spec §5 says: the generated source is transpiled
 * (TypeScript transpileModule), written as a module under .tmp/ and imported; its validate(),
 * visibleValues() and initialValues() are then called on sample values.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_COMPONENTS_FORM } from './fixtures';
import { generateFormFile } from './generate';

type Values = Record<string, unknown>;
interface Generated {
  validate: (v: Values) => Record<string, string>;
  visibleValues: (v: Values) => Values;
  initialValues: () => Values;
}

const DIR = path.resolve(__dirname, '../../../../../.tmp/codegen-runtime-test');
const FILE = path.join(DIR, `form-${process.pid}.mjs`);
let gen: Generated;

beforeAll(async () => {
  const source = `${generateFormFile(ALL_COMPONENTS_FORM, { type: 'file', fileName: 'check' })}\nexport { validate, visibleValues, initialValues };\n`;
  const js = ts.transpileModule(source, { compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  mkdirSync(DIR, { recursive: true });
  writeFileSync(FILE, js);
  gen = (await import(/* @vite-ignore */ pathToFileURL(FILE).href)) as Generated;
}, 60_000);

afterAll(() => rmSync(FILE, { force: true }));

const valid = (): Values => ({
  ...gen.initialValues(),
  field101: '13800000000', field106: 1, field110: [2], field118: ['2024-01-01', '2024-01-02'],
  field150: [{ field151: '笔', field152: 2, field153: '', field154: null }],
});

describe('generated validate()', () => {
  it('starts from the default values', () => {
    const init = gen.initialValues();
    expect(init.field104).toBe(2);
    expect(init.field113).toEqual([10, 50]);
    expect(init.field150).toEqual([]);
    expect(init).not.toBe(gen.initialValues());
  });

  it('passes a valid form', () => {
    expect(gen.validate(valid())).toEqual({});
  });

  it('reports the required messages (spec §5)', () => {
    const errors = gen.validate(gen.initialValues());
    expect(errors.field101).toBe('请输入手机号');
    expect(errors.field106).toBe('请选择下拉选择');
    expect(errors.field110).toBe('请至少选择一个多选框组');
    expect(errors.field118).toBe('日期范围不能为空');
    expect(errors.field150).toBe('请至少添加一行明细表');
    expect(errors.field104).toBeUndefined();
  });

  it('checks patterns, numbers, maxlength, options and shapes', () => {
    const check = (patch: Values) => gen.validate({ ...valid(), ...patch });
    expect(check({ field101: '123' }).field101).toBe('手机号格式错误');
    expect(check({ field104: 0 }).field104).toBe('计数器不能小于1');
    expect(check({ field104: 11 }).field104).toBe('计数器不能大于10');
    expect(check({ field104: 'x' }).field104).toBe('计数器必须是数字');
    expect(check({ field113: [10, 500] }).field113).toBe('范围滑块不能大于100');
    expect(check({ field102: 'a'.repeat(201) }).field102).toBe('多行文本长度不能超过200个字符');
    expect(check({ field106: 3 }).field106).toBe('下拉选择的选项不在可选范围内');
    expect(check({ field108: [1, 9] }).field108).toBe('级联选择的选项不在可选范围内');
    expect(check({ field108: [1, 2] }).field108).toBeUndefined();
    expect(check({ field103: { a: 1 } }).field103).toBe('密码格式错误');
    expect(check({ field110: 'x' }).field110).toBe('多选框组格式错误');
  });

  it('checks detail tables', () => {
    const check = (rows: unknown) => gen.validate({ ...valid(), field150: rows }).field150;
    expect(check([{ field151: '' }])).toBe('明细表第1行：请输入名称');
    expect(check([{ field151: 'a', field152: -1 }])).toBe('明细表第1行：数量不能小于0');
    expect(check(Array.from({ length: 6 }, () => ({ field151: 'a' })))).toBe('明细表最多5行');
    expect(check('x')).toBe('明细表格式错误');
  });

  it('honours showWhen: hidden fields are not validated and not submitted', () => {
    const shown = { ...valid(), field109: 1, field131: 'x', field132: 'bad' };
    expect(gen.validate(shown).field132).toBe('行内数字必须是数字');
    const hiddenRow = { ...shown, field109: 2 };
    expect(gen.validate(hiddenRow).field132).toBeUndefined();
    const sent = gen.visibleValues(hiddenRow);
    expect('field131' in sent).toBe(false);
    expect('field132' in sent).toBe(false);
    expect(sent.field101).toBe('13800000000');
    expect(gen.validate({ ...shown, field131: '' }).field132).toBeUndefined();
  });
});

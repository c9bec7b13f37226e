/** Unit tests of the rich-text sanitiser (server/core/rich-text.ts). */
import { describe, expect, it } from 'vitest';
import { sanitizeFormContent, sanitizeFormVariables, sanitizeRichText } from './rich-text';

const HOSTILE = '<p onclick="x()">hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">a</a></p>';

describe('sanitizeRichText', () => {
  it('drops scripts, event handlers and javascript: URLs, keeps the editor tags', () => {
    expect(sanitizeRichText(HOSTILE)).toBe('<p>hi<img src="x" /><a>a</a></p>');
    expect(sanitizeRichText('<h2>标题</h2><ul><li><strong>粗</strong> <em>斜</em></li></ul>')).toBe('<h2>标题</h2><ul><li><strong>粗</strong> <em>斜</em></li></ul>');
    expect(sanitizeRichText('<a href="https://x.cn" target="_blank">x</a><iframe src="https://e"></iframe>')).toBe('<a href="https://x.cn" target="_blank">x</a>');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('<img src="data:image/png;base64,AAAA" />');
  });
});

const conf = (defaultValue: string) => ({
  formBtns: true,
  fields: [
    { __config__: { tag: 'el-input', defaultValue: '<b>plain</b>' }, __vModel__: 'title' },
    { __config__: { tag: 'el-row', layout: 'rowFormItem', children: [{ __config__: { tag: 'tinymce', defaultValue }, __vModel__: 'body' }] } },
  ],
});

describe('sanitizeFormContent', () => {
  it('cleans rich-text default values inside row containers and leaves other fields and bad JSON alone', () => {
    const out = JSON.parse(sanitizeFormContent(JSON.stringify(conf(HOSTILE)))!);
    expect(out.fields[1].__config__.children[0].__config__.defaultValue).toBe('<p>hi<img src="x" /><a>a</a></p>');
    expect(out.fields[0].__config__.defaultValue).toBe('<b>plain</b>');
    expect(sanitizeFormContent('{not json')).toBe('{not json');
    expect(sanitizeFormContent(null)).toBeNull();
  });
});

describe('sanitizeFormVariables', () => {
  it('cleans the rich-text value and its config copy, not other variables, without mutating the input', () => {
    const vars = { title: '<script>x</script>', body: HOSTILE, variables: conf(HOSTILE) };
    const out = sanitizeFormVariables(vars);
    expect(out.body).toBe('<p>hi<img src="x" /><a>a</a></p>');
    expect(out.title).toBe('<script>x</script>');
    expect((out.variables as any).fields[1].__config__.children[0].__config__.defaultValue).toBe('<p>hi<img src="x" /><a>a</a></p>');
    expect(vars.body).toBe(HOSTILE);
    expect(sanitizeFormVariables(undefined)).toBeUndefined();
    expect(sanitizeFormVariables({ day: 3 })).toEqual({ day: 3 });
  });
});

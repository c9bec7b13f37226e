/**
 * The generated form file compiles: each output is type-checked in-process with the TypeScript
 * compiler API as a virtual file inside client/src (so 'react' and '@chakra-ui/react' resolve from
 * the repo's node_modules) with the repo's compiler options.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { FormConf } from '../../../components/form-render';
import { ALL_COMPONENTS_FORM } from './fixtures';
import { componentName, generateFormFile } from './generate';

const ROOT = path.resolve(__dirname, '../../../../..');
const VIRTUAL_DIR = path.join(ROOT, 'client/src/__codegen_check__');

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
  isolatedModules: true,
  noEmit: true,
  types: [],
};

/** The diagnostics of `files` (name → source) compiled together as virtual files in client/src. */
function typeCheck(files: Record<string, string>): string[] {
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path.join(VIRTUAL_DIR, name), text]));
  const host = ts.createCompilerHost(OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, lang, onError, create) =>
    virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, lang, true, ts.ScriptKind.TSX) : getSourceFile(name, lang, onError, create);
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  const dirExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) => dir === VIRTUAL_DIR || (dirExists ? dirExists(dir) : true);
  const program = ts.createProgram([...virtual.keys()], OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? (() => {
      const { line, character } = d.file!.getLineAndCharacterOfPosition(d.start!);
      return `${path.basename(d.file!.fileName)}:${line + 1}:${character + 1} `;
    })() : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

const expectCompiles = (files: Record<string, string>) => {
  const diagnostics = typeCheck(files);
  if (diagnostics.length) console.error(diagnostics.join('\n'));
  expect(diagnostics).toEqual([]);
};

const EVIL = '</script>`${x}`\u2028\u2029"\'\\{}<b>';

describe('generateFormFile', () => {
  const page = generateFormFile(ALL_COMPONENTS_FORM, { type: 'file', fileName: 'leave-form.tsx' });
  const dialog = generateFormFile(ALL_COMPONENTS_FORM, { type: 'dialog', fileName: '1718000000000.tsx' });

  it('names the component from the file name', () => {
    expect(componentName('leave-form.tsx')).toBe('LeaveForm');
    expect(componentName('1718000000000.tsx')).toBe('Form1718000000000');
    expect(componentName('表单')).toBe('GeneratedForm');
    expect(componentName('button')).toBe('ButtonForm');
    expect(componentName('a b;alert(1)')).toBe('ABAlert1');
    expect(page).toContain('export default function LeaveForm(');
    expect(dialog).toContain('export default function Form1718000000000(');
  });

  it('imports only react and @chakra-ui/react', () => {
    for (const code of [page, dialog]) {
      const imports = [...code.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      expect(imports).toEqual(['react', '@chakra-ui/react']);
      expect(code).not.toMatch(/\beval\(|new Function/);
    }
  });

  it('carries the model, rules and every component', () => {
    expect(page).toContain('"field101": ""');
    expect(page).toContain('"field104": 2');
    expect(page).toContain('"required": "请输入手机号"');
    expect(page).toContain('"message": "手机号格式错误"');
    expect(page).toContain('"required": "请至少选择一个多选框组"');
    expect(page).toContain('"required": "请至少添加一行明细表"');
    expect(page).toContain('"maxlength": 11');
    for (const part of ['<InputGroup startAddon={"+86"} endAddon={"号"}>', 'type="password"', '<NumberInput.Root', '<Textarea', '<NativeSelect.Root',
      '<CascaderSelects', '<RadioGroup.Root', '<CheckboxGroup', '<Switch.Root', '<Slider.Root', 'type="time"', 'type="date"', 'type="datetime-local"',
      '<RatingGroup.Root', 'type="color"', '<FileUpload.Root', '<Button size="sm" colorPalette="blue">{"主要按钮"}</Button>', '<Table.Root',
      'sumOf(', '合计', '{"添加一行"}', '<GridItem colSpan={12}>', 'isShown(values, [{"field":"field109","value":1}])', 'isShown({ ...values, ...row }']) {
      expect(page).toContain(part);
    }
    expect(page).toContain('>提交</Button>');
    expect(page).toContain('>重置</Button>');
    expect(dialog).toContain('<Dialog.Root open={open}');
    expect(dialog).toContain('>确定</Button>');
    expect(dialog).toContain('>取消</Button>');
    expect(dialog).not.toContain('>提交</Button>');
  });

  it('type-checks the page and the dialog file (strict, react-jsx, Bundler)', () => {
    const user = [
      "import LeaveForm from './leave-form';",
      "import Dialog1 from './dialog';",
      'export const a = <LeaveForm onSubmit={(v) => console.log(Object.keys(v))} />;',
      'export const b = <Dialog1 open onClose={() => undefined} />;',
    ].join('\n');
    const small = generateFormFile({ ...ALL_COMPONENTS_FORM, size: 'mini', disabled: true, labelPosition: 'top', formBtns: false }, { type: 'file', fileName: 'small' });
    expect(small).toContain('<Input size="xs"');
    expect(small).not.toContain('>提交</Button>');
    expectCompiles({ 'leave-form.tsx': page, 'dialog.tsx': dialog, 'small.tsx': small, 'use.tsx': user });
  }, 180_000);

  it('keeps hostile text a string literal and still compiles', () => {
    const conf: FormConf = {
      ...ALL_COMPONENTS_FORM,
      labelPosition: `top${EVIL}`,
      fields: [
        { __config__: { label: EVIL, tag: 'el-input', layout: 'colFormItem', span: 24, required: true, regList: [{ pattern: '/^a`b$/', message: EVIL }] },
          __vModel__: 'a"b`${c}', placeholder: EVIL, __slot__: { prepend: EVIL } },
        { __config__: { label: EVIL, tag: 'el-radio-group', layout: 'colFormItem', span: 24, defaultValue: EVIL }, __vModel__: 'r', __slot__: { options: [{ label: EVIL, value: EVIL }] } },
        { __config__: { label: 'x', tag: 'el-input', layout: 'colFormItem' }, __vModel__: '__proto__' },
        { __config__: { label: EVIL, tag: 'el-button', layout: 'colFormItem' }, __slot__: { default: EVIL } },
      ],
    };
    const code = generateFormFile(conf, { type: 'file', fileName: `${EVIL}.tsx` });
    expect(code).toContain(JSON.stringify(EVIL).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
    expect(code).not.toContain('\u2028');
    expect(code).not.toContain('"__proto__"');
    expect(code).toContain('export default function ScriptXB(');
    expectCompiles({ 'evil.tsx': code });
  }, 180_000);

  it('generates an empty form that compiles', () => {
    expectCompiles({ 'empty.tsx': generateFormFile({ fields: [] }, { type: 'dialog', fileName: 'empty' }) });
  }, 180_000);
});

/**
 * No text a user types reaches generated code as code (model-guard.ts): every file of a model
 * whose comments, function name, author and remark try to break out of comments, strings, JSX
 * attributes, JSX text and template literals still parses, and the payload's identifier
 * `pwned` never appears as a token; names that are not identifiers are refused.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { crudSample, subSample, treeSample } from '../../../../../tests/helpers/gen-samples';
import type { GenTableModel } from '../gen-model';
import { renderModule } from '.';
import { inertText } from './model-guard';

const PAYLOADS = [
  "*/ globalThis.pwned = 1; /*",
  "x' + globalThis.pwned + '",
  'x" onClick={() => globalThis.pwned()} a="',
  "x' onClick={() => globalThis.pwned()} a='",
  '{globalThis.pwned()}',
  '</Text>{globalThis.pwned()}<Text>',
  '${globalThis.pwned()}`',
  'a\\\nglobalThis.pwned()\r\u2028//',
];

function hostile(model: GenTableModel, i: number): GenTableModel {
  const text = (k: number) => PAYLOADS[(i + k) % PAYLOADS.length];
  return {
    ...model,
    tableComment: text(0), functionName: text(1), functionAuthor: text(2), remark: text(3),
    columns: model.columns.map((c, k) => ({ ...c, columnComment: text(k) })),
    subTable: model.subTable ? hostile(model.subTable, i + 1) : undefined,
  };
}

/** Identifier tokens of a TS/TSX source; throws on a syntax error. */
function identifiers(path: string, content: string): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, content, ts.ScriptTarget.Latest, true, kind);
  const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  if (diagnostics.length) throw new Error(`${path}: ${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return names;
}

describe('generated code and hostile texts', () => {
  it('inertText keeps Chinese text and neutralises code delimiters', () => {
    expect(inertText('客户名称')).toBe('客户名称');
    expect(inertText("a'b\"c`d\\e{f}g<h>i$j */k\nl")).toBe('a’b”c‘d＼e｛f｝g＜h＞i＄j * /k l');
  });

  for (const [name, sample] of [['crud', crudSample], ['tree', treeSample], ['sub', subSample]] as const) {
    it(`${name}: every file parses and no payload becomes code`, async () => {
      for (let i = 0; i < PAYLOADS.length; i++) {
        const files = await renderModule(hostile(sample(), i), { modules: null });
        for (const f of files.filter((x) => /\.tsx?$/.test(x.path))) {
          expect(identifiers(f.path, f.content), f.path).not.toContain('pwned');
        }
      }
    });
  }

  it('refuses table, column, field and dictionary names that are not identifiers', async () => {
    const base = crudSample();
    const withColumn = (patch: Partial<GenTableModel['columns'][number]>) => ({ ...base, columns: base.columns.map((c, i) => (i === 1 ? { ...c, ...patch } : c)) });
    await expect(renderModule({ ...base, tableName: "t'); x" }, { modules: null })).rejects.toThrow('只能包含字母、数字和下划线');
    await expect(renderModule(withColumn({ columnName: 'a b' }), { modules: null })).rejects.toThrow('只能包含字母、数字和下划线');
    await expect(renderModule(withColumn({ javaField: 'a-b' }), { modules: null })).rejects.toThrow('不是合法的标识符');
    await expect(renderModule(withColumn({ dictType: "x'])" }), { modules: null })).rejects.toThrow('字典类型');
  });
});

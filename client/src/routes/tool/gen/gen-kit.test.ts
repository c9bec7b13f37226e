import { describe, expect, it } from 'vitest';
import { genUpdateInput, type GenColumnRow, type GenTableRow } from '../../../../../shared/schemas/tool/gen';
import { basicOf, columnLabel, genInfoOf, languageOf, tabTitle, toUpdateBody } from './gen-kit';

const column = (columnId: number, columnName: string, extra: Partial<GenColumnRow> = {}): GenColumnRow => ({
  columnId, tableId: 1, columnName, columnComment: '', columnType: 'varchar(64)', javaType: 'string', javaField: columnName, isPk: '0',
  isIncrement: '0', isRequired: '0', isInsert: '1', isEdit: '1', isList: '1', isQuery: '0', queryType: 'EQ', htmlType: 'input', dictType: '',
  sort: columnId, createBy: 'admin', createTime: null, updateBy: '', updateTime: null, ...extra,
});

const table: GenTableRow = {
  tableId: 1, tableName: 'biz_gadget', tableComment: '小工具表', subTableName: null, subTableFkName: null, className: 'BizGadget', tplCategory: 'tree',
  tplWebType: '', packageName: 'modules.biz', moduleName: 'biz', businessName: 'gadget', functionName: '小工具', functionAuthor: 'caishui', genType: '0',
  genPath: '', options: null, createBy: 'admin', createTime: null, updateBy: '', updateTime: null, remark: null, treeCode: 'id', treeParentCode: 'pid',
  treeName: 'name', parentMenuId: 3, withImport: true,
};

describe('gen-kit', () => {
  it('names preview tabs by file, with the folder when two files share a name', () => {
    const all = ['server/modules/generated.ts', 'server/rest/routes/generated.ts', 'client/src/routes/biz/gadget/index.tsx'];
    expect(tabTitle(all[2], all)).toBe('index.tsx');
    expect(tabTitle(all[0], all)).toBe('modules/generated.ts');
    expect(tabTitle(all[1], all)).toBe('routes/generated.ts');
  });

  it('picks the highlighting by extension', () => {
    expect(languageOf('a/b/x.tsx')).toBe('typescript');
    expect(languageOf('a/x.sql')).toBe('sql');
    expect(languageOf('a/x.json')).toBe('json');
    expect(languageOf('README')).toBe('text');
  });

  it('labels a column as name：comment', () => {
    expect(columnLabel({ columnName: 'dept_id', columnComment: '部门id' })).toBe('dept_id：部门id');
  });

  it('builds the update body the server schema accepts, columns numbered in their order', () => {
    const cols = [column(7, 'status', { htmlType: 'radio' }), column(5, 'gadget_name', { columnComment: '名称' })];
    const body = toUpdateBody(1, basicOf(table), genInfoOf(table), cols);
    expect(body.columns.map((c) => [c.columnId, c.sort])).toEqual([[7, 1], [5, 2]]);
    expect(body.params).toEqual({ treeCode: 'id', treeParentCode: 'pid', treeName: 'name', parentMenuId: 3, withImport: true });
    expect(body.genPath).toBe('/');
    expect(body.subTableName).toBeNull();
    const parsed = genUpdateInput.parse(body);
    expect(parsed.columns[0].htmlType).toBe('radio');
    expect(parsed.remark ?? '').toBe('');
  });
});

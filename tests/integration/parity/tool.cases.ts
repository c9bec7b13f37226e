/**
 * Parity cases of the code generator rows (the REST metas of modules/tool/gen/gen.router.ts). The parity app has no
 * imported table and its PROJECT_ROOT is the project itself, so writes are refusals both surfaces
 * answer alike (unknown table, not imported, not CREATE TABLE); files and writes are checked in
 * gen-output.test.ts and gen-paths.test.ts over a temporary root.
 */
import { settle, table, type ParityCase } from '../../helpers/parity';

/** The envelope as the procedure's outcome: data (or null) on success, `{error}` otherwise. */
const outcome = (e: Record<string, any>) => (e.code === 200 ? e.data ?? null : { error: e.msg });
const run = (p: Promise<unknown>) => settle(p).then((v) => v ?? null);
const G = '/tool/gen';
const form = {
  tableId: 9999, tableName: 'sys_post', tableComment: '岗位表', className: 'SysPost', functionAuthor: 'caishui', tplCategory: 'crud' as const,
  packageName: 'modules.biz', moduleName: 'biz', businessName: 'post', functionName: '岗位',
  columns: [{ columnId: 1, javaType: 'number' as const, javaField: 'postId', queryType: 'EQ' as const, htmlType: 'input' as const }],
};

export const toolCases: Record<string, ParityCase> = {
  [`GET ${G}/list`]: { url: `${G}/list?tableName=sys`, trpc: (c) => c.tool.gen.list({ tableName: 'sys' }), pick: table },
  [`GET ${G}/db/list`]: { url: `${G}/db/list?tableName=sys_&pageSize=5`, trpc: (c) => c.tool.gen.dbList({ tableName: 'sys_', pageSize: 5 }), pick: table },
  [`GET ${G}/column/:tableId`]: { url: `${G}/column/9999`, trpc: (c) => c.tool.gen.columns({ tableId: 9999 }), pick: table },
  [`GET ${G}/preview/:tableId`]: { url: `${G}/preview/9999`, trpc: (c) => run(c.tool.gen.preview({ tableId: 9999 })), pick: outcome },
  [`POST ${G}/importTable`]: { url: `${G}/importTable?tables=no_such_table`, trpc: (c) => run(c.tool.gen.importTable({ tables: ['no_such_table'] })), pick: outcome },
  [`POST ${G}/createTable`]: { url: `${G}/createTable`, body: { sql: 'DROP TABLE sys_post' }, trpc: (c) => run(c.tool.gen.createTable({ sql: 'DROP TABLE sys_post' })), pick: outcome },
  [`POST ${G}/update`]: { url: `${G}/update`, body: form, trpc: (c) => run(c.tool.gen.update(form)), pick: outcome },
  [`POST ${G}/delete/:ids`]: { url: `${G}/delete/9998,9999`, trpc: (c) => run(c.tool.gen.remove({ ids: [9998, 9999] })), pick: outcome },
  [`GET ${G}/genCode/:tableName`]: { url: `${G}/genCode/sys_post`, trpc: (c) => run(c.tool.gen.genCode({ tableName: 'sys_post' })), pick: outcome },
  [`GET ${G}/synchDb/:tableName`]: { url: `${G}/synchDb/sys_post`, trpc: (c) => run(c.tool.gen.synchDb({ tableName: 'sys_post' })), pick: outcome },
  [`GET ${G}/download/:tableName`]: { url: `${G}/download/sys_post`, trpc: (c) => run(c.tool.gen.download({ tableName: 'sys_post' })), pick: outcome },
  [`GET ${G}/batchGenCode`]: { url: `${G}/batchGenCode?tables=sys_post,sys_user`, trpc: (c) => run(c.tool.gen.batchGenCode({ tables: ['sys_post', 'sys_user'] })), pick: outcome },
  [`GET ${G}/:tableId`]: { url: `${G}/9999`, trpc: (c) => run(c.tool.gen.get({ tableId: 9999 })), pick: outcome },
};

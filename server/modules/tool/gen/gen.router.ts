/**
 * Code generator procedures `tool.gen.*` (workflow spec §7 "Code generator"; reference §2
 * `/tool/gen`, §8). Permissions `tool:gen:list|query|edit|remove|import|preview|code`; createTable
 * and genCode (writing to a path) also need the admin role (RuoYi `@ss.hasRole('admin')`; issue 38
 * §2). Writes are logged as 代码生成.
 */
import { idsInput } from '../../../../shared/schemas/system/dept';
import {
  genBatchInput, genCreateTableInput, genDbListInput, genImportInput, genListInput, genTableIdInput, genTableNameInput, genUpdateInput,
} from '../../../../shared/schemas/tool/gen';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import {
  genBatchZip, genColumns, genCreateTable, genDbList, genGet, genImport, genList, genPreview, genRemove, genSynchDb, genToPath, genUpdate, genZip,
} from './gen.service';

const log = (businessType: number) => ({ log: { title: '代码生成', businessType } });

export const genRouter = router({
  /** Paged imported tables `{rows, total}`; filters tableName, tableComment (LIKE), create time range. */
  list: permProcedure('tool:gen:list').input(genListInput).query(({ ctx, input }) => genList(ctx.deps, input)),
  /** Paged database tables not yet imported `{rows, total}` (GenDbTableRow). */
  dbList: permProcedure('tool:gen:list').input(genDbListInput).query(({ ctx, input }) => genDbList(ctx.deps, input)),
  /** `{tableId}` → `{info, rows, tables}`: the table with its columns, the columns, every imported table. */
  get: permProcedure('tool:gen:query').input(genTableIdInput).query(({ ctx, input }) => genGet(ctx.deps, input.tableId)),
  /** `{tableId}` → `{rows, total}` columns of one table (RuoYi `GET /tool/gen/column/{tableId}`). */
  columns: permProcedure('tool:gen:list').input(genTableIdInput).query(({ ctx, input }) => genColumns(ctx.deps, input.tableId)),
  /** The edit screen's body. Errors: spec §5 messages, tree/sub field messages. */
  update: permProcedure('tool:gen:edit').meta(log(2)).input(genUpdateInput)
    .mutation(({ ctx, input }) => { genUpdate(ctx.deps, ctx.login, input); }),
  /** `{tables}` → imports each with the column defaults of reference §8. */
  importTable: permProcedure('tool:gen:import').meta(log(6)).input(genImportInput)
    .mutation(({ ctx, input }) => { genImport(ctx.deps, ctx.login, input.tables); }),
  /** `{sql}`: CREATE TABLE statements only (checked by an SQL parser); admin role only; imports them. */
  createTable: permProcedure('tool:gen:import').meta(log(1)).input(genCreateTableInput)
    .mutation(async ({ ctx, input }) => { await genCreateTable(ctx.deps, ctx.login, input.sql); }),
  /** `{tableId}` → ordered map file path → formatted code (exactly the zip's files). */
  preview: permProcedure('tool:gen:preview').input(genTableIdInput).query(({ ctx, input }) => genPreview(ctx.deps, input.tableId)),
  /** `{ids}` → deletes the gen rows (never the database table). */
  remove: permProcedure('tool:gen:remove').meta(log(3)).input(idsInput)
    .mutation(({ ctx, input }) => { genRemove(ctx.deps, input.ids); }),
  /**
   * `{tableName}`: writes the files under PROJECT_ROOT/genPath (genType 1); admin role only, into the
   * generator's own module folders (issue 38 §2, gen-write.ts). Errors: 403; path and ownership refusals.
   */
  genCode: permProcedure('tool:gen:code').meta(log(8)).input(genTableNameInput)
    .mutation(({ ctx, input }) => genToPath(ctx.deps, ctx.login, input.tableName)),
  /** `{tableName}`: re-reads the columns, keeping what was edited. Errors: 同步数据失败，原表结构不存在. */
  synchDb: permProcedure('tool:gen:edit').meta(log(2)).input(genTableNameInput)
    .mutation(({ ctx, input }) => { genSynchDb(ctx.deps, ctx.login, input.tableName); }),
  /** `{tableName}` → zip FileReply. */
  download: permProcedure('tool:gen:code').meta(log(8)).input(genTableNameInput)
    .mutation(({ ctx, input }) => genZip(ctx.deps, input.tableName)),
  /** `{tables}` → one zip of every table's files. */
  batchGenCode: permProcedure('tool:gen:code').meta(log(8)).input(genBatchInput)
    .mutation(({ ctx, input }) => genBatchZip(ctx.deps, input.tables)),
});

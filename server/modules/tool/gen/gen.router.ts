/**
 * Code generator procedures `tool.gen.*` (workflow spec §7 "Code generator"; reference §2
 * `/tool/gen`, §8). Permissions `tool:gen:list|query|edit|remove|import|preview|code`; createTable
 * and genCode (writing to a path) also need the admin role (RuoYi `@ss.hasRole('admin')`; issue 38
 * §2). Writes are logged as 代码生成. The services are on the async store (issue 43): the resolvers
 * await them.
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
import { idList } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '代码生成', businessType } });

/** REST `mapInput`: `tables` comes as a comma list (`?tables=a,b`) or a JSON array. */
const names = (v: unknown) => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const withTables = (raw: Record<string, unknown>) => ({ ...raw, tables: names(raw.tables) });

export const genRouter = router({
  /** Paged imported tables `{rows, total}`; filters tableName, tableComment (LIKE), create time range. */
  list: permProcedure('tool:gen:list').input(genListInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => genList(ctx.deps, input)),
  /** Paged database tables not yet imported `{rows, total}` (GenDbTableRow). */
  dbList: permProcedure('tool:gen:list').input(genDbListInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/db/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => genDbList(ctx.deps, input)),
  /** `{tableId}` → `{info, rows, tables}`: the table with its columns, the columns, every imported table. */
  get: permProcedure('tool:gen:query').input(genTableIdInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/:tableId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => genGet(ctx.deps, input.tableId)),
  /** `{tableId}` → `{rows, total}` columns of one table (RuoYi `GET /tool/gen/column/{tableId}`). */
  columns: permProcedure('tool:gen:list').input(genTableIdInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/column/:tableId', input: ['params'], envelope: 'table' } })
    .query(({ ctx, input }) => genColumns(ctx.deps, input.tableId)),
  /** The edit screen's body. Errors: spec §5 messages, tree/sub field messages. */
  update: permProcedure('tool:gen:edit').meta(log(2)).input(genUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/tool/gen/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/tool/gen' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await genUpdate(ctx.deps, ctx.login, input); }),
  /** `{tables}` → imports each with the column defaults of reference §8. */
  importTable: permProcedure('tool:gen:import').meta(log(6)).input(genImportInput)
    .meta({ rest: { method: 'POST', path: '/tool/gen/importTable', input: ['query', 'body'], mapInput: withTables, envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await genImport(ctx.deps, ctx.login, input.tables); }),
  /** `{sql}`: CREATE TABLE statements only (checked by an SQL parser); admin role only; imports them. */
  createTable: permProcedure('tool:gen:import').meta(log(1)).input(genCreateTableInput)
    .meta({ rest: { method: 'POST', path: '/tool/gen/createTable', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await genCreateTable(ctx.deps, ctx.login, input.sql); }),
  /** `{tableId}` → ordered map file path → formatted code (exactly the zip's files). */
  preview: permProcedure('tool:gen:preview').input(genTableIdInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/preview/:tableId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => genPreview(ctx.deps, input.tableId)),
  /** `{ids}` → deletes the gen rows (never the database table). */
  remove: permProcedure('tool:gen:remove').meta(log(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/tool/gen/delete/:ids', input: ['params'], mapInput: (raw) => ({ ids: idList(raw.ids) }), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/tool/gen/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await genRemove(ctx.deps, input.ids); }),
  /**
   * `{tableName}`: writes the files under PROJECT_ROOT/genPath (genType 1); admin role only, into the
   * generator's own module folders (issue 38 §2, gen-write.ts). Errors: 403; path and ownership refusals.
   */
  genCode: permProcedure('tool:gen:code').meta(log(8)).input(genTableNameInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/genCode/:tableName', input: ['params'], envelope: 'data' } })
    .mutation(({ ctx, input }) => genToPath(ctx.deps, ctx.login, input.tableName)),
  /** `{tableName}`: re-reads the columns, keeping what was edited. Errors: 同步数据失败，原表结构不存在. */
  synchDb: permProcedure('tool:gen:edit').meta(log(2)).input(genTableNameInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/synchDb/:tableName', input: ['params'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await genSynchDb(ctx.deps, ctx.login, input.tableName); }),
  /** `{tableName}` → zip FileReply. */
  download: permProcedure('tool:gen:code').meta(log(8)).input(genTableNameInput)
    .meta({ rest: { method: 'GET', path: '/tool/gen/download/:tableName', input: ['params'], envelope: 'file', queryToken: true } })
    .mutation(({ ctx, input }) => genZip(ctx.deps, input.tableName)),
  /** `{tables}` → one zip of every table's files. */
  batchGenCode: permProcedure('tool:gen:code').meta(log(8)).input(genBatchInput)
    .meta({
      rest: {
        method: 'GET', path: '/tool/gen/batchGenCode', input: ['query'], mapInput: withTables, envelope: 'file', queryToken: true,
      },
    })
    .mutation(({ ctx, input }) => genBatchZip(ctx.deps, input.tables)),
});

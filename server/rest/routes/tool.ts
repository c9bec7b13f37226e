/**
 * Code generator rows (workflow spec §7 "Code generator", reference §2 `/tool/gen`): the spec's
 * `POST /x/update` and `POST /x/delete/{ids}` forms with RuoYi's `PUT` / `DELETE` as aliases.
 * `tables` comes as a comma list (`?tables=a,b`) or a JSON array.
 */
import { idList, type RestRoute } from '../table';

const G = '/tool/gen';
const names = (v: unknown) => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const withTables = (raw: Record<string, unknown>) => ({ ...raw, tables: names(raw.tables) });

export const toolRoutes: RestRoute[] = [
  { method: 'GET', path: `${G}/list`, procedure: 'tool.gen.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: `${G}/db/list`, procedure: 'tool.gen.dbList', input: ['query'], envelope: 'table' },
  { method: 'GET', path: `${G}/column/:tableId`, procedure: 'tool.gen.columns', input: ['params'], envelope: 'table' },
  { method: 'GET', path: `${G}/preview/:tableId`, procedure: 'tool.gen.preview', input: ['params'], envelope: 'data' },
  { method: 'POST', path: `${G}/importTable`, procedure: 'tool.gen.importTable', input: ['query', 'body'], mapInput: withTables, envelope: 'data' },
  { method: 'POST', path: `${G}/createTable`, procedure: 'tool.gen.createTable', input: ['query', 'body'], envelope: 'data' },
  { method: 'POST', path: `${G}/update`, procedure: 'tool.gen.update', input: ['body'], envelope: 'data', aliases: [{ method: 'PUT', path: G }] },
  {
    method: 'POST', path: `${G}/delete/:ids`, procedure: 'tool.gen.remove', input: ['params'], mapInput: (raw) => ({ ids: idList(raw.ids) }),
    envelope: 'data', aliases: [{ method: 'DELETE', path: `${G}/:ids` }],
  },
  { method: 'GET', path: `${G}/genCode/:tableName`, procedure: 'tool.gen.genCode', input: ['params'], envelope: 'data' },
  { method: 'GET', path: `${G}/synchDb/:tableName`, procedure: 'tool.gen.synchDb', input: ['params'], envelope: 'data' },
  { method: 'GET', path: `${G}/download/:tableName`, procedure: 'tool.gen.download', input: ['params'], envelope: 'file', queryToken: true },
  { method: 'GET', path: `${G}/batchGenCode`, procedure: 'tool.gen.batchGenCode', input: ['query'], mapInput: withTables, envelope: 'file', queryToken: true },
  { method: 'GET', path: `${G}/:tableId`, procedure: 'tool.gen.get', input: ['params'], envelope: 'data' },
];

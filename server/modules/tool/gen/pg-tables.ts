/**
 * The live PostgreSQL database as the code generator sees it (issue 43; reference §8: RuoYi reads
 * information_schema): the same DbTable / DbColumn shapes sqlite-tables.ts gives for SQLite, so
 * the import rules (gen-rules.ts) give the same TS types on both. Comments are PostgreSQL's own
 * (`COMMENT ON TABLE / COLUMN`); there is no DDL text (`ddl` is ''; the CREATE TABLE text the
 * templates carry is written from the catalogue, pg-ddl-source.ts). Declared types are written
 * in the short form gen-rules knows (`varchar(64)`, `timestamp`, `numeric(10,2)`): see pgColumnType.
 */
import type { Statements } from '../../../db/store/port';
import type { DbColumn, DbTable } from './gen-rules';
import { pgColumns, pgPrimaryKey, pgTable, pgTables, type PgColumnRow, type PgTableRow } from './pg-schema.repo';

type CatalogueStore = Pick<Statements, 'all' | 'get'>;

const asTable = (r: PgTableRow): DbTable => ({ tableName: r.name, tableComment: (r.comment ?? '').trim(), ddl: '' });

/** Every base table of the current schema, ordered by name, for `offered` to filter (sqlite-tables.ts). */
export async function listPgTables(store: CatalogueStore): Promise<DbTable[]> {
  return (await pgTables(store)).map(asTable);
}

/** The base table named exactly `tableName`, or undefined. */
export async function findPgTable(store: CatalogueStore, tableName: string): Promise<DbTable | undefined> {
  const r = await pgTable(store, tableName);
  return r ? asTable(r) : undefined;
}

/** `data_type` → the short name gen-rules' type sets know (`timestamp with time zone` → `timestamptz`). */
const SHORT: Record<string, string> = {
  'character varying': 'varchar',
  character: 'char',
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamptz',
  'time without time zone': 'time',
  'time with time zone': 'timetz',
};

/**
 * The declared type of a column in the form the SQLite path records (lower case, length or
 * precision in brackets): `integer`, `bigint`, `smallint`, `text`, `varchar(64)`, `char(1)`,
 * `numeric(10,2)` (`numeric` without a precision), `double precision`, `real`, `boolean`,
 * `timestamp`, `timestamptz`, `date`, `time`, `bytea`, `jsonb` …; an enum or other user-defined
 * type by its name, an array as `<element>[]`.
 */
export function pgColumnType(c: Pick<PgColumnRow, 'dataType' | 'udtName' | 'charLength' | 'numericPrecision' | 'numericScale'>): string {
  const dataType = c.dataType.toLowerCase();
  if (dataType === 'array') return `${c.udtName.replace(/^_/, '')}[]`;
  if (dataType === 'user-defined') return c.udtName;
  const base = SHORT[dataType] ?? dataType;
  if ((base === 'varchar' || base === 'char') && c.charLength !== null) return `${base}(${c.charLength})`;
  if (base === 'numeric' && c.numericPrecision !== null) return `numeric(${c.numericPrecision},${c.numericScale ?? 0})`;
  return base;
}

/**
 * Columns of `table` in declaration order with their comments. isIncrement: the single primary
 * key column is an identity column or takes a sequence's `nextval(…)` (serial), as SQLite's rowid
 * alias. hasDefault: a column default or an identity.
 */
export async function readPgColumns(store: CatalogueStore, table: DbTable): Promise<DbColumn[]> {
  const cols = await pgColumns(store, table.tableName);
  const pk = new Set(await pgPrimaryKey(store, table.tableName));
  const serial = (r: PgColumnRow) => r.identity === 'YES' || /^nextval\(/i.test(r.dflt ?? '');
  return cols.map((r) => ({
    columnName: r.name,
    columnType: pgColumnType(r),
    columnComment: (r.comment ?? '').trim(),
    notNull: r.nullable === 'NO',
    hasDefault: r.dflt !== null || r.identity === 'YES',
    isPk: pk.has(r.name),
    isIncrement: pk.size === 1 && pk.has(r.name) && serial(r),
  }));
}

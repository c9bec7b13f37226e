/**
 * The SQL the code generator runs on PostgreSQL's catalogue (issue 43; reference §8: RuoYi reads
 * information_schema): the tables of the current schema (`information_schema.tables`, base tables
 * only, comment from `obj_description`), one table's columns (`information_schema.columns`,
 * comment from `col_description`) and its primary-key columns (`table_constraints` /
 * `key_column_usage`). What the rows mean (declared types, which tables are offered) is in
 * pg-tables.ts; the SQLite catalogue is sqlite-schema.repo.ts.
 */
import type { Statements } from '../../../db/store/port';

type Reads = Pick<Statements, 'all'>;
type ReadsOne = Pick<Statements, 'get'>;

/** One table of the catalogue: its name and its comment (null when none). */
export type PgTableRow = { name: string; comment: string | null };

/** One column of `information_schema.columns`, in declaration order. */
export type PgColumnRow = {
  name: string;
  /** `data_type`: `integer`, `character varying`, `timestamp without time zone`, `USER-DEFINED`, `ARRAY` … */
  dataType: string;
  /** `udt_name`: the underlying type (`int4`, `varchar`, `_text` for arrays, the enum's name …). */
  udtName: string;
  charLength: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  /** `is_nullable`: 'YES' / 'NO'. */
  nullable: string;
  /** `column_default` (null for none and for identity columns). */
  dflt: string | null;
  /** `is_identity`: 'YES' / 'NO'. */
  identity: string;
  comment: string | null;
};

const TABLES = `SELECT t.table_name AS "name", obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class') AS "comment"
  FROM information_schema.tables t
  WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`;

/** Every base table of the current schema, ordered by name (byte order, as SQLite's ORDER BY name). */
export async function pgTables(store: Reads): Promise<PgTableRow[]> {
  return store.all<PgTableRow>(`${TABLES} ORDER BY t.table_name::text COLLATE "C"`);
}

/** The base table of the current schema named exactly `tableName`, or undefined. */
export async function pgTable(store: ReadsOne, tableName: string): Promise<PgTableRow | undefined> {
  return store.get<PgTableRow>(`${TABLES} AND t.table_name = ?`, [tableName]);
}

/** The columns of table `tableName` of the current schema, in declaration order. */
export async function pgColumns(store: Reads, tableName: string): Promise<PgColumnRow[]> {
  return store.all<PgColumnRow>(`SELECT c.column_name AS "name", c.data_type AS "dataType", c.udt_name AS "udtName",
      c.character_maximum_length AS "charLength", c.numeric_precision AS "numericPrecision", c.numeric_scale AS "numericScale",
      c.is_nullable AS "nullable", c.column_default AS "dflt", c.is_identity AS "identity",
      col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int) AS "comment"
    FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.table_name = ?
    ORDER BY c.ordinal_position`, [tableName]);
}

/** Names of the primary-key columns of table `tableName` of the current schema (none: []). */
export async function pgPrimaryKey(store: Reads, tableName: string): Promise<string[]> {
  const rows = await store.all<{ name: string }>(`SELECT k.column_name AS "name"
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage k
      ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name AND k.table_name = tc.table_name
    WHERE tc.table_schema = current_schema() AND tc.table_name = ? AND tc.constraint_type = 'PRIMARY KEY'
    ORDER BY k.ordinal_position`, [tableName]);
  return rows.map((r) => r.name);
}

/**
 * Whether a relation (table, view, index, sequence …) or a type of that name exists in the current
 * schema, case-insensitive (创建 refuses names SQLite would take as the same: create-table.ts).
 */
export async function pgObjectExists(store: ReadsOne, name: string): Promise<boolean> {
  return (await store.get<{ n: number }>(`SELECT 1 AS "n" FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE s.nspname = current_schema() AND lower(c.relname) = lower(?)
    UNION ALL SELECT 1 AS "n" FROM pg_type t JOIN pg_namespace s ON s.oid = t.typnamespace
      WHERE s.nspname = current_schema() AND lower(t.typname) = lower(?)
    LIMIT 1`, [name, name])) !== undefined;
}

/**
 * `{type, name, tbl_name}` of every relation of the current schema, in sqlite_master's terms
 * (before / after a 创建 run, create-table.ts runCreateTables): type 'table', 'index', 'sequence',
 * 'view' or the relkind; tbl_name the table an index is on or an identity / serial sequence belongs
 * to (the relation's own name otherwise).
 */
export async function pgObjects(store: Reads): Promise<Array<{ type: string; name: string; tbl_name: string }>> {
  return store.all<{ type: string; name: string; tbl_name: string }>(`SELECT
      CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'i' THEN 'index' WHEN 'I' THEN 'index'
        WHEN 'S' THEN 'sequence' WHEN 'v' THEN 'view' ELSE c.relkind::text END AS "type",
      c.relname::text AS "name",
      coalesce(
        (SELECT t.relname::text FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid WHERE x.indexrelid = c.oid),
        (SELECT t.relname::text FROM pg_depend d JOIN pg_class t ON t.oid = d.refobjid
          WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i') LIMIT 1),
        c.relname::text) AS "tbl_name"
    FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
    WHERE s.nspname = current_schema()`);
}

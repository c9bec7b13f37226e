/**
 * Generates the PostgreSQL schema modules (server/db/pg-schema/tables.ts, re-exporting one
 * tables-<group>.ts per table prefix) from the SQLite schema (server/db/schema), issue 43:
 * "Drizzle has no dialect-neutral schema; keep the SQLite schema as the source and generate the pg
 * schema from it". `npm run db:generate:pg` writes them (scripts/gen-pg-schema.ts) and then lets
 * drizzle-kit write the migration into drizzle-pg/; generate.test.ts fails when a committed file
 * differs from what generatePgSchemaFiles returns now.
 *
 * Mapping (rules in ./rules.ts):
 * - Tables, columns, exported names and property names: the same; tables sorted by export name
 *   (an ES module namespace lists its exports in that order), columns and indexes in declaration
 *   order, so the output depends on the schema only.
 * - `text` → `text`, same NOT NULL and default.
 * - `integer` → `integer`, except epoch milliseconds and ms durations (`time`, `*_time`, `*_date`,
 *   `*_at`, `*_expiry`, `duration`) and BIGINT_BY_USAGE (`sys_upload.size`, bytes) →
 *   `bigint({ mode: 'number' })`. Counters (`revision`, `version`, `retries`), flags, sort orders
 *   and foreign ids stay `integer`.
 * - `integer({ mode: 'boolean' })` → an `integer` column holding 1/0 (a customType read and
 *   written as boolean, so the TypeScript type stays `boolean`). Not pg `boolean`: the app's raw
 *   SQL writes and compares these as 1/0 (the store port's rule: "booleans are stored as 1/0 on
 *   both"), which a pg boolean column would reject. Their defaults become `sql\`1\``/`sql\`0\``
 *   (drizzle-kit would print `DEFAULT true` on an integer column).
 * - A single-column integer primary key that SQLite fills as a rowid (AUTOINCREMENT, or INTEGER
 *   PRIMARY KEY inserted without a value) → `integer().primaryKey().generatedByDefaultAsIdentity()`
 *   (BY DEFAULT: seeds insert explicit ids, then advanceSequences in ./migrate.ts moves the
 *   sequences past them); the keys the app always writes (EXPLICIT_INTEGER_KEYS) stay plain.
 * - Other primary keys, composite primary keys, foreign keys (same actions), unique constraints,
 *   checks, indexes, unique indexes and partial indexes: the same, with the same names; SQL
 *   fragments (WHERE clauses, checks, `sql` defaults) go through toPgSql (SQLite-only functions
 *   rewritten: unixepoch → extract(epoch …), CURRENT_TIMESTAMP → to_char(now() …), ifnull →
 *   coalesce). The SQLite schema has no `sql` default today; its partial indexes' WHERE clauses
 *   (`… IS NOT NULL`) are valid PostgreSQL as they are.
 * - Not mapped (generation throws, naming the column): `$defaultFn` / `$onUpdateFn` (functions
 *   do not survive code generation), generated columns, and column types without a rule.
 *
 * Hand-written SQL of the SQLite migrations (the sys_auth_version row and triggers of
 * drizzle/0005_auth_version.sql) is not part of the schema: its PostgreSQL port is the custom
 * migration drizzle-pg/0001_auth_version.sql.
 */
import { getTableColumns, is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from '../schema';
import { pgKindOf, toPgSql, type PgKind } from './rules';

/** The command that regenerates tables.ts and the drizzle-pg migration. */
export const GENERATE_COMMAND = 'npm run db:generate:pg';

/** A single-quoted TypeScript string literal. */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** A `sql` template literal holding `text` verbatim. */
function sqlLiteral(text: string): string {
  return `sql\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}

/** One table of the source: its export name, config and property key per column. */
interface SourceTable {
  exportName: string;
  table: SQLiteTable;
  config: ReturnType<typeof getTableConfig>;
  keyOf: Map<SQLiteColumn, string>;
}

function sourceTables(source: Record<string, unknown>): SourceTable[] {
  return Object.keys(source)
    .sort()
    .flatMap((exportName) => {
      const table = source[exportName];
      if (!is(table, SQLiteTable)) return [];
      const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, col]) => [col as SQLiteColumn, key]));
      return [{ exportName, table, config: getTableConfig(table), keyOf }];
    });
}

/** Renders a column default for a PostgreSQL column of `kind`. */
function defaultOf(where: string, kind: PgKind, value: unknown): string {
  if (is(value, SQL)) return sqlLiteral(toPgSql(value, `${where} default`));
  if (kind === 'boolean' && typeof value === 'boolean') return sqlLiteral(value ? '1' : '0');
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' && (kind === 'integer' || kind === 'bigint')) return String(value);
  throw new Error(`${where}: no PostgreSQL rendering for the default ${JSON.stringify(value)} of a ${kind} column`);
}

/** The builder function each kind uses (imports are derived from these). */
const BUILDER: Record<PgKind, string> = { text: 'text', integer: 'integer', bigint: 'bigint', boolean: 'intBoolean', identity: 'integer' };

const INT_BOOLEAN = `/**
 * SQLite's integer({ mode: 'boolean' }): an integer column holding 1/0 (the app's raw SQL writes
 * and compares 1/0 on both databases), read and written as a boolean through Drizzle.
 */
const intBoolean = customType<{ data: boolean; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (value) => (value ? 1 : 0),
  fromDriver: (value) => Number(value) !== 0,
});
`;

/**
 * Returns the TypeScript source of the pg-core schema module equivalent to the SQLite tables
 * exported by `source` (default: server/db/schema), with a header naming it generated and the
 * command that regenerates it. Deterministic and pure (reads the table objects only).
 * Errors: throws, naming the table and column, for what the mapping has no rule for (module
 * comment "Not mapped"), a foreign key to a table `source` does not export, or SQLite-only SQL.
 */
/** One table's generated source: its export, its group (the SQL name's prefix), the builders it uses and the other exports it references. */
interface RenderedTable { exportName: string; group: string; text: string; used: Set<string>; refs: Set<string> }

function renderTables(source: Record<string, unknown>): RenderedTable[] {
  const tables = sourceTables(source);
  const exportOf = new Map(tables.map((t) => [t.table, t]));
  const out: RenderedTable[] = [];

  for (const { exportName, config, keyOf } of tables) {
    const used = new Set<string>(['pgTable']);
    const refs = new Set<string>();
    const columnRef = (col: SQLiteColumn, owner: SQLiteTable): string => {
      const target = exportOf.get(owner);
      const key = target?.keyOf.get(col);
      if (!target || !key) throw new Error(`${config.name}: foreign key to ${col.name} of a table the schema does not export`);
      if (target.exportName !== exportName) refs.add(target.exportName);
      return `${target.exportName}.${key}`;
    };
    // Single-column foreign keys with the default name go on their column (as in the source).
    const inlineFk = new Map<SQLiteColumn, string>();
    const extras: string[] = [];
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const actions = [fk.onDelete && fk.onDelete !== 'no action' ? `onDelete: ${quote(fk.onDelete)}` : '', fk.onUpdate && fk.onUpdate !== 'no action' ? `onUpdate: ${quote(fk.onUpdate)}` : ''].filter(Boolean);
      if (ref.columns.length === 1 && !ref.name) {
        const target = columnRef(ref.foreignColumns[0], ref.foreignTable);
        inlineFk.set(ref.columns[0], `.references(() => ${target}${actions.length ? `, { ${actions.join(', ')} }` : ''})`);
      } else {
        used.add('foreignKey');
        const cols = ref.columns.map((c) => `t.${keyOf.get(c)}`).join(', ');
        const foreign = ref.foreignColumns.map((c) => columnRef(c, ref.foreignTable)).join(', ');
        const chain = actions.map((a) => { const [k, v] = a.split(': '); return `.${k}(${v})`; }).join('');
        extras.push(`foreignKey({ name: ${quote(fk.getName())}, columns: [${cols}], foreignColumns: [${foreign}] })${chain}`);
      }
    }

    const columns = config.columns.map((col) => {
      const where = `${config.name}.${col.name}`;
      if (col.defaultFn || col.onUpdateFn) throw new Error(`${where}: $defaultFn / $onUpdateFn cannot be generated; use a SQL default`);
      if (col.generated) throw new Error(`${where}: generated columns are not mapped`);
      const kind = pgKindOf(config.name, col);
      used.add(BUILDER[kind]);
      let out = `${BUILDER[kind]}(${quote(col.name)}${kind === 'bigint' ? ", { mode: 'number' }" : ''})`;
      if (col.primary) out += '.primaryKey()';
      if (kind === 'identity') out += '.generatedByDefaultAsIdentity()';
      if (col.notNull && !col.primary) out += '.notNull()';
      if (col.hasDefault && col.default !== undefined) {
        const rendered = defaultOf(where, kind, col.default);
        if (rendered.startsWith('sql`')) used.add('sql');
        out += `.default(${rendered})`;
      }
      if (col.isUnique) out += `.unique(${quote(col.uniqueName ?? `${config.name}_${col.name}_unique`)})`;
      out += inlineFk.get(col) ?? '';
      return `  ${keyOf.get(col)}: ${out},`;
    });

    const ref = (c: SQLiteColumn | SQL, where: string): string => {
      if (is(c, SQL)) { used.add('sql'); return sqlLiteral(toPgSql(c, where)); }
      return `t.${keyOf.get(c as SQLiteColumn)}`;
    };
    for (const pk of config.primaryKeys) {
      used.add('primaryKey');
      const name = pk.name ? `name: ${quote(pk.name)}, ` : '';
      extras.unshift(`primaryKey({ ${name}columns: [${pk.columns.map((c) => ref(c, config.name)).join(', ')}] })`);
    }
    for (const uq of config.uniqueConstraints) {
      used.add('unique');
      extras.push(`unique(${quote(uq.getName() ?? `${config.name}_${uq.columns.map((c) => c.name).join('_')}_unique`)}).on(${uq.columns.map((c) => ref(c, config.name)).join(', ')})`);
    }
    for (const ck of config.checks) {
      used.add('check');
      used.add('sql');
      extras.push(`check(${quote(ck.name)}, ${sqlLiteral(toPgSql(ck.value, `${config.name} check ${ck.name}`))})`);
    }
    for (const ix of config.indexes) {
      const { name, columns: on, unique, where } = ix.config;
      const fn = unique ? 'uniqueIndex' : 'index';
      used.add(fn);
      let out = `${fn}(${quote(name)}).on(${on.map((c) => ref(c, `index ${name}`)).join(', ')})`;
      if (where) {
        used.add('sql');
        out += `.where(${sqlLiteral(toPgSql(where, `index ${name}`))})`;
      }
      extras.push(out);
    }

    const extra = extras.length ? `, (t) => [\n${extras.map((e) => `  ${e},`).join('\n')}\n]` : '';
    out.push({ exportName, group: config.name.split('_')[0], text: `export const ${exportName} = pgTable(${quote(config.name)}, {\n${columns.join('\n')}\n}${extra});`, used, refs });
  }

  return out;
}

const HEADER = `/**
 * GENERATED FILE, do not edit: \`${GENERATE_COMMAND}\` rewrites it (scripts/gen-pg-schema.ts, from the
 * SQLite schema server/db/schema through server/db/pg-schema/generate.ts, whose comment lists the
 * type mapping), then drizzle-kit writes the migration into drizzle-pg/. Change the SQLite schema
 * and regenerate. The PostgreSQL schema of issue 43: the same exported names, tables, columns,
 * keys and indexes as the SQLite schema.
 */
`;

/** A module holding `tables`, its imports first (`siblings`: from which sibling module each referenced export comes). */
function moduleOf(tables: RenderedTable[], siblings?: Map<string, string>): string {
  const used = new Set<string>();
  for (const t of tables) for (const u of t.used) used.add(u);
  const core = [...used].filter((n) => n !== 'sql' && n !== 'intBoolean');
  if (used.has('intBoolean')) core.push('customType');
  const imports = [
    used.has('sql') ? "import { sql } from 'drizzle-orm';" : '',
    `import { ${[...new Set(core)].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
  ];
  if (siblings) {
    const own = new Set(tables.map((t) => t.exportName));
    const from = new Map<string, Set<string>>();
    for (const t of tables) {
      for (const r of t.refs) {
        if (own.has(r)) continue;
        const file = siblings.get(r)!;
        if (!from.has(file)) from.set(file, new Set());
        from.get(file)!.add(r);
      }
    }
    for (const file of [...from.keys()].sort()) imports.push(`import { ${[...from.get(file)!].sort().join(', ')} } from './${file}';`);
  }
  return [HEADER + imports.filter(Boolean).join('\n'), used.has('intBoolean') ? INT_BOOLEAN.trimEnd() : '', ...tables.map((t) => t.text)]
    .filter(Boolean)
    .join('\n\n') + '\n';
}

/**
 * Returns the TypeScript source of the pg-core schema module equivalent to the SQLite tables
 * exported by `source` (default: server/db/schema), with a header naming it generated and the
 * command that regenerates it, as ONE module. Deterministic and pure (reads the table objects only).
 * Errors: throws, naming the table and column, for what the mapping has no rule for (module
 * comment "Not mapped"), a foreign key to a table `source` does not export, or SQLite-only SQL.
 */
export function generatePgSchema(source: Record<string, unknown> = sqliteSchema): string {
  return moduleOf(renderTables(source));
}

/**
 * The same schema as files of server/db/pg-schema (file name → source): one module per table
 * group (`tables-gen.ts`, `tables-sys.ts`, `tables-wf.ts`: the SQL names' prefixes), each
 * importing the tables its foreign keys reference from its siblings, and `tables.ts` re-exporting
 * them all (what drizzle-kit and the app import). Errors: as generatePgSchema.
 */
export function generatePgSchemaFiles(source: Record<string, unknown> = sqliteSchema): Record<string, string> {
  const tables = renderTables(source);
  const groups = [...new Set(tables.map((t) => t.group))].sort();
  const fileOf = new Map(tables.map((t) => [t.exportName, `tables-${t.group}`]));
  const files: Record<string, string> = {};
  for (const g of groups) files[`tables-${g}.ts`] = moduleOf(tables.filter((t) => t.group === g), fileOf);
  files['tables.ts'] = `${HEADER.replace('keys and indexes as the SQLite schema.', 'keys and indexes as the SQLite schema, in one module per table group.')}${groups.map((g) => `export * from './tables-${g}';`).join('\n')}\n`;
  return files;
}

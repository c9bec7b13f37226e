/**
 * The SQLite → PostgreSQL rules of the generated pg schema (issue 43: "keep the SQLite schema as
 * the source and generate the pg schema from it"): which PostgreSQL type each SQLite column gets,
 * and how SQL fragments (partial-index WHERE clauses, checks, SQL defaults) are rewritten. The
 * generator (./generate.ts) applies them; its module comment lists the whole mapping.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** What a SQLite column becomes on PostgreSQL. */
export type PgKind = 'text' | 'integer' | 'bigint' | 'boolean' | 'identity';

/**
 * Single-column integer primary keys the app always writes itself, so they are plain `integer`
 * keys on PostgreSQL, not identities: every other single-column integer key is a rowid SQLite fills
 * (AUTOINCREMENT, or an INTEGER PRIMARY KEY inserted without a value: the engine's multi-row inserts
 * read their ids back from lastInsertRowid, server/engine/store/rows.ts).
 */
export const EXPLICIT_INTEGER_KEYS: ReadonlySet<string> = new Set([
  'sys_auth_version.id', // the one row 1, inserted by the migration (drizzle/0005_auth_version.sql)
  'sys_job_state.job_id', // = sys_job.job_id (server/modules/monitor/job/job.repo.ts)
]);

/**
 * Integer columns holding epoch milliseconds or millisecond durations, by name: `time`, `*_time`,
 * `*_date`, `*_at`, `*_expiry`, `duration`. Epoch ms (~1.8e12) is far past 2^31 − 1, and a
 * duration in ms passes it after 24.8 days (a process instance or task can be open that long).
 */
export const EPOCH_OR_DURATION_NAME = /(^|_)(time|date|at|expiry|duration)$/;

/** Integer columns that can pass 2^31 − 1 although their name does not say so (`table.column`). */
export const BIGINT_BY_USAGE: ReadonlySet<string> = new Set([
  'sys_upload.size', // bytes of one stored file; the quota sums them (server/modules/common/upload-quota.repo.ts)
]);

/**
 * The PostgreSQL kind of a SQLite column (see the constants above).
 * Errors: throws for a SQLite column type the mapping has no rule for (real, blob, numeric,
 * timestamp or json modes): add one here and in ./generate.ts.
 */
export function pgKindOf(tableName: string, column: SQLiteColumn): PgKind {
  const id = `${tableName}.${column.name}`;
  switch (column.columnType) {
    case 'SQLiteText':
      return 'text';
    case 'SQLiteBoolean':
      return 'boolean';
    case 'SQLiteInteger':
      if (column.primary && !EXPLICIT_INTEGER_KEYS.has(id)) return 'identity';
      return EPOCH_OR_DURATION_NAME.test(column.name) || BIGINT_BY_USAGE.has(id) ? 'bigint' : 'integer';
    default:
      throw new Error(`${id}: no PostgreSQL rule for SQLite column type ${column.columnType} (server/db/pg-schema/rules.ts pgKindOf)`);
  }
}

/**
 * SQLite-only SQL and its PostgreSQL form, applied in order to rendered fragments. The SQLite
 * schema uses none of these today (its defaults are literals and its WHERE clauses plain
 * comparisons); they are here so a new `sql` default or WHERE clause keeps generating.
 */
export const SQL_REWRITES: readonly (readonly [RegExp, string])[] = [
  // Back-quoted identifiers (MySQL style, accepted by SQLite) → standard double quotes.
  [/`([^`]+)`/g, '"$1"'],
  // Epoch ms / s: the app's integer times.
  [/\(\s*unixepoch\(\s*(?:'subsec')?\s*\)\s*\*\s*1000\s*\)/gi, '((extract(epoch from now()) * 1000)::bigint)'],
  [/\bunixepoch\(\s*\)/gi, '(extract(epoch from now())::bigint)'],
  // SQLite's CURRENT_TIMESTAMP is text `yyyy-MM-dd HH:mm:ss` in UTC.
  [/\bCURRENT_TIMESTAMP\b/gi, `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`],
  [/\bifnull\(/gi, 'coalesce('],
];

/** SQLite-only SQL left after the rewrites: generation stops rather than emit SQL PostgreSQL rejects. */
export const SQLITE_ONLY = /\b(strftime|datetime|julianday|unixepoch|date|time|glob|randomblob|total_changes|last_insert_rowid|printf|instr)\s*\(|`/i;

const dialect = new SQLiteSyncDialect();

/**
 * Renders a SQLite `sql` fragment of the schema as PostgreSQL text: column references as bare
 * quoted names (`"user_id"`), parameters inlined as literals, SQL_REWRITES applied.
 * `where` names the fragment for errors. Pure: the source SQL object is not changed.
 * Errors: throws when SQLite-only SQL (SQLITE_ONLY) is left.
 */
export function toPgSql(fragment: SQL, where: string): string {
  const rendered = dialect.sqlToQuery(sql`${fragment}`.inlineParams(), 'indexes').sql;
  let out = rendered;
  for (const [pattern, replacement] of SQL_REWRITES) out = out.replace(pattern, replacement);
  const bad = SQLITE_ONLY.exec(out);
  if (bad) throw new Error(`${where}: SQLite-only SQL ${JSON.stringify(bad[0])} in ${JSON.stringify(rendered)}: add a rewrite to SQL_REWRITES (server/db/pg-schema/rules.ts)`);
  return out;
}

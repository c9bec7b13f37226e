/**
 * Uniqueness across nodes (issue 44: "uniqueness holds under concurrent creates on different
 * nodes — unique indexes, not read-then-insert"). The services keep their read-first checks (the
 * friendly path, with the spec's messages); the unique indexes of the schema (server/db/schema,
 * the `*_uq` indexes, partial where the rule is) are the guarantee. When two nodes pass the check
 * at the same moment, the second insert or update violates the index; `onUniqueViolation` answers
 * that violation with the same message the check gives, so a caller cannot tell the two paths
 * apart (AppError 'conflict', REST code 500).
 *
 * How a violation names its index:
 * - PostgreSQL: SQLSTATE 23505, `constraint` = the index's name (the same names on both: the pg
 *   schema is generated from the SQLite one);
 * - SQLite: code SQLITE_CONSTRAINT_UNIQUE, message `UNIQUE constraint failed: t.a, t.b`, which
 *   names the columns, not the index: the columns are looked up among the schema's unique
 *   indexes (one unique index per column list and table).
 * Drizzle wraps driver errors (DrizzleQueryError), so the `cause` chain is searched.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../db/schema';
import { AppError } from './errors';

/** `table.col, table.col` (SQLite's wording) → unique index name, from the SQLite schema. */
function buildIndexByColumns(): Map<string, string> {
  const out = new Map<string, string>();
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    for (const ix of config.indexes) {
      if (!ix.config.unique) continue;
      const columns = ix.config.columns.map((c) => `${config.name}.${(c as { name: string }).name}`).join(', ');
      out.set(columns, ix.config.name);
    }
  }
  return out;
}

let indexByColumns: Map<string, string> | undefined;

const SQLITE_UNIQUE = /UNIQUE constraint failed: (.+)$/;

/**
 * The name of the unique index (or constraint) that `err` reports as violated: PostgreSQL's
 * 23505 `constraint`, or SQLite's SQLITE_CONSTRAINT_UNIQUE mapped from its column list to the
 * schema's index name (the column list itself when no schema index has those columns).
 * Undefined for any other error. Looks through `cause` (Drizzle's wrapper), at most 5 levels.
 */
export function violatedUniqueIndex(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : undefined;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string') {
      const columns = SQLITE_UNIQUE.exec(message)?.[1]?.trim();
      if (!columns) return undefined;
      indexByColumns ??= buildIndexByColumns();
      return indexByColumns.get(columns) ?? columns;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `run` (a command, usually its whole `store.transaction`, so the failed transaction has
 * been rolled back when this answers); a violation of one of the unique indexes named in
 * `messages` (index name → the spec message its read-first check gives) becomes
 * AppError('conflict', that message). Any other error, and violations of other indexes, pass
 * through unchanged. Returns what `run` returns.
 */
export async function onUniqueViolation<T>(run: () => Promise<T>, messages: Readonly<Record<string, string>>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const index = violatedUniqueIndex(err);
    if (index !== undefined && Object.hasOwn(messages, index)) throw new AppError('conflict', messages[index]);
    throw err;
  }
}

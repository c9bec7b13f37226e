/**
 * PostgreSQL migrations and sequences (issue 43: "per-dialect migration folders"; "Seeds work on
 * both (sequences advanced after seeding)"): applies drizzle-pg/ (the drizzle-kit migrations of
 * the generated schema ./tables.ts plus the hand-written 0001_auth_version.sql) with drizzle-orm's
 * node-postgres migrator, and moves identity sequences past ids written explicitly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { SqlParam, Statements } from '../store/port';

const here = path.dirname(fileURLToPath(import.meta.url));

/** drizzle-pg/ at the repository root. */
export const defaultPgMigrationsFolder = path.resolve(here, '../../../drizzle-pg');

/**
 * Applies the migrations of `migrationsFolder` (default drizzle-pg/) that the database at `url`
 * (`postgres://…`) has not applied yet, each in the migrator's transaction, recording them in
 * `drizzle.__drizzle_migrations`. Opens and closes its own connection.
 * Errors: rejects when the database cannot be reached or a migration fails (that migration and
 * the ones after it are not applied).
 */
export async function migratePostgres(url: string, migrationsFolder: string = defaultPgMigrationsFolder): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The migrator's CREATE SCHEMA/TABLE IF NOT EXISTS notices are noise.
    await client.query('SET client_min_messages = warning');
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** A node-postgres Client, PoolClient or Pool (anything with `query`). */
export interface PgQueryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** One identity sequence after advanceSequences: its table and column, and the next id it gives. */
export interface AdvancedSequence {
  table: string;
  column: string;
  next: number;
}

/**
 * After rows were inserted with explicit ids (the seed writes RuoYi's fixed ids, a copy of a
 * SQLite database keeps its ids), sets the sequence of every identity column of the current
 * schema so that the next generated id is max(column) + 1 (1 for an empty table): otherwise
 * the first insert without an id would collide with a seeded row. `pg_get_serial_sequence` finds
 * each column's sequence; `setval(seq, max + 1, false)` sets it. Run it after seeding, in or out
 * of the seeding transaction. `target` is a connection (Client, PoolClient, Pool), a URL (a
 * connection is opened and closed) or a PostgreSQL store (server/db/store/port.ts). Returns the sequences set, sorted by table and column.
 * Errors: rejects when the database cannot be reached or a table cannot be read.
 */
export async function advanceSequences(target: PgQueryable | string | Pick<Statements, 'all'>): Promise<AdvancedSequence[]> {
  if (typeof target === 'object' && 'all' in target) {
    // The store port (its `?` placeholders): inside the caller's transaction when there is one.
    const store = target;
    return advanceSequences({ query: async (text: string, values?: unknown[]) => ({ rows: await store.all(text.replace(/\$\d+/g, '?'), values as SqlParam[]) }) } as unknown as PgQueryable);
  }
  if (typeof target === 'string') {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return await advanceSequences(client);
    } finally {
      await client.end();
    }
  }
  const { rows: columns } = await target.query<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name, column_name`,
  );
  const done: AdvancedSequence[] = [];
  for (const { table, column } of columns) {
    const t = `"${table.replace(/"/g, '""')}"`;
    const c = `"${column.replace(/"/g, '""')}"`;
    const { rows } = await target.query<{ next: string }>(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${c}), 0) + 1, false) AS next FROM ${t}`,
      [t, column],
    );
    done.push({ table, column, next: Number(rows[0].next) });
  }
  return done;
}

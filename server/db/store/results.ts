/**
 * Reading the results of awaited Drizzle queries the same way on both adapters (issue 43): the
 * SQLite builders' `.get()` / `.all()` / `.run()` exist only over better-sqlite3, so code on the
 * store awaits the builder and reads its result with these.
 */

/** The first row of an awaited select (put `.limit(1)` on the query), or undefined. */
export function firstRow<T>(rows: readonly T[]): T | undefined {
  return rows[0];
}

/**
 * Rows changed by an awaited insert, update or delete without `returning`: better-sqlite3's
 * `{changes}` or node-postgres' `{rowCount}` (null for statements that count nothing → 0).
 */
export function changesOf(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

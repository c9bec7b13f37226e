/**
 * The row-count checks of writes sent with COMMIT (port.ts batchAtCommit; issue 44): a write's
 * `expect` (the engine's instance revision check) cannot be read after the round trip that also
 * commits, so it is made part of the statement: the statement fails unless it changed that many
 * rows, the failure aborts the transaction before its COMMIT runs, and the caller gets the
 * expect's own error (expectingError).
 */
import pg from 'pg';
import { BatchError, type ExpectingStatement, type SqlParam } from './port';

/** SQLSTATE of division_by_zero: how a wrapped statement (expectingSql) reports another row count. */
const EXPECT_FAILED = '22012';

/**
 * `sql` (one INSERT / UPDATE / DELETE without RETURNING) made to fail unless it changes exactly
 * `changes` rows: `WITH w AS (<sql> RETURNING 1) SELECT 1 / (CASE WHEN count(*) = n THEN 1 ELSE 0
 * END) FROM w`, a division by zero (SQLSTATE 22012) otherwise. So the check runs inside the
 * message that also carries COMMIT (a count read afterwards would come too late to roll back).
 */
export function expectingSql(sql: string, changes: number): string {
  return `WITH w AS (${sql.replace(/[\s;]+$/, '')} RETURNING 1) SELECT 1 / (CASE WHEN count(*) = ${Math.trunc(changes)} THEN 1 ELSE 0 END) FROM w`;
}

/** `s` with its `expect` enforced in SQL (expectingSql), as a statement of ./pg-pipeline.ts. */
export function expecting(s: ExpectingStatement): { sql: string; params?: readonly SqlParam[] } {
  return s.expect ? { sql: expectingSql(s.sql, s.expect.changes), params: s.params } : { sql: s.sql, params: s.params };
}

/**
 * The error a failed batch of `expecting` statements stands for: the `expect.error()` of the statement
 * whose wrapper divided by zero, the database's error when the failure was outside the batch's
 * statements (a COMMIT), else the BatchError as it is.
 */
export function expectingError(list: readonly ExpectingStatement[], err: unknown): unknown {
  if (!(err instanceof BatchError)) return err;
  const s = err.index >= 0 ? list[err.index] : undefined;
  if (s?.expect && err.cause instanceof pg.DatabaseError && err.cause.code === EXPECT_FAILED) return s.expect.error();
  if (err.index === -1 && err.cause instanceof pg.DatabaseError) return err.cause;
  return err;
}

/**
 * Which failures of a PostgreSQL transaction are worth running it again (issue 44 "Deadlock and
 * serialization failures (40P01/40001) get one retry, then the concurrency message"): the
 * server rolled the whole transaction back because another one won, and the same work may well
 * pass now. The store's outermost `transaction` (./pg-transactions.ts) retries once on them, so its
 * `fn` may run twice and must have no effect outside the transaction before the commit. Callers
 * checked for that: the engine's commands (units of work enter the instance cache after the
 * commit only, and that cache is off on PostgreSQL; the ReplayDb's state is made per run of
 * `fn`; ids taken from sequences just leave a gap; registered listener / service handlers run
 * again, as after any rollback), the operation log's flush (its rows leave the queue before the
 * transaction and go back on failure), the module services read (statements inside, cache drops
 * after the commit).
 */

/** SQLSTATE of a serialization failure and of a deadlock (PostgreSQL, Appendix A "Class 40"). */
export const RETRIED_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01']);

/**
 * True when `err`, or an error it wraps through `cause` (an AppError the engine made of it:
 * engine/core.ts toAppError; a BatchError of ./port.ts), carries SQLSTATE 40001 or 40P01.
 * Follows at most 8 causes (a cycle ends there).
 */
export function isRetriedConflict(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRIED_SQLSTATES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

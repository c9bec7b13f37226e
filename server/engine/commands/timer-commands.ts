/**
 * Firing due timers (Flowable's async executor for timer jobs, in small: acquire, then execute;
 * the pg-boss / graphile-worker claim). Several app nodes share one database (issue 44), so a
 * timer is first CLAIMED by one node, then fired by that node alone:
 *
 * 1. Acquire: ONE statement locks a batch of due timers for `owner` — due (`due_time <= now`),
 *    retries left, definition active, instance running (or a start timer), and not locked by a
 *    live claim (`lock_expiry` null or past) — setting `lock_owner = owner` and
 *    `lock_expiry = now + lockMs` (LOCK_MS, Flowable's timerLockTime / asyncJobLockTime:
 *    5 minutes). On PostgreSQL its inner select takes the rows `FOR UPDATE OF t SKIP LOCKED`: two
 *    nodes acquiring at once get disjoint batches and neither waits for the other's row locks. On
 *    SQLite (one writer at a time) the same statement without that clause.
 * 2. Execute: each claimed timer in ITS OWN command. It reads the timer's instance id (no lock) and
 *    loads that instance, which locks its row on PostgreSQL, BEFORE it claims the timer row with
 *    `DELETE … WHERE id = ? AND lock_owner = ? RETURNING …`: the order of the user commands (a
 *    complete that cancels a boundary timer locks the instance, then deletes the timer row), so
 *    the two wait for each other instead of deadlocking (before, the firing took the timer row
 *    first and a deadlock, detected after 1 s, was left to the retry). A timer whose lock expired
 *    meanwhile and was taken (or already fired) by another node is not fired here. Then, in that
 *    transaction: the event occurs (catch token leaves, boundary triggers, event sub-process
 *    starts) → cycle re-scheduled → agenda → flush; a start-event timer starts an instance
 *    (system start, no initiator) and schedules its next cycle (unlocked).
 * 3. Hand back: a claimed timer not fired (the instance or definition was suspended meanwhile,
 *    an error before the claim, `shouldStop` said stop) is released at the end of the call
 *    (`lock_owner`, `lock_expiry` null); `releaseTimers(owner)` releases every live claim of an
 *    owner (the scheduler's stop: rolling restarts hand timers to the other nodes at once).
 * A node that dies holding claims: its rows come back when their `lock_expiry` passes, and the
 * next node's acquire takes them (each fires once: the row is deleted by the firing).
 *
 * A firing that throws is rolled back (the row comes back, still claimed), then `retries` is
 * decremented, `lastError` stored, `dueTime` pushed RETRY_DELAY_MS later and the lock released
 * (`lock_owner` keeps the node that tried, `lock_expiry` null); at 0 retries the row stays,
 * visible and never fired again (Flowable's dead-letter job). A timer due while the server was
 * down fires on the first call after start (nothing special: dueTime <= now).
 */
import { UnitOfWork } from '../store/unit-of-work';
import { columns, stmt, TIMER_COLS, type TimerRow } from '../store/rows';
import { newId, runAgenda } from '../runtime/context';
import { TIMER_RETRIES } from '../runtime/events';
import { eventOccurred, rescheduleCycle } from '../runtime/event-dispatch';
import { nextCycleFire } from '../runtime/iso8601';
import type { EngineCore } from '../core';
import { startInstance } from './start';
import { insertTimer } from './event-starts';

/** How much later a failed timer is tried again (ms). */
export const RETRY_DELAY_MS = 60_000;

/**
 * How long a node's claim on a timer holds (ms): 5 minutes, Flowable's default timer / async job
 * lock time. A claim not fired nor released by then (its node died) is taken by the next acquire.
 */
export const LOCK_MS = 5 * 60_000;

/** Timers acquired by one call unless `limit` says otherwise. */
const DEFAULT_BATCH = 100;

/** The acquire statement (see the file header); `?`: now, now, limit, owner, expiry. */
const acquireSql = (skipLocked: boolean) => `WITH due_batch AS (
    SELECT t.id FROM wf_timer t
    JOIN wf_definition d ON d.id = t.definition_id
    LEFT JOIN wf_instance i ON i.id = t.instance_id
    WHERE t.due_time <= ? AND t.retries > 0 AND d.suspension_state = 1 AND (t.instance_id IS NULL OR i.state = 'running')
      AND (t.lock_expiry IS NULL OR t.lock_expiry < ?)
    ORDER BY t.due_time LIMIT ?${skipLocked ? ' FOR UPDATE OF t SKIP LOCKED' : ''})
  UPDATE wf_timer SET lock_owner = ?, lock_expiry = ? WHERE id IN (SELECT id FROM due_batch)
  RETURNING id, due_time AS "dueTime"`;

const SQL = {
  acquire: { sqlite: acquireSql(false), postgres: acquireSql(true) },
  instanceOf: 'SELECT instance_id AS "instanceId" FROM wf_timer WHERE id = ? AND lock_owner = ?',
  claim: `DELETE FROM wf_timer WHERE id = ? AND lock_owner = ? RETURNING ${columns(TIMER_COLS)}`,
  failed: 'UPDATE wf_timer SET retries = retries - 1, last_error = ?, due_time = ?, lock_owner = ?, lock_expiry = NULL WHERE id = ? AND lock_owner = ?',
  release: 'UPDATE wf_timer SET lock_owner = NULL, lock_expiry = NULL WHERE lock_owner = ? AND lock_expiry IS NOT NULL',
  releaseOne: 'UPDATE wf_timer SET lock_owner = NULL, lock_expiry = NULL WHERE id = ? AND lock_owner = ? AND lock_expiry IS NOT NULL',
  // Unclaimed timers by due time (the due_time index), and claimed ones by the end of their claim:
  // every claim is of a due row, so the second part ranges over the rows due by now.
  nextDue: `SELECT min(t) AS t FROM (
      SELECT min(due_time) AS t FROM wf_timer WHERE retries > 0 AND lock_expiry IS NULL
      UNION ALL
      SELECT min(lock_expiry) AS t FROM wf_timer WHERE due_time <= ? AND retries > 0 AND lock_expiry IS NOT NULL) AS due`,
};

/** Thrown inside a firing transaction to roll it back without counting a failure (e.g. suspended meanwhile). */
class Skip extends Error {}

export interface FireInput {
  /** The time to fire at (epoch ms; the scheduler's clock). */
  now: number;
  /** Who fires: the claim's `lock_owner` (the scheduler's owner id, unique per process); also kept on a failed timer. */
  owner: string;
  /** Most timers acquired (and fired) by this call (default 100). */
  limit?: number;
  /** How long the claim holds (ms, default LOCK_MS). */
  lockMs?: number;
  /** Asked before each firing: true stops the call; the timers it claimed and did not fire are released. */
  shouldStop?: () => boolean;
  /**
   * Test hook: awaited after the batch was acquired, before each timer's firing transaction
   * (another node racing between this node's acquire and its firing, or this node stalling).
   */
  beforeClaim?: (timerId: string) => void | Promise<void>;
}

/**
 * Acquires up to `limit` due timers for `owner` until `now + lockMs` in one statement (one
 * transaction; see the file header) and returns their ids in due order.
 */
export async function acquireTimers(core: EngineCore, input: { now: number; owner: string; limit: number; lockMs: number }): Promise<string[]> {
  const store = core.deps.store;
  const sql = SQL.acquire[store.kind];
  const rows = await store.transaction(() => store.all<{ id: string; dueTime: number | string }>(sql,
    [input.now, input.now, input.limit, input.owner, input.now + input.lockMs]));
  return rows.sort((a, b) => Number(a.dueTime) - Number(b.dueTime) || (a.id < b.id ? -1 : 1)).map((r) => r.id);
}

/**
 * Fires the timers due at `now` (see the file header): acquires a batch for `input.owner`, then
 * fires each in a store transaction of its own. Returns how many fired and how many failed (each
 * failure decremented that timer's retries). Never throws for a firing's error; rejects only
 * when the acquire itself fails (the database's error; nothing claimed then).
 */
export async function fireDueTimers(core: EngineCore, input: FireInput): Promise<{ fired: number; failed: number }> {
  const { now, owner } = input;
  const ids = await acquireTimers(core, { now, owner, limit: input.limit ?? DEFAULT_BATCH, lockMs: input.lockMs ?? LOCK_MS });
  let fired = 0;
  let failed = 0;
  /** Claimed ids this call has not settled (fired, failed and recorded, or gone): released at the end. */
  const held: string[] = [];
  for (const id of ids) {
    if (input.shouldStop?.()) {
      held.push(id);
      continue;
    }
    let claimed = false;
    try {
      await input.beforeClaim?.(id);
      const done = await core.command(() => {
        // The instance first, then the timer row (the file header, step 2).
        const of = stmt(core.db, SQL.instanceOf).get(id, owner) as { instanceId: string | null } | undefined;
        if (!of) return false; // fired or taken by another node after our claim expired (or removed meanwhile)
        const uow = of.instanceId === null ? undefined : UnitOfWork.load(core.db, of.instanceId) ?? undefined;
        const row = stmt(core.db, SQL.claim).get(id, owner) as TimerRow | undefined;
        if (!row) return false; // as above, between the two statements
        claimed = true;
        fireOne(core, row, now, uow);
        return true;
      });
      if (done) fired++;
    } catch (e) {
      if (e instanceof Skip || !claimed) {
        held.push(id);
        continue;
      }
      failed++;
      const message = e instanceof Error ? e.message : String(e);
      try {
        await core.command(() => stmt(core.db, SQL.failed).run(message.slice(0, 2000), now + RETRY_DELAY_MS, owner, id, owner));
      } catch {
        held.push(id); // released below if possible; else it comes back when the claim expires
      }
    }
  }
  if (held.length) await releaseIds(core, owner, held);
  return { fired, failed };
}

/** Releases `owner`'s claims on `ids` (one transaction); an error is swallowed (the claims then expire). */
async function releaseIds(core: EngineCore, owner: string, ids: string[]): Promise<void> {
  const store = core.deps.store;
  try {
    await store.transaction(async () => {
      for (const id of ids) await store.run(SQL.releaseOne, [id, owner]);
    });
  } catch { /* the claims expire after lockMs */ }
}

/**
 * Releases every live claim of `owner` (its timers acquired and not fired: `lock_owner` and
 * `lock_expiry` set to null) in one transaction, so other nodes fire them at once instead of
 * after the expiry; the scheduler's stop calls it. Returns how many rows were released. Rows
 * only recorded as last tried by `owner` (a failed firing: no expiry) keep their record.
 */
export async function releaseTimers(core: EngineCore, owner: string): Promise<number> {
  const store = core.deps.store;
  const r = await store.transaction(() => store.run(SQL.release, [owner]));
  return r.changes;
}

/** Fires claimed `row`; `uow`: its instance as loaded (and locked) before the claim (undefined: gone, or a start timer). */
function fireOne(core: EngineCore, row: TimerRow, now: number, uow: UnitOfWork | undefined) {
  if (row.instanceId === null) {
    fireStartTimer(core, row, now);
    return;
  }
  if (!uow) return; // instance gone: the row is simply consumed
  if (uow.instance.state !== 'running') throw new Skip();
  core.deps.afterLoad?.(row.instanceId);
  const ctx = core.newCtx(uow, null);
  ctx.now = Math.max(ctx.now, now);
  if (core.definition(ctx.def.id)?.suspensionState !== 1) throw new Skip();
  if (eventOccurred(ctx, row.executionId, row.activityId)) rescheduleCycle(ctx, row);
  runAgenda(ctx);
  uow.flush();
}

/** A timer start event: a new instance (system start) of the definition, then its next cycle fire. */
function fireStartTimer(core: EngineCore, row: TimerRow, now: number) {
  startInstance(core, { definitionId: row.definitionId, startActivityId: row.activityId, userId: null });
  if (!row.repeat) return;
  const next = nextCycleFire(row.repeat, row.dueTime, now);
  if (next) insertTimer(core.db, { ...row, id: newId(), dueTime: next.dueTime, repeat: next.repeat, retries: TIMER_RETRIES, lastError: null, lockOwner: null, lockExpiry: null, createTime: now });
}

/**
 * The earliest time (epoch ms) a timer with retries left can be acquired, or null (the
 * scheduler's wake-up): an unclaimed timer's due time, a claimed one's `lock_expiry` (a timer
 * claimed by another live node is not due for this one before its claim ends). `now`: the
 * caller's clock (claims are of timers due by then).
 */
export async function nextTimerDue(core: EngineCore, now: number): Promise<number | null> {
  const r = await core.deps.store.get<{ t: number | string | null }>(SQL.nextDue, [now]);
  return r?.t == null ? null : Number(r.t);
}

/**
 * Firing due timers (Flowable's async timer jobs, in small). `fireDueTimers` selects timers with
 * `dueTime <= now` (not of a suspended instance / definition, retries left) and fires each in
 * ITS OWN transaction whose first statement claims the row (`DELETE … RETURNING`): two
 * processes sharing the database file serialise on SQLite's write lock, so exactly one of them
 * deletes the row and fires it; the other finds nothing (sys_job_lease's rule). Then, in that
 * transaction: load the instance → the event occurs (catch token leaves, boundary triggers,
 * event sub-process starts) → cycle re-scheduled → agenda → flush; a start-event timer starts an
 * instance (system start, no initiator) and schedules its next cycle.
 *
 * A firing that throws is rolled back (the row comes back), then `retries` is decremented,
 * `lastError` stored and `dueTime` pushed RETRY_DELAY_MS later; at 0 retries the row stays,
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

const SQL = {
  due: `SELECT t.id AS id FROM wf_timer t
    JOIN wf_definition d ON d.id = t.definition_id
    LEFT JOIN wf_instance i ON i.id = t.instance_id
    WHERE t.due_time <= ? AND t.retries > 0 AND d.suspension_state = 1 AND (t.instance_id IS NULL OR i.state = 'running')
    ORDER BY t.due_time LIMIT ?`,
  claim: `DELETE FROM wf_timer WHERE id = ? AND due_time <= ? AND retries > 0 RETURNING ${columns(TIMER_COLS)}`,
  failed: 'UPDATE wf_timer SET retries = retries - 1, last_error = ?, due_time = ?, lock_owner = ?, lock_expiry = NULL WHERE id = ?',
  nextDue: 'SELECT min(due_time) AS t FROM wf_timer WHERE retries > 0',
};

/** Thrown inside a firing transaction to roll it back without counting a failure (e.g. suspended meanwhile). */
class Skip extends Error {}

export interface FireInput {
  /** The time to fire at (epoch ms; the scheduler's clock). */
  now: number;
  /** Who fires (the scheduler's lease owner id; stored on a failed timer). */
  owner: string;
  /** Most timers fired by this call (default 100). */
  limit?: number;
  /** Test hook: awaited before each firing transaction's claim (another process racing between the select and the claim). */
  beforeClaim?: (timerId: string) => void | Promise<void>;
}

/**
 * Fires the timers due at `now` (see the file header), each in a store transaction of its own. Returns how many fired and how many
 * failed (each failure decremented that timer's retries). Never throws for a firing's error.
 */
export async function fireDueTimers(core: EngineCore, input: FireInput): Promise<{ fired: number; failed: number }> {
  const ids = await core.query(() => stmt(core.db, SQL.due).all(input.now, input.limit ?? 100) as Array<{ id: string }>);
  let fired = 0;
  let failed = 0;
  for (const { id } of ids) {
    let claimed = false;
    try {
      await input.beforeClaim?.(id);
      const done = await core.command(() => {
        const row = stmt(core.db, SQL.claim).get(id, input.now) as TimerRow | undefined;
        if (!row) return false; // another process fired it (or it was removed meanwhile)
        claimed = true;
        fireOne(core, row, input.now);
        return true;
      });
      if (done) fired++;
    } catch (e) {
      if (e instanceof Skip || !claimed) continue;
      failed++;
      const message = e instanceof Error ? e.message : String(e);
      try {
        await core.command(() => stmt(core.db, SQL.failed).run(message.slice(0, 2000), input.now + RETRY_DELAY_MS, input.owner, id));
      } catch { /* the row is still due; the next call tries again */ }
    }
  }
  return { fired, failed };
}

function fireOne(core: EngineCore, row: TimerRow, now: number) {
  if (row.instanceId === null) {
    fireStartTimer(core, row, now);
    return;
  }
  const uow = UnitOfWork.load(core.db, row.instanceId);
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
  if (next) insertTimer(core.db, { ...row, id: newId(), dueTime: next.dueTime, repeat: next.repeat, retries: TIMER_RETRIES, lastError: null, createTime: now });
}

/** The earliest due time of a timer that can still fire (epoch ms), or null (the scheduler's wake-up). */
export function nextTimerDue(core: EngineCore): number | null {
  const r = stmt(core.db, SQL.nextDue).get() as { t: number | null };
  return r.t;
}

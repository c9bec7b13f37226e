/**
 * The ReplayDb's command loop (issue 43; ./replay-db.ts): the synchronous core runs against a
 * ReplayDb, and each time it needs an answer the database has not given yet (NeedExec) the loop
 * fetches what that run asked for, in one round trip, and runs the core again from its start.
 * A task command's own checks (CommandPrepare, issue 44) run once the locked load has come back.
 */
import type { Store } from '../../db/store/port';
import { idSource, newIdNow } from '../runtime/context';
import { NeedExec, ReplayState, type ReplayDb } from './replay-db';

/**
 * A task command's asynchronous work before its core runs (issue 44: the services' holder and
 * form checks): `run` gets the row `sql` reads for `taskId` (null: no runtime task) inside the
 * command's transaction; on PostgreSQL that read rides in the round trip of the instance's lock
 * and loads, and `run` goes between the lock and the core's runs (it may read, through the
 * store, on the same transaction), so what it sets on the command's input is what they use.
 */
export interface CommandPrepare {
  sql: string;
  taskId: string;
  run(row: readonly unknown[] | null): Promise<void>;
}

/** What the loop needs of the engine core. */
export interface ReplayHost {
  replayDb: ReplayDb;
  store: Store;
  /** Called before each run (the core resets its savepoint counter). */
  beforeRun(): void;
  /** The core's top-level transaction wrapper (EngineCore.tx). */
  tx<T>(fn: () => T): T;
}

/**
 * The ReplayDb's loop (store/replay-db.ts): runs `fn` from its start until it needs nothing the
 * database has not answered, sending what each run needed in between, then sends the rest of
 * its writes. `writable` false: a query (a write throws).
 */
export async function runReplayed<T>(host: ReplayHost, fn: () => T, writable: boolean, prepare?: CommandPrepare): Promise<T> {
  const r = host.replayDb;
  const state = new ReplayState(writable);
  if (prepare) state.form = { sql: prepare.sql, taskId: prepare.taskId };
  let prepared = false;
  const id = idSource(() => r.recorded('id', newIdNow));
  if (writable) await r.reserveIds(host.store);
  for (;;) {
    let value: T;
    host.beforeRun();
    id.on();
    try {
      value = r.run(state, () => (writable ? host.tx(fn) : fn()));
    } catch (e) {
      if (!(e instanceof NeedExec)) throw e;
      id.off();
      if (state.broken) throw state.broken.error; // a caught nested throw that cannot be undone
      await state.satisfy(host.store, e);
      if (prepare && !prepared && state.form?.row !== undefined) {
        prepared = true;
        await prepare.run(state.form.row); // the runs after it see what it decided (the command's input)
      }
      continue;
    } finally {
      id.off();
    }
    if (state.broken) throw state.broken.error;
    if (prepare && !prepared) throw new Error('engine: a task command ran without its locked load (prepare not run)');
    await state.finish(host.store);
    return value;
  }
}

/**
 * Clearing a cache reaches every process sharing the database (issue 41 §5): a clear appends an
 * event to the clear log (cache.repo.ts, one `sys_secret` row) in the same request, and each
 * process reads the log's sequence number at most every EXTERNAL_POLL_MS (server/db/table-watch.ts,
 * with the app's clock; a clock that went back reads again) on its requests, then applies the
 * events it has not seen to its own caches. A process that missed more events than the log keeps
 * clears every cache. Events written before a process first looked are not applied (its caches
 * were empty then). On the async store (issue 43): the log is read and appended through
 * `deps.store`; the state is kept per store.
 */
import { EXTERNAL_POLL_MS } from '../../../db/table-watch';
import { appendClearEvent, readClearLog, type ClearEvent, type ClearLog } from './cache.repo';
import { cacheSources, type CacheDeps } from './cache-sources';

interface SyncState {
  /** The last sequence number applied here. */
  seen: number;
  /** The sequence number the last poll read (the log is read in full only when it moves). */
  lastPolled: number;
  /** When (epoch ms, the app's clock) the last poll read it. */
  polledAt: number;
}

const states = new WeakMap<object, SyncState>();

function apply(deps: CacheDeps, events: ClearEvent[]): void {
  const sources = cacheSources(deps);
  for (const e of events) {
    // A cache held in the database was cleared once by the request that asked (cache.service.ts).
    for (const s of sources) if (!s.shared && (e.name === null || e.name === s.name)) void s.clear(e.key ?? undefined);
  }
}

/** Applies the events of `log` after `state.seen` (every cache when some were dropped from the log). */
function catchUp(deps: CacheDeps, state: SyncState, log: ClearLog): void {
  if (log.seq === state.seen) return;
  const unseen = log.events.filter((e) => e.seq > state.seen);
  const missed = log.seq > state.seen && (unseen.length === 0 || unseen[0].seq > state.seen + 1);
  apply(deps, missed ? [{ seq: log.seq, name: null, key: null }] : unseen);
  state.seen = log.seq;
}

async function stateOf(deps: CacheDeps): Promise<SyncState> {
  const known = states.get(deps.store);
  if (known) return known;
  const now = deps.clock.now();
  const seq = (await readClearLog(deps.store)).seq;
  let s = states.get(deps.store); // another request may have looked meanwhile
  if (!s) {
    s = { seen: seq, lastPolled: seq, polledAt: now };
    states.set(deps.store, s);
  }
  return s;
}

/**
 * Applies the clears other processes logged since this one last looked; reads the database at most
 * every EXTERNAL_POLL_MS of `deps.clock` (otherwise it awaits nothing but a Map lookup). Called on
 * every API request.
 */
export async function syncCacheClears(deps: CacheDeps): Promise<void> {
  const state = await stateOf(deps);
  const now = deps.clock.now();
  if (now >= state.polledAt && now - state.polledAt < EXTERNAL_POLL_MS) return;
  state.polledAt = now;
  const log = await readClearLog(deps.store);
  if (log.seq === state.lastPolled) return;
  state.lastPolled = log.seq;
  catchUp(deps, state, log);
}

/**
 * Clears `name` (null: every cache) or one `key` of it here at once, and logs the clear for the
 * other processes. Unseen events of others are applied first.
 */
export async function publishClear(deps: CacheDeps, name: string | null, key: string | null): Promise<void> {
  const state = await stateOf(deps);
  const log = await appendClearEvent(deps.store, name, key);
  catchUp(deps, state, log);
}

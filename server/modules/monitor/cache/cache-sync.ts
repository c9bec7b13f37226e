/**
 * Clearing a cache reaches every process sharing the database file (issue 41 §5): a clear appends
 * an event to the clear log (cache.repo.ts, one `sys_secret` row) in the same request, and each
 * process reads the log's sequence number at most every EXTERNAL_POLL_MS (server/db/table-watch.ts
 * `polled`, with the app's clock) on its requests, then applies the events it has not seen to its
 * own caches. A process that missed more events than the log keeps clears every cache. Events
 * written before a process first looked are not applied (its caches were empty then).
 */
import type { Db } from '../../../db/client';
import { polled } from '../../../db/table-watch';
import { appendClearEvent, readClearLog, type ClearEvent, type ClearLog } from './cache.repo';
import { cacheSources, type CacheDeps } from './cache-sources';

interface SyncState {
  /** The last sequence number applied here. */
  seen: number;
  /** The polled value the last check saw (no log read while it stays). */
  lastPolled: number;
}

const states = new WeakMap<Db, SyncState>();
const POLL_KEY = 'cache_clear_log';

function apply(deps: CacheDeps, events: ClearEvent[]): void {
  const sources = cacheSources(deps);
  for (const e of events) {
    for (const s of sources) if (e.name === null || e.name === s.name) s.clear(e.key ?? undefined);
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

function stateOf(deps: CacheDeps): SyncState {
  let s = states.get(deps.db);
  if (!s) {
    const seq = readClearLog(deps.db).seq;
    s = { seen: seq, lastPolled: seq };
    states.set(deps.db, s);
  }
  return s;
}

/**
 * Applies the clears other processes logged since this one last looked; reads the database at most
 * every EXTERNAL_POLL_MS of `deps.clock` (a hit costs a Map lookup). Called on every API request.
 */
export function syncCacheClears(deps: CacheDeps): void {
  const state = stateOf(deps);
  const seq = polled(deps.db, POLL_KEY, deps.clock.now(), () => readClearLog(deps.db).seq);
  if (seq === state.lastPolled) return;
  state.lastPolled = seq;
  catchUp(deps, state, readClearLog(deps.db));
}

/**
 * Clears `name` (null: every cache) or one `key` of it here at once, and logs the clear for the
 * other processes. Unseen events of others are applied first.
 */
export function publishClear(deps: CacheDeps, name: string | null, key: string | null): void {
  const state = stateOf(deps);
  const log = appendClearEvent(deps.db, name, key);
  catchUp(deps, state, log);
}

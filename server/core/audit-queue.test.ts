/**
 * The operation log's write queue (core/audit.ts) when writes take several event-loop turns, as
 * over PostgreSQL's network I/O (issue 43): a stub store whose batches (one round trip each) end a
 * turn later, so the turn-end write scheduled by writeAudit comes while an explicit flushAudit is
 * still writing. Writes never overlap, a row is written once, each write is one `store.batch` (no
 * BEGIN / COMMIT round trips of a `store.transaction`: issue 44), and after a failed write the
 * turn-end write leaves the rows to the retry (no second attempt and report at once).
 */
import { afterEach, expect, it } from 'vitest';
import type { SqlParam, SqlStatement, Store } from '../db/store/port';
import { auditIdle, flushAudit, onAuditError, writeAudit, type AuditEntry } from './audit';

/** A store whose batches finish a turn later (failing while `failing`), recording the rows inserted and the calls made. */
function slowStore() {
  const state = { failing: false, open: 0, maxOpen: 0, batches: 0, transactions: 0, runs: 0, inserted: [] as string[] };
  const insert = (params: readonly SqlParam[] = []) => {
    if (state.failing) throw new Error('relation "sys_oper_log" does not exist');
    // operParam is the 11th of the 16 values of each row (core/audit.ts OPER_LOG_KEYS).
    for (let i = 10; i < params.length; i += 16) state.inserted.push(String(params[i]));
    return { changes: params.length / 16 };
  };
  const store = {
    kind: 'postgres',
    inTransaction: false,
    async run(_sql: string, params?: readonly SqlParam[]) { state.runs++; return insert(params); },
    async batch(list: readonly SqlStatement[]) {
      state.batches++;
      state.maxOpen = Math.max(state.maxOpen, ++state.open);
      try {
        await new Promise<void>((resolve) => setImmediate(resolve)); // the batch's one round trip
        return list.map((s) => insert(s.params));
      } finally {
        state.open--;
      }
    },
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      state.transactions++;
      return fn();
    },
    async close() {},
  };
  return { store: store as unknown as Store, state };
}

const entry = (name: string): AuditEntry => ({
  title: '慢库测试', businessType: 1, method: 'q', requestMethod: 'POST', operName: 'admin', deptName: '研发部门', operUrl: '/q', operIp: '1.1.1.1',
  input: { name }, result: null, startedAt: 0, endedAt: 1,
});
const stores: Store[] = [];
afterEach(async () => {
  // Leaves no retry timer behind: each store's rows written (the stub no longer fails).
  for (const s of stores.splice(0)) await flushAudit(s);
});

it('a turn-end write and an explicit flush under way take turns and write each row once', async () => {
  const { store, state } = slowStore();
  stores.push(store);
  writeAudit(store, entry('a'));
  writeAudit(store, entry('b'));
  const explicit = flushAudit(store); // takes a and b; the turn-end write comes while it is writing
  await new Promise<void>((resolve) => setImmediate(resolve));
  writeAudit(store, entry('c')); // queued during the write: the next turn-end write takes it
  expect(await explicit).toBe(2);
  await auditIdle(store);
  expect(state.inserted).toEqual(['{"name":"a"}', '{"name":"b"}', '{"name":"c"}']);
  expect(state.maxOpen).toBe(1);
  // Two writes (a and b, then c), each one batch: no transaction around it, no single-row run.
  expect({ batches: state.batches, transactions: state.transactions, runs: state.runs }).toEqual({ batches: 2, transactions: 0, runs: 0 });
  expect(await flushAudit(store)).toBe(0);
});

it('after a failed write, the turn-end write scheduled before it leaves the rows to the retry', async () => {
  const { store, state } = slowStore();
  stores.push(store);
  const reports: Array<{ queued: number; dropped: number }> = [];
  onAuditError(store, (_err, info) => reports.push(info));
  state.failing = true;
  writeAudit(store, entry('kept-1'));
  writeAudit(store, entry('kept-2'));
  // The turn-end write is scheduled (no retry yet) and fires while this flush is still writing.
  expect(await flushAudit(store)).toBe(0);
  state.failing = false;
  await auditIdle(store);
  expect(reports).toEqual([{ queued: 2, dropped: 0 }]); // reported once: not tried again at once
  expect(state.inserted).toEqual([]); // the rows wait for the retry (or the next flushAudit)
  expect(state.batches).toBe(1);
  expect(await flushAudit(store)).toBe(2);
  expect(state.inserted).toEqual(['{"name":"kept-1"}', '{"name":"kept-2"}']);
});

/**
 * The store port's contract (./port.ts; issue 43): one vitest suite every adapter passes, so code
 * written on the port behaves the same over SQLite and PostgreSQL. An adapter's test file calls
 * `describeStoreContract('sqlite', open)` (this file is not a test file itself: it registers tests
 * where it is called).
 *
 * `open` gives a fresh, empty database for each test; `cleanup` runs after each test, also after a
 * test closed the store itself (so `close` must tolerate a second call). Tables are created with
 * portable DDL and explicit ids (a PostgreSQL INTEGER PRIMARY KEY has no rowid default).
 *
 * Transactions here await timers (to hold one flow while another acts), which the port allows: an
 * adapter mode that refuses a callback yielding to the event loop (./sqlite.ts `strict`, while
 * synchronous writers remain) is turned off for the contract. Passed by sqlite.ts with
 * `{ lingerTurns: 0, strict: false }` when this was written.
 *
 * What it checks is the port's module comment: `?` parameters and quoted camelCase aliases;
 * transactions that commit, roll back on a throw and rethrow the same error; savepoints for nested
 * transactions (run one after another when started together); concurrent transactions that neither
 * see nor undo each other's writes; statements outside a transaction that are not part of another
 * flow's; batches that write all or nothing; `inTransaction`; `close` waiting for transactions.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchError, type Store } from './port';

export interface OpenedStore {
  store: Store;
  cleanup(): Promise<void>;
}

const DDL = 'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER)';
const INSERT = 'INSERT INTO t (id, name, n) VALUES (?, ?, ?)';
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A promise and its resolve, to hold one flow at a point while another acts. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => { open = r; });
  return { promise, open };
}

/**
 * Registers the contract's tests for an adapter under `describe('store contract: <label>')`.
 * `open` is called once per test (see the module comment).
 */
export function describeStoreContract(label: string, open: () => Promise<OpenedStore>): void {
  describe(`store contract: ${label}`, () => {
    let opened: OpenedStore;
    let store: Store;
    const ids = async () => (await store.all<{ id: number }>('SELECT id FROM t ORDER BY id')).map((r) => r.id);

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
      await store.run(DDL);
    });
    afterEach(async () => { await opened.cleanup(); });

    it('all / get / run take ? parameters and keep quoted camelCase aliases', async () => {
      expect(await store.get('SELECT 1 AS "oneValue"')).toEqual({ oneValue: 1 });
      expect(await store.run(INSERT, [1, 'it\'s "quoted"?', 5])).toEqual({ changes: 1 });
      expect(await store.run(INSERT, [2, 'b', null])).toEqual({ changes: 1 });
      expect(await store.run(INSERT, [3, 'c', true])).toEqual({ changes: 1 });
      expect(await store.all('SELECT id AS "rowId", name AS "rowName" FROM t WHERE n = ? OR name = ? ORDER BY id', [5, 'b']))
        .toEqual([{ rowId: 1, rowName: 'it\'s "quoted"?' }, { rowId: 2, rowName: 'b' }]);
      expect(await store.get('SELECT n AS "flag" FROM t WHERE id = ?', [3])).toEqual({ flag: 1 });
      expect(await store.get('SELECT count(*) AS "rowCount" FROM t WHERE name <> \'?\'')).toEqual({ rowCount: 3 });
      expect(await store.run('UPDATE t SET n = ? WHERE id >= ?', [7, 2])).toEqual({ changes: 2 });
      expect(await store.run('DELETE FROM t WHERE id = ?', [42])).toEqual({ changes: 0 });
    });

    it('get of no rows is undefined, all of no rows is []', async () => {
      expect(await store.get('SELECT id FROM t WHERE id = ?', [1])).toBeUndefined();
      expect(await store.all('SELECT id FROM t')).toEqual([]);
    });

    it('a transaction commits and returns its callback\'s value', async () => {
      const value = await store.transaction(async () => {
        await store.run(INSERT, [1, 'a', 1]);
        await store.run(INSERT, [2, 'b', 2]);
        return 'done';
      });
      expect(value).toBe('done');
      expect(await ids()).toEqual([1, 2]);
    });

    it('a throw after an awaited insert rolls it back and rethrows the same error', async () => {
      const boom = new Error('boom');
      await expect(store.transaction(async () => {
        await store.run(INSERT, [1, 'a', 1]);
        await delay(1);
        throw boom;
      })).rejects.toBe(boom);
      expect(await ids()).toEqual([]);
    });

    it('a nested transaction that throws rolls back its own writes only', async () => {
      const boom = new Error('inner');
      await store.transaction(async () => {
        await store.run(INSERT, [1, 'outer', 1]);
        await expect(store.transaction(async () => {
          await store.run(INSERT, [2, 'inner', 2]);
          throw boom;
        })).rejects.toBe(boom);
        await store.transaction(async () => { await store.run(INSERT, [3, 'kept', 3]); });
      });
      expect(await ids()).toEqual([1, 3]);
    });

    it('a statement failing inside a nested transaction leaves the outer one usable', async () => {
      // PostgreSQL aborts the whole transaction block at a failed statement; the savepoint of the
      // nested transaction is what lets the outer one go on (on SQLite it goes on anyway).
      await store.transaction(async () => {
        await store.run(INSERT, [1, 'outer', 1]);
        await expect(store.transaction(async () => {
          await store.run(INSERT, [2, 'inner', 2]);
          await store.run(INSERT, [1, 'duplicate', 1]);
        })).rejects.toThrow();
        await store.run(INSERT, [3, 'after', 3]);
      });
      expect(await ids()).toEqual([1, 3]);
    });

    it('nested transactions started together run one after another', async () => {
      const events: string[] = [];
      const boom = new Error('b');
      await store.transaction(async () => {
        await store.run(INSERT, [1, 'outer', 1]);
        const settled = await Promise.allSettled([
          store.transaction(async () => { events.push('a start'); await store.run(INSERT, [2, 'a', 2]); await delay(20); events.push('a end'); }),
          store.transaction(async () => { events.push('b start'); await store.run(INSERT, [3, 'b', 3]); throw boom; }),
          store.transaction(async () => { events.push('c start'); await store.run(INSERT, [4, 'c', 4]); events.push('c end'); }),
        ]);
        expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      });
      expect(events).toEqual(['a start', 'a end', 'b start', 'c start', 'c end']);
      expect(await ids()).toEqual([1, 2, 4]);
    });

    it('two concurrent transactions do not see each other\'s uncommitted writes and both commit', async () => {
      let aDone = false;
      let bDone = false;
      const a = store.transaction(async () => {
        await store.run(INSERT, [1, 'a', 1]);
        await delay(20);
        const seen = await ids();
        expect(seen).toContain(1);
        if (!bDone) expect(seen).not.toContain(2);
        aDone = true;
        return 'a';
      });
      const b = store.transaction(async () => {
        await store.run(INSERT, [2, 'b', 2]);
        await delay(60);
        const seen = await ids();
        expect(seen).toContain(2);
        if (!aDone) expect(seen).not.toContain(1);
        bDone = true;
        return 'b';
      });
      expect(await Promise.all([a, b])).toEqual(['a', 'b']);
      expect(await ids()).toEqual([1, 2]);
    });

    it('a concurrent transaction that throws does not undo another\'s writes', async () => {
      const boom = new Error('b');
      const [a, b] = await Promise.allSettled([
        store.transaction(async () => { await store.run(INSERT, [1, 'a', 1]); await delay(20); }),
        store.transaction(async () => { await store.run(INSERT, [2, 'b', 2]); await delay(5); throw boom; }),
      ]);
      expect(a.status).toBe('fulfilled');
      expect(b).toEqual({ status: 'rejected', reason: boom });
      expect(await ids()).toEqual([1]);
    });

    it('a statement outside transactions is not rolled back with another flow\'s transaction', async () => {
      const entered = gate();
      const release = gate();
      const boom = new Error('boom');
      const tx = store.transaction(async () => {
        await store.run(INSERT, [1, 'in', 1]);
        entered.open();
        await release.promise;
        throw boom;
      });
      await entered.promise;
      expect(store.inTransaction).toBe(false);
      // On SQLite the write may wait for the open transaction: give it time, then let that one fail.
      const outside = store.run(INSERT, [2, 'out', 2]);
      await Promise.race([outside, delay(30)]);
      release.open();
      await expect(tx).rejects.toBe(boom);
      expect(await outside).toEqual({ changes: 1 });
      expect(await ids()).toEqual([2]);
    });

    it('batch writes all or nothing and returns the changes of each statement', async () => {
      expect(await store.batch([])).toEqual([]);
      expect(await store.batch([
        { sql: INSERT, params: [1, 'a', 1] },
        { sql: INSERT, params: [2, 'b', 1] },
        { sql: 'UPDATE t SET n = n + 1 WHERE n = ?', params: [1] },
        { sql: 'DELETE FROM t WHERE id = ?', params: [99] },
      ])).toEqual([{ changes: 1 }, { changes: 1 }, { changes: 2 }, { changes: 0 }]);
      const err = await store.batch([
        { sql: INSERT, params: [3, 'c', 3] },
        { sql: INSERT, params: [4, null, 4] },
        { sql: INSERT, params: [5, 'e', 5] },
      ]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BatchError);
      expect((err as BatchError).index).toBe(1);
      expect(await ids()).toEqual([1, 2]);
    });

    it('batch inside a transaction is part of it', async () => {
      const boom = new Error('boom');
      await expect(store.transaction(async () => {
        expect(await store.batch([{ sql: INSERT, params: [1, 'a', 1] }, { sql: INSERT, params: [2, 'b', 2] }])).toEqual([{ changes: 1 }, { changes: 1 }]);
        expect(await ids()).toEqual([1, 2]);
        throw boom;
      })).rejects.toBe(boom);
      expect(await ids()).toEqual([]);
    });

    it('inTransaction is true only inside a transaction\'s async context', async () => {
      expect(store.inTransaction).toBe(false);
      await store.transaction(async () => {
        expect(store.inTransaction).toBe(true);
        await store.run(INSERT, [1, 'a', 1]);
        await delay(1);
        expect(store.inTransaction).toBe(true);
        await store.transaction(async () => { expect(store.inTransaction).toBe(true); });
        expect(store.inTransaction).toBe(true);
      });
      expect(store.inTransaction).toBe(false);
    });

    it('close waits for the open transactions, then resolves', async () => {
      const events: string[] = [];
      const tx = store.transaction(async () => {
        await delay(30);
        await store.run(INSERT, [1, 'a', 1]);
        events.push('transaction');
      });
      const closed = store.close().then(() => { events.push('closed'); });
      await expect(tx).resolves.toBeUndefined();
      await expect(closed).resolves.toBeUndefined();
      expect(events).toEqual(['transaction', 'closed']);
    });
  });
}

/**
 * The read caches and transactions (common/read-cache.ts; issue 15, issue 43): a cache steps aside
 * while a transaction is open on the connection (a synchronous one, or a store group: its rows may
 * still be rolled back), and keeps nothing of a store transaction whose group COMMIT then failed
 * (server/db/store/sqlite.ts: the transaction rejects with CommitError and every stamp moves).
 * Issue 15's write turns let a cache serve between the commands of an open turn; a store group
 * never stays open across event-loop turns (the strict rule), so it steps aside there too.
 */
import { afterAll, expect, it } from 'vitest';
import { CommitError } from '../../db/store/port';
import { sqliteStore, sqliteStoreOf } from '../../db/store/sqlite';
import { forgetCount } from '../../db/table-watch';
import { turnTestDb } from '../../../tests/helpers/turn-db';
import { ReadCache } from './read-cache';

const fixture = turnTestDb('caishui-cache-tx-');
const { sqlite, db } = fixture;
const count = () => fixture.count();
const insert = (v: string) => sqlite.prepare('INSERT INTO child (v) VALUES (?)').run(v);
afterAll(() => fixture.close());

it('keeps nothing of a store transaction whose group COMMIT failed, read inside it or after', async () => {
  sqlite.prepare('INSERT INTO parent (id) VALUES (1)').run();
  const store = sqliteStore(db, { ownsConnection: false });
  const cache = new ReadCache<number>(['child']);
  try {
    expect(cache.get(store, 'n', count)).toBe(0);
    expect(cache.peek(store, 'n')).toBe(0);
    const forgotten = forgetCount(db);
    const seen: Array<number | undefined> = [];
    const group = await Promise.allSettled([
      store.transaction(async () => {
        await store.run("INSERT INTO child (parent_id, v) VALUES (1, 'in the group')");
        seen.push(cache.get(store, 'n', count), cache.peek(store, 'n')); // loaded, not kept: it may still roll back
      }),
      store.transaction(async () => {
        // Between two transactions of the group its first one's rows are not committed either.
        seen.push(cache.peek(store, 'n'));
        // A deferred foreign key is checked at COMMIT: the group's COMMIT fails as a full disk would.
        sqlite.pragma('defer_foreign_keys = ON');
        await store.run("INSERT INTO child (parent_id, v) VALUES (98, 'orphan')");
        seen.push(cache.get(store, 'n', count), cache.peek(store, 'n'));
      }),
    ]);
    expect(seen).toEqual([1, undefined, undefined, 2, undefined]);
    for (const r of group) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(CommitError);
      expect(String(((r as PromiseRejectedResult).reason as CommitError).cause)).toMatch(/FOREIGN KEY/);
    }
    expect(forgetCount(db)).toBe(forgotten + 1);
    expect(sqlite.inTransaction).toBe(false);
    expect(cache.peek(store, 'n')).toBeUndefined(); // every stamp moved
    expect(cache.get(store, 'n', count)).toBe(0);
    expect(cache.peek(store, 'n')).toBe(0);
    // A value cached before a failed group, of a table the group did not write, starts afresh too.
    const other = new ReadCache<number>(['parent']);
    const parents = () => (sqlite.prepare('SELECT COUNT(*) AS n FROM parent').get() as { n: number }).n;
    expect(other.get(store, 'p', parents)).toBe(1);
    await expect(store.transaction(async () => {
      sqlite.pragma('defer_foreign_keys = ON');
      await store.run("INSERT INTO child (parent_id, v) VALUES (97, 'orphan')");
    })).rejects.toBeInstanceOf(CommitError);
    expect(other.peek(store, 'p')).toBeUndefined();
    expect(other.get(store, 'p', parents)).toBe(1);
    // The next store transaction commits, and the cache serves its rows once committed.
    await store.transaction(async () => { await store.run("INSERT INTO child (parent_id, v) VALUES (1, 'kept')"); });
    expect(cache.get(store, 'n', count)).toBe(1);
    expect(cache.peek(store, 'n')).toBe(1);
  } finally {
    await store.close();
    sqlite.exec('DELETE FROM child');
  }
});

it('steps aside inside a synchronous transaction', () => {
  const store = sqliteStoreOf(db);
  const cache = new ReadCache<number>(['child']);
  sqlite.transaction(() => {
    insert('plain');
    expect(cache.get(store, 'n', count)).toBe(1);
    expect(cache.peek(store, 'n')).toBeUndefined();
  })();
  expect(cache.get(store, 'n', count)).toBe(1);
  expect(cache.peek(store, 'n')).toBe(1);
});

it('getAsync (code on the store): a hit loads nothing, a write moves the stamp, a store transaction steps aside', async () => {
  const own = turnTestDb('caishui-cache-async-');
  const store = sqliteStore(own.db, { ownsConnection: false });
  const cache = new ReadCache<number>(['child']);
  let loads = 0;
  const load = async () => { loads++; return (await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM child'))!.n; };
  try {
    expect(await cache.getAsync(store, 'n', load)).toBe(0);
    expect(await cache.getAsync(store, 'n', load)).toBe(0);
    expect(loads).toBe(1);
    await store.run("INSERT INTO child (v) VALUES ('async')");
    expect(await cache.getAsync(store, 'n', load)).toBe(1);
    expect(loads).toBe(2);
    await store.transaction(async () => {
      await store.run("INSERT INTO child (v) VALUES ('in a store transaction')");
      expect(await cache.getAsync(store, 'n', load)).toBe(2);
      expect(cache.peek(store, 'n')).toBeUndefined();
    });
    expect(await cache.getAsync(store, 'n', load)).toBe(2);
    expect(cache.peek(store, 'n')).toBe(2);
    expect(cache.stats(store)).toEqual({ hits: 1, misses: 3 });
  } finally {
    await store.close();
    own.close();
  }
});

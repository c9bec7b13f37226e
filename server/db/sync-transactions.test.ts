/**
 * server/db/sync-transactions.ts (what issue 15's write turns left, issue 43): the synchronous
 * transaction functions of a tracked connection are counted (the store's strict rule refuses a
 * store transaction inside which one ran: server/db/store/sqlite.test.ts), tracking twice counts
 * once, an untracked connection counts nothing, and `inCommandTransaction` is true exactly while a
 * transaction is open on the connection, a store group's included (the read caches' rule:
 * common/read-cache.test.ts).
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import type { Db } from './client';
import { sqliteStore } from './store/sqlite';
import { inCommandTransaction, syncTransactionRuns, trackCommandTransactions } from './sync-transactions';
import { turnTestDb } from '../../tests/helpers/turn-db';

const fixture = turnTestDb('caishui-sync-tx-');
const { sqlite, db } = fixture;
const insert = (v: string) => sqlite.transaction(() => { sqlite.prepare('INSERT INTO child (v) VALUES (?)').run(v); })();
afterAll(() => fixture.close());

it('counts every transaction function run on a tracked connection, nested ones and failed ones included', () => {
  const before = syncTransactionRuns(sqlite);
  insert('a');
  sqlite.transaction(() => { insert('nested'); })();
  expect(() => sqlite.transaction(() => { throw new Error('refused'); })()).toThrow('refused');
  // Drizzle's synchronous db.transaction goes through the same function.
  db.transaction(() => undefined);
  expect(syncTransactionRuns(sqlite) - before).toBe(5);
  expect(fixture.count()).toBe(2);
});

it('tracking twice counts once; an untracked connection counts nothing', () => {
  trackCommandTransactions(sqlite); // already tracked by the fixture
  const before = syncTransactionRuns(sqlite);
  insert('once');
  expect(syncTransactionRuns(sqlite) - before).toBe(1);
  const plain = new Database(':memory:');
  try {
    plain.transaction(() => undefined)();
    expect(syncTransactionRuns(plain)).toBe(0);
  } finally {
    plain.close();
  }
});

it('tells when a transaction is open on the connection: a synchronous one, nested or not, or a store group', async () => {
  expect(inCommandTransaction(db)).toBe(false);
  sqlite.transaction(() => {
    expect(inCommandTransaction(db)).toBe(true);
    sqlite.transaction(() => { expect(inCommandTransaction(db)).toBe(true); })();
    expect(inCommandTransaction(db)).toBe(true); // back in the outer one after the savepoint
  })();
  expect(inCommandTransaction(db)).toBe(false);
  const store = sqliteStore(db, { ownsConnection: false });
  try {
    let during: boolean | undefined;
    await store.transaction(async () => {
      await store.run("INSERT INTO child (v) VALUES ('store')");
      during = inCommandTransaction(db);
    });
    expect(during).toBe(true);
    // The store's group has committed by the time its transaction resolves.
    expect(inCommandTransaction(db)).toBe(false);
  } finally {
    await store.close();
  }
  // Any connection: it reads better-sqlite3's own flag (tracked or not).
  const plain = new Database(':memory:');
  const plainDb = drizzle({ client: plain }) as unknown as Db;
  try {
    plain.exec('BEGIN');
    expect(inCommandTransaction(plainDb)).toBe(true);
    plain.exec('COMMIT');
    expect(inCommandTransaction(plainDb)).toBe(false);
  } finally {
    plain.close();
  }
});

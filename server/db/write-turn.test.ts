/**
 * server/db/write-turn.ts: the commands of one event-loop turn share one commit, each stays
 * atomic (a savepoint), another connection sees nothing before the turn commits, a failed or
 * lost turn rejects its commit and moves every cache stamp, and a command's transaction is told
 * from the turn between commands (the read caches' rule: common/read-cache.test.ts).
 */
import Database from 'better-sqlite3';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { forgetCount, localWrites, watchTables } from './table-watch';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Db } from './client';
import { TURN_POLL_PHASES, atWriteTurnTop, commitWriteTurn, inCommandTransaction, joinWriteTurn, pauseWriteTurns, pendingWriteTurn, trackCommandTransactions } from './write-turn';
import { turnTestDb } from '../../tests/helpers/turn-db';

const fixture = turnTestDb('caishui-turn-');
const { sqlite, db } = fixture;
const other = new Database(fixture.file);
const count = (conn: Database.Database) => fixture.count(conn);
const insert = (v: string) => sqlite.transaction(() => { sqlite.prepare('INSERT INTO child (v) VALUES (?)').run(v); })();
const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  commitWriteTurn(db);
  sqlite.exec('DELETE FROM child');
});
afterAll(() => { other.close(); fixture.close(); });

it('groups the commands of a turn into one commit that another connection sees only at its end', async () => {
  const done = joinWriteTurn(db);
  expect(done).toBeInstanceOf(Promise);
  expect(joinWriteTurn(db)).toBe(done); // a second write request joins the open turn
  insert('a');
  insert('b');
  expect(count(sqlite)).toBe(2);
  expect(count(other)).toBe(0);
  await done;
  expect(pendingWriteTurn(db)).toBeUndefined();
  expect(sqlite.inTransaction).toBe(false);
  expect(count(other)).toBe(2);
});

it('keeps each command atomic: one that throws rolls back its own rows only', async () => {
  const done = joinWriteTurn(db)!;
  insert('kept');
  expect(() => sqlite.transaction(() => {
    sqlite.prepare("INSERT INTO child (v) VALUES ('undone')").run();
    throw new Error('refused');
  })()).toThrow('refused');
  expect(sqlite.inTransaction).toBe(true); // the turn goes on
  insert('kept too');
  await done;
  expect(other.prepare('SELECT v FROM child ORDER BY id').all()).toEqual([{ v: 'kept' }, { v: 'kept too' }]);
});

it('tells a command’s transaction from the turn between commands', async () => {
  expect(inCommandTransaction(db)).toBe(false);
  sqlite.transaction(() => { expect(inCommandTransaction(db)).toBe(true); })();
  const done = joinWriteTurn(db)!;
  expect(inCommandTransaction(db)).toBe(false);
  expect(atWriteTurnTop(db)).toBe(true);
  sqlite.transaction(() => {
    expect(inCommandTransaction(db)).toBe(true);
    expect(atWriteTurnTop(db)).toBe(false);
    sqlite.transaction(() => { expect(inCommandTransaction(db)).toBe(true); })();
  })();
  expect(inCommandTransaction(db)).toBe(false);
  await done;
  expect(atWriteTurnTop(db)).toBe(false);
});

it('rejects the commit of a turn whose COMMIT fails, keeps nothing of it and moves every cache stamp', async () => {
  watchTables(db, { child: undefined });
  sqlite.prepare('INSERT INTO parent (id) VALUES (1)').run();
  const done = joinWriteTurn(db)!;
  insert('lost');
  // A deferred foreign key is checked at COMMIT: the turn's commit fails as a full disk would.
  sqlite.pragma('defer_foreign_keys = ON');
  sqlite.prepare("INSERT INTO child (parent_id, v) VALUES (99, 'orphan')").run();
  const stamp = localWrites(db, ['child']);
  const forgotten = forgetCount(db);
  await expect(done).rejects.toThrow(/FOREIGN KEY/);
  expect(forgetCount(db)).toBe(forgotten + 1); // the engine's instance cache empties on it
  expect(sqlite.inTransaction).toBe(false);
  expect(count(sqlite)).toBe(0);
  expect(count(other)).toBe(0);
  expect(localWrites(db, ['child'])).not.toBe(stamp);
  // The next write request opens a new turn as usual.
  const next = joinWriteTurn(db)!;
  insert('next');
  await next;
  expect(count(other)).toBe(1);
});

it('reports a turn SQLite rolled back before its end, and starts a new one for the next write', async () => {
  const done = joinWriteTurn(db)!;
  insert('gone');
  sqlite.exec('ROLLBACK'); // as SQLite does itself on SQLITE_FULL or SQLITE_IOERR
  const next = joinWriteTurn(db)!;
  expect(next).not.toBe(done);
  await expect(done).rejects.toThrow(/rolled back/);
  insert('after');
  await next;
  expect(other.prepare('SELECT v FROM child').all()).toEqual([{ v: 'after' }]);
});

it('opens no turn inside another transaction, and a turn nobody waits for may fail without crashing', async () => {
  sqlite.transaction(() => { expect(joinWriteTurn(db)).toBeUndefined(); })();
  joinWriteTurn(db);
  sqlite.exec('ROLLBACK');
  await turnEnd();
  await turnEnd();
  expect(pendingWriteTurn(db)).toBeUndefined();
});


it('opens no turn on a connection whose transactions are not tracked; tracking twice counts once', () => {
  const plain = new Database(':memory:');
  const plainDb = drizzle({ client: plain }) as unknown as Db;
  expect(joinWriteTurn(plainDb)).toBeUndefined();
  expect(plain.inTransaction).toBe(false);
  trackCommandTransactions(sqlite); // already tracked by the fixture
  const done = joinWriteTurn(db)!;
  sqlite.transaction(() => { expect(inCommandTransaction(db)).toBe(true); })();
  expect(inCommandTransaction(db)).toBe(false); // one count in, one out: back at the turn's top
  commitWriteTurn(db);
  plain.close();
  return done;
});

it('stays open through the next poll phase (TURN_POLL_PHASES) and commits at the check phase after it', async () => {
  expect(TURN_POLL_PHASES).toBe(2);
  const done = joinWriteTurn(db)!;
  insert('first phase');
  await turnEnd(); // the check phase of the poll phase that opened it
  expect(pendingWriteTurn(db)).toBe(done);
  expect(joinWriteTurn(db)).toBe(done); // a request read in the next poll phase joins it
  insert('second phase');
  expect(count(other)).toBe(0);
  await turnEnd();
  expect(pendingWriteTurn(db)).toBeUndefined();
  expect(count(other)).toBe(2);
  await done;
});

it('commits on request outside commands only: inside a command’s transaction commitWriteTurn does nothing', async () => {
  const done = joinWriteTurn(db)!;
  sqlite.transaction(() => {
    insert('inside');
    commitWriteTurn(db); // a savepoint is open: committing now would end it under its feet
    expect(pendingWriteTurn(db)).toBe(done);
  })();
  commitWriteTurn(db);
  expect(pendingWriteTurn(db)).toBeUndefined();
  await done;
  expect(count(other)).toBe(1);
});

it('pauses turns: the open one commits, none opens until every pause is resumed', async () => {
  const done = joinWriteTurn(db)!;
  insert('in turn');
  const resumeA = pauseWriteTurns(db);
  await done;
  expect(sqlite.inTransaction).toBe(false);
  expect(count(other)).toBe(1);
  const resumeB = pauseWriteTurns(db);
  expect(joinWriteTurn(db)).toBeUndefined();
  insert('own commit'); // a command commits on its own meanwhile
  expect(sqlite.inTransaction).toBe(false);
  expect(count(other)).toBe(2);
  resumeA();
  resumeA(); // a second call does nothing: B still holds the pause
  expect(joinWriteTurn(db)).toBeUndefined();
  resumeB();
  const next = joinWriteTurn(db);
  expect(next).toBeInstanceOf(Promise);
  await next;
  // An untracked connection: nothing to pause.
  const untracked = new Database(fixture.file);
  try {
    const resume = pauseWriteTurns(drizzle({ client: untracked }) as unknown as Db);
    resume();
  } finally {
    untracked.close();
  }
});

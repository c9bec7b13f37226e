/**
 * The read caches inside write turns (common/read-cache.ts, server/db/write-turn.ts; issue 15):
 * a cache serves between the commands of a turn (their rows commit together), steps aside inside
 * a command (which may still roll back), and starts afresh after a turn that failed to commit.
 */
import { afterAll, expect, it } from 'vitest';
import { joinWriteTurn } from '../../db/write-turn';
import { sqliteStore } from '../../db/store/sqlite';
import { turnTestDb } from '../../../tests/helpers/turn-db';
import { ReadCache } from './read-cache';

const fixture = turnTestDb('caishui-cache-turn-');
const { sqlite, db } = fixture;
const count = () => fixture.count();
const insert = (v: string) => sqlite.prepare('INSERT INTO child (v) VALUES (?)').run(v);
afterAll(() => fixture.close());

it('serves between the turn’s commands, not inside one, and empties itself when the turn fails', async () => {
  sqlite.prepare('INSERT INTO parent (id) VALUES (1)').run();
  const cache = new ReadCache<number>(['child']);
  const done = joinWriteTurn(db)!;
  insert('in turn');
  expect(cache.get(db, 'n', count)).toBe(1);
  expect(cache.peek(db, 'n')).toBe(1); // kept: the turn's rows commit together
  sqlite.transaction(() => {
    insert('inside a command');
    expect(cache.peek(db, 'n')).toBeUndefined(); // a command may still roll back
    expect(cache.get(db, 'n', count)).toBe(2);
  })();
  expect(cache.get(db, 'n', count)).toBe(2);
  // A deferred foreign key is checked at COMMIT: the turn's commit fails as a full disk would.
  sqlite.pragma('defer_foreign_keys = ON');
  sqlite.prepare("INSERT INTO child (parent_id, v) VALUES (98, 'orphan')").run();
  expect(cache.get(db, 'n', count)).toBe(3);
  await expect(done).rejects.toThrow(/FOREIGN KEY/);
  expect(cache.peek(db, 'n')).toBeUndefined();
  expect(cache.get(db, 'n', count)).toBe(0);
});

it('steps aside inside any transaction that is not a write turn', () => {
  const cache = new ReadCache<number>(['child']);
  sqlite.transaction(() => {
    insert('plain');
    expect(cache.get(db, 'n', count)).toBe(1);
    expect(cache.peek(db, 'n')).toBeUndefined();
  })();
  expect(cache.get(db, 'n', count)).toBe(1);
  expect(cache.peek(db, 'n')).toBe(1);
});

it('getAsync (code on the store): a hit loads nothing, a write moves the stamp, a store transaction steps aside', async () => {
  const own = turnTestDb('caishui-cache-async-');
  const store = sqliteStore(own.db, { ownsConnection: false });
  const cache = new ReadCache<number>(['child']);
  let loads = 0;
  const load = async () => { loads++; return (await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM child'))!.n; };
  try {
    expect(await cache.getAsync(own.db, 'n', load)).toBe(0);
    expect(await cache.getAsync(own.db, 'n', load)).toBe(0);
    expect(loads).toBe(1);
    await store.run("INSERT INTO child (v) VALUES ('async')");
    expect(await cache.getAsync(own.db, 'n', load)).toBe(1);
    expect(loads).toBe(2);
    await store.transaction(async () => {
      await store.run("INSERT INTO child (v) VALUES ('in a store transaction')");
      expect(await cache.getAsync(own.db, 'n', load)).toBe(2);
      expect(cache.peek(own.db, 'n')).toBeUndefined();
    });
    expect(await cache.getAsync(own.db, 'n', load)).toBe(2);
    expect(cache.peek(own.db, 'n')).toBe(2);
    expect(cache.stats(own.db)).toEqual({ hits: 1, misses: 3 });
  } finally {
    await store.close();
    own.close();
  }
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../client';
import { trackCommandTransactions } from '../sync-transactions';
import { forgetCount, localWrites, watchTables } from '../table-watch';
import { sysConfig } from '../schema';
import { STRICT_MESSAGE, sqliteStore } from './sqlite';
import { describeStoreContract } from './contract';
import { COMMIT_FAILED_MESSAGE, CommitError, type Store } from './port';

let db: Db;
let store: Store<Db>;
let execs: string[];
/** The next exec('COMMIT') throws (as a full disk would), once. */
let failNextCommit: boolean;

beforeEach(() => {
  db = openDatabase({ url: ':memory:' });
  db.$client.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  execs = [];
  failNextCommit = false;
  const exec = db.$client.exec.bind(db.$client);
  db.$client.exec = ((sql: string) => {
    execs.push(sql);
    if (sql === 'COMMIT' && failNextCommit) {
      failNextCommit = false;
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    }
    return exec(sql);
  }) as typeof db.$client.exec;
  // Non-strict: these tests await timers inside transactions on purpose (the strict rule has its own tests).
  store = sqliteStore(db, { strict: false });
});
afterEach(async () => { await store.close(); });

const names = async () => (await store.all<{ name: string }>('SELECT name FROM t ORDER BY id')).map((r) => r.name);
const count = (what: string) => execs.filter((s) => s === what).length;

describe('sqlite store: transactions with async callbacks (drizzle-orm #2275)', () => {
  it('a throw after an awaited Drizzle insert rolls the insert back and rethrows the same error', async () => {
    const boom = new Error('boom');
    await expect(store.transaction(async () => {
      await store.db.insert(sysConfig).values({ configName: 'x', configKey: 'store.test', configValue: '1', configType: 'N' });
      await store.run('INSERT INTO t (name) VALUES (?)', ['a']);
      throw boom;
    })).rejects.toBe(boom);
    expect(await store.get('SELECT 1 AS "found" FROM sys_config WHERE config_key = ?', ['store.test'])).toBeUndefined();
    expect(await names()).toEqual([]);
  });

  it('transactions started together run one after another in one BEGIN … COMMIT and resolve after it', async () => {
    const events: string[] = [];
    const tx = (name: string) => store.transaction(async () => {
      events.push(`start ${name}`);
      await store.run('INSERT INTO t (name) VALUES (?)', [name]);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`end ${name}`);
      return name;
    }).then((v) => { events.push(`resolved ${v}`); return v; });
    expect(await Promise.all([tx('a'), tx('b'), tx('c')])).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c', 'resolved a', 'resolved b', 'resolved c']);
    expect([count('BEGIN IMMEDIATE'), count('COMMIT')]).toEqual([1, 1]);
    expect(await names()).toEqual(['a', 'b', 'c']);
  });

  it('one transaction of a group that throws loses only its own writes; it rejects, the others commit', async () => {
    const results = await Promise.allSettled([
      store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['a']); }),
      store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['b']); throw new Error('no b'); }),
      store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['c']); }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await names()).toEqual(['a', 'c']);
  });

  it('a group holds at most maxGroup transactions', async () => {
    const small = sqliteStore(db, { maxGroup: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => small.transaction(() => small.run('INSERT INTO t (name) VALUES (?)', [`n${n}`]))));
    expect(count('COMMIT')).toBe(3);
    expect(await names()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
  });

  it('lingerTurns lets a transaction requested on the next event-loop turn join the open group', async () => {
    const lingering = sqliteStore(db, { lingerTurns: 1, strict: false });
    const first = lingering.transaction(() => lingering.run('INSERT INTO t (name) VALUES (?)', ['a']));
    await new Promise<void>((r) => setImmediate(r));
    const second = lingering.transaction(() => lingering.run('INSERT INTO t (name) VALUES (?)', ['b']));
    await Promise.all([first, second]);
    expect(count('COMMIT')).toBe(1);
  });

  it('a nested transaction that throws rolls back its own writes only; nested calls started together run in turn', async () => {
    const order: string[] = [];
    await store.transaction(async () => {
      await store.run('INSERT INTO t (name) VALUES (?)', ['outer']);
      await expect(store.transaction(async () => {
        await store.run('INSERT INTO t (name) VALUES (?)', ['inner']);
        throw new Error('inner fails');
      })).rejects.toThrow('inner fails');
      await Promise.all(['x', 'y'].map((n) => store.transaction(async () => {
        order.push(`start ${n}`);
        await new Promise((r) => setTimeout(r, 3));
        await store.run('INSERT INTO t (name) VALUES (?)', [n]);
        order.push(`end ${n}`);
      })));
      expect(store.inTransaction).toBe(true);
    });
    expect(order).toEqual(['start x', 'end x', 'start y', 'end y']);
    expect(await names()).toEqual(['outer', 'x', 'y']);
    expect(store.inTransaction).toBe(false);
  });

  it('a write outside any transaction waits for the open one and is not rolled back with it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const failing = store.transaction(async () => {
      await store.run('INSERT INTO t (name) VALUES (?)', ['doomed']);
      await gate;
      throw new Error('rolled back');
    });
    const outside = store.run('INSERT INTO t (name) VALUES (?)', ['kept']);
    release();
    await expect(failing).rejects.toThrow('rolled back');
    expect(await outside).toEqual({ changes: 1 });
    expect(await names()).toEqual(['kept']);
  });

  it('a continuation that outlives its transaction runs outside it, as a transaction of its own', async () => {
    let later!: Promise<unknown>;
    await store.transaction(async () => {
      await store.run('INSERT INTO t (name) VALUES (?)', ['inside']);
      later = new Promise((resolve) => setTimeout(() => resolve(store.transaction(async () => {
        expect(store.inTransaction).toBe(true);
        await store.run('INSERT INTO t (name) VALUES (?)', ['stray']);
      })), 20));
    });
    expect(store.inTransaction).toBe(false);
    await later;
    expect(await names()).toEqual(['inside', 'stray']);
    expect([count('BEGIN IMMEDIATE'), count('COMMIT')]).toEqual([2, 2]);
  });

  it('a nested transaction its parent did not await still runs inside the parent, which ends after it', async () => {
    let stray!: Promise<unknown>;
    await store.transaction(async () => {
      await store.transaction(async () => { await new Promise((r) => setTimeout(r, 20)); });
      // Queued behind the first nested one on the parent's chain, and not awaited.
      stray = store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['stray']); });
      stray.catch(() => undefined);
      await store.run('INSERT INTO t (name) VALUES (?)', ['inside']);
    });
    await expect(stray).resolves.toBeUndefined();
    expect((await names()).sort()).toEqual(['inside', 'stray']);
    expect([count('BEGIN IMMEDIATE'), count('COMMIT')]).toEqual([1, 1]);
  });

  it('batch: all or nothing, changes per statement, the failing index named', async () => {
    expect(await store.batch([
      { sql: 'INSERT INTO t (name) VALUES (?)', params: ['a'] },
      { sql: 'UPDATE t SET name = ? WHERE name = ?', params: ['b', 'a'] },
    ])).toEqual([{ changes: 1 }, { changes: 1 }]);
    await expect(store.batch([
      { sql: 'INSERT INTO t (name) VALUES (?)', params: ['c'] },
      { sql: 'INSERT INTO t (name) VALUES (?)', params: [null] },
    ])).rejects.toMatchObject({ name: 'BatchError', index: 1 });
    expect(await names()).toEqual(['b']);
  });

  it('a failed COMMIT rejects every transaction of the group with CommitError, keeps none of their rows and moves forgetCount', async () => {
    watchTables(db, { t: undefined });
    await store.run('INSERT INTO t (name) VALUES (?)', ['before']);
    const forgotten = forgetCount(db);
    const stamp = localWrites(db, ['t']);
    failNextCommit = true;
    const refused = new Error('no b');
    const results = await Promise.allSettled([
      store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['a']); return 'a'; }),
      store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['b']); throw refused; }),
      store.transaction(async () => { await store.db.insert(sysConfig).values({ configName: 'x', configKey: 'lost.commit', configValue: '1', configType: 'N' }); }),
      store.run('INSERT INTO t (name) VALUES (?)', ['c']),
    ]);
    expect([count('BEGIN IMMEDIATE'), count('COMMIT')]).toEqual([2, 2]); // one group for the four, its COMMIT failed
    // The one that threw keeps its own error; the three others were told their writes were not kept.
    expect(results[1]).toEqual({ status: 'rejected', reason: refused });
    for (const r of [results[0], results[2], results[3]]) {
      expect(r.status).toBe('rejected');
      const reason = (r as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(CommitError);
      expect(reason).toMatchObject({ name: 'CommitError', message: COMMIT_FAILED_MESSAGE, cause: { code: 'SQLITE_IOERR' } });
    }
    expect(db.$client.inTransaction).toBe(false);
    expect(await names()).toEqual(['before']);
    expect(await store.get('SELECT 1 AS "found" FROM sys_config WHERE config_key = ?', ['lost.commit'])).toBeUndefined();
    // Every read cache stamped with this connection's writes and the engine's instance cache start afresh.
    expect(forgetCount(db)).toBe(forgotten + 1);
    expect(localWrites(db, ['t'])).not.toBe(stamp);
    // The next transaction opens a new group as usual.
    await store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['next']); });
    expect(await names()).toEqual(['before', 'next']);
  });

  it('a group SQLite rolled back by itself (SQLITE_FULL, SQLITE_IOERR) fails the transactions run in it; the next ones form a new group', async () => {
    const results = await Promise.allSettled([
      store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['a']); }),
      store.transaction(async () => {
        await store.run('INSERT INTO t (name) VALUES (?)', ['b']);
        db.$client.exec('ROLLBACK'); // as SQLite does itself on such an error
      }),
      store.transaction(async () => { await store.run('INSERT INTO t (name) VALUES (?)', ['c']); }),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { name: 'CommitError', message: COMMIT_FAILED_MESSAGE } });
    expect(results[1].status).toBe('rejected');
    expect(results[2].status).toBe('fulfilled'); // not yet run when the group ended: it went into the next one
    expect(await names()).toEqual(['c']);
    expect(db.$client.inTransaction).toBe(false);
  });

  it('close waits for queued transactions, then refuses new ones', async () => {
    const pending = store.transaction(async () => { await new Promise((r) => setTimeout(r, 5)); return 'done'; });
    const closing = store.close();
    expect(await pending).toBe('done');
    await closing;
    expect(db.$client.open).toBe(false);
    await expect(store.transaction(async () => 1)).rejects.toThrow('closed');
  });
});

describe('sqlite store: the strict rule while synchronous writers remain', () => {
  it('refuses and rolls back a transaction that awaited a timer; one that awaits only statements passes', async () => {
    const strict = sqliteStore(db);
    await expect(strict.transaction(async () => {
      await strict.run('INSERT INTO t (name) VALUES (?)', ['slow']);
      await new Promise((r) => setTimeout(r, 2));
    })).rejects.toThrow(STRICT_MESSAGE);
    await strict.transaction(async () => {
      await strict.run('INSERT INTO t (name) VALUES (?)', ['a']);
      await strict.db.insert(sysConfig).values({ configName: 'x', configKey: 'strict.ok', configValue: '1', configType: 'N' });
      expect(await strict.all('SELECT name FROM t')).toEqual([{ name: 'a' }]);
    });
    expect(await names()).toEqual(['a']);
  });

  it('refuses a transaction inside which a synchronous db.transaction ran', async () => {
    trackCommandTransactions(db.$client);
    const strict = sqliteStore(db);
    await expect(strict.transaction(async () => {
      db.$client.transaction(() => db.$client.prepare('INSERT INTO t (name) VALUES (?)').run('sync'))();
    })).rejects.toThrow(STRICT_MESSAGE);
    expect(await names()).toEqual([]);
  });
});

describeStoreContract('sqlite :memory:', async () => {
  const own = openDatabase({ url: ':memory:' });
  // Non-strict: the contract holds flows at gates and timers inside transactions.
  const s = sqliteStore(own, { strict: false });
  return { store: s, cleanup: () => s.close() };
});

it('a read outside any transaction waits for the open group: it never sees rows its COMMIT then loses', async () => {
  const db2 = openDatabase({ url: ':memory:' });
  db2.$client.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  const store2 = sqliteStore(db2);
  const exec = db2.$client.exec.bind(db2.$client);
  db2.$client.exec = ((sql: string) => { if (sql === 'COMMIT') throw new Error('disk I/O error'); return exec(sql); }) as typeof db2.$client.exec;
  const seen: unknown[] = [];
  const [write] = await Promise.allSettled([
    store2.transaction(async () => {
      await store2.run('INSERT INTO t (name) VALUES (?)', ['never committed']);
      await store2.get('SELECT 1 AS "x"');
    }),
    (async () => { await null; seen.push(await store2.all('SELECT name FROM t')); })(),
  ]);
  expect(write.status).toBe('rejected');
  expect(seen).toEqual([[]]);
  db2.$client.exec = exec as typeof db2.$client.exec;
  await store2.close();
});

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../tests/pg/fresh-db';
import { describeStoreContract } from './contract';
import { BatchError, type Store } from './port';
import { openPostgresStore } from './postgres';
import { TRANSACTION_LEAD } from './pg-transactions';
import { pgStoreHooks } from './pg-writes';

/** What opens a transaction's first pipeline: BEGIN and the transaction's plan setting (pg-transactions.ts). */
const LEAD = TRANSACTION_LEAD.map((q) => q.sql).join('\n;\n');

describeStoreContract('postgres', async () => {
  const store = await openPostgresStore(await freshDatabase('contract'));
  return { store, cleanup: () => store.close() };
});

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const AWKWARD = [
  "it's", "''", '"double"', 'back\\slash', '\\\\two', "\\'", 'E\'x\'', '?', '$1', '-- not a comment', '/* nor this */', ';',
  'line\nbreak\r\ttab', 'ü€😀 中文', '\\x00', ' ', '',
];

describe('postgres store', () => {
  const opened: Store[] = [];
  const open = async (prefix: string, max?: number) => {
    const store = await openPostgresStore(await freshDatabase(prefix), { max });
    opened.push(store);
    await store.run('CREATE TABLE v (id INTEGER PRIMARY KEY, s TEXT, b BYTEA, big BIGINT, n DOUBLE PRECISION)');
    return store;
  };
  afterEach(async () => { await Promise.all(opened.splice(0).map((s) => s.close())); });

  it('is of kind postgres and reads int8 as a number, or a bigint past 2^53', async () => {
    const store = await open('kinds');
    expect(store.kind).toBe('postgres');
    expect(await store.get('SELECT count(*) AS "n", 9007199254740993::int8 AS "big", 5::int8 AS "small"'))
      .toEqual({ n: 1, big: 9007199254740993n, small: 5 });
  });

  it('Drizzle\'s queries on store.db read int8 as a number too (epoch columns)', async () => {
    const store = await open('drizzle_int8');
    await store.run('INSERT INTO v (id, big) VALUES (?, ?)', [1, 1764633600000]);
    const db = store.db as { execute: (q: unknown) => Promise<{ rows: unknown[] }> };
    expect((await db.execute(sql`SELECT big FROM v WHERE id = 1`)).rows).toEqual([{ big: 1764633600000 }]);
  });

  it('batch inlines awkward strings, bytea, bigints and numbers and reads them back as bound parameters do', async () => {
    const store = await open('inline');
    const bytes = Buffer.from([0, 1, 39, 92, 255, 10]);
    const rows = AWKWARD.map((s, i) => [i, s, i % 2 ? bytes : new Uint8Array(bytes), BigInt(i) - 2n ** 62n, -i - 0.5] as const);
    const changes = await store.batch(rows.map((params) => ({ sql: 'INSERT INTO v (id, s, b, big, n) VALUES (?, ?, ?, ?, ?)', params: [...params] })));
    expect(changes).toEqual(rows.map(() => ({ changes: 1 })));
    for (const [i, s] of rows) await store.run('INSERT INTO v (id, s, b, big, n) VALUES (?, ?, ?, ?, ?)', [100 + i, s, bytes, BigInt(i) - 2n ** 62n, -i - 0.5]);
    const read = await store.all<{ id: number; s: string; b: Buffer; big: bigint; n: number }>('SELECT id, s, b, big, n FROM v ORDER BY id');
    expect(read.map((r) => r.s)).toEqual([...AWKWARD, ...AWKWARD]);
    for (const r of read) {
      expect(r.b.equals(bytes)).toBe(true);
      expect(r.big).toBe(BigInt(r.id % 100) - 2n ** 62n);
      expect(r.n).toBe(-(r.id % 100) - 0.5);
    }
    expect(await store.batch([{ sql: 'UPDATE v SET s = ? WHERE id = ?-1 AND n < ? AND big < ?', params: ['x', 1, -0.25, -(2n ** 61n)] }])).toEqual([{ changes: 1 }]);
  });

  it('valuesBatch answers each read as values does, in one round trip, in order inside a transaction', async () => {
    const store = await open('reads');
    const bytes = Buffer.from([0, 39, 92, 255]);
    await store.batch(AWKWARD.map((s, i) => ({ sql: 'INSERT INTO v (id, s, b, big) VALUES (?, ?, ?, ?)', params: [i, s, bytes, 2n ** 40n + BigInt(i)] })));
    const reads = AWKWARD.map((s) => ({ sql: 'SELECT id, s, b, big FROM v WHERE s = ? ORDER BY id', params: [s] }));
    const expected = await Promise.all(reads.map((r) => store.values(r.sql, r.params)));
    expect(expected.every((rows) => rows.length === 1)).toBe(true);
    expect(await store.valuesBatch!(reads)).toEqual(expected);
    // Inside a transaction: on its connection (its own uncommitted row), each statement after the last.
    const inside = await store.transaction(async () => {
      await store.run('INSERT INTO v (id, s) VALUES (?, ?)', [500, 'mine']);
      return store.valuesBatch!([
        { sql: "SELECT set_config('p1.x', s, true) FROM v WHERE id = ?", params: [500] },
        { sql: "SELECT current_setting('p1.x'), count(*) FROM v" },
      ]);
    });
    expect(inside).toEqual([[['mine']], [['mine', AWKWARD.length + 1]]]);
    await expect(store.valuesBatch!([{ sql: 'SELECT 1' }, { sql: 'SELECT 1 / (id - id) FROM v' }])).rejects.toMatchObject({ code: '22012' });
  });

  it('BEGIN goes in the message of a transaction\'s first batch or reads; the transaction is still one', async () => {
    const sent: string[] = [];
    const real = pg.Client.prototype.query;
    // Before the store's connections are made (each wraps the query it finds: ./pg-writes.ts).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const c = args[0] as string | { text?: string };
      sent.push(typeof c === 'string' ? c : String(c?.text));
      return (real as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof real;
    let store: Store;
    try {
      store = await open('lazy_begin');
      sent.length = 0;
      await store.transaction(async () => {
        await store.valuesBatch!([{ sql: 'SELECT count(*) FROM v' }]);
        await store.batch([{ sql: 'INSERT INTO v (id) VALUES (?)', params: [1] }, { sql: 'INSERT INTO v (id) VALUES (?)', params: [2] }]);
      });
      expect(sent.map((t) => t.split('\n')[0])).toEqual(['BEGIN', 'SAVEPOINT sp_1', 'COMMIT']);
      sent.length = 0;
      await expect(store.transaction(async () => {
        await store.batch([{ sql: 'INSERT INTO v (id) VALUES (?)', params: [3] }, { sql: 'INSERT INTO v (id) VALUES (?)', params: [4] }]);
        throw new Error('undo');
      })).rejects.toThrow('undo');
      expect(sent.map((t) => t.split('\n')[0])).toEqual(['BEGIN', 'ROLLBACK']);
      sent.length = 0;
      expect(await store.transaction(async () => 'nothing sent')).toBe('nothing sent');
      expect(sent).toEqual([]);
      // A plain statement first: BEGIN goes in its round trip (one pipeline, ./pg-pipeline.ts),
      // its parameters bound.
      await store.transaction(async () => { await store.run('INSERT INTO v (id) VALUES (?)', [5]); });
      expect(sent).toEqual([`${LEAD}\n;\n` + 'INSERT INTO v (id) VALUES ($1)', 'COMMIT']);
      sent.length = 0;
      // A parameterless text may hold several statements: the simple protocol, after a BEGIN of its own.
      await store.transaction(async () => { await store.run('INSERT INTO v (id) VALUES (6); INSERT INTO v (id) VALUES (7)'); });
      expect(sent).toEqual([TRANSACTION_LEAD.map((q) => q.sql).join('; '), 'INSERT INTO v (id) VALUES (6); INSERT INTO v (id) VALUES (7)', 'COMMIT']);
    } finally {
      pg.Client.prototype.query = real;
    }
    expect((await store.values('SELECT id FROM v ORDER BY id')).flat()).toEqual([1, 2, 5, 6, 7]);
  });

  it('batch refuses a NUL in a string before sending anything', async () => {
    const store = await open('nul');
    const err = await store.batch([
      { sql: 'INSERT INTO v (id, s) VALUES (?, ?)', params: [1, 'fine'] },
      { sql: 'INSERT INTO v (id, s) VALUES (?, ?)', params: [2, 'a\0b'] },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BatchError);
    expect((err as BatchError).index).toBe(1);
    expect((err as BatchError).message).toMatch(/U\+0000 \(NUL\)/);
    expect(await store.all('SELECT id FROM v')).toEqual([]);
  });

  it('batch names the failing statement: a parse error by its position, an execution error by its turn', async () => {
    const store = await open('index');
    const ok = { sql: 'INSERT INTO v (id, s) VALUES (?, ?)', params: [1, 'ü€😀'] };
    const indexOf = (list: { sql: string; params?: unknown[] }[]) =>
      store.batch(list as never).then(() => 'resolved', (e: BatchError) => [e.name, e.index]);
    expect(await indexOf([ok, { sql: 'INSERT INTO v (id, s) VALUES (2 ?)', params: ['x'] }])).toEqual(['BatchError', 1]);
    expect(await indexOf([ok, { sql: 'INSERT INTO nowhere VALUES (?)', params: [1] }, ok])).toEqual(['BatchError', 1]);
    expect(await indexOf([ok, { sql: 'INSERT INTO v (id, s) VALUES (?, ?)', params: [2, 'b'] }, ok])).toEqual(['BatchError', 2]);
    expect(await indexOf([ok, { sql: 'SELECT 1; SELECT 2' }])).toEqual(['BatchError', 1]);
    expect(await indexOf([ok, { sql: 'SELECT ?', params: [] }])).toEqual(['BatchError', 1]);
    expect(await store.all('SELECT id FROM v')).toEqual([]);
  });

  it('a failed batch inside a transaction rolls back its own statements; caught, the transaction goes on', async () => {
    const store = await open('txbatch');
    await store.transaction(async () => {
      await store.run('INSERT INTO v (id, s) VALUES (?, ?)', [1, 'before']);
      await expect(store.batch([
        { sql: 'INSERT INTO v (id, s) VALUES (?, ?)', params: [2, 'batch'] },
        { sql: 'INSERT INTO v (id, s) VALUES (?, ?)', params: [1, 'duplicate'] },
      ])).rejects.toMatchObject({ name: 'BatchError', index: 1 });
      await store.run('INSERT INTO v (id, s) VALUES (?, ?)', [3, 'after']);
    });
    expect(await store.all('SELECT id FROM v ORDER BY id')).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('store.db is Drizzle over the transaction\'s connection inside one, and its transaction is a savepoint', async () => {
    const store = await open('drizzle');
    const boom = new Error('boom');
    await expect(store.transaction(async () => {
      const pid = await store.get<{ pid: number }>('SELECT pg_backend_pid() AS "pid"');
      const viaDrizzle = await store.db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS "pid"`);
      expect(viaDrizzle.rows[0].pid).toBe(pid!.pid);
      expect(store.db).toBe(store.db);
      await store.db.execute(sql`INSERT INTO v (id, s) VALUES (${1}, ${'drizzle'})`);
      await store.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO v (id, s) VALUES (${2}, ${'undone'})`);
        tx.rollback();
      }).catch(() => undefined);
      expect(await store.all('SELECT id FROM v')).toEqual([{ id: 1 }]);
      throw boom;
    })).rejects.toBe(boom);
    expect(await store.all('SELECT id FROM v')).toEqual([]);
    await store.db.transaction(async (tx) => { await tx.execute(sql`INSERT INTO v (id) VALUES (${3})`); expect(store.inTransaction).toBe(true); });
    expect(await store.all('SELECT id FROM v')).toEqual([{ id: 3 }]);
  });

  it('a broken connection inside a transaction is released (destroyed) and the pool goes on', async () => {
    const store = await open('broken', 1);
    await expect(store.transaction(async () => {
      await store.run('INSERT INTO v (id) VALUES (?)', [1]);
      await store.run('SELECT pg_terminate_backend(pg_backend_pid())');
    })).rejects.toThrow(/terminat/);
    const next = store.transaction(async () => store.get<{ one: number }>('SELECT 1 AS "one"'));
    expect(await Promise.race([next, delay(5000).then(() => 'timed out')])).toEqual({ one: 1 });
    expect(await store.all('SELECT id FROM v')).toEqual([]);
  });

  it('a statement of a transaction that has ended fails instead of running elsewhere', async () => {
    const store = await open('stray');
    let stray: Promise<unknown> | undefined;
    let ended!: () => void;
    const hasEnded = new Promise<void>((r) => { ended = r; });
    // Sent from the transaction's context once it has committed (not after a guessed delay).
    await store.transaction(async () => { stray = hasEnded.then(() => store.run('INSERT INTO v (id) VALUES (?)', [1])); });
    ended();
    await expect(stray).rejects.toThrow(/has ended/);
    expect(await store.all('SELECT id FROM v')).toEqual([]);
  });

  it('tells the read caches of a write outside a transaction once it is done, not when it is sent', async () => {
    const store = await open('told');
    await store.run('INSERT INTO v (id, s) VALUES (?, ?), (?, ?)', [1, 'old', 2, 'old']);
    const told: string[] = [];
    pgStoreHooks(store)!.writes.subscribe((w) => told.push(w.map((x) => `${x.op} ${x.table}`).join()));
    const url = (store as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE v IN ACCESS EXCLUSIVE MODE');
      const single = store.run('UPDATE v SET s = ? WHERE id = ?', ['new', 1]);
      // Another row: the two connections may be granted the lock in either order.
      const batched = store.batch([{ sql: 'UPDATE v SET s = s || ? WHERE id = ?', params: ['!', 2] }]);
      await delay(150); // both wait for the lock
      expect(told).toEqual([]);
      await locker.query('COMMIT');
      await single;
      // Told by the time its write is answered; the batch, released by the same COMMIT, may be told already too.
      expect(told[0]).toBe('UPDATE v');
      await batched;
      expect(told).toEqual(['UPDATE v', 'UPDATE v']);
    } finally {
      await locker.end();
    }
    expect(await store.all('SELECT id, s FROM v ORDER BY id')).toEqual([{ id: 1, s: 'new' }, { id: 2, s: 'old!' }]);
  });

  it('inside a transaction a write counts as written from when it is sent (a read queued after it bypasses the caches)', async () => {
    const store = await open('wrote');
    await store.run('INSERT INTO v (id, s) VALUES (?, ?)', [1, 'old']);
    const wrote = () => (store as unknown as { wroteInTransaction: boolean }).wroteInTransaction;
    await store.transaction(async () => {
      await store.get('SELECT s FROM v WHERE id = ?', [1]);
      expect(wrote()).toBe(false);
      const write = store.run('UPDATE v SET s = ? WHERE id = ?', ['new', 1]);
      expect(wrote()).toBe(true); // not yet answered
      await write;
    });
  });

  it('keeps an idle pooled connection for five minutes by default (a quiet node neither reconnects nor parses again), then closes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the pool's idle timers only
    try {
      const store = await open('idle', 1);
      const pid = async () => (await store.get<{ pid: number }>('SELECT pg_backend_pid() AS "pid"'))!.pid;
      const first = await pid();
      vi.advanceTimersByTime(4 * 60_000); // node-postgres' own default closed it after 10 s
      expect(await pid()).toBe(first);
      vi.advanceTimersByTime(5 * 60_000 + 1);
      expect(await pid()).not.toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('40 concurrent transactions on a pool of 4 all complete, with at most 4 connections', async () => {
    const store = await open('many', 4);
    const pids = new Set<number>();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => store.transaction(async () => {
      pids.add((await store.get<{ pid: number }>('SELECT pg_backend_pid() AS "pid"'))!.pid);
      await store.run('INSERT INTO v (id, s) VALUES (?, ?)', [i, 'outer']);
      await delay(i % 3);
      await store.transaction(async () => { await store.run('INSERT INTO v (id, s) VALUES (?, ?)', [1000 + i, 'inner']); });
      return i;
    })));
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(await store.get('SELECT count(*) AS "n" FROM v')).toEqual({ n: 80 });
    expect(pids.size).toBeLessThanOrEqual(4);
  });
});

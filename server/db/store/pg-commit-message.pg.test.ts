/**
 * Fewer round trips per transaction on PostgreSQL (issue 44, CPU per workflow instance): the last
 * writes go in COMMIT's message (store.batchAtCommit, ./pg-transactions.ts Root.pending), their
 * row-count checks in SQL (./pg-expect.ts expectingSql); a transaction's first statement goes in
 * BEGIN's round trip. Each round trip is one pipeline (./pg-pipeline.ts): what the spy records is
 * its statements' texts joined by `\n;\n`.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/pg/fresh-db';
import { BatchError, type Store } from './port';
import { openPostgresStore } from './postgres';
import { TRANSACTION_LEAD } from './pg-transactions';
import { tableVersionsOf } from '../table-versions';

/** What opens a transaction's first pipeline: BEGIN and the transaction's plan setting (pg-transactions.ts). */
const LEAD = TRANSACTION_LEAD.map((q) => q.sql).join('\n;\n');

const AWKWARD = ["it's", "''", '"double"', 'back\\slash', "\\'", '?', '$1', '-- not a comment', ';', 'line\nbreak\ttab', 'ü€😀 中文', ' ', ''];

describe('postgres store: writes in COMMIT\'s round trip, the first statement in BEGIN\'s', () => {
  const opened: Store[] = [];
  const open = async (prefix: string, max?: number) => {
    const store = await openPostgresStore(await freshDatabase(prefix), { max });
    opened.push(store);
    await store.run('CREATE TABLE c (id INTEGER PRIMARY KEY, s TEXT, n INTEGER NOT NULL DEFAULT 0)');
    return store;
  };
  const real = pg.Client.prototype.query;
  /** Every text sent by a client opened here (the spy is in place before a store opens: each connection keeps the query it was given). */
  const all: string[] = [];
  beforeAll(() => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const c = args[0] as string | { text?: string };
      all.push(typeof c === 'string' ? c : String(c?.text));
      return (real as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof real;
  });
  afterAll(() => { pg.Client.prototype.query = real; });
  /** The texts sent while `fn` runs, and its value or error. */
  async function sending<T>(fn: () => Promise<T>): Promise<{ value?: T; error?: unknown; sent: string[] }> {
    all.length = 0;
    try {
      return { value: await fn(), sent: all.splice(0) };
    } catch (error) {
      return { error, sent: all.splice(0) };
    }
  }
  const ids = async (store: Store) => (await store.values('SELECT id FROM c ORDER BY id')).flat();
  const conflict = () => new Error('数据已被修改');
  afterEach(async () => { await Promise.all(opened.splice(0).map((s) => s.close())); });

  it('a transaction of one read and the last writes is two round trips: BEGIN with the read, the writes with COMMIT', async () => {
    const store = await open('two_messages');
    await store.run('INSERT INTO c (id, n) VALUES (1, 1)');
    const { value, sent } = await sending(() => store.transaction(async () => {
      const row = await store.get<{ n: number }>('SELECT n FROM c WHERE id = ?', [1]);
      await store.batchAtCommit!([
        { sql: 'UPDATE c SET n = ? WHERE id = ? AND n = ?', params: [row!.n + 1, 1, row!.n], expect: { changes: 1, error: conflict } },
        { sql: 'INSERT INTO c (id, s) VALUES (?, ?)', params: [2, 'two'] },
      ]);
      return row!.n;
    }));
    expect(value).toBe(1);
    expect(sent).toEqual([
      `${LEAD}\n;\n` + 'SELECT n FROM c WHERE id = $1',
      'WITH w AS (UPDATE c SET n = $1 WHERE id = $2 AND n = $3 RETURNING 1) SELECT 1 / (CASE WHEN count(*) = 1 THEN 1 ELSE 0 END) FROM w\n;\n'
        + 'INSERT INTO c (id, s) VALUES ($1, $2)\n;\nCOMMIT',
    ]);
    expect(await store.all('SELECT id, s, n FROM c ORDER BY id')).toEqual([{ id: 1, s: null, n: 2 }, { id: 2, s: 'two', n: 0 }]);
  });

  it('a write that changes another number of rows than expected fails the transaction with its error: nothing kept, the connection reusable', async () => {
    const store = await open('expect');
    const { error } = await sending(() => store.transaction(async () => {
      await store.run('INSERT INTO c (id) VALUES (?)', [10]);
      await store.batchAtCommit!([
        { sql: 'INSERT INTO c (id) VALUES (?)', params: [11] },
        { sql: 'UPDATE c SET n = 1 WHERE id = ?', params: [999], expect: { changes: 1, error: conflict } },
      ]);
    }));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('数据已被修改');
    expect(await ids(store)).toEqual([]);
    // Every pooled connection still works (none was left inside the failed transaction).
    await Promise.all([1, 2, 3, 4, 5].map((i) => store.transaction(() => store.run('INSERT INTO c (id) VALUES (?)', [i]))));
    expect(await ids(store)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failing write of the COMMIT round trip rejects with the batch\'s error naming it (a unique violation), nothing kept', async () => {
    const store = await open('unique');
    await store.run('INSERT INTO c (id) VALUES (1)');
    const err = await store.transaction(async () => {
      await store.run('INSERT INTO c (id) VALUES (?)', [20]);
      await store.batchAtCommit!([{ sql: 'INSERT INTO c (id) VALUES (?)', params: [21] }, { sql: 'INSERT INTO c (id) VALUES (?)', params: [1] }]);
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BatchError);
    expect((err as BatchError).index).toBe(1);
    expect((err as BatchError).cause).toMatchObject({ code: '23505' });
    expect(await ids(store)).toEqual([1]);
  });

  it('a statement after queued writes sends them first and sees them; when they fail it rejects with their error, not 25P02', async () => {
    const store = await open('flush_first');
    const { value, sent } = await sending(() => store.transaction(async () => {
      await store.batchAtCommit!([{ sql: 'INSERT INTO c (id) VALUES (?)', params: [1] }]);
      return store.get<{ n: number }>('SELECT count(*) AS n FROM c');
    }));
    expect(value).toEqual({ n: 1 });
    expect(sent).toEqual([`${LEAD}\n;\n` + 'INSERT INTO c (id) VALUES ($1)', 'SELECT count(*) AS n FROM c', 'COMMIT']);
    expect(await ids(store)).toEqual([1]);

    const duplicate = await store.transaction(async () => {
      await store.batchAtCommit!([{ sql: 'INSERT INTO c (id) VALUES (?)', params: [1] }]);
      await store.get('SELECT count(*) AS n FROM c WHERE id > ?', [0]);
    }).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(BatchError);
    expect((duplicate as BatchError).cause).toMatchObject({ code: '23505' });

    const expected = await store.transaction(async () => {
      await store.run('INSERT INTO c (id) VALUES (?)', [2]);
      await store.batchAtCommit!([{ sql: 'UPDATE c SET n = 5 WHERE id = ?', params: [999], expect: { changes: 1, error: conflict } }]);
      await store.batch([{ sql: 'INSERT INTO c (id) VALUES (?)', params: [3] }, { sql: 'INSERT INTO c (id) VALUES (?)', params: [4] }]);
    }).catch((e: unknown) => e);
    expect((expected as Error).message).toBe('数据已被修改');
    expect(await ids(store)).toEqual([1]);
  });

  it('in a savepoint the writes run at once, their counts checked there: the caller may catch the failure and go on', async () => {
    const store = await open('nested');
    const { sent } = await sending(() => store.transaction(async () => {
      await store.run('INSERT INTO c (id) VALUES (?)', [1]);
      await expect(store.transaction(async () => {
        await store.batchAtCommit!([
          { sql: 'INSERT INTO c (id) VALUES (?)', params: [2] },
          { sql: 'UPDATE c SET n = 1 WHERE id = ?', params: [999], expect: { changes: 1, error: conflict } },
        ]);
      })).rejects.toThrow('数据已被修改');
      await store.transaction(() => store.batchAtCommit!([{ sql: 'INSERT INTO c (id) VALUES (?)', params: [3] }]));
    }));
    expect(sent.filter((t) => t.includes('COMMIT'))).toEqual(['COMMIT']);
    expect(await ids(store)).toEqual([1, 3]);
    await expect(store.batchAtCommit!([{ sql: 'INSERT INTO c (id) VALUES (?)', params: [9] }])).rejects.toThrow('batchAtCommit outside a transaction');
  });

  it('a deadlock found in two COMMIT round trips: the transaction that lost runs again once, both end committed', async () => {
    const store = await open('deadlock');
    await store.run('INSERT INTO c (id) VALUES (1), (2)');
    let runs = 0;
    let arrived = 0;
    let both!: () => void;
    const met = new Promise<void>((r) => { both = r; });
    const crossing = (mine: number, theirs: number) => store.transaction(async () => {
      runs++;
      await store.run('UPDATE c SET n = n + 1 WHERE id = ?', [mine]);
      if (++arrived === 2) both();
      await met; // both hold their first row: each COMMIT message waits for the other's
      await store.batchAtCommit!([{ sql: 'UPDATE c SET n = n + 10 WHERE id = ?', params: [theirs], expect: { changes: 1, error: conflict } }]);
    });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(runs).toBe(3);
    expect(await store.all('SELECT id, n FROM c ORDER BY id')).toEqual([{ id: 1, n: 11 }, { id: 2, n: 11 }]);
  });

  it('valuesBatch prepares its reads on the connection (their plan kept); a transaction plans with sequential scans off to its end', async () => {
    const store = await open('prepared_reads');
    await store.run('INSERT INTO c (id, s) VALUES (1, ?)', ['one']);
    const read = 'SELECT s FROM c WHERE id = (SELECT min(id) FROM c)';
    const seen = await store.transaction(async () => {
      const [rows] = await store.valuesBatch!([{ sql: read }]);
      const prepared = await store.all<{ n: number }>('SELECT count(*) AS n FROM pg_prepared_statements WHERE statement = ?', [read]);
      const seqscan = await store.get<{ enable_seqscan: string }>('SHOW enable_seqscan');
      return { rows, prepared: prepared[0].n, seqscan: seqscan?.enable_seqscan };
    });
    expect(seen).toEqual({ rows: [['one']], prepared: 1, seqscan: 'off' });
    expect(await store.get('SHOW enable_seqscan')).toEqual({ enable_seqscan: 'on' }); // SET LOCAL: gone with the transaction
  });

  it('a statement that failed when it ran (its Parse done) runs again on the same connection: no \'already exists\'', async () => {
    const store = await open('reparse', 1); // one connection: the second run is on the same one
    await store.run('INSERT INTO c (id) VALUES (1)');
    const insert = 'INSERT INTO c (id, s) VALUES (?, ?) /* reparse */';
    const failed = await store.batch([{ sql: insert, params: [1, 'dup'] }]).catch((e: unknown) => e);
    expect((failed as BatchError).cause).toMatchObject({ code: '23505' });
    expect(await store.batch([{ sql: insert, params: [2, 'two'] }])).toEqual([{ changes: 1 }]);
    expect(await store.transaction(() => store.batch([{ sql: insert, params: [3, 'three'] }]))).toEqual([{ changes: 1 }]);
    expect(await ids(store)).toEqual([1, 2, 3]);
  });

  it('a first statement refused before sending (a NUL in a string) sends no BEGIN either: what follows is still one transaction', async () => {
    const store = await open('refused_first');
    await expect(store.transaction(async () => {
      await expect(store.run('INSERT INTO c (id, s) VALUES (?, ?)', [1, 'a\0b'])).rejects.toThrow('U+0000');
      await store.run('INSERT INTO c (id) VALUES (?)', [2]);
      throw new Error('undo');
    })).rejects.toThrow('undo');
    expect(await ids(store)).toEqual([]);
  });

  it('the read caches serve a transaction until it writes (then they step aside until it ends)', async () => {
    const store = await open('cache_bypass');
    const tv = tableVersionsOf(store);
    const seen = await store.transaction(async () => {
      const before = tv.inTransaction();
      await store.get('SELECT count(*) AS n FROM c WHERE id > ?', [0]);
      const afterRead = tv.inTransaction();
      await store.run('INSERT INTO c (id) VALUES (?)', [1]);
      return [before, afterRead, tv.inTransaction()];
    });
    expect(seen).toEqual([false, false, true]);
    expect(tv.inTransaction()).toBe(false);
    expect(await store.transaction(async () => {
      await store.batchAtCommit!([{ sql: 'INSERT INTO c (id) VALUES (?)', params: [2] }]);
      return tv.inTransaction();
    })).toBe(true);
  });

  it('the first statement, sent with BEGIN, binds as a statement alone does: strings, numbers into text, booleans, bigints, NULL, bytes', async () => {
    const store = await open('untyped');
    for (const [i, s] of AWKWARD.entries()) {
      await store.transaction(() => store.run('INSERT INTO c (id, s, n) VALUES (?, ?, ?)', [i, s, true]));
    }
    const bound = await store.all('SELECT id, s, n FROM c ORDER BY id');
    expect(bound.map((r) => r.s)).toEqual(AWKWARD);
    expect(bound.every((r) => r.n === 1)).toBe(true);
    for (const [i, s] of AWKWARD.entries()) {
      expect(await store.transaction(() => store.get('SELECT id FROM c WHERE s = ? AND id = ?', [s, BigInt(i)]))).toEqual({ id: i });
    }
    // A number compared with a text column: bound as text, as outside a transaction.
    await store.run('INSERT INTO c (id, s) VALUES (100, ?)', ['7']);
    const outside = await store.get('SELECT id FROM c WHERE s = ?', [7]);
    expect(outside).toEqual({ id: 100 });
    expect(await store.transaction(() => store.get('SELECT id FROM c WHERE s = ?', [7]))).toEqual(outside);
    expect(await store.transaction(() => store.get('SELECT count(*) AS n FROM c WHERE s IS NOT DISTINCT FROM ? AND id = ?', [null, -1]))).toEqual({ n: 0 });
    const { value, sent } = await sending(() => store.transaction(() => store.get<{ len: number }>('SELECT length(?::bytea) AS len', [Buffer.from([0, 39, 92])])));
    expect(value).toEqual({ len: 3 });
    expect(sent).toEqual([`${LEAD}\n;\n` + 'SELECT length($1::bytea) AS len', 'COMMIT']);
  });
});

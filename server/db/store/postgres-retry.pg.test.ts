/**
 * The PostgreSQL store's one retry of an outermost transaction that failed with a deadlock or a
 * serialization failure (issue 44: "Deadlock and serialization failures (40P01/40001) get one
 * retry, then the concurrency message"; ./pg-transactions.ts `transaction`, ./pg-retry.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/pg/fresh-db';
import type { Store } from './port';
import { openPostgresStore } from './postgres';
import { isRetriedConflict } from './pg-retry';

/** An error as node-postgres reports SQLSTATE `code`. */
const sqlState = (code: string) => Object.assign(new Error(`forced ${code}`), { code });

describe('postgres store: one retry on 40P01 / 40001', () => {
  const opened: Store[] = [];
  const open = async (prefix: string) => {
    const store = await openPostgresStore(await freshDatabase(prefix));
    opened.push(store);
    await store.run('CREATE TABLE r (id INTEGER PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0)');
    return store;
  };
  afterEach(async () => { await Promise.all(opened.splice(0).map((s) => s.close())); });

  it('a deadlock on the first run: fn runs again in a new transaction, the first run\'s writes are gone', async () => {
    const store = await open('retry_once');
    let runs = 0;
    const value = await store.transaction(async () => {
      runs++;
      await store.run('INSERT INTO r (id) VALUES (?)', [runs]);
      if (runs === 1) throw sqlState('40P01');
      return 'done';
    });
    expect(value).toBe('done');
    expect(runs).toBe(2);
    expect(await store.all('SELECT id FROM r')).toEqual([{ id: 2 }]);
  });

  it('twice: rejects with the second failure after exactly two runs, nothing written', async () => {
    const store = await open('retry_twice');
    let runs = 0;
    const err = await store.transaction(async () => {
      runs++;
      await store.run('INSERT INTO r (id) VALUES (?)', [runs]);
      throw sqlState('40001');
    }).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('40001');
    expect(runs).toBe(2);
    expect(await store.all('SELECT id FROM r')).toEqual([]);
  });

  it('the SQLSTATE behind a cause (an AppError the engine made of it) counts; a nested savepoint\'s failure retries the whole outer transaction', async () => {
    const store = await open('retry_cause');
    let outer = 0;
    await store.transaction(async () => {
      outer++;
      await store.run('INSERT INTO r (id) VALUES (?)', [outer]);
      await store.transaction(async () => {
        await store.run('INSERT INTO r (id) VALUES (?)', [100 + outer]);
        if (outer === 1) throw Object.assign(new Error('流程实例已被其他操作更新，请刷新后重试'), { cause: sqlState('40P01') });
      });
    });
    expect(outer).toBe(2);
    expect(await store.all('SELECT id FROM r ORDER BY id')).toEqual([{ id: 2 }, { id: 102 }]);
  });

  it('other failures are not retried', async () => {
    const store = await open('retry_other');
    let runs = 0;
    await expect(store.transaction(async () => { runs++; throw sqlState('23505'); })).rejects.toThrow('forced 23505');
    await expect(store.transaction(async () => { runs++; throw new Error('plain'); })).rejects.toThrow('plain');
    expect(runs).toBe(2);
    expect([isRetriedConflict(sqlState('40P01')), isRetriedConflict({ code: 500, cause: { cause: sqlState('40001') } }),
      isRetriedConflict(sqlState('25P02')), isRetriedConflict(undefined)]).toEqual([true, true, false, false]);
  });

  it('a real deadlock between two transactions: PostgreSQL aborts one, its retry waits its turn, both commit', async () => {
    const store = await open('retry_real');
    await store.run('INSERT INTO r (id) VALUES (1), (2)');
    let runs = 0;
    const locked = [deferred(), deferred()];
    // Each locks its first row, waits until the other holds its own, then wants the other's row.
    const cross = (first: number, second: number, mine: Deferred, theirs: Deferred) => store.transaction(async () => {
      runs++;
      await store.run('UPDATE r SET n = n + 1 WHERE id = ?', [first]);
      mine.resolve();
      await theirs.promise;
      await store.run('UPDATE r SET n = n + 10 WHERE id = ?', [second]);
    });
    await Promise.all([cross(1, 2, locked[0], locked[1]), cross(2, 1, locked[1], locked[0])]);
    expect(runs).toBe(3); // two first runs, one retry of the aborted one
    expect(await store.all('SELECT id, n FROM r ORDER BY id')).toEqual([{ id: 1, n: 11 }, { id: 2, n: 11 }]);
  });
});

interface Deferred { promise: Promise<void>; resolve: () => void }
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

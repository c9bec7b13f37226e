/**
 * The PostgreSQL store runs a statement with parameters as a named prepared statement (parsed once
 * per connection, its plan kept: ./pg-statement-names.ts, issue 44) and one without parameters as
 * before: read from the connection's own pg_prepared_statements.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/pg/fresh-db';
import { statementName } from './pg-statement-names';
import { openPostgresStore } from './postgres';
import type { Store } from './port';

/** The connection's protocol-level prepared statements whose text mentions `probe`. */
const PREPARED = `SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql AND statement LIKE '%' || 'probe_' || '%' ORDER BY statement`;

describe('named statements on PostgreSQL', () => {
  let store: Store | undefined;
  afterEach(async () => { await store?.close(); store = undefined; });

  it('a statement with parameters is prepared once under its name and answers as before; one without is not prepared', async () => {
    store = await openPostgresStore(await freshDatabase('named_stmt'), { max: 1 });
    const s = store;
    await s.run('CREATE TABLE probe_t (id INTEGER PRIMARY KEY, s TEXT)');
    await s.run('INSERT INTO probe_t (id, s) VALUES (?, ?), (?, ?)', [1, 'a', 2, 'b']);
    // One pooled connection: every statement below runs on it, so its prepared statements are visible.
    const read = (id: number) => s.get<{ s: string }>('SELECT s AS probe_s FROM probe_t WHERE id = ?', [id]);
    expect(await read(1)).toEqual({ probe_s: 'a' });
    expect(await read(2)).toEqual({ probe_s: 'b' });
    expect(await read(3)).toBeUndefined();
    expect(await s.all('SELECT s AS probe_unnamed FROM probe_t WHERE id = 1')).toEqual([{ probe_unnamed: 'a' }]);
    const prepared = await s.all<{ name: string; statement: string }>(PREPARED);
    expect(prepared).toEqual([
      { name: statementName('INSERT INTO probe_t (id, s) VALUES ($1, $2), ($3, $4)'), statement: 'INSERT INTO probe_t (id, s) VALUES ($1, $2), ($3, $4)' },
      { name: statementName('SELECT s AS probe_s FROM probe_t WHERE id = $1'), statement: 'SELECT s AS probe_s FROM probe_t WHERE id = $1' },
    ]);
    // Inside a transaction too, and an error in a named statement leaves it usable after the rollback.
    await expect(s.transaction(async () => {
      await s.run('INSERT INTO probe_t (id, s) VALUES (?, ?), (?, ?)', [3, 'c', 3, 'c']);
    })).rejects.toThrow(/duplicate key/);
    await s.transaction(async () => { await s.run('INSERT INTO probe_t (id, s) VALUES (?, ?), (?, ?)', [3, 'c', 4, 'd']); });
    expect(await read(4)).toEqual({ probe_s: 'd' });
    expect(await s.all(PREPARED)).toHaveLength(2);
  });
});

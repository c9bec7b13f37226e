/**
 * A pipeline (./pg-pipeline.ts) over a real connection when a row cannot be read: a type parser that
 * throws fails that pipeline only (BatchError naming the statement, the parser's error as cause),
 * as node-postgres' own Query does; nothing throws out of the connection's data handler and the
 * connection answers the next query. The rule: "the server never crashes on a request" (design.md).
 * A statement the connection has prepared and described runs again without Describe: its rows
 * are read with the shape kept from the first time.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/pg/fresh-db';
import { BatchError } from './port';
import { runPipeline } from './pg-pipeline';

describe('pipeline: a row the type parsers cannot read', () => {
  let client: pg.Client;
  const INT4 = 23;
  const boom = new Error('unreadable int4');
  /** node-postgres' parsers, except that int4 throws. */
  const types = {
    getTypeParser: (oid: number, format?: string) => (oid === INT4 ? () => { throw boom; } : pg.types.getTypeParser(oid, format as 'text')),
  };
  beforeAll(async () => {
    client = new pg.Client({ connectionString: await freshDatabase('pipeline_rows') });
    await client.connect();
    await client.query('CREATE TABLE p (id INTEGER PRIMARY KEY, s TEXT)');
  });
  afterAll(async () => { await client.end(); });

  it('fails the pipeline at that statement, reads the rest of the answer, and leaves the connection usable', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = await runPipeline(client, [
        { sql: 'SELECT ?::text AS s', params: ['fine'], rows: 'object' },
        { sql: 'SELECT g::int4 AS n FROM generate_series(1, 3) g WHERE g > ?', params: [0], rows: 'array' },
        { sql: 'INSERT INTO p (id, s) VALUES (?, ?)', params: [1, 'after'] },
      ], types).then(() => undefined, (e: unknown) => e);
      expect(failed).toBeInstanceOf(BatchError);
      expect((failed as BatchError).index).toBe(1);
      expect((failed as BatchError).cause).toBe(boom);
      // the statements ran (one implicit transaction, committed by the Sync): the failure is the reading
      expect((await client.query('SELECT s FROM p')).rows).toEqual([{ s: 'after' }]);
      // the same names again, on the same connection, with readable rows
      const ok = await runPipeline(client, [
        { sql: 'SELECT ?::text AS s', params: ['again'], rows: 'object' },
        { sql: 'SELECT g::int4 AS n FROM generate_series(1, 3) g WHERE g > ?', params: [1], rows: 'array' },
      ], pg.types);
      expect(ok.map((r) => r.rows)).toEqual([[{ s: 'again' }], [[2], [3]]]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });
});

describe('pipeline: a prepared statement described once', () => {
  let client: pg.Client;
  const described: string[] = [];
  beforeAll(async () => {
    client = new pg.Client({ connectionString: await freshDatabase('pipeline_shapes') });
    await client.connect();
    await client.query('CREATE TABLE r (id INTEGER PRIMARY KEY, s TEXT, big BIGINT, j JSONB)');
    await client.query(`INSERT INTO r VALUES (1, 'a', 9007199254740993, '{"k": [1]}'), (2, NULL, NULL, NULL)`);
    const connection = (client as unknown as { connection: { describe(m: unknown): void } }).connection;
    const real = connection.describe.bind(connection);
    connection.describe = (m: unknown) => { described.push('D'); real(m); };
  });
  afterAll(async () => { await client.end(); });
  /** int8 as a bigint here (process-wide pg.types may read it otherwise: a store opened earlier in this worker sets its own). */
  const types = { getTypeParser: (oid: number, format?: string) => (oid === 20 ? (v: string) => BigInt(v) : pg.types.getTypeParser(oid, format as 'text')) };

  const read = () => runPipeline(client, [
    { sql: 'SELECT id, s, big, j FROM r WHERE id >= ? ORDER BY id', params: [1], rows: 'object' },
    { sql: 'SELECT id, s FROM r WHERE id = ?', params: [2], rows: 'array' },
    { sql: 'UPDATE r SET s = s WHERE id = ?', params: [1] },
  ], types);

  it('reads the same rows without asking for the description again', async () => {
    const first = await read();
    expect(described).toHaveLength(2);
    const again = await read();
    expect(described).toHaveLength(2); // no Describe the second time
    expect(again).toEqual(first);
    expect(again[0].rows).toEqual([
      { id: 1, s: 'a', big: 9007199254740993n, j: { k: [1] } },
      { id: 2, s: null, big: null, j: null },
    ]);
    expect(again[1].rows).toEqual([[2, null]]);
    expect(again.map((r) => r.rowCount)).toEqual([2, 1, 1]);
  });

  it('makes a column named __proto__ an own property, never the prototype', async () => {
    for (let k = 0; k < 2; k++) {
      const [{ rows }] = await runPipeline(client, [{ sql: 'SELECT ?::text AS "__proto__", 1 AS "x"', params: ['polluted'], rows: 'object' }], pg.types);
      const row = rows[0] as Record<string, unknown>;
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('polluted');
      expect(row.x).toBe(1);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a schema change that alters the rows fails the statement (PostgreSQL refuses the cached plan), it is never read with the old shape', async () => {
    const sel = () => runPipeline(client, [{ sql: 'SELECT * FROM r WHERE id = ?', params: [1], rows: 'array' }], types);
    expect((await sel())[0].rows).toEqual([[1, 'a', 9007199254740993n, { k: [1] }]]);
    await client.query('ALTER TABLE r ADD COLUMN extra TEXT');
    const failed = await sel().then(() => undefined, (e: unknown) => e);
    expect(failed).toBeInstanceOf(BatchError);
    expect(String((failed as BatchError).cause)).toMatch(/cached plan must not change result type/);
  });
});

/**
 * A pipeline (./pg-pipeline.ts) over a real connection when a row cannot be read: a type parser that
 * throws fails that pipeline only (BatchError naming the statement, the parser's error as cause),
 * as node-postgres' own Query does; nothing throws out of the connection's data handler and the
 * connection answers the next query. The rule: "the server never crashes on a request" (design.md).
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

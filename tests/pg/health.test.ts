/**
 * The health check on PostgreSQL (issue 43 "health reports the database kind and its
 * reachability"): `SELECT 1` and the database's size through the store, UP on a live server, DOWN
 * (never a rejection) once the store's pool is closed.
 */
import { describe, expect, it } from 'vitest';
import { checkStoreHealth, PG_SIZE_TTL_MS } from '../../server/health';
import type { Store } from '../../server/db/store/port';
import { openPostgresStore } from '../../server/db/store/postgres';
import { freshDatabase } from './fresh-db';

describe('checkStoreHealth on PostgreSQL', () => {
  it('is UP with the database size, then DOWN once the store is closed', async () => {
    const store = await openPostgresStore(await freshDatabase('health'));
    const up = await checkStoreHealth(store, { version: '1.0.0', uptimeSeconds: 3 });
    expect(up).toEqual({ status: 'UP', version: '1.0.0', uptimeSeconds: 3, db: { kind: 'postgres', ok: true, sizeBytes: expect.any(Number), walMode: false } });
    expect(up.db.sizeBytes).toBeGreaterThan(0);
    await store.close();
    // Closed: DOWN at once, though the size is still fresh (SELECT 1 runs on every call).
    expect(await checkStoreHealth(store, { version: '1.0.0', uptimeSeconds: 3 })).toMatchObject({
      status: 'DOWN', db: { kind: 'postgres', ok: false, sizeBytes: 0, walMode: false, error: expect.any(String) },
    });
  });

  it('reads the size at most every PG_SIZE_TTL_MS, SELECT 1 every time', async () => {
    const real = await openPostgresStore(await freshDatabase('health_ttl'));
    const sent: string[] = [];
    const store = { kind: real.kind, get: (sql: string, params?: []) => { sent.push(sql); return real.get(sql, params); } } as Pick<Store, 'kind' | 'get'>;
    try {
      const first = await checkStoreHealth(store, { now: 1_000 });
      const second = await checkStoreHealth(store, { now: 1_000 + PG_SIZE_TTL_MS - 1 });
      await checkStoreHealth(store, { now: 1_000 + PG_SIZE_TTL_MS });
      expect(sent.map((s) => s.includes('pg_database_size'))).toEqual([true, false, true]);
      expect(second.db.sizeBytes).toBe(first.db.sizeBytes);
      expect(second.status).toBe('UP');
    } finally {
      await real.close();
    }
  });
});

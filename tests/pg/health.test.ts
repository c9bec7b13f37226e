/**
 * The health check on PostgreSQL (issue 43 "health reports the database kind and its
 * reachability"): `SELECT 1` and the database's size through the store, UP on a live server, DOWN
 * (never a rejection) once the store's pool is closed.
 */
import { describe, expect, it } from 'vitest';
import { checkStoreHealth } from '../../server/health';
import { openPostgresStore } from '../../server/db/store/postgres';
import { freshDatabase } from './fresh-db';

describe('checkStoreHealth on PostgreSQL', () => {
  it('is UP with the database size, then DOWN once the store is closed', async () => {
    const store = await openPostgresStore(await freshDatabase('health'));
    const up = await checkStoreHealth(store, { version: '1.0.0', uptimeSeconds: 3 });
    expect(up).toEqual({ status: 'UP', version: '1.0.0', uptimeSeconds: 3, db: { kind: 'postgres', ok: true, sizeBytes: expect.any(Number), walMode: false } });
    expect(up.db.sizeBytes).toBeGreaterThan(0);
    await store.close();
    expect(await checkStoreHealth(store, { version: '1.0.0', uptimeSeconds: 3 })).toMatchObject({
      status: 'DOWN', db: { kind: 'postgres', ok: false, sizeBytes: 0, walMode: false, error: expect.any(String) },
    });
  });
});

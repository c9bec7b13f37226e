/**
 * Health check (issue 7): the report's shape over an in-memory app, a file database in WAL mode,
 * and a failing database (DOWN, HTTP 503); the PostgreSQL check through the store over stand-ins
 * (issue 43; tests/pg/health.test.ts runs it on a real server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './app';
import { APP_VERSION, checkHealth, checkStoreHealth, type SqliteProbe } from './health';
import { openDatabase } from './db/client';
import pkg from '../package.json';

const apps: BuiltApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function app(env: Record<string, unknown> = {}) {
  const a = await buildApp({ rawEnv: {}, env: { DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef', ...env }, logger: false });
  apps.push(a);
  return a;
}

describe('GET /caishui-api/health', () => {
  it('answers UP with version, uptime and the database facts, without a token', async () => {
    const a = await app();
    const res = await a.inject({ method: 'GET', url: '/caishui-api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      status: 'UP', version: pkg.version, uptimeSeconds: expect.any(Number),
      db: { kind: 'sqlite', ok: true, sizeBytes: expect.any(Number), walMode: false },
    });
    expect(body.db.sizeBytes).toBeGreaterThan(0);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('reports WAL mode and page_count * page_size for a file database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-health-'));
    dirs.push(dir);
    const a = await app({ DATABASE_URL: path.join(dir, 'db.sqlite') });
    const body = (await a.inject({ method: 'GET', url: '/caishui-api/health' })).json();
    const c = a.deps.db!.$client;
    expect(body.db).toEqual({
      kind: 'sqlite', ok: true, walMode: true, checkpoints: expect.stringMatching(/^(starting|worker)$/),
      sizeBytes: Number(c.pragma('page_count', { simple: true })) * Number(c.pragma('page_size', { simple: true })),
    });
    // The WAL checkpointer's worker thread comes up and is reported.
    await expect.poll(async () => (await a.inject({ method: 'GET', url: '/caishui-api/health' })).json().db.checkpoints,
      { timeout: 10_000 }).toBe('worker');
  });

  it('answers 503 DOWN once the database is closed', async () => {
    const a = await app();
    a.deps.db!.$client.close();
    const res = await a.inject({ method: 'GET', url: '/caishui-api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'DOWN', version: APP_VERSION, db: { ok: false, sizeBytes: 0, walMode: false } });
  });
});

describe('checkHealth', () => {
  it('is DOWN, never throwing, when a query fails', () => {
    const broken: SqliteProbe = {
      prepare: () => { throw new Error('disk I/O error'); },
    };
    expect(checkHealth(broken, { version: '9.9.9', uptimeSeconds: 5 })).toEqual({
      status: 'DOWN', version: '9.9.9', uptimeSeconds: 5, db: { kind: 'sqlite', ok: false, sizeBytes: 0, walMode: false, error: 'disk I/O error' },
    });
  });

  it('checks a plain better-sqlite3 connection, preparing its statements once', () => {
    const db = openDatabase({ url: ':memory:' });
    let prepares = 0;
    const counting: SqliteProbe = { prepare: (sql) => { prepares++; return db.$client.prepare(sql); } };
    try {
      expect(checkHealth(db.$client)).toMatchObject({ status: 'UP', db: { ok: true, walMode: false } });
      expect(checkHealth(counting)).toMatchObject({ status: 'UP', db: { ok: true, walMode: false } });
      expect(checkHealth(counting)).toMatchObject({ status: 'UP' });
      expect(prepares).toBe(4);
      // The database grows: the same statements read the new page count.
      const before = checkHealth(counting).db.sizeBytes;
      db.$client.exec('CREATE TABLE grow (x TEXT); INSERT INTO grow SELECT hex(randomblob(500)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) SELECT i FROM n);');
      expect(checkHealth(counting).db.sizeBytes).toBeGreaterThan(before);
    } finally {
      db.$client.close();
    }
    expect(checkHealth(counting)).toMatchObject({ status: 'DOWN', db: { ok: false } });
  });
});

describe('checkStoreHealth (PostgreSQL, through the store)', () => {
  it('is UP with the database size when SELECT 1 answers', async () => {
    const statements: string[] = [];
    const store = { kind: 'postgres' as const, get: async (sql: string) => { statements.push(sql); return { one: 1, size: '8192' } as never; } };
    expect(await checkStoreHealth(store, { version: '9.9.9', uptimeSeconds: 5 })).toEqual({
      status: 'UP', version: '9.9.9', uptimeSeconds: 5, db: { kind: 'postgres', ok: true, sizeBytes: 8192, walMode: false },
    });
    expect(statements).toEqual(['SELECT 1 AS "one", pg_database_size(current_database()) AS "size"']);
  });

  it('is DOWN, never rejecting, when the store fails', async () => {
    const store = { kind: 'postgres' as const, get: async () => { throw new Error('connection refused'); } };
    expect(await checkStoreHealth(store, { version: '9.9.9', uptimeSeconds: 5 })).toEqual({
      status: 'DOWN', version: '9.9.9', uptimeSeconds: 5, db: { kind: 'postgres', ok: false, sizeBytes: 0, walMode: false, error: 'connection refused' },
    });
  });
});

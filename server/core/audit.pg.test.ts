/**
 * The operation log's write (core/audit.ts) on both adapters (issue 43): queued rows are written in
 * call order in one `store.batch` (one multi-row INSERT, or several: one transaction), texts carrying
 * quotes, `?` and `$1` arrive unchanged, secrets redacted; rows queued on a closed store are dropped
 * unreported (PostgreSQL's batch outside a transaction meets the ended pool, not a transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { migratePostgres } from '../db/pg-schema/migrate';
import { openPostgresStore } from '../db/store/postgres';
import type { Store } from '../db/store/port';
import { sqliteStore } from '../db/store/sqlite';
import { freshDatabase } from '../../tests/pg/fresh-db';
import { flushAudit, onAuditError, writeAudit, type AuditEntry } from './audit';

let pgStore: Store<Db>;
let lite: Store<Db>;

beforeAll(async () => {
  const url = await freshDatabase('audit');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

const T = Date.UTC(2026, 0, 5, 1, 0, 0);
const entry = (input: unknown, error?: string): AuditEntry => ({
  title: '跨库测试', businessType: 2, method: 'system.user.edit', requestMethod: 'PUT', operName: 'admin', deptName: '研发部门',
  operUrl: '/caishui-api/system/user', operIp: '127.0.0.1', input, result: { ok: true }, error, startedAt: T, endedAt: T + 12,
});
const stored = (store: Store<Db>) => store.all<{ operParam: string; status: number; errorMsg: string; costTime: number; operTime: string }>(
  'SELECT oper_param AS "operParam", status, error_msg AS "errorMsg", cost_time AS "costTime", oper_time AS "operTime" FROM sys_oper_log ORDER BY oper_id');

describe.each([['postgres'], ['sqlite']])('on %s', (kind) => {
  const store = () => (kind === 'postgres' ? pgStore : lite);

  it('writes one queued row (one INSERT), redacted, with its status, cost and time', async () => {
    const s = store();
    writeAudit(s, entry({ userName: "o'brien ? $1", password: 'Pg-secret-1' }, '失败 ? $2'));
    expect(await flushAudit(s)).toBe(1);
    const [row] = await stored(s);
    expect(row).toMatchObject({ operParam: JSON.stringify({ userName: "o'brien ? $1" }), status: 1, errorMsg: '失败 ? $2' });
    expect(Number(row.costTime)).toBe(12);
    expect(row.operTime).toMatch(/^2026-01-05 \d\d:00:00$/);
    expect(await flushAudit(s)).toBe(0);
  });

  it('writes 70 queued rows (a batch of multi-row INSERTs) in call order', async () => {
    const s = store();
    const before = (await stored(s)).length;
    for (let i = 0; i < 70; i++) writeAudit(s, entry({ n: i, note: `'?${i}'` }));
    expect(await flushAudit(s)).toBe(70);
    const rows = (await stored(s)).slice(before);
    expect(rows.map((r) => r.operParam)).toEqual(Array.from({ length: 70 }, (_, i) => JSON.stringify({ n: i, note: `'?${i}'` })));
    expect(rows.every((r) => r.status === 0)).toBe(true);
  });
});

it.each([['postgres'], ['sqlite']])('on %s, rows queued on a closed store are dropped, unreported', async (kind) => {
  const s = (kind === 'postgres' ? await openPostgresStore(await freshDatabase('auditclosed')) : sqliteStore(openDatabase({ url: ':memory:' }))) as unknown as Store<Db>;
  const reports: unknown[] = [];
  onAuditError(s, (err) => reports.push(err));
  await s.close();
  writeAudit(s, entry({ userName: 'late' }));
  expect(await flushAudit(s)).toBe(0);
  expect(await flushAudit(s)).toBe(0); // nothing kept for a retry
  expect(reports).toEqual([]);
});

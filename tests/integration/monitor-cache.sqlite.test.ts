/**
 * 缓存监控 across processes (issue 41 §5): a clear on one process reaches another process on the
 * same SQLite database file after its next poll. Two apps over one file (appsSharingOneFile), as two
 * server processes; SQLite only (PostgreSQL nodes follow each other by LISTEN/NOTIFY:
 * tests/cluster/caches.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { EXTERNAL_POLL_MS } from '../../server/db/table-watch';
import { appsSharingOneFile, call, login, type SharedFileApps } from '../helpers/app';

const get = async (app: BuiltApp, url: string, token: string) => (await call(app, 'GET', url, token)).body;
const del = async (app: BuiltApp, url: string, token: string) => (await call(app, 'DELETE', url, token)).body;
const keysOf = async (app: BuiltApp, name: string, token: string) => (await get(app, `/monitor/cache/getKeys/${name}`, token)).data as string[];

describe('缓存监控 across processes sharing one database file', async () => {
  const clock = manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime());
  let apps: SharedFileApps;
  beforeAll(async () => { apps = await appsSharingOneFile(clock); });
  afterAll(() => apps.close());

  it('a clear on one process drops the other process’s entries after its next poll', async () => {
    const { a, b } = apps;
    const adminA = await login(a);
    const adminB = await login(b);
    await get(b, '/getInfo', await login(b, 'ry')); // a second session cached in B
    await get(b, '/system/dict/data/type/sys_user_sex', adminB);
    expect(await keysOf(b, 'login_tokens:', adminB)).toHaveLength(2);
    expect(await keysOf(b, 'sys_dict:', adminB)).toEqual(['sys_dict:sys_user_sex']);

    expect(await del(a, '/monitor/cache/clearCacheAll', adminA)).toEqual({ code: 200, msg: '操作成功' });
    // Within the poll interval B has not looked yet.
    expect(await keysOf(b, 'login_tokens:', adminB)).toHaveLength(2);

    clock.advance(EXTERNAL_POLL_MS + 1);
    // B's request polls, drops every entry, then re-reads the caller's own session from its row.
    expect(await keysOf(b, 'login_tokens:', adminB)).toHaveLength(1);
    expect(await keysOf(b, 'sys_dict:', adminB)).toEqual([]);

    // One key: A drops ry's session key in B too (sessions stay in the database: ry is still signed in).
    const ry = await login(b, 'ry');
    await get(b, '/getInfo', ry);
    const both = await keysOf(b, 'login_tokens:', adminB);
    expect(both).toHaveLength(2);
    const owner = async (k: string) => JSON.parse((await get(b, `/monitor/cache/getValue/login_tokens:/${k}`, adminB)).data.cacheValue).userName as string;
    const target = (await owner(both[0])) === 'ry' ? both[0] : both[1];
    expect(await owner(target)).toBe('ry');
    expect(await del(a, `/monitor/cache/clearCacheKey/${target}`, adminA)).toEqual({ code: 200, msg: '操作成功' });
    clock.advance(EXTERNAL_POLL_MS + 1);
    expect(await keysOf(b, 'login_tokens:', adminB)).toEqual(both.filter((k) => k !== target));
    expect((await get(b, '/getInfo', ry)).code).toBe(200);
  });
});

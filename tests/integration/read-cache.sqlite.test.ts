/**
 * The read caches (server/modules/common/read-cache.ts; issue 15) across processes: a write made by
 * another process or a script on the same SQLite file shows within EXTERNAL_POLL_MS (real time:
 * the caches poll with the wall clock, so the test waits it out). Two apps over one file
 * (appsSharingOneFile), as two server processes; SQLite only (PostgreSQL nodes follow each other by
 * LISTEN/NOTIFY: tests/cluster/caches.test.ts).
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { appsSharingOneFile, call, login, type SharedFileApps } from '../helpers/app';
import { pollPassed, sexLabels, userPage } from '../helpers/cache-probes';

describe('another process on the same file: within the poll interval', () => {
  let a: BuiltApp;
  let b: BuiltApp;
  let raw: Database.Database;
  let shared: SharedFileApps;
  let admin: string;

  beforeAll(async () => {
    shared = await appsSharingOneFile(manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime()));
    ({ a, b, raw } = shared);
    admin = await login(a);
  });
  afterAll(() => shared.close());

  it('a user added through one app, and a name changed by a script, show in the other app', async () => {
    const before = await userPage(b, admin);
    expect(before.code).toBe(200);
    const added = await call(a, 'POST', '/system/user', admin, { userName: 'other_new', nickName: '另一进程', password: 'abc123456', deptId: 103 });
    expect(added.body.code).toBe(200);
    expect((await userPage(a, admin)).total).toBe(before.total + 1); // the writer: at once
    await pollPassed();
    const seen = await userPage(b, admin);
    expect(seen.total).toBe(before.total + 1);
    expect(seen.rows[0].userName).toBe('other_new');

    raw.prepare("UPDATE sys_user SET nick_name = '脚本改名' WHERE user_name = 'other_new'").run();
    await pollPassed();
    expect((await userPage(a, admin)).rows[0].nickName).toBe('脚本改名');
    expect((await userPage(b, admin)).rows[0].nickName).toBe('脚本改名');
  });

  it('a dictionary label changed through one app shows in the other', async () => {
    expect(await sexLabels(b, admin)).toEqual(['男', '女', '未知']);
    const entry = (await call(a, 'GET', '/system/dict/data/list?pageNum=1&pageSize=10&dictType=sys_user_sex', admin)).body.rows
      .find((d: { dictValue: string }) => d.dictValue === '1');
    expect((await call(a, 'PUT', '/system/dict/data', admin, { ...entry, dictLabel: '女性' })).body.code).toBe(200);
    expect(await sexLabels(a, admin)).toEqual(['男', '女性', '未知']);
    await pollPassed();
    expect(await sexLabels(b, admin)).toEqual(['男', '女性', '未知']);
  });
});

/**
 * 服务监控 over REST (issue 41 §5; RuoYi ServerController `GET /monitor/server`): RuoYi's Server
 * shape with Node under the `jvm` keys, the folders' file systems, the database file and WAL; 403.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, onPostgres, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { cpuBetween, fileSizeText, timeDistance } from '../../server/modules/monitor/server/server-probe';

const sorted = (o: object) => Object.keys(o).sort();

describe('服务监控', () => {
  let t: TestApp;
  let admin: string;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-server-'));
    t = await makeTestApp({ ...(onPostgres ? {} : { DATABASE_URL: path.join(dir, 'c.db') }), UPLOAD_DIR: path.join(dir, 'uploads') });
    admin = await login(t.app);
  });
  afterAll(async () => {
    await t.app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // `db` describes the SQLite file (path, size, WAL), or on PostgreSQL the database (its URL
  // without the password, no file sizes, and no 数据目录 among the folders).
  it('GET /monitor/server answers RuoYi Server {cpu, mem, jvm, sys, sysFiles} plus db', async () => {
    const body = (await call(t.app, 'GET', '/monitor/server', admin)).body;
    expect(body.code).toBe(200);
    const { cpu, mem, jvm, sys, sysFiles, db } = body.data;
    expect(sorted(cpu)).toEqual(['cpuNum', 'free', 'sys', 'total', 'used', 'wait']);
    expect(cpu.cpuNum).toBeGreaterThanOrEqual(1);
    for (const k of ['sys', 'used', 'wait', 'free']) expect(cpu[k]).toBeGreaterThanOrEqual(0);
    expect(cpu.sys + cpu.used + cpu.wait + cpu.free).toBeLessThanOrEqual(100.05);
    expect(sorted(mem)).toEqual(['free', 'total', 'usage', 'used']);
    expect(mem.total).toBeCloseTo(os.totalmem() / 1024 ** 3, 1);
    for (const k of ['name', 'version', 'startTime', 'runTime', 'home', 'total', 'max', 'free', 'used', 'usage', 'inputArgs']) expect(jvm, k).toHaveProperty(k);
    expect(jvm).toMatchObject({ name: 'Node.js', version: process.version, home: process.execPath });
    expect(jvm.runTime).toMatch(/^\d+天\d+小时\d+分钟$/);
    expect(jvm.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(jvm.used).toBeGreaterThan(0);
    expect(jvm.max).toBeGreaterThan(jvm.used);
    expect(jvm.inputArgs).toMatch(/^\[.*\]$/);
    expect(sorted(sys)).toEqual(['computerIp', 'computerName', 'osArch', 'osName', 'userDir']);
    expect(sys).toMatchObject({ computerName: os.hostname(), userDir: process.cwd(), osArch: os.arch() });
    expect(sysFiles.map((f: { typeName: string }) => f.typeName)).toEqual([...(onPostgres ? [] : ['数据目录']), '上传目录', '根目录']);
    for (const f of sysFiles) {
      expect(sorted(f)).toEqual(['dirName', 'free', 'sysTypeName', 'total', 'typeName', 'usage', 'used']);
      expect(f.total).toMatch(/^\d+(\.\d)? (GB|MB|KB|B)$/);
    }
    expect(db.pageCount * db.pageSize).toBeGreaterThan(0);
    if (onPostgres) {
      expect(sysFiles[0].dirName).toBe(path.join(dir, 'uploads'));
      // The test cluster's URL has no password (server/cli.test.ts: databaseName shows one as ***).
      expect(db).toMatchObject({ path: t.app.deps.env.DATABASE_URL, inMemory: false, journalMode: 'wal', size: 0, walSize: 0 });
      return;
    }
    expect(sysFiles[0].dirName).toBe(dir);
    expect(db).toMatchObject({ path: path.join(dir, 'c.db'), inMemory: false, journalMode: 'wal' });
    expect(db.size).toBe(fs.statSync(path.join(dir, 'c.db')).size);
    expect(db.walSize).toBe(fs.existsSync(path.join(dir, 'c.db-wal')) ? fs.statSync(path.join(dir, 'c.db-wal')).size : 0);
  });

  it('refuses a user without monitor:server:list', async () => {
    await makeUserWithPerms(t.app, 'no_server', ['monitor:online:list']);
    const token = await login(t.app, 'no_server');
    expect((await call(t.app, 'GET', '/monitor/server', token)).body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });

  it('computes RuoYi figures: CPU shares of sampled ticks, sizes and run time as RuoYi prints them', () => {
    const a = { user: 100, sys: 50, wait: 10, idle: 840, total: 1000 };
    const b = { user: 300, sys: 100, wait: 10, idle: 1590, total: 2000 };
    expect(cpuBetween(a, b, 4)).toEqual({ cpuNum: 4, total: 1000, used: 20, sys: 5, wait: 0, free: 75 });
    expect([fileSizeText(12), fileSizeText(4096), fileSizeText(150 * 1024 * 1024), fileSizeText(1.5 * 1024 ** 3)]).toEqual(['12 B', '4.0 KB', '150 MB', '1.5 GB']);
    expect(timeDistance(((26 * 60) + 5) * 60000)).toBe('1天2小时5分钟');
  });
});

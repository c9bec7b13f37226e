/**
 * The server on PostgreSQL (issue 43, third session): buildApp over a fresh, empty database
 * migrates and seeds it, then serves the everyday round through inject() as it does on SQLite —
 * sign-in, getInfo, getRouters, the user list, a dictionary type created and listed, a config
 * value, a workflow round (simulate, deploy with the start form linked, start, to-dos, complete,
 * CC to a role), sign-out — and /health reports the database kind. What only SQLite has is absent: no
 * synchronous handle (`deps.db`), no to-do reader worker, no WAL checkpointer; the backup job
 * refuses and points to pg_dump.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app';
import { pgStoreHooks } from '../../server/db/store/pg-writes';
import type { PgTableVersionsHandle } from '../../server/db/store/pg-table-versions';
import { tableVersionsOf } from '../../server/db/table-versions';
import { manualClock } from '../../server/core/clock';
import { onlineBackup, PG_BACKUP_MESSAGE } from '../../server/db/online-backup';
import { LEAVE_XML } from '../integration/flowable-model';
import { freshDatabase } from './fresh-db';

let app: BuiltApp;
/** The app's log, one JSON line each (LOG_LEVEL info). */
const logLines: string[] = [];
let token: string;
let ryToken: string;

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = token) => {
  const res = await app.inject({ method, url: `/caishui-api${url}`, headers: auth ? { authorization: `Bearer ${auth}` } : {}, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

beforeAll(async () => {
  app = await buildApp({
    rawEnv: { DATABASE_POOL_MAX: '3' },
    env: { DATABASE_URL: await freshDatabase('app_boot'), CAPTCHA_ENABLED: false, LOG_LEVEL: 'info', JWT_SECRET: 'test-secret-0123456789abcdef' },
    clock: manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime()),
    logStream: { write: (line: string) => { logLines.push(line); } },
  });
});
afterAll(async () => { await app?.close(); });

describe('buildApp over PostgreSQL', () => {
  it('opens the store of the URL, with nothing of SQLite started, its pool sized by DATABASE_POOL_MAX', () => {
    expect(app.deps.store.kind).toBe('postgres');
    expect(pgStoreHooks(app.deps.store)!.pool.options.max).toBe(3);
    expect(app.deps.db).toBeUndefined();
    expect(app.deps.todoReader).toBeNull();
  });

  it('/health reports kind postgres, UP, without a checkpointer', async () => {
    const res = await app.inject({ method: 'GET', url: '/caishui-api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'UP', db: { kind: 'postgres', ok: true, walMode: false } });
    expect(res.json().db.checkpoints).toBeUndefined();
    expect(res.json().db.sizeBytes).toBeGreaterThan(0);
  });

  it('signs in as the seeded admin and answers getInfo and getRouters', async () => {
    const login = await api('POST', '/login', { username: 'admin', password: 'admin123' }, '');
    expect(login.body).toMatchObject({ code: 200, msg: '操作成功', token: expect.any(String) });
    token = login.body.token;
    const info = await api('GET', '/getInfo');
    expect(info.body).toMatchObject({ code: 200, roles: ['admin'], permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', dept: { deptId: 103 } } });
    const routers = await api('GET', '/getRouters');
    expect(routers.body.code).toBe(200);
    expect(routers.body.data.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['System', 'Monitor']));
  });

  it('lists the seeded users', async () => {
    const list = await api('GET', '/system/user/list?pageNum=1&pageSize=10');
    expect(list.body).toMatchObject({ code: 200, total: 2 });
    expect(list.body.rows.map((u: { userName: string }) => u.userName).sort()).toEqual(['admin', 'ry']);
  });

  it('creates a dictionary type and lists it; refuses a duplicate', async () => {
    const made = await api('POST', '/system/dict/type', { dictName: '纳税人类型', dictType: 'tax_payer_type' });
    expect(made.body.code).toBe(200);
    expect(made.body.data.dictId).toEqual(expect.any(Number));
    expect((await api('POST', '/system/dict/type', { dictName: '重复', dictType: 'tax_payer_type' })).body).toEqual({ code: 500, msg: "新增字典'重复'失败，字典类型已存在" });
    const list = await api('GET', '/system/dict/type/list?pageNum=1&pageSize=100&dictType=tax_payer');
    expect(list.body).toMatchObject({ code: 200, total: 1, rows: [{ dictId: made.body.data.dictId, dictName: '纳税人类型', dictType: 'tax_payer_type' }] });
  });

  it('reads a config value', async () => {
    expect((await api('GET', '/system/config/configKey/sys.index.sideTheme')).body).toEqual({ code: 200, msg: 'theme-dark' });
    expect((await api('GET', '/system/config/configKey/no.such.key')).body).toEqual({ code: 200, msg: '' });
  });

  it('runs a workflow round: simulate, deploy (start form linked), start, to-dos, complete, CC to a role', async () => {
    ryToken = (await api('POST', '/login', { username: 'ry', password: 'admin123' }, '')).body.token;
    const emptyForm = { formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, gutter: 15, disabled: false, span: 24, formBtns: true, fields: [] };
    const formId = (await api('POST', '/flowable/form', { formName: '请假单', formContent: JSON.stringify(emptyForm) })).body.data.formId;
    // 经理审批: candidate user 2 (ry), copied to role 2 (普通角色, whose member is ry); the start event shows the stored form.
    const xml = LEAVE_XML.replace('flowable:candidateUsers="2"', 'flowable:candidateUsers="2" flowable:ccGroups="2"')
      .replace('flowable:initiator="INITIATOR"', `flowable:initiator="INITIATOR" flowable:formKey="${formId}"`);
    const sim = (await api('POST', '/flowable/definition/simulate', { xml })).body;
    expect(sim).toMatchObject({ code: 200, data: { ended: true, steps: 3, path: ['start_event', 'f1', 'apply', 'f2', 'manager', 'f3', 'finance', 'f4', 'end_event'] } });
    const saved = (await api('POST', '/flowable/definition/save', { name: '请假', category: 'oa', xml })).body;
    expect(saved.code).toBe(200);
    const defs = (await api('GET', '/flowable/definition/list?pageNum=1&pageSize=10')).body;
    expect(defs.rows[0]).toMatchObject({ deploymentId: saved.data.deploymentId, formId, formName: '请假单' });
    const started = (await api('POST', `/flowable/definition/start/${saved.data.definitionId}`, {})).body;
    expect(started).toMatchObject({ code: 200, data: { ended: false, tasks: [{ taskDefKey: 'apply', assignee: '1' }] } });
    const instanceId = started.data.instanceId;
    const mine = (await api('GET', '/flowable/task/todoList?pageNum=1&pageSize=10')).body;
    expect(mine).toMatchObject({ code: 200, total: 1, rows: [{ taskDefKey: 'apply', procInsId: instanceId, startUserName: '若依' }] });
    expect((await api('POST', '/flowable/task/complete', { taskId: mine.rows[0].taskId, instanceId, comment: '提交' })).body.code).toBe(200);
    const ry = (await api('GET', '/flowable/task/todoList?pageNum=1&pageSize=10', undefined, ryToken)).body;
    expect(ry).toMatchObject({ total: 1, rows: [{ taskDefKey: 'manager' }] });
    expect((await api('POST', '/flowable/task/complete', { taskId: ry.rows[0].taskId, instanceId, comment: '同意' }, ryToken)).body.code).toBe(200);
    expect((await api('GET', '/flowable/cc/list?pageNum=1&pageSize=10', undefined, ryToken)).body).toMatchObject({ total: 1, rows: [{ procInsId: instanceId, taskDefKey: 'manager' }] });
  });

  it('has no online backup: the backup job points to pg_dump', async () => {
    await expect(onlineBackup(app.deps.store, '/tmp/never-written.db')).rejects.toThrow(PG_BACKUP_MESSAGE);
    expect(PG_BACKUP_MESSAGE).toContain('pg_dump');
  });

  it('logs how it follows the other nodes: LISTEN at start, a poll with its cause while the listener is down, LISTEN again', async () => {
    /** The log's table-change lines as `level:message` (30 info, 40 warn). */
    const follows = () => logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((r) => r.msg.startsWith('table-change listener')).map((r) => `${r.level}:${r.msg}`);
    const until = async (n: number) => { for (let i = 0; i < 100 && follows().length < n; i++) await new Promise((r) => setTimeout(r, 50)); };
    const UP = '30:table-change listener up: following other nodes by LISTEN/NOTIFY';
    const DOWN = '40:table-change listener down: following other nodes by polling every second';
    expect(follows()).toEqual([UP]);
    const versions = tableVersionsOf(app.deps.store) as PgTableVersionsHandle;
    versions.suspendListening(true);
    try {
      await until(2);
      expect(follows()).toEqual([UP, DOWN]);
    } finally {
      versions.suspendListening(false);
    }
    await until(3);
    expect(follows()).toEqual([UP, DOWN, UP]);
  });

  it('signs out: the token no longer works', async () => {
    expect((await api('POST', '/logout')).body).toEqual({ code: 200, msg: '退出成功' });
    expect((await api('GET', '/getInfo')).body.code).toBe(401);
  });
});

/**
 * 发起流程 lists each process once, at its newest active version (flowable.definition.list with
 * `latestActive`, the StartProcessDialog's query; reference §6 "Model save / deploy / versions"):
 * v1 and v2 of one key deployed; v2 suspended → only v1; v2 active again → only v2; both
 * suspended → not offered. Without the flag (流程定义 list) every version stays listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/router';
import { createCallerFactory } from '../../server/trpc/init';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { ryApprovalXml } from './flowable-model';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const caller = () => createCallerFactory(appRouter)({ deps: t.app.deps, token: admin, client: { ip: '127.0.0.1', userAgent: 'vitest' } });
const send = (method: 'POST' | 'PUT', url: string, body?: unknown) => call(t.app, method, url, admin, body).then((r) => r.body);

async function deploy(key: string, name: string) {
  const r = await send('POST', '/flowable/definition/save', { name, category: 'oa', xml: ryApprovalXml(key, name) });
  expect(r).toMatchObject({ code: 200, msg: '导入成功' });
  return r.data as { deploymentId: string; definitionId: string; version: number };
}
async function setState(deployId: string, state: 1 | 2) {
  expect(await send('PUT', `/flowable/definition/updateState?state=${state}&deployId=${deployId}`)).toMatchObject({ code: 200 });
}
/** The rows of `key` the start dialog's query offers (name filter = the test's unique name). */
async function offered(name: string, key: string, latestActive = true) {
  const page = await caller().flowable.definition.list({ pageNum: 1, pageSize: 50, name, ...(latestActive ? { latestActive } : {}) });
  return page.rows.filter((r) => r.key === key).map((r) => ({ version: r.version, suspensionState: r.suspensionState, id: r.id }));
}

describe('发起流程 offers each process at its newest active version', () => {
  it('v2 suspended → v1 once; v2 active → v2 only; all suspended → none; the plain list keeps every version', async () => {
    const key = `start_once_${Date.now()}`;
    const name = `发起去重${Date.now()}`;
    const v1 = await deploy(key, name);
    const v2 = await deploy(key, name);
    expect([v1.version, v2.version]).toEqual([1, 2]);

    expect(await offered(name, key)).toEqual([{ version: 2, suspensionState: 1, id: v2.definitionId }]);

    await setState(v2.deploymentId, 2);
    expect(await offered(name, key)).toEqual([{ version: 1, suspensionState: 1, id: v1.definitionId }]);
    const page = await caller().flowable.definition.list({ pageNum: 1, pageSize: 50, name, latestActive: true });
    expect(page.total).toBe(1);

    await setState(v2.deploymentId, 1);
    expect(await offered(name, key)).toEqual([{ version: 2, suspensionState: 1, id: v2.definitionId }]);
    // Over REST the flag is query text.
    const rest = await call(t.app, 'GET', `/flowable/definition/list?pageNum=1&pageSize=50&latestActive=true&name=${encodeURIComponent(name)}`, admin);
    expect(rest.body).toMatchObject({ code: 200, total: 1, rows: [{ id: v2.definitionId, version: 2 }] });

    await setState(v1.deploymentId, 2);
    await setState(v2.deploymentId, 2);
    expect(await offered(name, key)).toEqual([]);

    // 流程定义 (no flag) still lists both versions, newest first.
    expect((await offered(name, key, false)).map((r) => r.version)).toEqual([2, 1]);
  });
});

/**
 * The setup shared by the workflow REST suites (flowable.test.ts, flowable-definitions.test.ts,
 * flowable-libraries.test.ts): an app over `:memory:` with three sessions (admin; `ry`, who holds
 * the seeded 普通角色; `nobody`, a user whose one permission is 发起 `flowable:process:start`, which
 * every start needs since issue 40) and the REST calls they repeat.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { LEAVE_XML } from './flowable-model';

/** The suite's app and tokens, set by its beforeAll. */
export interface FlowableRestSession { t: TestApp; admin: string; ry: string; nobody: string }

/**
 * Registers the suite's beforeAll / afterAll (a fresh app, the three sign-ins; the app closed at
 * the end) and returns the session and its helpers: `get` / `post` answer the REST envelope (body)
 * as admin unless a token is given; `deploy` saves a model (`导入成功`), `start` starts a
 * definition (`流程启动成功`) and answers the instance id, `todoOf` the to-do row of an instance
 * (page of 100) or undefined.
 */
export function useFlowableRest() {
  const s = {} as FlowableRestSession;
  beforeAll(async () => {
    s.t = await makeTestApp();
    s.admin = await login(s.t.app);
    s.ry = await login(s.t.app, 'ry', 'admin123');
    await makeUserWithPerms(s.t.app, 'nobody', ['flowable:process:start']);
    s.nobody = await login(s.t.app, 'nobody', 'admin123');
  });
  afterAll(async () => { await s.t.app.close(); });

  const get = (url: string, tok = s.admin) => call(s.t.app, 'GET', url, tok).then((r) => r.body);
  const post = (url: string, body: unknown, tok = s.admin) => call(s.t.app, 'POST', url, tok, body).then((r) => r.body);
  async function deploy(name = '请假', xml = LEAVE_XML) {
    const r = await post('/flowable/definition/save', { name, category: 'oa', xml });
    expect(r).toMatchObject({ code: 200, msg: '导入成功' });
    return r.data as { deploymentId: string; definitionId: string; version: number };
  }
  async function start(procDefId: string, vars: Record<string, unknown> = { day: 3 }, tok = s.admin) {
    const r = await post(`/flowable/definition/start/${procDefId}`, vars, tok);
    expect(r).toMatchObject({ code: 200, msg: '流程启动成功' });
    return r.data.instanceId as string;
  }
  async function todoOf(instanceId: string, tok = s.admin) {
    const r = await get('/flowable/task/todoList?pageNum=1&pageSize=100', tok);
    expect(r.code).toBe(200);
    return (r.rows as any[]).find((x) => x.procInsId === instanceId);
  }
  return { s, get, post, deploy, start, todoOf };
}

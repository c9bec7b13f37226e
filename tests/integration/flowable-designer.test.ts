/**
 * What the process designer asks of the server (issue 13 part C; workflow spec §5 "Designer and
 * listeners"), through REST: `definition/save` (the designer's save) enforces the designer rules
 * with the designer's messages and deploys nothing when they fail, `definition/import` stays
 * lenient; `definition/validate` returns every problem of a model (element id, name, type, reason)
 * and deploys nothing; `definition/serviceHandlers` lists the registered handler names. All need
 * `system:deployment:add`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, multipartPayload } from '../helpers/factories';
import { ryApprovalXml } from './flowable-model';

const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };
let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  await makeUser(t.app, { userName: 'nobody' });
  tok.admin = await login(t.app);
  tok.nobody = await login(t.app, 'nobody', 'admin123');
});
afterAll(async () => { await t.app.close(); });

const post = (url: string, body: unknown, who = 'admin') => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);
const versions = async (key: string) => (await t.app.deps.engine.listDefinitions({ pageNum: 1, pageSize: 10, key } as never)).rows.length;

/** start → 审批 → end with the user task's name removed. */
const unnamedTask = (key: string) => ryApprovalXml(key, '无名').replace('id="approve" name="审批"', 'id="approve"');

describe('definition/save enforces the designer rules (spec §5)', () => {
  it('an unnamed user task is refused with 节点名称不能为空 and nothing is deployed', async () => {
    const r = await post('/flowable/definition/save', { name: '无名', xml: unnamedTask('rule_unnamed') });
    expect(r).toMatchObject({ code: 500, msg: '节点名称不能为空' });
    expect(await versions('rule_unnamed')).toBe(0);
  });

  it('an empty node id or process key is refused with Id 不能为空', async () => {
    const blankNode = ryApprovalXml('rule_blank_id', '空ID').replace('id="approve"', 'id=""').replace('targetRef="approve"', 'targetRef=""').replace('sourceRef="approve"', 'sourceRef=""');
    expect(await post('/flowable/definition/save', { name: '空ID', xml: blankNode })).toMatchObject({ code: 500, msg: 'Id 不能为空' });
    expect(await versions('rule_blank_id')).toBe(0);
  });

  it('a named model still saves (导入成功)', async () => {
    const r = await post('/flowable/definition/save', { name: '有名', xml: ryApprovalXml('rule_named', '有名') });
    expect(r).toMatchObject({ code: 200, msg: '导入成功' });
    expect(await versions('rule_named')).toBe(1);
  });

  it('import of a BPMN file stays lenient: the unnamed user task deploys', async () => {
    const { payload, headers } = multipartPayload({ name: '导入无名', file: { filename: 'unnamed.bpmn', data: Buffer.from(unnamedTask('rule_import')) } });
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/flowable/definition/import', payload, headers: { ...headers, authorization: `Bearer ${tok.admin}` } });
    expect(res.json()).toMatchObject({ code: 200, msg: '导入成功' });
    expect(await versions('rule_import')).toBe(1);
  });
});

/** Two problems: a script task (not run by the engine) and a user task with skipExpression. */
const TWO_PROBLEMS = ryApprovalXml('validate_two', '两处问题')
  .replace('<userTask id="approve" name="审批"', '<userTask id="approve" name="审批" flowable:skipExpression="${skip}"')
  .replace('<sequenceFlow id="f2" sourceRef="approve" targetRef="end_event"/>',
    '<sequenceFlow id="f2" sourceRef="approve" targetRef="script"/><scriptTask id="script" name="脚本" scriptFormat="javascript"><script>1</script></scriptTask><sequenceFlow id="f3" sourceRef="script" targetRef="end_event"/>');

describe('definition/validate (every problem, nothing deployed)', () => {
  it('two problems of one model are both returned with id, name, type and reason', async () => {
    const r = await post('/flowable/definition/validate', { xml: TWO_PROBLEMS });
    expect(r.code).toBe(200);
    const problems = r.data as Array<{ elementId: string; elementName: string; elementType: string; message: string }>;
    expect(problems.map((p) => p.elementId).sort()).toEqual(['approve', 'script']);
    const script = problems.find((p) => p.elementId === 'script')!;
    expect(script).toMatchObject({ elementName: '脚本', elementType: 'bpmn:ScriptTask' });
    expect(script.message).toBeTruthy();
    expect(problems.find((p) => p.elementId === 'approve')!.message).toContain('skipExpression');
    expect(await versions('validate_two')).toBe(0);
  });

  it('a model that deploys has no problems', async () => {
    const r = await post('/flowable/definition/validate', { xml: ryApprovalXml('validate_ok', '无问题') });
    expect(r).toMatchObject({ code: 200, data: [] });
    expect(await versions('validate_ok')).toBe(0);
  });

  it('a user without a role is refused (validate, serviceHandlers, save)', async () => {
    expect(await post('/flowable/definition/validate', { xml: TWO_PROBLEMS }, 'nobody')).toEqual(FORBIDDEN);
    expect((await call(t.app, 'GET', '/flowable/definition/serviceHandlers', tok.nobody)).body).toEqual(FORBIDDEN);
    expect(await post('/flowable/definition/save', { name: 'x', xml: ryApprovalXml('rule_nobody', 'x') }, 'nobody')).toEqual(FORBIDDEN);
  });
});

describe('definition/serviceHandlers', () => {
  it('lists the registered service handler names, sorted', async () => {
    const r = (await call(t.app, 'GET', '/flowable/definition/serviceHandlers', tok.admin)).body;
    expect(r.code).toBe(200);
    const names = r.data as string[];
    expect(Array.isArray(names)).toBe(true);
    expect(names).toEqual([...names].sort());
  });
});

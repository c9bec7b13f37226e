/**
 * Issue 38 §6 "One request stalls the server", input budgets through REST: a request body over
 * BODY_LIMIT_MB (default 10) answers a Chinese message; an array of 130,000
 * elements no longer answers `Maximum call stack size exceeded`; a stored form or a BPMN model
 * nested 100,000 / 10,000 levels deep is refused with a message before anything walks it; a
 * detail table of more rows than DETAIL_TABLE_MAX_ROWS is refused. Each refusal writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';

let t: TestApp;
let admin: string;
let nobody: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  await makeUserWithPerms(t.app, 'nobody', ['flowable:process:start']); // starts, nothing else (issue 40)
  nobody = await login(t.app, 'nobody', 'admin123');
});
afterAll(async () => { await t.app.close(); });

const post = (url: string, body: unknown, tok = admin) => call(t.app, 'POST', url, tok, body).then((r) => r.body);
const count = async (table: string) => (await t.app.deps.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;
const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">`;

describe('request size (issue 38 §6)', () => {
  it('refuses a JSON body over BODY_LIMIT_MB with a Chinese message, storing nothing', async () => {
    const small = await makeTestApp({ BODY_LIMIT_MB: 1 });
    try {
      const token = await login(small.app);
      const rows = async () => (await small.app.deps.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM sys_config'))!.n;
      const before = await rows();
      const body = { configName: '大', configKey: 'big.value', configValue: 'x'.repeat(1024 * 1024), configType: 'N' };
      expect((await call(small.app, 'POST', '/system/config', token, body)).body).toEqual({ code: 500, msg: '请求体过大（上限 1 MB）' });
      expect(await rows()).toBe(before);
    } finally {
      await small.app.close();
    }
  });
});

describe('wide and deep input (issue 38 §6)', () => {
  it('walks an array of 130,000 elements without overflowing the stack', async () => {
    const xml = `${head}
<process id="wide" name="宽" isExecutable="true">
  <startEvent id="start" name="开始"/>
  <exclusiveGateway id="xor" name="判断"/>
  <userTask id="approve" name="审批" flowable:assignee="1"/>
  <endEvent id="end" name="结束"/>
  <sequenceFlow id="f0" sourceRef="start" targetRef="xor"/>
  <sequenceFlow id="f1" sourceRef="xor" targetRef="approve"><conditionExpression xsi:type="tFormalExpression">\${list != null}</conditionExpression></sequenceFlow>
  <sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
</process></definitions>`;
    const saved = await post('/flowable/definition/save', { name: '宽', category: 'oa', xml });
    expect(saved.code).toBe(200);
    const r = await post(`/flowable/definition/start/${saved.data.definitionId}`, { list: Array.from({ length: 130000 }, () => 1) }, nobody);
    expect(r).toMatchObject({ code: 200, msg: '流程启动成功' });
  });

  it('refuses a stored form nested 100,000 levels deep, storing nothing', async () => {
    const before = await count('sys_form');
    const row = '{"__config__":{"tag":"el-row","layout":"rowFormItem","children":[';
    const leaf = '{"__config__":{"tag":"el-input","layout":"colFormItem","label":"x"},"__vModel__":"f"}';
    const formContent = `{"fields":[${row.repeat(100000)}${leaf}${']}}'.repeat(100000)}]}`;
    expect(await post('/flowable/form', { formName: '深', formContent })).toEqual({ code: 500, msg: '表单内容嵌套过深（最多 64 层）' });
    expect(await count('sys_form')).toBe(before);
  });

  it('refuses a BPMN model nested 10,000 levels deep on save, validate and simulate, deploying nothing', async () => {
    const n = 10000;
    const xml = `${head}<process id="deep" name="深" isExecutable="true"><startEvent id="s" name="开始"/>`
      + Array.from({ length: n }, (_, i) => `<subProcess id="sp${i}" name="子${i}">`).join('') + '<startEvent id="is" name="内"/>'
      + '</subProcess>'.repeat(n) + '</process></definitions>';
    const before = await count('wf_definition');
    expect(await post('/flowable/definition/save', { name: '深', category: 'oa', xml })).toEqual({ code: 500, msg: '流程XML嵌套过深（最多 64 层）' });
    const v = await post('/flowable/definition/validate', { xml });
    expect(v.data).toEqual([expect.objectContaining({ message: '流程XML嵌套过深（最多 64 层）' })]);
    const sim = await post('/flowable/definition/simulate', { xml });
    expect(sim.data.problems).toEqual([expect.objectContaining({ message: '流程XML嵌套过深（最多 64 层）' })]);
    expect(await count('wf_definition')).toBe(before);
  });
});

describe('detail table rows (issue 38 §6)', () => {
  it('refuses a detail table of more than 1000 rows (no maxRows in the form), creating no instance', async () => {
    const form = { fields: [{ __config__: { label: '明细', tag: 'detail-table', layout: 'colFormItem', span: 24, defaultValue: [], children: [
      { __config__: { label: '名称', tag: 'el-input', layout: 'colFormItem', span: 24 }, __vModel__: 'name' },
    ] }, __vModel__: 'items' }] };
    const formId = (await post('/flowable/form', { formName: '明细单', formContent: JSON.stringify(form) })).data.formId;
    const xml = `${head}
<process id="rows" name="明细" isExecutable="true">
  <startEvent id="start" name="开始"/>
  <userTask id="approve" name="审批" flowable:assignee="1"/>
  <endEvent id="end" name="结束"/>
  <sequenceFlow id="f0" sourceRef="start" targetRef="approve"/>
  <sequenceFlow id="f1" sourceRef="approve" targetRef="end"/>
</process></definitions>`;
    const dep = (await post('/flowable/definition/save', { name: '明细', category: 'oa', xml })).data;
    expect((await post('/flowable/form/addDeployForm', { formId, deployId: dep.deploymentId })).code).toBe(200);
    const before = await count('wf_instance');
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `第${i}项` }));
    expect(await post(`/flowable/definition/start/${dep.definitionId}`, { items: rows(1001) }, nobody)).toEqual({ code: 500, msg: '明细最多1000行' });
    expect(await count('wf_instance')).toBe(before);
    expect(await post(`/flowable/definition/start/${dep.definitionId}`, { items: rows(1000) }, nobody)).toMatchObject({ code: 200, msg: '流程启动成功' });
  });
});

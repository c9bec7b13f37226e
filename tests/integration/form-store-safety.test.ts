/**
 * Issue 38 §1 and §6 through REST: a stored form is rendered in other people's browsers with
 * their token and its patterns run on every submission, so the server refuses to store a form
 * whose dynamic options are fetched with a method other than GET or from a url that is not a
 * declared read-only option source, and one whose regList pattern is unsafe (catastrophic
 * backtracking, lookaround, too long). A refused save changes nothing; a dict-data GET source and
 * an ordinary phone pattern are accepted. An unsafe pattern already in the database (older data)
 * is never run by the backtracking RegExp engine when a submission is validated.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { sysForm } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call(t.app, method, url, admin, body).then((r) => r.body);

/** A form with one select whose dynamic options come from `url` by `method`, plus a text field with `patterns`. */
function formWith(url: string, method: string, patterns: string[] = []) {
  return {
    formRef: 'elForm', formModel: 'formData', formBtns: true,
    fields: [
      {
        __config__: { label: '角色', tag: 'el-select', layout: 'colFormItem', span: 24, regList: [], dataType: 'dynamic', url, method, dataPath: 'data' },
        __vModel__: 'role', __slot__: { options: [] }, props: { props: { label: 'dictLabel', value: 'dictValue' } },
      },
      {
        __config__: { label: '说明', tag: 'el-input', layout: 'colFormItem', span: 24, regList: patterns.map((pattern) => ({ pattern, message: '说明格式错误' })) },
        __vModel__: 'note',
      },
    ],
  };
}

const formCount = async () => (await t.app.deps.store.db.select().from(sysForm)).length;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });
afterEach(() => { vi.restoreAllMocks(); });

const SAFE_URL = '/system/dict/data/type/sys_user_sex';
const ESCALATE = '/system/user/authRole?userId=2&roleIds=1';

describe('storing a form with dynamic options (issue 38 §1)', () => {
  it.each([
    ['method post', ESCALATE, 'post', '表单字段「角色」的动态数据请求方式只能是 GET'],
    ['method delete on a safe source', SAFE_URL, 'delete', '表单字段「角色」的动态数据请求方式只能是 GET'],
    ['a write row by GET', ESCALATE, 'get', '表单字段「角色」的动态数据接口地址不是允许的数据源：/system/user/authRole?userId=2&roleIds=1'],
    ['a download that deletes', '/common/download?fileName=a.xlsx&delete=true', 'get', '表单字段「角色」的动态数据接口地址不是允许的数据源：/common/download?fileName=a.xlsx&delete=true'],
    ['another origin', 'https://evil.example/options', 'get', '表单字段「角色」的动态数据接口地址不是允许的数据源：https://evil.example/options'],
    ['a path that climbs out of a source', '/system/dict/data/type/../../../user/authRole', 'get', '表单字段「角色」的动态数据接口地址不是允许的数据源：/system/dict/data/type/../../../user/authRole'],
    ['a query key the source does not take', `${SAFE_URL}?delete=true`, 'get', `表单字段「角色」的动态数据接口地址不是允许的数据源：${SAFE_URL}?delete=true`],
  ])('POST /flowable/form refuses %s and stores nothing', async (_name, url, method, msg) => {
    const before = await formCount();
    const res = await send('POST', '/flowable/form', { formName: '恶意表单', formContent: JSON.stringify(formWith(url, method)) });
    expect(res).toMatchObject({ code: 500, msg });
    expect(await formCount()).toBe(before);
  });

  it('refuses it inside a row container and as an object body too', async () => {
    const inner = formWith(ESCALATE, 'put');
    const conf = { fields: [{ __config__: { layout: 'rowFormItem', tag: 'el-row', children: [{ __config__: { layout: 'rowFormItem', tag: 'el-row', children: inner.fields } }] } }] };
    const before = await formCount();
    expect(await send('POST', '/flowable/form', { formName: '嵌套', formContent: conf })).toMatchObject({ code: 500, msg: '表单字段「角色」的动态数据请求方式只能是 GET' });
    expect(await formCount()).toBe(before);
  });

  it('PUT /flowable/form and POST /flowable/form/update refuse it and keep the stored form', async () => {
    const good = JSON.stringify(formWith(SAFE_URL, 'get'));
    const formId = (await send('POST', '/flowable/form', { formName: '好表单', formContent: good })).data.formId as number;
    for (const [method, url] of [['PUT', '/flowable/form'], ['POST', '/flowable/form/update']] as const) {
      const res = await send(method, url, { formId, formName: '改名', formContent: JSON.stringify(formWith(ESCALATE, 'post')) });
      expect(res).toMatchObject({ code: 500, msg: '表单字段「角色」的动态数据请求方式只能是 GET' });
      const row = firstRow(await t.app.deps.store.db.select().from(sysForm).where(eq(sysForm.formId, formId)).limit(1))!;
      expect(row.formName).toBe('好表单');
      expect(row.formContent).toBe(good);
    }
  });

  it('accepts a dict-data GET source (with or without /caishui-api) and static fields', async () => {
    for (const url of [SAFE_URL, `/caishui-api${SAFE_URL}`, 'system/dept/treeselect?status=0']) {
      const res = await send('POST', '/flowable/form', { formName: `字典${url}`, formContent: JSON.stringify(formWith(url, 'GET')) });
      expect(res).toMatchObject({ code: 200 });
      const stored = await send('GET', `/flowable/form/${res.data.formId}`);
      expect(JSON.parse(stored.data.formContent).fields[0].__config__.url).toBe(url);
    }
    const staticForm = { fields: [{ __config__: { label: '类型', tag: 'el-select', dataType: 'static', url: '', method: 'get', regList: [] }, __vModel__: 'k', __slot__: { options: [{ label: 'a', value: 1 }] } }] };
    expect(await send('POST', '/flowable/form', { formName: '静态', formContent: JSON.stringify(staticForm) })).toMatchObject({ code: 200 });
  });
});

describe('storing a form with regList patterns (issue 38 §6)', () => {
  it.each([
    ['catastrophic backtracking', '/^(\\w+\\s?)*$/', '表单字段「说明」的正则表达式存在灾难性回溯风险（重复的分组内又有重复，如 (\\w+\\s?)*），请改写'],
    ['nested plus', '^(a+)+$', '表单字段「说明」的正则表达式存在灾难性回溯风险（重复的分组内又有重复，如 (\\w+\\s?)*），请改写'],
    ['lookahead', '/^(?=.*\\d).{8,}$/', '表单字段「说明」的正则表达式不支持断言或反向引用'],
    ['too long', `/^${'a'.repeat(300)}$/`, '表单字段「说明」的正则表达式过长（最多256个字符）'],
    ['not compiling', '/(/', '表单字段「说明」的正则表达式格式错误'],
  ])('refuses %s and stores nothing', async (_name, pattern, msg) => {
    const before = await formCount();
    const res = await send('POST', '/flowable/form', { formName: '正则', formContent: JSON.stringify(formWith(SAFE_URL, 'get', [pattern])) });
    expect(res).toMatchObject({ code: 500, msg });
    expect(await formCount()).toBe(before);
  });

  it('accepts ordinary patterns (phone, e-mail, Chinese text)', async () => {
    const patterns = ['/^1(3|4|5|7|8|9)\\d{9}$/', '/^\\w+([-+.]\\w+)*@\\w+([-.]\\w+)*\\.\\w+([-.]\\w+)*$/', '/^[\\u4e00-\\u9fa5]{2,10}$/', '^\\d+(,\\d+)*$'];
    expect(await send('POST', '/flowable/form', { formName: '常用正则', formContent: JSON.stringify(formWith(SAFE_URL, 'get', patterns)) })).toMatchObject({ code: 200 });
  });
});

describe('an unsafe pattern stored before the rule (issue 38 §6)', () => {
  const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="redos_form" name="旧表单流程" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="review"/>
    <userTask id="review" name="复核" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

  it('is checked in linear time on start: the backtracking RegExp never runs it, and the verdict holds', async () => {
    const unsafe = '^(\\w+\\s?)*$';
    const conf = { fields: [{ __config__: { label: '说明', tag: 'el-input', layout: 'colFormItem', span: 24, required: true, regList: [{ pattern: `/${unsafe}/`, message: '只能是单词' }] }, __vModel__: 'note' }] };
    // Older data: written straight into the table, as a save before this rule would have.
    const formId = firstRow(await t.app.deps.store.db.insert(sysForm).values({ formName: '旧表单', formContent: JSON.stringify(conf), createTime: '2026-01-01 00:00:00' })
      .returning({ id: sysForm.formId }))!.id;
    const dep = await send('POST', '/flowable/definition/save', { name: '旧表单流程', category: 'oa', xml: XML });
    expect((await send('POST', '/flowable/form/addDeployForm', { formId, deployId: dep.data.deploymentId })).code).toBe(200);

    const ran: string[] = [];
    for (const name of ['test', 'exec'] as const) {
      const original = RegExp.prototype[name] as (this: RegExp, s: string) => unknown;
      vi.spyOn(RegExp.prototype, name).mockImplementation(function (this: RegExp, s: string) {
        if (this.source === unsafe) ran.push(`${name} ${s}`);
        return original.call(this, s) as never;
      });
    }
    const bad = await send('POST', `/flowable/definition/start/${dep.data.definitionId}`, { note: `${'a'.repeat(20)}!` });
    expect(bad).toMatchObject({ code: 500, msg: '只能是单词' });
    const good = await send('POST', `/flowable/definition/start/${dep.data.definitionId}`, { note: 'hello world' });
    expect(good).toMatchObject({ code: 200 });
    expect(ran).toEqual([]);
  });
});

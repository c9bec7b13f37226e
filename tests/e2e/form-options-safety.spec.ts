/**
 * Issue 38 §1 in Chromium: a form config is rendered in the viewer's browser, with the viewer's
 * token, so its dynamic options must never make that browser write. The server now refuses to
 * store such a config, so this spec plants one in the browser itself — `page.route` rewrites the
 * server's replies (the to-do task's form, the start screen's form, the designer's stored form) —
 * to show that the client holds by itself: opening the to-do task (待办处理), the start screen
 * (发起) and the form designer (表单构建) sends no non-GET request to /caishui-api, nothing to
 * the planted urls (a role grant by POST, a download that deletes by GET, another origin), while
 * a declared read-only source (dict data by GET) is still fetched and shown.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { approvalModelXml } from './form-flow';
import { shot, signIn } from './helpers';

const PORT = process.env.E2E_PORT ?? '18080';
/** Another origin than the page's (127.0.0.1): the same server under another host name. */
const OFFSITE = `http://localhost:${PORT}/planted-offsite/options`;
const GRANT = (userId: number) => `/system/user/authRole?userId=${userId}&roleIds=1`;
const DELETING = '/common/download?fileName=planted.xlsx&delete=true';
const SAFE = '/system/dict/data/type/sys_user_sex';

const dynamic = (id: number, label: string, tag: string, url: string, method: string, extra: Record<string, unknown> = {}) => ({
  __config__: { label, tag, tagIcon: 'select', layout: 'colFormItem', span: 24, required: false, regList: [], formId: id, renderKey: id,
    showLabel: true, dataType: 'dynamic', url, method, dataPath: 'data', dataConsumer: tag === 'el-cascader' ? 'options' : '__slot__.options' },
  __vModel__: `field${id}`, __slot__: { options: [] }, placeholder: `请选择${label}`, style: { width: '100%' }, clearable: true,
  props: { props: { label: 'dictLabel', value: 'dictValue', children: 'children' } }, ...extra,
});

/** The planted config: three hostile dynamic fields and one allowed source. */
function plantedConf(victimId: number) {
  return {
    formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
    gutter: 15, disabled: false, span: 24, formBtns: false,
    fields: [
      dynamic(101, '提权选项', 'el-select', GRANT(victimId), 'post'),
      dynamic(102, '删除选项', 'el-cascader', DELETING, 'get', { options: [] }),
      dynamic(103, '外站选项', 'el-radio-group', OFFSITE, 'get'),
      dynamic(104, '用户性别', 'el-select', SAFE, 'get'),
    ],
  };
}

/** Rewrites one tRPC procedure's reply (batched GETs included) with `edit(data)`. */
async function plant(page: Page, procedure: string, edit: (data: Record<string, unknown>) => Record<string, unknown>) {
  await page.route('**/caishui-api/trpc/**', async (route) => {
    const url = new URL(route.request().url());
    const names = decodeURIComponent(url.pathname.slice(url.pathname.indexOf('/trpc/') + 6)).split(',');
    const at = names.indexOf(procedure);
    if (at < 0) return route.fallback();
    const res = await route.fetch();
    const body = (await res.json()) as unknown;
    const items = (Array.isArray(body) ? body : [body]) as { result?: { data?: Record<string, unknown> } }[];
    const item = items[at];
    if (item?.result?.data) item.result.data = edit(item.result.data);
    await route.fulfill({ response: res, json: body });
  });
}

/** Every request the page sends; the planted targets are answered here, never reaching a server. */
async function watch(page: Page) {
  const sent: { method: string; url: string }[] = [];
  page.on('request', (r: Request) => sent.push({ method: r.method(), url: r.url() }));
  await page.route(/authRole|planted/, (route) => route.fulfill({ json: { code: 200, msg: '操作成功', data: [] } }));
  return sent;
}

/** Waits until the allowed source was fetched and its options show, then checks what else was sent. */
async function expectNoWrite(page: Page, sent: { method: string; url: string }[], open: () => Promise<void>) {
  await open();
  await expect.poll(() => sent.some((r) => r.method === 'GET' && r.url.endsWith(`/caishui-api${SAFE}`)), { timeout: 15_000 }).toBe(true);
  await expect(page.getByText('提权选项').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const writes = sent.filter((r) => r.method !== 'GET' && r.url.includes('/caishui-api/'));
  const planted = sent.filter((r) => /authRole|planted|delete=true/.test(r.url));
  expect(writes, 'non-GET requests to the API').toEqual([]);
  expect(planted, 'requests to the planted urls').toEqual([]);
}

test('a planted form config sends no write from the to-do task, the start screen or the designer', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiAuth(request);
  const tag = uniq();
  // The victim the planted POST would make admin.
  const victim = `e2ev_${tag}`;
  expect((await (await request.post('/caishui-api/system/user', { headers, data: { userName: victim, nickName: '受害者', password: 'admin123', deptId: 103 } })).json()).code).toBe(200);
  const users = (await (await request.get(`/caishui-api/system/user/list?pageNum=1&pageSize=10&userName=${victim}`, { headers })).json()) as { rows: { userId: number }[] };
  const victimId = users.rows[0].userId;
  const conf = plantedConf(victimId);

  // A process without a main form whose first task is admin's.
  const key = `e2e_opt_${tag}`;
  const name = `e2e选项${tag}`;
  const saved = (await (await request.post('/caishui-api/flowable/definition/save', { headers, data: { name, category: 'oa', xml: approvalModelXml(key, name, '1') } })).json()) as { data: { deploymentId: string; definitionId: string } };
  const started = (await (await request.post(`/caishui-api/flowable/definition/start/${saved.data.definitionId}`, { headers, data: {} })).json()) as { code: number };
  expect(started.code).toBe(200);
  const todo = (await (await request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(name)}`, { headers })).json()) as { rows: { taskId: string; procInsId: string; deployId: string; taskName: string }[] };
  const row = todo.rows[0];
  // A harmless stored form for the designer.
  const form = (await (await request.post('/caishui-api/flowable/form', { headers, data: { formName: `e2e选项表单${tag}`, formContent: JSON.stringify({ fields: [] }) } })).json()) as { data: { formId: number } };

  await signIn(page);
  await plant(page, 'flowable.task.flowTaskForm', (d) => ({ ...d, formData: conf }));
  await plant(page, 'flowable.process.startFlow', (d) => ({ ...d, formData: conf }));
  await plant(page, 'flowable.form.get', (d) => ({ ...d, formContent: JSON.stringify(conf) }));
  const sent = await watch(page);

  // 待办处理: the task's form tab.
  await expectNoWrite(page, sent, async () => {
    await page.goto(`#/flowable/task/todo/detail/index?${new URLSearchParams({ taskName: row.taskName, startUser: 'admin', deployId: row.deployId, taskId: row.taskId, procInsId: row.procInsId, executionId: '' })}`);
    await expect(page.getByTestId('todo-detail')).toBeVisible();
  });
  await shot(page, 'form-options-safety-todo');

  // 发起: the start screen.
  sent.length = 0;
  await expectNoWrite(page, sent, async () => {
    await page.goto(`#/flowable/task/myProcess/send/index?deployId=${saved.data.deploymentId}&procDefId=${saved.data.definitionId}`);
    await expect(page.getByTestId('start-process')).toBeVisible();
  });
  // The allowed source's options are there.
  await page.getByTestId('form-item-field104').getByRole('combobox').first().click();
  await expect(page.getByRole('option', { name: '男' })).toBeVisible();
  await shot(page, 'form-options-safety-start');
  await page.keyboard.press('Escape');

  // 表单构建: the designer's canvas.
  sent.length = 0;
  await expectNoWrite(page, sent, async () => {
    await page.goto(`#/tool/build/index?formId=${form.data.formId}`);
    await expect(page.getByTestId('form-designer')).toBeVisible();
  });
  // The right panel shows the refusal instead of fetching (the cascader's data block).
  await page.getByTestId('canvas-item-102').click();
  const panel = page.getByTestId('designer-right-panel');
  await panel.getByTestId('prop-url').focus();
  await panel.getByTestId('prop-dataPath').focus();
  await expect(page.getByTestId('dynamic-status')).toContainText('接口地址不是允许的数据源');
  await shot(page, 'form-options-safety-designer');
  expect(sent.filter((r) => /authRole|planted|delete=true/.test(r.url))).toEqual([]);

  // The victim holds no new role.
  const roles = (await (await request.get(`/caishui-api/system/user/authRole/${victimId}`, { headers })).json()) as { user: { roles?: { roleId: number }[] } };
  expect((roles.user.roles ?? []).map((r) => r.roleId)).not.toContain(1);
});

/**
 * A stored form taken through a whole approval process in the browser (workflow spec §2 "Start-
 * process screen", "Task-handling screen", "Finished-task detail", "Own-started-task detail",
 * "Workflow record page", §4 "Starting a process", "Task actions", §5 "Task handling"; reference
 * §6 start / task form / complete, §7 the form-generator JSON and the Parser):
 *
 *   a. 表单配置 (/flowable/form): the form is found by name and its 详情 preview shows every label;
 *   b. a model start → 部门审批 (assigned to the handler) → end is deployed over REST, and the form
 *      is bound to it with 配置主表单 on 流程定义;
 *   c. as admin, 发起 opens the start screen; every widget is filled through the UI (typing,
 *      options, the calendars, a file upload, detail-table rows with their 合计) and submitted;
 *   d. as the handler, 待办任务 → 处理: 表单信息 shows every value read-only; 审批 with a comment;
 *   e. the handler's 已办任务 detail, the admin's 我的流程 detail and 流程记录 show the approval,
 *      the form values (read-only) and the variables; the stored variables match the fill.
 *
 * Fields are found by their label text (the form item whose own `<label>` reads it), so the flow
 * works for a form whose `__vModel__` ids it does not know (the designer's field101 …). The
 * stored form is read over REST only to map labels to `__vModel__` for the variable checks.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { shot, signIn } from './helpers';
import { expectReadOnly, expectVariable, type StoredField } from './form-check';
import { fieldByLabel, fillField, type FlowField } from './form-fill';

export { fieldByLabel } from './form-fill';
export type { DetailColumnFill, FieldFill, FlowField, UploadFile } from './form-fill';


export interface FormFlowOptions {
  /** The stored form (表单配置) to use; it must exist. */
  formName: string;
  /** Every field to fill, by label, in form order; what each must hold afterwards. */
  fields: FlowField[];
  /** The second user, who handles 部门审批 (needs the 任务管理 menus). */
  handler: { userName: string; password: string; nickName: string };
  /** Name of the deployed model (default e2e表单流程<uniq>). */
  processName?: string;
  /** Approval comment (default 同意，材料齐全). */
  comment?: string;
  /** Prefix of the screenshot files in test-results/ (default form-flow). */
  shotPrefix?: string;
}

export interface FormFlowResult {
  processName: string;
  procInsId: string;
  deployId: string;
  /** The stored variables of the instance (processVariables of the handler's task). */
  variables: Record<string, unknown>;
}

type TaskRow = { taskId: string; procInsId: string; deployId: string; taskName: string; startUserName?: string; procDefName?: string };

const TASK_NAME = '部门审批';

/** A minimal approval model: start → 部门审批 (assignee `userId`) → end, with its diagram. */
export const approvalModelXml = (key: string, name: string, userId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="expense">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="review"/>
    <userTask id="review" name="${TASK_NAME}" flowable:assignee="${userId}" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_review" bpmnElement="review"><dc:Bounds x="200" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="370" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="136" y="118"/><di:waypoint x="200" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="300" y="118"/><di:waypoint x="370" y="118"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;



/** Label → field of the stored form (row containers walked; a detail table's columns kept under it). */
function indexFields(fields: StoredField[]): Map<string, StoredField> {
  const out = new Map<string, StoredField>();
  const walk = (list: StoredField[] | undefined) => {
    for (const f of list ?? []) {
      const label = f.__config__?.label;
      if (f.__config__?.layout === 'rowFormItem') walk(f.__config__.children);
      else if (label && !out.has(label)) out.set(label, f);
    }
  };
  walk(fields);
  return out;
}

async function storedForm(request: APIRequestContext, headers: Record<string, string>, formName: string) {
  const res = await request.get(`/caishui-api/flowable/form/list?pageNum=1&pageSize=50&formName=${encodeURIComponent(formName)}`, { headers });
  const rows = ((await res.json()) as { rows: { formId: number; formName: string; formContent: string }[] }).rows.filter((r) => r.formName === formName);
  expect(rows, `stored form ${formName}`).toHaveLength(1);
  const conf = JSON.parse(rows[0].formContent) as { fields: StoredField[] };
  return { formId: rows[0].formId, byLabel: indexFields(conf.fields) };
}

async function switchUser(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('about:blank');
  await signIn(page, { username, password });
}

/**
 * Screenshot of the whole page with the viewport stretched to `tall` (the app scrolls inside its
 * main box, so a full-page shot alone would cut the form).
 */
async function tallShot(page: Page, tall: Locator, name: string) {
  const size = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await tall.boundingBox();
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil((box?.y ?? 0) + (box?.height ?? 0) + 120)) });
  await shot(page, name);
  await page.setViewportSize(size);
}

/** Searches a task list (待办 / 已办 / 我的流程) by 流程名称 and answers the row of `name`. */
async function listRow(page: Page, hash: string, listId: string, tableId: string, name: string) {
  await page.goto(hash);
  const list = page.getByTestId(listId);
  await list.getByPlaceholder('请输入流程名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = list.getByTestId(tableId).locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/**
 * Runs the whole flow (see the file comment) for the stored form `opts.formName`, as admin and as
 * `opts.handler`; asserts at every step; answers the instance and its stored variables.
 */
export async function runFormProcessFlow(page: Page, request: APIRequestContext, opts: FormFlowOptions): Promise<FormFlowResult> {
  const tag = uniq();
  const processName = opts.processName ?? `e2e表单流程${tag}`;
  const comment = opts.comment ?? '同意，材料齐全';
  const prefix = opts.shotPrefix ?? 'form-flow';
  const admin = await apiAuth(request);
  const stored = await storedForm(request, admin, opts.formName);
  for (const f of opts.fields) expect(stored.byLabel.has(f.label), `the stored form has a field labelled ${f.label}`).toBe(true);

  // a. 表单配置: the stored form by name; 详情 shows every label (the detail table's columns too).
  await signIn(page);
  await page.goto('#/flowable/form');
  const formList = page.getByTestId('flow-form-list');
  await formList.getByPlaceholder('请输入表单名称').fill(opts.formName);
  await formList.getByRole('button', { name: '搜索', exact: true }).click();
  const formRow = formList.getByTestId('flow-form-table').locator('tbody tr').filter({ hasText: opts.formName });
  await expect(formRow).toHaveCount(1);
  await formRow.getByTestId('row-detail').click();
  const preview = page.getByTestId('form-detail-dialog');
  const previewForm = preview.getByTestId('form-detail-renderer');
  await expect(preview).toContainText(opts.formName);
  for (const f of opts.fields) {
    await expect(fieldByLabel(previewForm, f.label), `preview label ${f.label}`).toBeVisible();
    if (f.kind === 'detailTable') for (const c of f.columns) await expect(fieldByLabel(previewForm, f.label)).toContainText(c.label);
  }
  await shot(page, `${prefix}-a-preview`);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // b. The model over REST (the handler assigned), then 配置主表单 on 流程定义.
  const found = await request.get(`/caishui-api/system/user/list?userName=${encodeURIComponent(opts.handler.userName)}`, { headers: admin });
  const handlerId = String(((await found.json()) as { rows: { userId: number; userName: string }[] }).rows.find((u) => u.userName === opts.handler.userName)!.userId);
  const saved = await request.post('/caishui-api/flowable/definition/save', {
    headers: admin, data: { name: processName, category: 'expense', xml: approvalModelXml(`e2e_form_${tag}`, processName, handlerId) },
  });
  expect((await saved.json()).code).toBe(200);

  await page.goto('#/flowable/definition');
  const defList = page.getByTestId('definition-list');
  await defList.getByPlaceholder(/请输入(流程)?名称/).first().fill(processName);
  await defList.getByRole('button', { name: '搜索', exact: true }).click();
  const defRow = defList.getByTestId('definition-table').locator('tbody tr').filter({ hasText: processName });
  await expect(defRow).toHaveCount(1);
  await defRow.getByTestId('row-deploy-form').click();
  const bind = page.getByTestId('deploy-form-dialog');
  await bind.getByPlaceholder('请输入表单名称').fill(opts.formName);
  await bind.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(bind.getByTestId('deploy-form-table').locator('tbody tr')).toHaveCount(1);
  await bind.getByTestId('deploy-form-table').locator('tbody tr').filter({ hasText: opts.formName }).click();
  await bind.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(bind).toHaveCount(0);
  await expect(defRow).toContainText(opts.formName);

  // c. 发起: fill every widget, submit.
  await defRow.getByTestId('row-start').click();
  const startScreen = page.getByTestId('start-process');
  await expect(startScreen.getByTestId('start-process-title')).toContainText(processName);
  const startForm = startScreen.getByTestId('start-form');
  await expect(startForm).toBeVisible();
  for (const f of opts.fields) await fillField(page, startForm, f);
  await expect(startForm.getByTestId('form-error')).toHaveCount(0);
  await tallShot(page, startForm, `${prefix}-c-start-filled`);
  await startScreen.getByTestId('start-submit').click();
  await expect(startForm.getByTestId('form-error'), 'the filled form passes its rules').toHaveCount(0);
  await expectToast(page, '流程启动成功');
  await expect(page).toHaveURL(/#\/task\/process/);

  // d. The handler: 待办任务 → 处理; 表单信息 read-only with every value; 审批 with a comment.
  await switchUser(page, opts.handler.userName, opts.handler.password);
  const todoRow = await listRow(page, '#/task/todo', 'todo-list', 'todo-table', processName);
  await expect(todoRow).toContainText(TASK_NAME);
  await todoRow.getByTestId('row-handle').click();
  const screen = page.getByTestId('todo-detail');
  await expect(screen.getByTestId('todo-task-name')).toContainText(TASK_NAME);
  const taskForm = screen.getByTestId('task-form');
  await expect(taskForm).toHaveAttribute('data-readonly', '');
  for (const f of opts.fields) await expectReadOnly(taskForm, f);
  await tallShot(page, taskForm, `${prefix}-d-task-readonly`);
  await screen.getByTestId('tab-record').click();
  await expect(screen.getByTestId('flow-record-pending')).toHaveCount(1);
  await screen.getByTestId('task-approve').click();
  const approve = page.getByTestId('approve-dialog');
  await expect(approve.getByTestId('approve-pick')).toHaveCount(0);
  await approve.getByTestId('approve-comment').fill(comment);
  await approve.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);

  // The stored variables (the handler's finished task): each field holds what was filled.
  const handler = await apiAuth(request, opts.handler.userName, opts.handler.password);
  const fin = await request.get(`/caishui-api/flowable/task/finishedList?pageNum=1&pageSize=50&name=${encodeURIComponent(processName)}`, { headers: handler });
  const done = ((await fin.json()) as { rows: TaskRow[] }).rows;
  expect(done).toHaveLength(1);
  const d = done[0];
  const varsRes = await request.get(`/caishui-api/flowable/task/processVariables/${d.taskId}`, { headers: handler });
  const variables = ((await varsRes.json()) as { data: Record<string, unknown> }).data;
  for (const f of opts.fields) expectVariable(variables, stored.byLabel.get(f.label)!, f);

  // e. The handler's 已办任务 → detail: the form read-only, 流转记录 with the approval.
  const finRow = await listRow(page, '#/task/finished', 'finished-list', 'finished-table', processName);
  await finRow.getByTestId('row-record').click();
  const finished = page.getByTestId('finished-detail');
  const finishedForm = finished.getByTestId('process-form');
  for (const f of opts.fields) await expectReadOnly(finishedForm, f);
  await finished.getByTestId('tab-record').click();
  const finTimeline = finished.getByTestId('flow-record-timeline');
  await expect(finTimeline).toContainText(TASK_NAME);
  await expect(finTimeline).toContainText(comment);
  await expect(finTimeline).toContainText(opts.handler.nickName);
  await expect(finished.getByTestId('flow-record-pending')).toHaveCount(0);

  // The admin: 我的流程 → 详情 (the form read-only, the record) and 流程记录.
  await switchUser(page, 'admin', 'admin123');
  const mineRow = await listRow(page, '#/task/process', 'my-process-list', 'my-process-table', processName);
  await mineRow.getByTestId('row-detail').click();
  const own = page.getByTestId('myprocess-detail');
  const ownForm = own.getByTestId('process-form');
  for (const f of opts.fields) await expectReadOnly(ownForm, f);
  await tallShot(page, ownForm, `${prefix}-e-detail-form`);
  await own.getByTestId('tab-record').click();
  await expect(own.getByTestId('flow-record-timeline')).toContainText(comment);
  await expect(own.getByTestId('flow-record-done')).not.toHaveCount(0);

  await page.goto(`#/flowable/task/record/index?deployId=${d.deployId}&taskId=${d.taskId}&procInsId=${d.procInsId}`);
  const record = page.getByTestId('flow-record-page');
  const timeline = record.getByTestId('flow-record-timeline');
  await expect(timeline).toContainText(TASK_NAME);
  await expect(timeline).toContainText(opts.handler.nickName);
  await expect(timeline).toContainText(comment);
  await expect(record.getByTestId('flow-record-pending')).toHaveCount(0);
  await shot(page, `${prefix}-e-record`);
  await record.getByTestId('tab-variables').click();
  const varsPanel = record.getByTestId('process-variables');
  for (const f of opts.fields) {
    if (f.kind === 'button' || f.kind === 'detailTable') continue;
    await expect(varsPanel).toContainText(f.label);
  }
  for (const f of opts.fields) {
    if (f.kind === 'input' || f.kind === 'textarea') await expect(varsPanel).toContainText(f.value);
    if (f.kind === 'select' || f.kind === 'radio') await expect(varsPanel).toContainText(f.option);
  }
  await shot(page, `${prefix}-e-record-variables`);
  await record.getByTestId('tab-diagram').click();
  await expect(record.getByTestId('flow-diagram').locator('.djs-element.highlight[data-element-id="end_event"]')).not.toHaveCount(0);

  return { processName, procInsId: d.procInsId, deployId: d.deployId, variables };
}

/**
 * The second user of the flow, who handles 部门审批: a new role with the 任务管理 menus
 * (2023–2026; the seed's role 2 has only the system menus) and a user in dept 106 holding it.
 */
export async function createFormHandler(request: APIRequestContext, tag = uniq()): Promise<FormFlowOptions['handler']> {
  const admin = await apiAuth(request);
  const roleKey = `formflow_${tag}`;
  const role = await request.post('/caishui-api/system/role', { headers: admin, data: { roleName: `报销审批${tag}`, roleKey, roleSort: 9, status: '0', menuIds: [2023, 2024, 2025, 2026] } });
  expect((await role.json()).code).toBe(200);
  const roles = (await (await request.get(`/caishui-api/system/role/list?roleKey=${roleKey}`, { headers: admin })).json()) as { rows: { roleId: number }[] };
  const handler = { userName: `e2eff_${tag}`, password: 'admin123', nickName: `财务主管${tag}` };
  const created = await request.post('/caishui-api/system/user', {
    headers: admin, data: { userName: handler.userName, nickName: handler.nickName, password: handler.password, deptId: 106, roleIds: [roles.rows[0].roleId] },
  });
  expect((await created.json()).code).toBe(200);
  return handler;
}


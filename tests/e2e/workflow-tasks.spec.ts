/**
 * Task handling in the browser (issue 6 "Task screen"; workflow spec §2 "Task-handling screen",
 * "Finished-task detail", "Workflow record page", §4 "Task actions", "Completion recipient rule",
 * "Flow records", "Diagram colouring", §5 "Task handling"): a model with 填写申请 (admin) →
 * 部门审批 (dynamic assignee `${approval}`) is deployed, its start form linked, and started over REST with form values;
 * the admin opens 待办处理 (three tabs, to-do markers), fails the approve checks, picks the
 * recipient in 选择任务接收 and approves; the recipient returns it, rejects it and delegates it
 * (the admin re-approves over REST in between); the finished detail and the record page open.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { checkRow, shot, signIn } from './helpers';

const modelXml = (key: string, name: string, formKey: number) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="leave">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <userTask id="apply" name="填写申请" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="review"/>
    <userTask id="review" name="部门审批" flowable:assignee="\${approval}" flowable:userType="assignee" flowable:dataType="dynamic" flowable:formKey="${formKey}"/>
    <sequenceFlow id="f3" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_apply" bpmnElement="apply"><dc:Bounds x="190" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_review" bpmnElement="review"><dc:Bounds x="350" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="510" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="136" y="118"/><di:waypoint x="190" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="290" y="118"/><di:waypoint x="350" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><di:waypoint x="450" y="118"/><di:waypoint x="510" y="118"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

const field = (id: number, label: string, vModel: string) => ({
  __config__: { label, labelWidth: null, showLabel: true, changeTag: true, tag: 'el-input', tagIcon: 'input', required: true,
    layout: 'colFormItem', span: 24, regList: [], formId: id, renderKey: id, defaultValue: undefined as unknown },
  __slot__: { prepend: '', append: '' }, placeholder: `请输入${label}`, style: { width: '100%' }, clearable: true, __vModel__: vModel,
});

/** The start form (linked to the deployment as its main form): 请假标题 and 请假天数. */
const startForm = () => ({ formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
  gutter: 15, disabled: false, span: 24, formBtns: true, fields: [field(101, '请假标题', 'field101'), field(102, '请假天数', 'day')] });

/** The values the send screen submits; the server builds the read-only `variables` config from the stored form (issue 38 §1). */
const startValues = (title: string) => ({ field101: title, day: '3' });

type Row = { taskId: string; procInsId: string; deployId: string; taskName: string; startUserName?: string; procDefName?: string };

async function todoRows(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<Row[]> {
  const res = await request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(name)}`, { headers });
  return ((await res.json()) as { rows: Row[] }).rows;
}

/** The one todo row of the instance named `name` for these credentials, polled until it is there. */
async function todoOf(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<Row> {
  let rows: Row[] = [];
  await expect(async () => {
    rows = await todoRows(request, headers, name);
    expect(rows.length).toBe(1);
  }).toPass({ timeout: 10_000 });
  return rows[0];
}

const detailUrl = (r: Row) => `#/flowable/task/todo/detail/index?${new URLSearchParams({
  taskName: r.taskName, startUser: r.startUserName ?? '', deployId: r.deployId, taskId: r.taskId, procInsId: r.procInsId, executionId: '',
})}`;

async function openTodo(page: Page, r: Row) {
  await page.goto(detailUrl(r));
  const screen = page.getByTestId('todo-detail');
  await expect(screen.getByTestId('todo-task-name')).toContainText(r.taskName);
  return screen;
}

async function switchUser(page: Page, username: string) {
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto('#/login');
  await page.reload();
  await signIn(page, { username, password: 'admin123' });
}

test('task screen: tabs, approve with a recipient, return, reject, delegate, finished detail and record', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = uniq();
  const key = `e2e_task_${tag}`;
  const name = `e2e审批${tag}`;
  const userName = `e2ed_${tag}`;
  const nickName = `审批人${tag}`;
  const admin = await apiAuth(request);

  // A recipient with a dept and only a role with the 任务管理 menus (the workflow pickers need no user admin).
  const role = await request.post('/caishui-api/system/role', { headers: admin, data: { roleName: `审批岗${tag}`, roleKey: `approver_${tag}`, roleSort: 9, menuIds: [2023, 2024, 2025, 2026] } });
  expect((await role.json()).code).toBe(200);
  const roles = await request.get(`/caishui-api/system/role/list?roleKey=approver_${tag}`, { headers: admin });
  const roleId = ((await roles.json()) as { rows: { roleId: number }[] }).rows[0].roleId;
  const created = await request.post('/caishui-api/system/user', { headers: admin, data: { userName, nickName, password: 'admin123', deptId: 105, roleIds: [roleId], email: `${userName}@e2e.cn` } });
  expect((await created.json()).code).toBe(200);
  const found = await request.get(`/caishui-api/system/user/list?userName=${userName}`, { headers: admin });
  const userId = String(((await found.json()) as { rows: { userId: number }[] }).rows[0].userId);
  const bob = await apiAuth(request, userName, 'admin123');

  // 部门审批 has its own form (formKey = a stored form's id): one required field 审批备注.
  const formName = `e2e审批表单${tag}`;
  const nodeForm = { formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
    gutter: 15, disabled: false, span: 24, formBtns: true, fields: [field(201, '审批备注', 'remark201')] };
  expect((await (await request.post('/caishui-api/flowable/form', { headers: admin, data: { formName, formContent: JSON.stringify(nodeForm) } })).json()).code).toBe(200);
  const forms = await request.get(`/caishui-api/flowable/form/list?formName=${encodeURIComponent(formName)}`, { headers: admin });
  const formId = ((await forms.json()) as { rows: { formId: number }[] }).rows[0].formId;

  const startFormName = `e2e请假表单${tag}`;
  expect((await (await request.post('/caishui-api/flowable/form', { headers: admin, data: { formName: startFormName, formContent: JSON.stringify(startForm()) } })).json()).code).toBe(200);
  const startForms = await request.get(`/caishui-api/flowable/form/list?formName=${encodeURIComponent(startFormName)}`, { headers: admin });
  const startFormId = ((await startForms.json()) as { rows: { formId: number }[] }).rows[0].formId;

  const saved = await request.post('/caishui-api/flowable/definition/save', { headers: admin, data: { name, category: 'leave', xml: modelXml(key, name, formId) } });
  const deployed = (await saved.json()) as { code: number; data: { definitionId: string; deploymentId: string } };
  expect(deployed.code).toBe(200);
  expect((await (await request.post('/caishui-api/flowable/form/addDeployForm', { headers: admin, data: { formId: startFormId, deployId: deployed.data.deploymentId } })).json()).code).toBe(200);
  const started = await request.post(`/caishui-api/flowable/definition/start/${deployed.data.definitionId}`, { headers: admin, data: startValues(`年假${tag}`) });
  expect((await started.json()).code).toBe(200);
  const approveOverRest = async () => {
    const t = await todoOf(request, admin, name);
    const r = await request.post('/caishui-api/flowable/task/complete', { headers: admin, data: { taskId: t.taskId, instanceId: t.procInsId, comment: '重新提交', variables: { approval: userId } } });
    expect((await r.json()).code).toBe(200);
  };

  // 待办处理 as the admin: header, 表单信息 read-only, 流转记录 pending, 流程图 markers.
  await signIn(page);
  const first = await todoOf(request, admin, name);
  let screen = await openTodo(page, first);
  await expect(screen.getByTestId('todo-start-user')).toContainText('若依');
  await expect(screen.getByTestId('task-form').getByPlaceholder('请输入请假标题')).toHaveValue(`年假${tag}`);
  await expect(screen.getByTestId('task-form').getByPlaceholder('请输入请假标题')).toBeDisabled();
  await shot(page, 'd-todo-form');
  await screen.getByTestId('tab-record').click();
  await expect(screen.getByTestId('flow-record-item')).toHaveCount(2); // 填写申请 and the start (issue 40 §4)
  await expect(screen.getByTestId('flow-record-pending')).toHaveCount(1);
  await expect(screen.getByTestId('flow-record-timeline')).toContainText('填写申请');
  await shot(page, 'd-todo-record');
  await screen.getByTestId('tab-diagram').click();
  const diagram = screen.getByTestId('flow-diagram');
  await expect(diagram).toHaveAttribute('data-state', 'ready');
  await expect(diagram.locator('.djs-element.highlight-todo[data-element-id="apply"]')).toHaveCount(1);
  await expect(diagram.locator('.djs-element.highlight[data-element-id="start_event"]')).toHaveCount(1);
  await expect(diagram.locator('.djs-element.highlight[data-element-id="f1"]')).toHaveCount(1);
  await diagram.getByTestId('flow-diagram-zoom-in').click();
  await shot(page, 'd-todo-diagram');

  // 审批: the recipient is required, then the comment; the picker refuses an empty choice.
  await screen.getByTestId('task-approve').click();
  const approve = page.getByTestId('approve-dialog');
  await expect(approve).toContainText('流程审批');
  await approve.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '请选择流程接收人员!');
  await approve.getByTestId('approve-pick').click();
  const picker = page.getByTestId('flow-user-picker');
  await expect(picker).toContainText('选择任务接收');
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expectToast(page, '请选择任务接收!');
  await picker.getByPlaceholder('请输入用户名称').fill(userName);
  await picker.getByRole('button', { name: '搜索', exact: true }).click();
  await checkRow(picker.getByTestId('flow-user-picker-table'), picker.getByTestId('flow-user-picker-table').getByRole('row').filter({ hasText: userName }), 'radio');
  await shot(page, 'd-recipient-picker');
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expect(picker).toHaveCount(0);
  await expect(approve.getByTestId('approve-recipient')).toHaveText(nickName);
  await approve.getByRole('button', { name: '确 定' }).click();
  await expect(approve.getByTestId('form-error')).toHaveText('请输入处理意见');
  await shot(page, 'd-approve-dialog');
  await approve.getByTestId('approve-comment').fill('同意申请');
  await approve.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);

  // As the recipient: 退回 to 填写申请.
  await switchUser(page, userName);
  let mine = await todoOf(request, bob, name);
  expect(mine.taskName).toBe('部门审批');
  screen = await openTodo(page, mine);
  await screen.getByTestId('tab-diagram').click();
  await expect(screen.getByTestId('flow-diagram').locator('.djs-element.highlight[data-element-id="apply"]')).toHaveCount(1);
  await expect(screen.getByTestId('flow-diagram').locator('.djs-element.highlight-todo[data-element-id="review"]')).toHaveCount(1);
  await shot(page, 'd-review-diagram');
  // The node form must validate before 退回 opens; its field is editable, the start fields are not.
  await screen.getByTestId('task-return').click();
  await expect(screen.getByTestId('task-form')).toContainText('请输入审批备注');
  await expect(page.getByTestId('return-dialog')).toHaveCount(0);
  await expect(screen.getByTestId('task-form').getByPlaceholder('请输入请假标题')).toBeDisabled();
  await screen.getByTestId('task-form').getByPlaceholder('请输入审批备注').fill('退回补充');
  await shot(page, 'd-review-node-form');
  await screen.getByTestId('task-return').click();
  const ret = page.getByTestId('return-dialog');
  await ret.getByRole('button', { name: '确 定' }).click();
  await expect(ret).toContainText('请选择退回节点');
  await expect(ret).toContainText('请输入意见');
  await ret.getByTestId('return-target-apply').click();
  await ret.getByTestId('return-comment').fill('材料不全，退回补充');
  await shot(page, 'd-return-dialog');
  await ret.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);
  expect((await todoOf(request, admin, name)).taskName).toBe('填写申请');

  // 驳回 (after the admin re-approves over REST).
  await approveOverRest();
  mine = await todoOf(request, bob, name);
  screen = await openTodo(page, mine);
  await screen.getByTestId('task-form').getByPlaceholder('请输入审批备注').fill('驳回');
  await screen.getByTestId('task-reject').click();
  const rej = page.getByTestId('reject-dialog');
  await rej.getByRole('button', { name: '确 定' }).click();
  await expect(rej).toContainText('请输入意见');
  await rej.getByTestId('reject-comment').fill('不符合规定');
  await shot(page, 'd-reject-dialog');
  await rej.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);
  expect((await todoOf(request, admin, name)).taskName).toBe('填写申请');

  // 委派 to the admin.
  await approveOverRest();
  mine = await todoOf(request, bob, name);
  screen = await openTodo(page, mine);
  await screen.getByTestId('task-form').getByPlaceholder('请输入审批备注').fill('请代为审批');
  await screen.getByTestId('task-delegate').click();
  const del = page.getByTestId('flow-user-picker');
  await expect(del).toContainText('选择委派人员');
  await del.getByPlaceholder('请输入用户名称').fill('admin');
  await del.getByRole('button', { name: '搜索', exact: true }).click();
  await checkRow(del.getByTestId('flow-user-picker-table'), del.getByTestId('flow-user-picker-table').getByRole('row').filter({ hasText: 'admin' }).first(), 'radio');
  await del.getByTestId('flow-user-picker-confirm').click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);
  expect((await todoOf(request, admin, name)).taskName).toBe('部门审批');

  // As the admin: the delegated task is approved (resolved back to the recipient, no recipient to pick: the end follows).
  await switchUser(page, 'admin');
  screen = await openTodo(page, await todoOf(request, admin, name));
  await screen.getByTestId('task-form').getByPlaceholder('请输入审批备注').fill('已代审');
  await screen.getByTestId('task-approve').click();
  await expect(page.getByTestId('approve-dialog')).toBeVisible();
  await expect(page.getByTestId('approve-pick')).toHaveCount(0);
  await page.getByTestId('approve-comment').fill('代为审批同意');
  await page.getByTestId('approve-dialog').getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);

  // The recipient approves with the node form: the instance ends.
  await switchUser(page, userName);
  screen = await openTodo(page, await todoOf(request, bob, name));
  await screen.getByTestId('task-form').getByPlaceholder('请输入审批备注').fill('准予休假');
  await screen.getByTestId('task-approve').click();
  await page.getByTestId('approve-comment').fill('同意');
  await page.getByTestId('approve-dialog').getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/#\/task\/todo/);
  await expect.poll(async () => (await todoRows(request, bob, name)).length).toBe(0);

  // As the admin: 已办详情 of the first approval, then 流程记录.
  await switchUser(page, 'admin');
  const fin = await request.get(`/caishui-api/flowable/task/finishedList?pageNum=1&pageSize=50&name=${encodeURIComponent(name)}`, { headers: admin });
  const done = ((await fin.json()) as { rows: Row[] }).rows;
  expect(done.length).toBeGreaterThan(0);
  const d = done[done.length - 1];
  await page.goto(`#/flowable/task/finished/detail/index?deployId=${d.deployId}&taskId=${d.taskId}&procInsId=${d.procInsId}`);
  const finished = page.getByTestId('finished-detail');
  await expect(finished.getByTestId('process-form').getByPlaceholder('请输入请假标题')).toHaveValue(`年假${tag}`);
  await shot(page, 'd-finished-form');
  await finished.getByTestId('tab-record').click();
  await expect(finished.getByTestId('flow-record-timeline')).toContainText('退回意见');
  await expect(finished.getByTestId('flow-record-timeline')).toContainText('驳回意见');
  await expect(finished.getByTestId('flow-record-done').first()).toBeVisible();
  await shot(page, 'd-finished-record');
  await finished.getByTestId('tab-diagram').click();
  await expect(finished.getByTestId('flow-diagram')).toHaveAttribute('data-state', 'ready');
  await finished.getByTestId('detail-close').click();
  await expect(page).toHaveURL(/#\/task\/finished\?t=\d+/);

  await page.goto(`#/flowable/task/record/index?deployId=${d.deployId}&taskId=${d.taskId}&procInsId=${d.procInsId}`);
  const record = page.getByTestId('flow-record-page');
  await expect(record.getByTestId('flow-record-timeline')).toContainText(nickName);
  await expect(record.getByTestId('flow-record-pending')).toHaveCount(0);
  await expect(record.getByTestId('flow-record-timeline')).toContainText('委派意见');
  await shot(page, 'd-record-timeline');
  await record.getByTestId('tab-variables').click();
  await expect(record.getByTestId('process-variables')).toContainText('请假标题');
  await expect(record.getByTestId('process-variables')).toContainText(`年假${tag}`);
  await expect(record.getByTestId('process-variables')).toContainText('准予休假');
  await shot(page, 'd-record-variables');
  await record.getByTestId('tab-diagram').click();
  await expect(record.getByTestId('flow-diagram').locator('.djs-element.highlight[data-element-id="end_event"]')).not.toHaveCount(0);
  await expect(record.getByTestId('flow-diagram').locator('.djs-element.highlight-todo')).toHaveCount(0);
  await shot(page, 'd-record-diagram');

  // 我的流程详情: the same tabs; 关闭 goes to 我的流程.
  await page.goto(`#/flowable/task/myProcess/detail/index?deployId=${d.deployId}&taskId=${d.taskId}&procInsId=${d.procInsId}`);
  const own = page.getByTestId('myprocess-detail');
  await expect(own.getByTestId('process-form').getByPlaceholder('请输入请假标题')).toHaveValue(`年假${tag}`);
  await own.getByTestId('tab-record').click();
  await expect(own.getByTestId('flow-record-item')).toHaveCount(7); // six tasks and the start (issue 40 §4)
  await shot(page, 'd-myprocess-record');
  await own.getByTestId('detail-close').click();
  await expect(page).toHaveURL(/#\/task\/process\?t=\d+/);
});

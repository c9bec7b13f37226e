/**
 * Workflow lists in the browser (issue 6 "Process definitions", "Start screen", "Lists"; workflow
 * spec §2, §4 "Starting a process", §9): a model deployed over REST shows on 流程定义; a form is
 * attached with 配置主表单 and previewed; the state switch suspends and activates it; XML and
 * 流程图 open; a .bpmn is imported; the process is started on the start screen and shows on
 * 我的流程 and 待办任务 (the admin is the first assignee) and on the home card; a second start
 * from 新增流程; a task completed over REST shows on 已办任务 and is pulled back with 撤回; one
 * instance is cancelled (取消申请) and the other deleted.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';
import { checkRow, shot, signIn } from './helpers';

/** start → 填写申请 (${INITIATOR}) → 经理审批 (user 2) → end; process key and name given. */
const modelXml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="leave">
    <startEvent id="start_event" name="开始" flowable:initiator="INITIATOR"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <userTask id="apply" name="填写申请" flowable:assignee="\${INITIATOR}" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="manager"/>
    <userTask id="manager" name="经理审批" flowable:candidateUsers="2" flowable:userType="candidateUsers" flowable:dataType="fixed"/>
    <sequenceFlow id="f3" sourceRef="manager" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_apply" bpmnElement="apply"><dc:Bounds x="180" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_manager" bpmnElement="manager"><dc:Bounds x="330" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="480" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="136" y="118"/><di:waypoint x="180" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="280" y="118"/><di:waypoint x="330" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><di:waypoint x="430" y="118"/><di:waypoint x="480" y="118"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

/** A form-generator form: 请假标题 (input) and 请假天数 (input, `day`). */
const FORM_CONTENT = JSON.stringify({
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules',
  gutter: 15, disabled: false, span: 24, formBtns: true,
  fields: [
    {
      __config__: { label: '请假标题', labelWidth: null, showLabel: true, changeTag: true, tag: 'el-input', tagIcon: 'input', required: true,
        layout: 'colFormItem', span: 24, regList: [], formId: 101, renderKey: 101 },
      __slot__: { prepend: '', append: '' }, placeholder: '请输入请假标题', style: { width: '100%' }, clearable: true, __vModel__: 'field101',
    },
    {
      __config__: { label: '请假天数', labelWidth: null, showLabel: true, changeTag: true, tag: 'el-input', tagIcon: 'input', required: true,
        layout: 'colFormItem', span: 24, regList: [], formId: 102, renderKey: 102 },
      __slot__: { prepend: '', append: '' }, placeholder: '请输入请假天数', style: { width: '100%' }, clearable: true, __vModel__: 'day',
    },
  ],
});

/** Fills the start form and submits it; the screen closes for 我的流程 with 流程启动成功. */
async function submitStart(page: Page, title: string) {
  const screen = page.getByTestId('start-process');
  await expect(screen.getByTestId('start-form')).toBeVisible();
  await screen.getByPlaceholder('请输入请假标题').fill(title);
  await screen.getByPlaceholder('请输入请假天数').fill('3');
  await screen.getByTestId('start-submit').click();
  await expectToast(page, '流程启动成功');
  await expect(page).toHaveURL(/#\/task\/process/);
}

test('definitions, start screen and the three task lists', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = uniq();
  const key = `e2e_leave_${tag}`;
  const name = `e2e请假${tag}`;
  const formName = `e2e请假表单${tag}`;
  const headers = await apiAuth(request);
  const saved = await request.post('/caishui-api/flowable/definition/save', { headers, data: { name, category: 'leave', xml: modelXml(key, name) } });
  expect((await saved.json()).code).toBe(200);
  const form = await request.post('/caishui-api/flowable/form', { headers, data: { formName, formContent: FORM_CONTENT, remark: 'e2e' } });
  expect((await form.json()).code).toBe(200);

  await signIn(page);
  await page.goto('#/flowable/definition');
  const list = page.getByTestId('definition-list');
  await list.getByPlaceholder('请输入名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = list.getByTestId('definition-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(key);
  await expect(row).toContainText('请假');
  await expect(row).toContainText('v1');
  await expect(row).toContainText('暂无表单');
  await shot(page, 'c-definition-list');

  // 配置主表单: pick the form with its radio, then preview it from the row.
  await row.getByTestId('row-deploy-form').click();
  const pick = page.getByTestId('deploy-form-dialog');
  await pick.getByPlaceholder('请输入表单名称').fill(formName);
  await pick.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(pick.getByTestId('deploy-form-table').getByRole('row').filter({ hasText: formName })).toHaveCount(1);
  await checkRow(pick.getByTestId('deploy-form-table'), pick.getByTestId('deploy-form-table').getByRole('row').filter({ hasText: formName }), 'radio');
  await shot(page, 'c-deploy-form-dialog');
  await pick.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '操作成功');
  await expect(pick).toHaveCount(0);
  await expect(row.getByTestId('row-form')).toHaveText(formName);
  // 配置主表单 stays on the row: the way to change the main form (issue 40 §2).
  await expect(row.getByTestId('row-deploy-form')).toBeVisible();
  await row.getByTestId('row-form').click();
  const preview = page.getByTestId('definition-form-dialog');
  await expect(preview).toContainText('请假标题');
  await shot(page, 'c-form-preview');
  await preview.getByRole('button', { name: '关 闭' }).click();

  // The state switch: 挂起 then 激活.
  const state = row.locator(`[data-testid^="definition-state-"]`);
  await expect(state).toContainText('激活');
  await state.click();
  await confirmDialog(page, `确认要"挂起""${name}"流程吗？`);
  await expectToast(page, '挂起成功');
  await expect(state).toContainText('挂起');
  await shot(page, 'c-definition-suspended');
  await state.click();
  await confirmDialog(page, `确认要"激活""${name}"流程吗？`);
  await expectToast(page, '激活成功');
  await expect(state).toContainText('激活');

  // XML drawer and the diagram dialog.
  await row.getByTestId('row-xml').click();
  const drawer = page.getByTestId('definition-xml-drawer');
  await expect(drawer.getByTestId('definition-xml-content')).toContainText(`id="${key}"`);
  await shot(page, 'c-definition-xml');
  await drawer.getByRole('button', { name: '关闭' }).first().click();
  await expect(drawer).toHaveCount(0);
  await row.getByTestId('row-diagram').click();
  const diagram = page.getByTestId('definition-diagram-dialog');
  await expect(diagram.locator('svg').first()).toBeVisible();
  await expect(diagram).toContainText('填写申请');
  await shot(page, 'c-definition-diagram');
  await diagram.getByRole('button', { name: '关 闭' }).click();

  // 导入: a .bpmn file becomes a new definition.
  const importKey = `e2e_import_${tag}`;
  const importName = `e2e导入${tag}`;
  await list.getByTestId('btn-import').click();
  const imp = page.getByTestId('definition-import-dialog');
  await imp.getByPlaceholder('为空时使用文件名').fill(importName);
  await imp.getByTestId('definition-import-file').setInputFiles({ name: `${importKey}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(modelXml(importKey, importName)) });
  await expect(imp).toContainText(`${importKey}.bpmn`);
  await shot(page, 'c-definition-import');
  await imp.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '导入成功');
  await list.getByPlaceholder('请输入名称').fill(importName);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(list.getByTestId('definition-table').getByRole('row').filter({ hasText: importKey })).toHaveCount(1);

  // 发起 from the definition row: the start screen with the form and the diagram tab.
  await list.getByPlaceholder('请输入名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await row.getByTestId('row-start').click();
  await expect(page).toHaveURL(/myProcess\/send\/index\?deployId=/);
  const screen = page.getByTestId('start-process');
  await expect(screen.getByTestId('start-process-title')).toContainText(name);
  await screen.getByTestId('tab-diagram').click();
  await expect(screen.locator('svg').first()).toBeVisible();
  await shot(page, 'c-start-diagram');
  await screen.getByTestId('tab-form').click();
  await screen.getByTestId('start-submit').click();
  await expect(screen).toContainText('请输入请假标题');
  await shot(page, 'c-start-form-invalid');
  await submitStart(page, `年假申请${tag}`);

  // 我的流程 shows it running at 填写申请 with the admin as handler.
  const mine = page.getByTestId('my-process-list');
  await mine.getByPlaceholder('请输入流程名称').fill(name);
  await mine.getByRole('button', { name: '搜索', exact: true }).click();
  const minerows = mine.getByTestId('my-process-table').getByRole('row').filter({ hasText: name });
  await expect(minerows).toHaveCount(1);
  await expect(minerows.first()).toContainText('进行中');
  await expect(minerows.first()).toContainText('填写申请');
  await expect(minerows.first()).toContainText('v1');
  await shot(page, 'c-my-process');

  // A second start through 新增流程.
  await mine.getByTestId('btn-new-process').click();
  const chooser = page.getByTestId('start-process-dialog');
  await chooser.getByPlaceholder('请输入流程名称').fill(name);
  await chooser.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(chooser.getByTestId('start-process-table').getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await shot(page, 'c-new-process-dialog');
  await chooser.getByTestId('start-process-table').getByRole('row').filter({ hasText: name }).getByTestId('row-start').click();
  await submitStart(page, `病假申请${tag}`);
  await mine.getByPlaceholder('请输入流程名称').fill(name);
  await mine.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(minerows).toHaveCount(2);

  // 待办任务: both 填写申请 tasks are the admin's; 处理 opens the task screen.
  await page.goto('#/task/todo');
  const todo = page.getByTestId('todo-list');
  await todo.getByPlaceholder('请输入流程名称').fill(name);
  await todo.getByRole('button', { name: '搜索', exact: true }).click();
  const todoRows = todo.getByTestId('todo-table').getByRole('row').filter({ hasText: name });
  await expect(todoRows).toHaveCount(2);
  await expect(todoRows.first()).toContainText('填写申请');
  await expect(todoRows.first()).toContainText('若依');
  await shot(page, 'c-todo');
  await todoRows.first().getByTestId('row-handle').click();
  await expect(page).toHaveURL(/todo\/detail\/index\?procInsId=.+&deployId=.+&taskId=.+&executionId=.+&taskName=.+&startUser=/);

  // Home: the 待办任务 card counts them and opens the list.
  await page.goto('#/index');
  const card = page.getByTestId('stat-todoCount');
  await expect(card).toContainText('待办任务');
  await expect(card).toContainText(/[1-9]\d*/);
  await shot(page, 'c-home');
  await card.click();
  await expect(page).toHaveURL(/#\/task\/todo/);

  // 已办任务: empty until the admin completes one 填写申请 (over REST); then 撤回 pulls it back.
  await page.goto('#/task/finished');
  const done = page.getByTestId('finished-list');
  await done.getByPlaceholder('请输入流程名称').fill(name);
  await done.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(done.getByTestId('finished-table')).toContainText('暂无已办任务');
  const todoReply = await request.get(`/caishui-api/flowable/task/todoList?name=${encodeURIComponent(name)}`, { headers });
  const { rows } = (await todoReply.json()) as { rows: Array<{ taskId: string; procInsId: string }> };
  expect(rows).toHaveLength(2);
  const completed = await request.post('/caishui-api/flowable/task/complete', {
    headers, data: { taskId: rows[0].taskId, instanceId: rows[0].procInsId, comment: '同意', variables: {} },
  });
  expect((await completed.json()).code).toBe(200);
  await done.getByRole('button', { name: '搜索', exact: true }).click();
  const doneRow = done.getByTestId('finished-table').getByRole('row').filter({ hasText: name });
  await expect(doneRow).toHaveCount(1);
  await expect(doneRow).toContainText('填写申请');
  await expect(doneRow).toContainText('若依');
  await shot(page, 'c-finished');
  await doneRow.getByTestId('row-revoke').click();
  await confirmDialog(page, `是否确认撤回"${name}"的"填写申请"任务？`);
  await expectToast(page, '操作成功');
  await doneRow.getByTestId('row-record').click();
  await expect(page).toHaveURL(/finished\/detail\/index\?procInsId=.+&deployId=.+&taskId=.+/);

  // Revoked: both instances wait at 填写申请 again.
  await page.goto('#/task/todo');
  await todo.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(todoRows).toHaveCount(2);

  // 取消申请 one instance, delete the other.
  await page.goto('#/task/process');
  await mine.getByPlaceholder('请输入流程名称').fill(name);
  await mine.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(minerows).toHaveCount(2);
  await minerows.first().getByTestId('row-stop').click();
  await confirmDialog(page, `是否确认取消"${name}"的流程申请？`);
  await expectToast(page, '操作成功');
  await expect(minerows.filter({ hasText: '已完成' })).toHaveCount(1);
  await expect(minerows.filter({ hasText: '已完成' }).getByTestId('row-stop')).toHaveCount(0);
  await shot(page, 'c-my-process-cancelled');
  await minerows.filter({ hasText: '进行中' }).getByTestId('row-remove').click();
  await confirmDialog(page, '是否确认删除流程编号为');
  await expectToast(page, '删除成功');
  await expect(minerows).toHaveCount(1);
  await expect(minerows.first()).toContainText('已完成');
});

test('a process without a main form starts after 选择任务接收 picks the dynamic assignee', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const key = `e2e_dyn_${tag}`;
  const name = `e2e动态${tag}`;
  const xml = modelXml(key, name).replace(
    'flowable:assignee="${INITIATOR}" flowable:userType="assignee" flowable:dataType="fixed"',
    'flowable:assignee="${approval}" flowable:userType="assignee" flowable:dataType="dynamic"',
  );
  const headers = await apiAuth(request);
  const saved = await request.post('/caishui-api/flowable/definition/save', { headers, data: { name, category: 'expense', xml } });
  expect((await saved.json()).code).toBe(200);

  await signIn(page);
  await page.goto('#/flowable/definition');
  const list = page.getByTestId('definition-list');
  await list.getByPlaceholder('请输入名称').fill(name);
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const row = list.getByTestId('definition-table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('报销');
  await row.getByTestId('row-start').click();

  // No main form: the server's words, and 直接发起.
  const screen = page.getByTestId('start-process');
  await expect(screen.getByTestId('start-no-form')).toContainText('请先配置流程表单!');
  await shot(page, 'c-start-no-form');
  await screen.getByTestId('start-without-form').click();

  // The next node is dynamic: 选择任务接收 with one user.
  const picker = page.getByTestId('flow-user-picker');
  await expect(picker).toContainText('选择任务接收');
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expectToast(page, '请选择任务接收!');
  const ryRow = picker.getByTestId('flow-user-picker-table').getByRole('row').filter({ hasText: 'ry' });
  await checkRow(picker.getByTestId('flow-user-picker-table'), ryRow, 'radio');
  await shot(page, 'c-start-recipient');
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expectToast(page, '流程启动成功');
  await expect(page).toHaveURL(/#\/task\/process/);

  // The instance waits at 填写申请 for user 2 (ry), not in the admin's to-do.
  const mine = page.getByTestId('my-process-list');
  await mine.getByPlaceholder('请输入流程名称').fill(name);
  await mine.getByRole('button', { name: '搜索', exact: true }).click();
  const mineRow = mine.getByTestId('my-process-table').getByRole('row').filter({ hasText: name });
  await expect(mineRow).toContainText('填写申请');
  await expect(mineRow).toContainText('测试部门');
  await page.goto('#/task/todo');
  const todo = page.getByTestId('todo-list');
  await todo.getByPlaceholder('请输入流程名称').fill(name);
  await todo.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(todo.getByTestId('todo-table')).toContainText('暂无待办任务');
  const ry = await apiAuth(request, 'ry', 'admin123');
  const ryTodo = await (await request.get(`/caishui-api/flowable/task/todoList?name=${encodeURIComponent(name)}`, { headers: ry })).json();
  expect(ryTodo.total).toBe(1);
});

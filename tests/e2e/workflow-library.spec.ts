/**
 * 流程表达式 and 流程监听 in the browser (issue 6 "expression library and listener library screens
 * with their pickers"; workflow spec §2 "Flow listener list", "Expression picker page", §3
 * "Flow listener", "Expression", §9 page sizes 5/10, listener dialog 900 px): one expression and
 * one listener are searched, added, edited and deleted through the screens (with the dialogs'
 * rules and the listener type → event type options), and both pickers are opened where the
 * designer uses them (a user task's 选择表达式 and its 任务监听器 → 内置监听器).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';
import { checkRow, shot, signIn } from './helpers';

/** The data rows of a DataTable (the header row left out). */
const bodyRows = (table: Locator) => table.locator('tbody tr');
const rowWith = (table: Locator, text: string) => bodyRows(table).filter({ hasText: text });

async function search(scope: Locator, fill: Record<string, string>) {
  for (const [placeholder, value] of Object.entries(fill)) await scope.getByPlaceholder(placeholder).fill(value);
  await scope.getByRole('button', { name: '搜索', exact: true }).click();
}

/** Radio of a form-kit DictRadio by its label text. */
const radio = (scope: Locator, label: string) => scope.getByText(label, { exact: true });

const pageSizes = (scope: Locator) => scope.getByTestId('pagination').getByLabel('每页条数').locator('option').allTextContents();

test('流程表达式: search, add with the rules, edit, delete', async ({ page }) => {
  const u = uniq();
  const name = `经理${u}`;
  await signIn(page);
  await page.goto('#/flowable/expression');
  const list = page.getByTestId('expression-list');
  const table = list.getByTestId('expression-table');
  await expect(table).toContainText('${INITIATOR}');
  await expect(table).toContainText('审批流程指定接收人');
  await expect(table).toContainText('动态选择');
  expect(await pageSizes(list)).toEqual(['5条/页', '10条/页']);
  await shot(page, 'e-expression-list');

  // Seed search by 表达式内容.
  await search(list, { 请输入表达式内容: 'approval' });
  await expect(bodyRows(table)).toHaveCount(1);
  await expect(table).toContainText('#{approval}');
  await list.getByRole('button', { name: '重置' }).click();
  await expect(table).toContainText('${INITIATOR}');

  // Add: the rules, then a dynamic expression.
  await list.getByTestId('btn-add').click();
  const dialog = page.getByTestId('expression-dialog');
  await expect(dialog).toContainText('添加流程表达式');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('表达式名称不能为空');
  await expect(dialog).toContainText('表达式内容不能为空');
  await shot(page, 'e-expression-rules');
  await dialog.getByPlaceholder('请输入表达式名称').fill(name);
  await dialog.locator('input[name="expression"]').fill(`\${manager_${u}}`);
  await radio(dialog, '动态选择').click();
  await dialog.getByPlaceholder('请输入内容').fill('部门经理');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(dialog).toHaveCount(0);

  await search(list, { 请输入名称: name });
  await expect(bodyRows(table)).toHaveCount(1);
  const row = rowWith(table, name);
  await expect(row).toContainText(`\${manager_${u}}`);
  await expect(row).toContainText('动态选择');
  await expect(row).toContainText('正常');
  await expect(row).toContainText('部门经理');

  // Edit: new name, 停用; the status filter finds it.
  await row.getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改流程表达式');
  await expect(dialog.getByPlaceholder('请输入表达式名称')).toHaveValue(name);
  await dialog.getByPlaceholder('请输入表达式名称').fill(`${name}改`);
  await radio(dialog, '停用').click();
  await shot(page, 'e-expression-edit');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await list.locator('select[name="status"]').selectOption('1');
  await search(list, { 请输入名称: `${name}改` });
  await expect(bodyRows(table)).toHaveCount(1);
  await expect(rowWith(table, `${name}改`)).toContainText('停用');
  await shot(page, 'e-expression-searched');

  // Delete.
  await rowWith(table, `${name}改`).getByTestId('row-remove').click();
  await confirmDialog(page, '是否确认删除流程表达式编号为');
  await expectToast(page, '删除成功');
  await expect(table).toContainText('暂无数据');
});

test('流程监听: event types follow the listener type; search, add, edit, delete', async ({ page }) => {
  const u = uniq();
  const name = `审计${u}`;
  await signIn(page);
  await page.goto('#/flowable/listener');
  const list = page.getByTestId('listener-list');
  const table = list.getByTestId('listener-table');
  await expect(table).toContainText('caishui.listener.UserTaskListener');
  await expect(table).not.toContainText('com.ruoyi.');
  await expect(table).toContainText('任务监听');
  await expect(table).toContainText('已注册处理器');
  await expect(table).toContainText('用户任务监听器（caishui.listener.UserTaskListener）');
  expect(await pageSizes(list)).toEqual(['5条/页', '10条/页']);
  await shot(page, 'e-listener-list');

  await list.locator('select[name="type"]').selectOption('2');
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table).not.toContainText('UserTaskListener');
  await expect(table).toContainText('FlowExecutionListener');

  await list.getByTestId('btn-add').click();
  const dialog = page.getByTestId('listener-dialog');
  await expect(dialog).toContainText('添加流程监听');
  // Task listener (default): create / assignment / complete / delete.
  for (const e of ['创建', '指派', '完成', '删除']) await expect(radio(dialog, e)).toBeVisible();
  await expect(radio(dialog, '开始')).toHaveCount(0);
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toContainText('名称不能为空');
  await expect(dialog).toContainText('事件类型不能为空');
  await expect(dialog).toContainText('执行内容不能为空');
  await radio(dialog, '完成').click();
  // Execution listener: start / end / take; the task event is cleared.
  await radio(dialog, '执行监听').click();
  await expect(radio(dialog, '创建')).toHaveCount(0);
  await expect(radio(dialog, '开始')).toBeVisible();
  await expect(radio(dialog, '结束')).toBeVisible();
  await dialog.getByPlaceholder('请输入名称').fill(name);
  await radio(dialog, '结束').click();
  await radio(dialog, '表达式').click();
  await dialog.locator('input[name="value"]').fill('${auditLogger.log(execution)}');
  await shot(page, 'e-listener-add');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '新增成功');
  await expect(dialog).toHaveCount(0);

  await search(list, { 请输入名称: name });
  await expect(bodyRows(table)).toHaveCount(1);
  const row = rowWith(table, name);
  for (const t of ['执行监听', '结束', '表达式', '${auditLogger.log(execution)}', '正常']) await expect(row).toContainText(t);

  await row.getByTestId('row-edit').click();
  await expect(dialog).toContainText('修改流程监听');
  await expect(dialog.locator('input[name="value"]')).toHaveValue('${auditLogger.log(execution)}');
  await radio(dialog, '开始').click();
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(rowWith(table, name)).toContainText('开始');

  await rowWith(table, name).getByTestId('row-remove').click();
  await confirmDialog(page, '是否确认删除流程监听编号为');
  await expectToast(page, '删除成功');
  await expect(table).toContainText('暂无数据');
});

const PROCESS_XML = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:flowable="http://flowable.org/bpmn" id="Definitions_1" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="${key}" name="库测试" isExecutable="true">
    <bpmn:startEvent id="start" name="开始"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="approve" name="审批"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end" name="结束"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="d1"><bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="150" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="240" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="400" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="186" y="118" /><di:waypoint x="240" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="340" y="118" /><di:waypoint x="400" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** Deploys a start → user task → end model over REST and answers its deployment id. */
async function deployModel(page: Page, name: string, key: string) {
  const headers = await apiAuth(page.request);
  const saved = await page.request.post('/caishui-api/flowable/definition/save', { headers, data: { name, category: 'leave', xml: PROCESS_XML(key) } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const list = await (await page.request.get('/caishui-api/flowable/definition/list', { headers, params: { pageNum: 1, pageSize: 10, name } })).json();
  const row = (list.rows as { name: string; deploymentId: string }[]).find((r) => r.name === name);
  expect(row, JSON.stringify(list)).toBeTruthy();
  return { headers, deployId: row!.deploymentId };
}

test('the expression and listener pickers from a user task in the designer', async ({ page }) => {
  const u = uniq();
  await signIn(page);
  const { headers, deployId } = await deployModel(page, `库测试${u}`, `lib_${u}`);
  // A disabled task listener the picker must leave out.
  const off = await page.request.post('/caishui-api/flowable/listener', {
    headers, data: { name: `停用监听${u}`, type: '1', eventType: 'create', valueType: 'classListener', value: `com.x.Off${u}`, status: '1' },
  });
  expect(off.ok(), await off.text()).toBeTruthy();

  await page.goto(`#/flowable/definition/model?deployId=${deployId}`);
  await page.locator('.djs-element[data-element-id="approve"]').click();
  await page.getByTestId('panel-user-type').selectOption('assignee');
  await page.getByTestId('pick-expression').click();

  const exp = page.getByTestId('expression-picker');
  await expect(exp).toContainText('选择表达式');
  await expect(exp.getByTestId('expression-picker-table')).toContainText('${INITIATOR}');
  for (const h of ['主键', '名称', '表达式内容', '备注']) await expect(exp.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  expect(await pageSizes(exp)).toEqual(['5条/页', '10条/页']);
  await expect(exp.getByTestId('pagination').getByLabel('每页条数')).toHaveValue('10');
  await exp.getByTestId('expression-picker-confirm').click();
  await expectToast(page, '请选择表达式');
  await search(exp, { 请输入名称: '审批流程' });
  await expect(bodyRows(exp.getByTestId('expression-picker-table'))).toHaveCount(1);
  await checkRow(exp.getByTestId('expression-picker-table'), bodyRows(exp.getByTestId('expression-picker-table')).first(), 'radio');
  await shot(page, 'e-expression-picker');
  await exp.getByTestId('expression-picker-confirm').click();
  await expect(exp).toHaveCount(0);
  await expect(page.getByTestId('assignment-summary')).toContainText('#{approval}');
  await expect(page.getByTestId('assignment-summary')).toContainText('动态');

  // 任务监听器 → 内置监听器: enabled task listeners only, 900 px, multi-select.
  await page.getByTestId('task-listener-edit').click();
  const editor = page.getByTestId('task-listener-dialog');
  await expect(editor).toBeVisible();
  await editor.getByTestId('builtin-listeners').click();
  const picker = page.getByTestId('listener-picker');
  await expect(picker).toContainText('选择监听器');
  // measured once the dialog's open animation (a scale-in) has finished
  await expect.poll(async () => Math.round((await picker.boundingBox())?.width ?? 0)).toBe(900);
  await expect(picker.locator('select[name="type"]')).toHaveValue('1');
  await expect(picker.locator('select[name="type"]')).toBeDisabled();
  const ptable = picker.getByTestId('listener-picker-table');
  await expect(ptable).toContainText('caishui.listener.UserTaskListener');
  await expect(ptable).not.toContainText('FlowExecutionListener');
  await expect(ptable).not.toContainText(`com.x.Off${u}`);
  for (const h of ['名称', '监听类型', '事件类型', '值类型', '执行内容']) await expect(picker.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  expect(await pageSizes(picker)).toEqual(['5条/页', '10条/页']);
  await picker.getByTestId('listener-picker-confirm').click();
  await expectToast(page, '请选择监听器');
  await rowWith(ptable, 'UserTaskListener').getByRole('checkbox', { name: '选择', exact: true }).locator('xpath=..').click();
  await shot(page, 'e-listener-picker');
  await picker.getByTestId('listener-picker-confirm').click();
  await expect(picker).toHaveCount(0);
  await expect(editor.getByTestId('listener-table').getByPlaceholder('请输入').last()).toHaveValue('caishui.listener.UserTaskListener');
  await shot(page, 'e-listener-picked');
});

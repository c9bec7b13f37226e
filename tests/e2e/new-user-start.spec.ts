/**
 * Issue 40 §1, §2 and the walk of "Done means", on the fresh in-memory install: `admin` stores a
 * form and deploys (over REST, as the designer saves it) a model whose start event names that form
 * and whose gateway reads one of its fields; `ry` (seeded 普通角色, no role change) signs in and
 * starts it from 我的流程 → 新增流程 → 发起 with the form filled in; `admin` sees the task, started
 * by 测试员. A model whose conditions read variables and has no form asks before 直接发起.
 * Screenshots of 我的流程 and the 发起 dialog as ry at 1440 and 375 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { picture, signIn } from './helpers';

const RY = { username: 'ry', password: 'admin123' };

const col = (formId: number, label: string, tag: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, formId, renderKey: formId, regList: [], showLabel: true, labelWidth: null, ...config },
  __vModel__: vModel, ...extra,
});
const LEAVE_FORM = {
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules', gutter: 15, disabled: false, span: 24, formBtns: true,
  fields: [
    col(101, '请假天数', 'el-input-number', 'days', { min: 1, max: 30, placeholder: '请输入请假天数' }, { required: true }),
    col(102, '请假事由', 'el-input', 'reason', { placeholder: '请输入请假事由' }, { required: true }),
  ],
};

/** start (form `formKey`, or none) → gateway `${days > 3}` → 经理审批 | default 组长审批 (both admin) → end. */
const modelXml = (key: string, name: string, formKey?: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="diagram_${key}" targetNamespace="http://flowable.org/bpmn">
  <bpmn2:process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="leave">
    <bpmn2:startEvent id="start_event" name="开始" flowable:initiator="INITIATOR"${formKey ? ` flowable:formKey="${formKey}"` : ''}>
      <bpmn2:outgoing>f1</bpmn2:outgoing>
    </bpmn2:startEvent>
    <bpmn2:sequenceFlow id="f1" sourceRef="start_event" targetRef="gw" />
    <bpmn2:exclusiveGateway id="gw" name="请假天数" default="short" />
    <bpmn2:sequenceFlow id="long" name="超过3天" sourceRef="gw" targetRef="manager">
      <bpmn2:conditionExpression xsi:type="bpmn2:tFormalExpression" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\${days &gt; 3}</bpmn2:conditionExpression>
    </bpmn2:sequenceFlow>
    <bpmn2:sequenceFlow id="short" name="3天以内" sourceRef="gw" targetRef="lead" />
    <bpmn2:userTask id="manager" name="经理审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" />
    <bpmn2:userTask id="lead" name="组长审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" />
    <bpmn2:sequenceFlow id="f2" sourceRef="manager" targetRef="end_event" />
    <bpmn2:sequenceFlow id="f3" sourceRef="lead" targetRef="end_event" />
    <bpmn2:endEvent id="end_event" name="结束" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="d_${key}">
    <bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="150" y="200" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_gw" bpmnElement="gw" isMarkerVisible="true"><dc:Bounds x="240" y="193" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_manager" bpmnElement="manager"><dc:Bounds x="350" y="100" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_lead" bpmnElement="lead"><dc:Bounds x="350" y="260" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="520" y="200" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e_f1" bpmnElement="f1"><di:waypoint x="186" y="218" /><di:waypoint x="240" y="218" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_long" bpmnElement="long"><di:waypoint x="265" y="193" /><di:waypoint x="265" y="140" /><di:waypoint x="350" y="140" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_short" bpmnElement="short"><di:waypoint x="265" y="243" /><di:waypoint x="265" y="300" /><di:waypoint x="350" y="300" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_f2" bpmnElement="f2"><di:waypoint x="450" y="140" /><di:waypoint x="538" y="140" /><di:waypoint x="538" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_f3" bpmnElement="f3"><di:waypoint x="450" y="300" /><di:waypoint x="538" y="300" /><di:waypoint x="538" y="236" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;

type Headers = Record<string, string>;

/** Stores the form (answers its id). */
async function storeForm(request: APIRequestContext, admin: Headers, formName: string) {
  const r = (await (await request.post('/caishui-api/flowable/form', { headers: admin, data: { formName, formContent: JSON.stringify(LEAVE_FORM) } })).json()) as { code: number; data: { formId: number } };
  expect(r.code).toBe(200);
  return r.data.formId;
}

/** Deploys the model as 保存模型 does (`definition/save`), nothing linked by hand. */
async function deploy(request: APIRequestContext, admin: Headers, key: string, name: string, formKey?: number) {
  const r = (await (await request.post('/caishui-api/flowable/definition/save', { headers: admin, data: { name, category: 'leave', xml: modelXml(key, name, formKey) } })).json()) as
    { code: number; data: { deploymentId: string; definitionId: string } };
  expect(r.code).toBe(200);
  return r.data;
}

/** Screenshot at `width` px (then back to 1440), kept when E2E_SHOTS=1. */
async function shotAt(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await picture(page, `${name}-${width}`, { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('ry starts an approval admin deployed, with its start-event form, from 我的流程 → 新增流程, without any role change', async ({ page, browser, request }) => {
  const tag = uniq();
  const admin = await apiAuth(request);
  const formName = `请假单${tag}`;
  const name = `请假审批${tag}`;
  const formId = await storeForm(request, admin, formName);
  await deploy(request, admin, `leave_${tag}`, name, formId);

  // ry: 我的流程 shows 新增流程 (the seeded 发起 permission).
  await signIn(page, RY);
  await page.goto('#/task/process');
  const mine = page.getByTestId('my-process-list');
  const newProcess = mine.getByTestId('btn-new-process');
  await expect(newProcess).toBeVisible();
  await expect(newProcess).toHaveText(/新增流程/);
  await shotAt(page, 1440, 'ry-my-process');
  await shotAt(page, 375, 'ry-my-process');
  await newProcess.click();
  const chooser = page.getByTestId('start-process-dialog');
  await chooser.getByPlaceholder('请输入流程名称').fill(name);
  await chooser.getByRole('button', { name: '搜索', exact: true }).click();
  const chooserRow = chooser.getByTestId('start-process-table').getByRole('row').filter({ hasText: name });
  await expect(chooserRow).toHaveCount(1);
  await shotAt(page, 1440, 'ry-start-dialog');
  await shotAt(page, 375, 'ry-start-dialog');
  await chooserRow.getByTestId('row-start').click();

  // The start screen shows the start event's form (not 请先配置流程表单), filled in and submitted.
  const screen = page.getByTestId('start-process');
  await expect(screen.getByTestId('start-process-title')).toContainText(name);
  await expect(screen.getByTestId('start-no-form')).toHaveCount(0);
  const form = screen.getByTestId('start-form');
  await expect(form).toContainText('请假天数');
  await form.getByPlaceholder('请输入请假天数').fill('5');
  await form.getByPlaceholder('请输入请假事由').fill(`回老家${tag}`);
  await shotAt(page, 1440, 'ry-start-form');
  await shotAt(page, 375, 'ry-start-form');
  await screen.getByTestId('start-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: '流程启动成功' }).first()).toBeVisible();
  await expect(page).toHaveURL(/#\/task\/process/);
  await mine.getByPlaceholder('请输入流程名称').fill(name);
  await mine.getByRole('button', { name: '搜索', exact: true }).click();
  const mineRow = mine.getByTestId('my-process-table').getByRole('row').filter({ hasText: name });
  await expect(mineRow).toHaveCount(1);
  // 5 days > 3: the gateway read the form field and chose 经理审批.
  await expect(mineRow).toContainText('经理审批');

  // admin sees the task in 待办任务, started by 测试员.
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage);
  await adminPage.goto('#/task/todo');
  const todo = adminPage.getByTestId('todo-list');
  await todo.getByPlaceholder('请输入流程名称').fill(name);
  await todo.getByRole('button', { name: '搜索', exact: true }).click();
  const todoRow = todo.getByTestId('todo-table').getByRole('row').filter({ hasText: name });
  await expect(todoRow).toHaveCount(1);
  await expect(todoRow).toContainText('经理审批');
  await expect(todoRow).toContainText('测试员');
  await adminContext.close();
});

test('流程定义 shows the start-event form as the main form; a form-less model whose conditions read variables asks before 直接发起', async ({ page, request }) => {
  const tag = uniq();
  const admin = await apiAuth(request);
  const formName = `请假单${tag}`;
  const withForm = `带表单流程${tag}`;
  const noForm = `无表单流程${tag}`;
  await deploy(request, admin, `with_form_${tag}`, withForm, await storeForm(request, admin, formName));
  await deploy(request, admin, `no_form_${tag}`, noForm);

  await signIn(page);
  await page.goto('#/flowable/definition');
  const list = page.getByTestId('definition-list');
  const rowOf = async (name: string) => {
    await list.getByPlaceholder('请输入名称').fill(name);
    await list.getByRole('button', { name: '搜索', exact: true }).click();
    const row = list.getByTestId('definition-table').getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    return row;
  };
  const formRow = await rowOf(withForm);
  await expect(formRow.getByTestId('row-form')).toHaveText(formName);
  await expect(formRow.getByTestId('row-deploy-form')).toBeVisible();
  await shotAt(page, 1440, 'admin-definition-list');
  await shotAt(page, 375, 'admin-definition-list');

  const bareRow = await rowOf(noForm);
  await expect(bareRow).toContainText('暂无表单');
  await bareRow.getByTestId('row-start').click();
  const screen = page.getByTestId('start-process');
  await expect(screen.getByTestId('start-no-form')).toContainText('请先配置流程表单!');
  await screen.getByTestId('start-without-form').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('该流程的条件要读取变量 days，而本流程没有表单，直接发起时这些变量没有值');
  await shotAt(page, 1440, 'admin-start-confirm');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toHaveCount(0);
  // Nothing started: the start screen stays, 我的流程 has no such instance.
  await expect(screen.getByTestId('start-no-form')).toBeVisible();
  const mine = (await (await request.get(`/caishui-api/flowable/task/myProcess?pageNum=1&pageSize=100`, { headers: admin })).json()) as { rows: Array<{ procDefName: string }> };
  expect(mine.rows.filter((r) => r.procDefName === noForm)).toEqual([]);
});

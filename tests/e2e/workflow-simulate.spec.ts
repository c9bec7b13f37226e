/**
 * 流程模拟 in the designer (issue 16 "流程模拟 (dry run)"): a model with an exclusive gateway is
 * opened from a file and run with sample variables without deploying: the dialog lists the tasks
 * with who received and handled them, the canvas marks the path taken (`sim-path`) and the receivers,
 * nothing appears in the definition list; bad 流程变量 are refused in the dialog; the other branch,
 * whose assignee expression fails, shows the error in red naming the element, marked `sim-failed`;
 * 清除模拟 and an edit of the model remove the marks.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, uniq } from './admin-api';
import { checkRow, picture, signIn } from './helpers';
import { centre, pad, select, shape } from './canvas';

/** 申请 (initiator) → 金额判断: amount > 1000 → 总监审批 (role 超级管理员), else 经理审批 (`${missing}`) → 结束. */
const modelXml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn"
  id="Definitions_sim" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="${key}" name="模拟审批" isExecutable="true">
    <bpmn:startEvent id="start_event" name="开始" flowable:initiator="INITIATOR" />
    <bpmn:userTask id="apply" name="申请" flowable:assignee="\${INITIATOR}" />
    <bpmn:exclusiveGateway id="xor" name="金额判断" default="toManager" />
    <bpmn:userTask id="boss" name="总监审批" flowable:candidateGroups="1" />
    <bpmn:userTask id="manager" name="经理审批" flowable:assignee="\${missing}" />
    <bpmn:endEvent id="end_event" name="结束" />
    <bpmn:sequenceFlow id="f1" sourceRef="start_event" targetRef="apply" />
    <bpmn:sequenceFlow id="f2" sourceRef="apply" targetRef="xor" />
    <bpmn:sequenceFlow id="toBoss" name="大额" sourceRef="xor" targetRef="boss">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${amount &gt; 1000}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toManager" sourceRef="xor" targetRef="manager" />
    <bpmn:sequenceFlow id="f3" sourceRef="boss" targetRef="end_event" />
    <bpmn:sequenceFlow id="f4" sourceRef="manager" targetRef="end_event" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="100" y="202" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_apply" bpmnElement="apply"><dc:Bounds x="170" y="180" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_xor" bpmnElement="xor" isMarkerVisible="true"><dc:Bounds x="320" y="195" width="50" height="50" /><bpmndi:BPMNLabel><dc:Bounds x="376" y="226" width="50" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_boss" bpmnElement="boss"><dc:Bounds x="440" y="70" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_manager" bpmnElement="manager"><dc:Bounds x="440" y="290" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="632" y="202" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="676" y="213" width="22" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e_f1" bpmnElement="f1"><di:waypoint x="136" y="220" /><di:waypoint x="170" y="220" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_f2" bpmnElement="f2"><di:waypoint x="270" y="220" /><di:waypoint x="320" y="220" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_boss" bpmnElement="toBoss"><di:waypoint x="345" y="195" /><di:waypoint x="345" y="110" /><di:waypoint x="440" y="110" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_manager" bpmnElement="toManager"><di:waypoint x="345" y="245" /><di:waypoint x="345" y="330" /><di:waypoint x="440" y="330" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_f3" bpmnElement="f3"><di:waypoint x="540" y="110" /><di:waypoint x="650" y="110" /><di:waypoint x="650" y="202" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_f4" bpmnElement="f4"><di:waypoint x="540" y="330" /><di:waypoint x="650" y="330" /><di:waypoint x="650" y="238" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** A diagram element carrying simulation marker `marker`. */
const marked = (page: Page, marker: string, id: string) => page.locator(`.bpmn-designer-canvas .djs-element.${marker}[data-element-id="${id}"]`);

/** Opens 流程模拟 (a fresh run), fills 流程变量 and runs it. */
async function simulate(page: Page, variables: string) {
  await page.getByTestId('designer-simulate').click();
  const dialog = page.getByTestId('sim-dialog');
  await expect(dialog.getByTestId('sim-result')).toHaveCount(0);
  await dialog.getByTestId('sim-variables').fill(variables);
  await dialog.getByTestId('sim-run').click();
  return dialog;
}

async function closeDialog(page: Page) {
  const dialog = page.getByTestId('sim-dialog');
  await dialog.getByRole('button', { name: '关 闭' }).click();
  await expect(dialog).toHaveCount(0);
}

test('流程模拟 runs the model on the canvas without deploying it', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  const key = `sim_${uniq()}`;
  await page.getByTestId('designer-file-input').setInputFiles({ name: `${key}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(modelXml(key)) });
  await expect(shape(page, 'boss')).toContainText('总监审批');
  await expect(page.getByTestId('designer-simulate')).toBeEnabled();

  // Bad 流程变量 are refused in the dialog; nothing is sent.
  let dialog = await simulate(page, '[1, 2]');
  await expect(dialog.getByTestId('sim-form-error')).toHaveText('流程变量必须是JSON对象');
  await expect(dialog.getByTestId('sim-result')).toHaveCount(0);
  // The user tasks of the model are offered for a 办理人.
  await expect(dialog.getByTestId('sim-handlers')).toContainText('申请');
  await expect(dialog.getByTestId('sim-handler-boss')).toBeVisible();
  await closeDialog(page);

  // amount 5000: the upper branch; 总监审批 goes to the role 超级管理员 and its first user acts.
  dialog = await simulate(page, '{"amount": 5000}');
  await expect(dialog.getByTestId('sim-summary')).toHaveText('已结束，共办理 2 步');
  const rows = dialog.getByTestId('sim-tasks').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('申请');
  await expect(rows.nth(0)).toContainText('若依');
  await expect(rows.nth(1)).toContainText('总监审批');
  await expect(rows.nth(1)).toContainText('候选: 超级管理员');
  await expect(dialog.getByTestId('sim-error')).toHaveCount(0);
  await picture(page, 'sim-dialog');
  await closeDialog(page);

  for (const id of ['start_event', 'f1', 'apply', 'f2', 'xor', 'toBoss', 'boss', 'f3', 'end_event']) await expect(marked(page, 'sim-path', id)).toHaveCount(1);
  for (const id of ['toManager', 'manager', 'f4']) await expect(marked(page, 'sim-path', id)).toHaveCount(0);
  await expect(page.locator('[data-testid="sim-receiver"][data-element-id="boss"]')).toHaveText(/接收: 候选: 超级管理员\s*办理: 若依/);
  await expect(page.getByTestId('sim-bar')).toContainText('已结束');
  await picture(page, 'sim-canvas');

  // Nothing was deployed.
  const headers = await apiAuth(page.request);
  const list = await (await page.request.get(`/caishui-api/flowable/definition/list?pageNum=1&pageSize=10&key=${key}`, { headers })).json();
  expect(list.total).toBe(0);

  // 清除模拟 removes the marks and the receivers.
  await page.getByTestId('sim-bar-clear').click();
  await expect(page.locator('.bpmn-designer-canvas .djs-element.sim-path')).toHaveCount(0);
  await expect(page.getByTestId('sim-receiver')).toHaveCount(0);
  await expect(page.getByTestId('sim-bar')).toHaveCount(0);

  // A chosen 办理人 who may not act (ry is not in 超级管理员): the engine's refusal at 总监审批.
  await page.getByTestId('designer-simulate').click();
  dialog = page.getByTestId('sim-dialog');
  await dialog.getByTestId('sim-handlers').getByRole('row').filter({ hasText: '总监审批' }).getByRole('button', { name: '选择' }).click();
  const picker = page.getByTestId('flow-user-picker');
  await picker.getByPlaceholder('请输入用户名称').fill('ry');
  await picker.getByRole('button', { name: '搜索', exact: true }).click();
  const pickTable = picker.getByTestId('flow-user-picker-table');
  await checkRow(pickTable, pickTable.getByRole('row').filter({ hasText: 'ry' }), 'radio');
  await picker.getByTestId('flow-user-picker-confirm').click();
  await expect(dialog.getByTestId('sim-handler-boss')).toHaveValue('2');
  await expect(dialog.getByTestId('sim-handler-name-boss')).toHaveText('测试员');
  // A hand-edited id no longer shows the picked user's name; back to the picked id, it shows again.
  await dialog.getByTestId('sim-handler-boss').fill('3');
  await expect(dialog.getByTestId('sim-handler-name-boss')).toHaveCount(0);
  await dialog.getByTestId('sim-handler-boss').fill('2');
  await expect(dialog.getByTestId('sim-handler-name-boss')).toHaveText('测试员');
  await dialog.getByTestId('sim-run').click();
  await expect(dialog.getByTestId('sim-error')).toHaveText('总监审批 (boss): 当前用户不是该任务的办理人，无权操作');
  await expect(dialog.getByTestId('sim-summary')).toHaveText('模拟出错（总监审批），共办理 1 步');
  await dialog.getByTestId('sim-handler-boss').fill('');
  await closeDialog(page);
  await expect(marked(page, 'sim-failed', 'boss')).toHaveCount(1);
  await page.getByTestId('sim-bar-clear').click();

  // amount 10: the default branch, whose assignee expression fails: the error in red names the element.
  dialog = await simulate(page, '{"amount": 10}');
  await expect(dialog.getByTestId('sim-error')).toHaveText('经理审批 (manager): Unknown property used in expression: ${missing}');
  await expect(dialog.getByTestId('sim-summary')).toHaveText('模拟出错（经理审批），共办理 0 步');
  await expect(dialog.getByTestId('sim-tasks').locator('tbody tr')).toHaveCount(1);
  await expect(dialog.getByTestId('sim-tasks')).toContainText('未办理');
  await picture(page, 'sim-error-dialog');
  await closeDialog(page);
  await expect(marked(page, 'sim-failed', 'manager')).toHaveCount(1);
  await expect(marked(page, 'sim-path', 'apply')).toHaveCount(1);
  await expect(marked(page, 'sim-waiting', 'apply')).toHaveCount(1);
  await expect(page.getByTestId('sim-bar')).toContainText('模拟出错（经理审批）');
  await picture(page, 'sim-error-canvas');

  // An edit of the model removes the marks (the result no longer belongs to it).
  const empty = await centre(shape(page, 'manager'));
  empty.y += 160;
  await select(page, 'boss', empty);
  await pad(page, 'delete');
  await expect(shape(page, 'boss')).toHaveCount(0);
  await expect(page.locator('.bpmn-designer-canvas .djs-element.sim-failed')).toHaveCount(0);
  await expect(page.locator('.bpmn-designer-canvas .djs-element.sim-path')).toHaveCount(0);
  await expect(page.getByTestId('sim-bar')).toHaveCount(0);

  expect((await (await page.request.get(`/caishui-api/flowable/definition/list?pageNum=1&pageSize=10&key=${key}`, { headers })).json()).total).toBe(0);
  expect(errors).toEqual([]);
});

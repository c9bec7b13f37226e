/**
 * The issue 13 C panels on a model opened from a file (a sub-process, a timer boundary event on a
 * user task, a service task, a signal catch event and a call activity): the 事件定义, 服务 and
 * 调用 sections show the element's settings in Chinese; the 任务 section offers no 异步 / 用于补偿;
 * the process's 信号定义 dialog edits signals in place (renaming the referenced signal keeps the
 * event's reference) and refuses to delete a signal an event still references, naming the event.
 * The opened diagram is fitted right of the palette. Screenshots (E2E_SHOTS=1): test-results/c2-*.png.
 * Issue 16: a user task's 抄送 section writes flowable:ccUsers / ccGroups / ccExpression; 清空 removes them.
 */
import { expect, test, type Page } from '@playwright/test';
import { uniq } from './admin-api';
import { checkRow, picture, signIn } from './helpers';
import { shape, select } from './canvas';

const modelXml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="diagram_${key}" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:signal id="Signal_paid" name="付款完成" />
  <bpmn:signal id="Signal_unused" name="未使用" />
  <bpmn:process id="${key}" name="面板流程${key.slice(6)}" isExecutable="true">
    <bpmn:startEvent id="start_event" name="开始" />
    <bpmn:userTask id="review" name="审核" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" />
    <bpmn:boundaryEvent id="overdue" name="超时" attachedToRef="review" cancelActivity="false">
      <bpmn:timerEventDefinition id="td"><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:serviceTask id="notify" name="超时提醒" flowable:class="caishui.service.log" flowable:resultVariable="logged" />
    <bpmn:endEvent id="notify_end" name="提醒结束" />
    <bpmn:subProcess id="sub" name="经理子流程">
      <bpmn:startEvent id="sub_start" name="子开始" />
      <bpmn:userTask id="manager" name="经理审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" />
      <bpmn:endEvent id="sub_end" name="子结束" />
      <bpmn:sequenceFlow id="s1" sourceRef="sub_start" targetRef="manager" />
      <bpmn:sequenceFlow id="s2" sourceRef="manager" targetRef="sub_end" />
    </bpmn:subProcess>
    <bpmn:intermediateCatchEvent id="wait_paid" name="等待付款"><bpmn:signalEventDefinition id="sd" signalRef="Signal_paid" /></bpmn:intermediateCatchEvent>
    <bpmn:callActivity id="archive" name="归档子流程" calledElement="${key}_archive" flowable:calledElementBinding="latest" flowable:inheritVariables="true" />
    <bpmn:endEvent id="end_event" name="结束" />
    <bpmn:sequenceFlow id="f1" sourceRef="start_event" targetRef="review" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="sub" />
    <bpmn:sequenceFlow id="f3" sourceRef="sub" targetRef="wait_paid" />
    <bpmn:sequenceFlow id="f4" sourceRef="wait_paid" targetRef="archive" />
    <bpmn:sequenceFlow id="f5" sourceRef="archive" targetRef="end_event" />
    <bpmn:sequenceFlow id="f6" sourceRef="overdue" targetRef="notify" />
    <bpmn:sequenceFlow id="f7" sourceRef="notify" targetRef="notify_end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="100" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_review" bpmnElement="review"><dc:Bounds x="180" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_overdue" bpmnElement="overdue"><dc:Bounds x="212" y="202" width="36" height="36" /><bpmndi:BPMNLabel><dc:Bounds x="256" y="230" width="22" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_notify" bpmnElement="notify"><dc:Bounds x="180" y="300" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_notify_end" bpmnElement="notify_end"><dc:Bounds x="342" y="322" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_sub" bpmnElement="sub" isExpanded="true"><dc:Bounds x="330" y="80" width="360" height="200" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_sub_start" bpmnElement="sub_start"><dc:Bounds x="360" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_manager" bpmnElement="manager"><dc:Bounds x="450" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_sub_end" bpmnElement="sub_end"><dc:Bounds x="612" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_wait" bpmnElement="wait_paid"><dc:Bounds x="742" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_archive" bpmnElement="archive"><dc:Bounds x="830" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="982" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="136" y="180" /><di:waypoint x="180" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="280" y="180" /><di:waypoint x="330" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><di:waypoint x="690" y="180" /><di:waypoint x="742" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e4" bpmnElement="f4"><di:waypoint x="778" y="180" /><di:waypoint x="830" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e5" bpmnElement="f5"><di:waypoint x="930" y="180" /><di:waypoint x="982" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e6" bpmnElement="f6"><di:waypoint x="230" y="238" /><di:waypoint x="230" y="300" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e7" bpmnElement="f7"><di:waypoint x="280" y="340" /><di:waypoint x="342" y="340" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="es1" bpmnElement="s1"><di:waypoint x="396" y="180" /><di:waypoint x="450" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="es2" bpmnElement="s2"><di:waypoint x="550" y="180" /><di:waypoint x="612" y="180" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

const xmlText = async (page: Page) => {
  await page.getByTestId('designer-xml').click();
  const text = (await page.getByTestId('designer-xml-content').textContent())!;
  await page.getByTestId('designer-xml-drawer').getByRole('button', { name: '关闭' }).first().click();
  await expect(page.getByTestId('designer-xml-drawer')).toHaveCount(0);
  return text;
};

test('事件定义 / 服务 / 调用 panels on an opened model; signals edited in place, a referenced one is not deleted', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const key = `panel_${uniq()}`;
  await signIn(page);
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  await page.getByTestId('designer-file-input').setInputFiles({ name: `${key}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(modelXml(key)) });
  await expect(shape(page, 'sub')).toContainText('经理子流程');
  await expect(shape(page, 'overdue')).toBeVisible();
  const panel = page.getByTestId('bpmn-properties-panel');
  const endBox = (await shape(page, 'end_event').boundingBox())!;
  const empty = { x: endBox.x, y: endBox.y + 300 };
  await page.mouse.click(empty.x, empty.y);
  // The opened diagram is fitted right of the palette (nothing hidden under it).
  const paletteRight = (await page.locator('.djs-palette').boundingBox())!;
  expect((await shape(page, 'start_event').boundingBox())!.x).toBeGreaterThan(paletteRight.x + paletteRight.width);
  expect(endBox.x + endBox.width).toBeLessThan((await page.getByTestId('bpmn-properties-panel').boundingBox())!.x);
  await picture(page, 'c2-canvas');

  // The timer boundary: 事件定义 with its type, value and 中断 off (non-interrupting).
  await select(page, 'overdue', empty);
  await expect(panel.getByTestId('panel-title')).toHaveText('边界事件');
  await expect(panel.getByTestId('panel-timer-type')).toHaveValue('timeDuration');
  await expect(panel.getByTestId('panel-timer-value')).toHaveValue('PT1H');
  await expect(panel.getByTestId('panel-interrupting').locator('input')).not.toBeChecked();
  await picture(page, 'c2-event-panel');

  // 服务: implementation, handler, result variable.
  await select(page, 'notify', empty);
  await expect(panel.getByTestId('panel-title')).toHaveText('服务任务');
  await expect(panel.getByTestId('panel-section-service')).toBeVisible();
  await expect(panel.getByTestId('panel-service-handler')).toHaveValue('caishui.service.log');
  await expect(panel.getByTestId('panel-result-variable')).toHaveValue('logged');
  await expect(panel.getByTestId('panel-async')).toHaveCount(0);
  await expect(panel.getByTestId('panel-compensation')).toHaveCount(0);
  await picture(page, 'c2-service-panel');

  // 调用: called process, binding, 继承变量.
  await select(page, 'archive', empty);
  await expect(panel.getByTestId('panel-title')).toHaveText('调用活动');
  await expect(panel.getByTestId('panel-section-call')).toBeVisible();
  await expect(panel.getByTestId('panel-called-binding')).toHaveValue('latest');
  await expect(panel.getByTestId('panel-inherit-variables').locator('input')).toBeChecked();
  await picture(page, 'c2-call-panel');

  // The signal catch event references 付款完成.
  await select(page, 'wait_paid', empty);
  await expect(panel.getByTestId('panel-signal-ref')).toHaveValue('Signal_paid');

  // Process → 信号定义: rename the referenced signal, delete the unused one; the reference follows.
  await page.mouse.click(empty.x, empty.y);
  await expect(panel.getByTestId('panel-title')).toHaveText('流程');
  await panel.getByTestId('signal-edit').click();
  const dialog = page.getByTestId('signal-dialog');
  await expect(dialog.getByTestId('signal-table-row')).toHaveCount(2);
  // 信号范围 (issue 40): signals written without a scope read as 全局.
  await expect(dialog.getByTestId('cell-scope').nth(0)).toHaveValue('global');
  await expect(dialog.getByTestId('cell-scope').nth(1)).toHaveValue('global');
  await dialog.getByTestId('cell-id').nth(0).fill('Signal_done');
  await dialog.getByTestId('cell-name').nth(0).fill('付款已完成');
  await dialog.getByTestId('signal-table-row').nth(1).getByRole('button', { name: '删除' }).click();
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog).toHaveCount(0);
  let xml = await xmlText(page);
  expect(xml).toContain('<bpmn:signal id="Signal_done" name="付款已完成" />');
  expect(xml).not.toContain('Signal_unused');
  expect(xml).toMatch(/<bpmn:signalEventDefinition id="sd" signalRef="Signal_done" \/>/);

  // Deleting the referenced signal is refused, naming the event; the dialog stays open, nothing changes.
  await panel.getByTestId('signal-edit').click();
  await dialog.getByTestId('signal-table-row').nth(0).getByRole('button', { name: '删除' }).click();
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog.getByTestId('table-refusal')).toHaveText('信号「付款已完成」(Signal_done) 仍被 等待付款 (wait_paid) 引用, 不能删除; 请先修改这些事件');
  await picture(page, 'c2-signal-refused');
  await dialog.getByRole('button', { name: '取 消' }).click();
  await expect(dialog).toHaveCount(0);
  xml = await xmlText(page);
  expect(xml).toMatch(/<bpmn:signalEventDefinition id="sd" signalRef="Signal_done" \/>/);
  await select(page, 'wait_paid', empty);
  await expect(panel.getByTestId('panel-signal-ref')).toHaveValue('Signal_done');
  expect(errors).toEqual([]);
});

test('抄送 section of a user task: users, roles and an expression in the XML; 清空 removes the attribute', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const key = `panel_${uniq()}`;
  await signIn(page);
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  await page.getByTestId('designer-file-input').setInputFiles({ name: `${key}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(modelXml(key)) });
  await expect(shape(page, 'review')).toContainText('审核');
  const endBox = (await shape(page, 'end_event').boundingBox())!;
  const empty = { x: endBox.x, y: endBox.y + 300 };
  const panel = page.getByTestId('bpmn-properties-panel');
  await select(page, 'review', empty);
  await expect(panel.getByTestId('panel-title')).toHaveText('用户任务');
  const cc = panel.getByTestId('panel-section-cc');
  await expect(cc).toContainText('抄送');
  await expect(cc.getByTestId('cc-user-badge')).toHaveCount(0);
  await expect(cc.getByTestId('clear-cc-users')).toHaveCount(0);

  // 抄送人员: the user picker (multiple) → admin (若依).
  await cc.getByTestId('pick-cc-users').click();
  const userPicker = page.getByTestId('user-picker');
  await expect(userPicker).toContainText('选择抄送人员');
  await userPicker.getByPlaceholder('请输入用户名称').fill('admin');
  await userPicker.getByRole('button', { name: '搜索', exact: true }).click();
  const userTable = userPicker.getByTestId('user-picker-table');
  await checkRow(userTable, userTable.getByRole('row').filter({ hasText: 'admin' }).first());
  await userPicker.getByTestId('user-picker-confirm').click();
  await expect(userPicker).toHaveCount(0);
  await expect(cc.getByTestId('cc-user-badge')).toHaveText(['若依']);

  // 抄送角色: the role picker → 普通角色 (role 2).
  await cc.getByTestId('pick-cc-roles').click();
  const rolePicker = page.getByTestId('role-picker');
  await expect(rolePicker).toContainText('选择抄送角色');
  await checkRow(rolePicker, rolePicker.getByTestId('role-picker-table').locator('tbody tr').filter({ hasText: '普通角色' }).first());
  await rolePicker.getByTestId('role-picker-confirm').click();
  await expect(rolePicker).toHaveCount(0);
  await expect(cc.getByTestId('cc-role-badge')).toHaveText(['普通角色']);

  // 抄送表达式: not an expression → message, nothing written; then ${deptLeader}.
  const expression = cc.getByTestId('cc-expression');
  await expression.fill('deptLeader');
  await expression.blur();
  await expect(cc.getByTestId('panel-error')).toHaveText('请输入表达式, 如 ${deptLeader}');
  await expression.fill('${deptLeader}');
  await expression.blur();
  await expect(cc.getByTestId('panel-error')).toHaveCount(0);
  await cc.scrollIntoViewIfNeeded();
  await picture(page, 'cc-panel');

  let xml = await xmlText(page);
  const review = () => xml.match(/<bpmn:userTask id="review"[^>]*>/)![0];
  expect(review()).toContain('flowable:ccUsers="1"');
  expect(review()).toContain('flowable:ccUserNames="若依"');
  expect(review()).toContain('flowable:ccGroups="2"');
  expect(review()).toContain('flowable:ccGroupNames="普通角色"');
  expect(review()).toContain('flowable:ccExpression="${deptLeader}"');
  expect(xml.match(/<bpmn:userTask id="manager"[^>]*>/)![0]).not.toContain('flowable:cc');

  // 清空 抄送人员: the attributes are gone (not left empty); roles and the expression stay.
  await select(page, 'review', empty);
  await cc.getByTestId('clear-cc-users').click();
  await expect(cc.getByTestId('cc-user-badge')).toHaveCount(0);
  await expect(cc.getByTestId('clear-cc-users')).toHaveCount(0);
  xml = await xmlText(page);
  expect(review()).not.toContain('flowable:ccUsers');
  expect(review()).not.toContain('flowable:ccUserNames');
  expect(review()).toContain('flowable:ccGroups="2"');
  expect(review()).toContain('flowable:ccExpression="${deptLeader}"');
  // Another node and back: the section re-reads the element.
  await select(page, 'manager', empty);
  await expect(cc.getByTestId('cc-role-badge')).toHaveCount(0);
  await expect(cc.getByTestId('cc-expression')).toHaveValue('');
  await select(page, 'review', empty);
  await expect(cc.getByTestId('cc-role-badge')).toHaveText(['普通角色']);
  await expect(cc.getByTestId('cc-expression')).toHaveValue('${deptLeader}');
  expect(errors).toEqual([]);
});

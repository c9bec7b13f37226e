/**
 * The designer offers exactly what the engine runs (issue 13 part C): the palette lists every
 * supported creatable element with Chinese titles; a timer catch event dropped on a user task's
 * border becomes a timer boundary event whose 更改类型 menu offers no refused kind (escalation,
 * conditional, compensation); 保存模型 runs the engine's validator first and marks the faulty
 * element with the engine's reason (nothing saved); with PT5S set in the 事件定义 panel the model
 * saves. Started from 我的流程 → 新增流程 → 发起 (直接发起, no form), the timer escalates 初审 to
 * 升级审批 for the second user, in the to-do lists.
 * The model (start → 初审 → sub-process [start → 经理审批 → end] → end, and 升级审批 → end) is
 * opened from a file; the boundary event, its timer, name and flow are drawn in the designer.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { picture, signIn } from './helpers';
import { centre, drag, pad, select, shape } from './canvas';

const PALETTE = [
  'hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool',
  'create.start-event', 'create.end-event', 'create.timer-catch-event', 'create.message-catch-event', 'create.signal-catch-event',
  'create.signal-throw-event', 'create.user-task', 'create.service-task', 'create.receive-task', 'create.task', 'create.manual-task',
  'create.call-activity', 'create.exclusive-gateway', 'create.parallel-gateway', 'create.inclusive-gateway', 'create.event-based-gateway',
  'create.subprocess-expanded', 'create.event-subprocess',
];

/** The model opened from a file; `key` is the process id. Admin (1) holds 初审 and 经理审批, ry (2) 升级审批. */
const modelXml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="diagram_${key}" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start_event" name="开始" />
    <bpmn:userTask id="first" name="初审" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" />
    <bpmn:subProcess id="sub" name="经理子流程">
      <bpmn:startEvent id="sub_start" name="子开始" />
      <bpmn:userTask id="manager" name="经理审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" />
      <bpmn:endEvent id="sub_end" name="子结束" />
      <bpmn:sequenceFlow id="s1" sourceRef="sub_start" targetRef="manager" />
      <bpmn:sequenceFlow id="s2" sourceRef="manager" targetRef="sub_end" />
    </bpmn:subProcess>
    <bpmn:endEvent id="end_event" name="结束" />
    <bpmn:userTask id="escalated" name="升级审批" flowable:assignee="2" flowable:userType="assignee" flowable:dataType="fixed" />
    <bpmn:endEvent id="end_escalated" name="升级结束" />
    <bpmn:sequenceFlow id="f1" sourceRef="start_event" targetRef="first" />
    <bpmn:sequenceFlow id="f2" sourceRef="first" targetRef="sub" />
    <bpmn:sequenceFlow id="f3" sourceRef="sub" targetRef="end_event" />
    <bpmn:sequenceFlow id="f4" sourceRef="escalated" targetRef="end_escalated" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="160" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_first" bpmnElement="first"><dc:Bounds x="250" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_sub" bpmnElement="sub" isExpanded="true"><dc:Bounds x="410" y="80" width="380" height="200" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_sub_start" bpmnElement="sub_start"><dc:Bounds x="440" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_manager" bpmnElement="manager"><dc:Bounds x="530" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_sub_end" bpmnElement="sub_end"><dc:Bounds x="702" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="852" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_escalated" bpmnElement="escalated"><dc:Bounds x="250" y="380" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end_escalated" bpmnElement="end_escalated"><dc:Bounds x="432" y="402" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="196" y="180" /><di:waypoint x="250" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="350" y="180" /><di:waypoint x="410" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><di:waypoint x="790" y="180" /><di:waypoint x="852" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e4" bpmnElement="f4"><di:waypoint x="350" y="420" /><di:waypoint x="432" y="420" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="es1" bpmnElement="s1"><di:waypoint x="476" y="180" /><di:waypoint x="530" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="es2" bpmnElement="s2"><di:waypoint x="630" y="180" /><di:waypoint x="702" y="180" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** Ids of the elements drawn whose id starts with `prefix`. */
const idsOf = (page: Page, prefix: string) =>
  page.locator(`.bpmn-designer-canvas .djs-element[data-element-id^="${prefix}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id')!));

/** Names in a user's to-do list (REST). */
async function todoNames(page: Page, username: string, processName: string) {
  const headers = await apiAuth(page.request, username, 'admin123');
  const res = await page.request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(processName)}`, { headers });
  return ((await res.json()).rows as Array<{ taskName: string }>).map((r) => r.taskName);
}

test('palette, boundary timer drawn, validate marks, save, and the timer escalates in the to-do lists', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const key = `esc_${uniq()}`;
  const processName = `升级流程${key.slice(4)}`;
  await signIn(page);
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  await expect(page.getByTestId('designer-save')).toBeEnabled();

  // Palette: every supported creatable element, Chinese titles.
  const entries = page.locator('.djs-palette .entry');
  expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(PALETTE);
  await expect(page.locator('.djs-palette .entry[data-action="create.timer-catch-event"]')).toHaveAttribute('aria-label', '创建定时中间捕获事件');
  await expect(page.locator('.djs-palette .entry[data-action="create.event-subprocess"]')).toHaveAttribute('aria-label', '创建事件子流程');
  await expect(page.locator('.djs-palette .entry[data-action="create.parallel-gateway"]')).toHaveAttribute('aria-label', '创建并行网关');
  await picture(page, 'c-palette');

  // Open the model; drop a timer catch event on 初审's lower border: a boundary event.
  await page.getByTestId('designer-file-input').setInputFiles({ name: `${key}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(modelXml(key, processName)) });
  await expect(shape(page, 'first')).toContainText('初审');
  await expect(shape(page, 'sub')).toBeVisible();
  const firstBox = (await shape(page, 'first').boundingBox())!;
  const before = await idsOf(page, 'Event_');
  await drag(page, await centre(page.locator('.djs-palette .entry[data-action="create.timer-catch-event"]')), { x: firstBox.x + firstBox.width / 2, y: firstBox.y + firstBox.height - 1 });
  await expect.poll(async () => (await idsOf(page, 'Event_')).filter((id) => !before.includes(id)).length).toBe(1);
  const [boundaryId] = (await idsOf(page, 'Event_')).filter((id) => !before.includes(id));
  const panel = page.getByTestId('bpmn-properties-panel');
  const empty = { x: firstBox.x + 40, y: firstBox.y + 320 };
  await page.keyboard.press('Escape');
  await select(page, boundaryId, empty);
  await expect(panel.getByTestId('panel-title')).toHaveText('边界事件');
  await expect(panel.getByTestId('panel-section-event')).toBeVisible();
  await expect(panel.getByTestId('panel-timer-type')).toHaveValue('timeDuration');
  await expect(panel.getByTestId('panel-interrupting').locator('input')).toBeChecked();
  await panel.getByTestId('panel-name').fill('超时');
  await panel.getByTestId('panel-name').blur();
  await expect(shape(page, boundaryId)).toBeAttached();

  // 更改类型 of the boundary: supported kinds only.
  await select(page, boundaryId, empty);
  await pad(page, 'replace');
  const popup = page.locator('.djs-popup');
  await expect(popup.locator('[data-id="replace-with-message-boundary"]')).toBeVisible();
  await expect(popup.locator('[data-id="replace-with-error-boundary"]')).toBeVisible();
  await expect(popup.locator('[data-id="replace-with-escalation-boundary"]')).toHaveCount(0);
  await expect(popup.locator('[data-id="replace-with-conditional-boundary"]')).toHaveCount(0);
  await expect(popup.locator('[data-id="replace-with-compensation-boundary"]')).toHaveCount(0);
  await expect(popup.locator('[data-id="replace-with-cancel-boundary"]')).toHaveCount(0);
  await picture(page, 'c-boundary-replace');
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);

  // Connect the boundary to 升级审批: a second drag only when the first made no flow (the context
  // pad of a boundary just replaced was seen closing under the pointer once, in CI).
  for (let attempt = 0; attempt < 2 && (await idsOf(page, 'Flow_')).length === 0; attempt++) {
    await select(page, boundaryId, empty);
    await drag(page, await centre(page.locator('.djs-context-pad.open .entry[data-action="connect"]')), await centre(shape(page, 'escalated')));
    await expect.poll(() => idsOf(page, 'Flow_'), { timeout: 5_000 }).toHaveLength(1).catch(() => undefined);
  }
  await expect.poll(() => idsOf(page, 'Flow_')).toHaveLength(1);

  // 保存模型 without a timer value: the engine's validator refuses, the boundary is marked with the reason.
  await page.getByTestId('designer-save').click();
  await expectToast(page, /模型校验未通过/);
  await expect(shape(page, boundaryId)).toHaveClass(/designer-invalid/);
  const problem = page.locator(`[data-testid="designer-problem"][data-element-id="${boundaryId}"]`);
  await expect(problem).toContainText('定时');
  await expect(page.locator('.djs-element.selected')).toHaveAttribute('data-element-id', boundaryId);
  await picture(page, 'c-validate-marked');
  await expect(page).toHaveURL(/#\/flowable\/definition\/model/);

  // PT5S in the 事件定义 panel: the mark goes, the model saves.
  await panel.getByTestId('panel-timer-value').fill('PT5S');
  await panel.getByTestId('panel-timer-value').blur();
  await expect(problem).toHaveCount(0);
  await expect(shape(page, boundaryId)).not.toHaveClass(/designer-invalid/);
  await picture(page, 'c-timer-panel');
  await page.getByTestId('designer-save').click();
  await expectToast(page, '保存成功');
  await expect(page).toHaveURL(/#\/flowable\/definition\?t=\d+/);
  expect(errors).toEqual([]);

  // Start it as a user does: 我的流程 → 新增流程 → 发起 → 直接发起 (no main form). 初审 waits for admin;
  // after PT5S the timer moves it to 升级审批 for ry.
  await page.goto('#/task/process');
  const mine = page.getByTestId('my-process-list');
  await mine.getByTestId('btn-new-process').click();
  const chooser = page.getByTestId('start-process-dialog');
  await chooser.getByPlaceholder('请输入流程名称').fill(processName);
  await chooser.getByRole('button', { name: '搜索', exact: true }).click();
  const chooserRow = chooser.getByTestId('start-process-table').getByRole('row').filter({ hasText: processName });
  await expect(chooserRow).toHaveCount(1);
  await chooserRow.getByTestId('row-start').click();
  const startScreen = page.getByTestId('start-process');
  await expect(startScreen.getByTestId('start-process-title')).toContainText(processName);
  await startScreen.getByTestId('start-without-form').click();
  await expectToast(page, '流程启动成功');
  await expect(page).toHaveURL(/#\/task\/process/);
  await mine.getByPlaceholder('请输入流程名称').fill(processName);
  await mine.getByRole('button', { name: '搜索', exact: true }).click();
  const mineRow = mine.getByTestId('my-process-table').getByRole('row').filter({ hasText: processName });
  await expect(mineRow).toHaveCount(1);
  await expect(mineRow).toContainText('初审');
  expect(await todoNames(page, 'admin', processName)).toEqual(['初审']);
  await expect.poll(() => todoNames(page, 'ry', processName), { timeout: 40_000, intervals: [1000] }).toEqual(['升级审批']);
  expect(await todoNames(page, 'admin', processName)).toEqual([]);

  // ry sees 升级审批 in 待办任务.
  const ryContext = await browser.newContext();
  const ry = await ryContext.newPage();
  await signIn(ry, { username: 'ry', password: 'admin123' });
  await ry.goto('#/task/todo');
  const todo = ry.getByTestId('todo-list');
  await todo.getByPlaceholder('请输入流程名称').fill(processName);
  await todo.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(todo.getByTestId('todo-table').locator('tbody tr').filter({ hasText: processName })).toContainText('升级审批');
  await picture(ry, 'c-ry-todo');
  await ryContext.close();
});

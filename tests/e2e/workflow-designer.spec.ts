/**
 * The process model designer in the browser (issue 6 "Designer"; workflow spec §2 "Process model
 * designer", §3 save payload, §9 zoom 0.1 / min 0.2, panel 400 px): the palette has exactly the
 * spec's 8 entries; a process is drawn with the mouse (a user task dragged from the palette,
 * connected from the start event, then gateway and end event appended from the context pad),
 * zoomed, undone/redone, shown as XML and saved; the definition list and readXml over REST show
 * the deployment. A model opened from a file with an element the engine does not run (a script
 * task) is refused with the engine's message marked on the element, nothing is deployed and the
 * diagram stays open; changed to a user task it deploys.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, confirmDialog, expectToast, uniq } from './admin-api';
import { shot, signIn } from './helpers';
import { centre, drag, pad, select, shape } from './canvas';

/** Issue 13 C: the tools plus every creatable element the engine runs (workflow-bpmn-coverage.spec.ts checks the rest). */
const PALETTE = [
  'hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool',
  'create.start-event', 'create.end-event', 'create.timer-catch-event', 'create.message-catch-event', 'create.signal-catch-event',
  'create.signal-throw-event', 'create.user-task', 'create.service-task', 'create.receive-task', 'create.task', 'create.manual-task',
  'create.call-activity', 'create.exclusive-gateway', 'create.parallel-gateway', 'create.inclusive-gateway', 'create.event-based-gateway',
  'create.subprocess-expanded', 'create.event-subprocess',
];

/** Element ids of a BPMN type currently drawn (read through the modeler's registry in the DOM). */
async function idsOf(page: Page, prefix: string) {
  return page.locator(`.djs-element[data-element-id^="${prefix}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id')!));
}

/** Types a label into the open direct-editing box and leaves it. */
async function typeLabel(page: Page, text: string) {
  const editor = page.locator('.djs-direct-editing-parent');
  await expect(editor).toBeVisible();
  await page.keyboard.type(text);
  await expect(editor).toContainText(text);
}

async function openDesigner(page: Page) {
  await page.goto('#/flowable/definition/model');
  await expect(page.getByTestId('process-designer')).toBeVisible();
  await expect(shape(page, 'start_event')).toBeVisible();
  await expect(page.getByTestId('designer-save')).toBeEnabled();
}

test('draws, zooms, undoes and saves a process in the modeler', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  await openDesigner(page);

  // Palette: the tools and the supported elements, with Chinese titles.
  const entries = page.locator('.djs-palette .entry');
  await expect(entries).toHaveCount(PALETTE.length);
  expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(PALETTE);
  await expect(page.locator('.djs-palette .entry[data-action="create.user-task"]')).toHaveAttribute('aria-label', '创建用户任务');
  await expect(page.getByTestId('designer-zoom')).toHaveText('100%');
  await expect(page.getByTestId('designer-undo')).toBeDisabled();
  await shot(page, 'b1-designer-new');

  // The new-diagram template: process flow_xxxxxxxx named 新建流程 + date and minute, start event 开始.
  await page.getByTestId('designer-xml').click();
  const drawer = page.getByTestId('designer-xml-drawer');
  await expect(drawer).toContainText('targetNamespace="http://www.flowable.org/processdef"');
  await expect(drawer).toContainText('xmlns:flowable="http://flowable.org/bpmn"');
  await expect(drawer).toContainText('<bpmn:startEvent id="start_event" name="开始"');
  const processId = /<bpmn:process id="(flow_[a-z0-9]{8})" name="新建流程 \d{4}-\d{2}-\d{2} \d{2}:\d{2}"/.exec((await page.getByTestId('designer-xml-content').textContent())!)?.[1];
  expect(processId).toBeTruthy();
  await drawer.getByRole('button', { name: '关闭' }).first().click(); // the footer button (the corner ✕ is also 关闭)
  await expect(drawer).toHaveCount(0);

  // Start → user task: drag 用户任务 from the palette to the right of the start event, name it,
  // then connect the start event to it with the context pad's connect tool.
  const start = await centre(shape(page, 'start_event'));
  await drag(page, await centre(page.locator('.djs-palette .entry[data-action="create.user-task"]')), { x: start.x + 200, y: start.y });
  await typeLabel(page, '部门审批');
  await page.mouse.click(start.x + 120, start.y + 220);
  const [taskId] = await idsOf(page, 'Activity_');
  expect(taskId).toBeTruthy();
  await expect(shape(page, taskId)).toContainText('部门审批');
  // Retried while no flow exists: on a busy machine the first press may land before the context pad settles.
  await expect(async () => {
    await select(page, 'start_event', { x: start.x + 120, y: start.y + 220 });
    await drag(page, await centre(page.locator('.djs-context-pad.open .entry[data-action="connect"]')), await centre(shape(page, taskId)));
    await expect(page.locator('.djs-connection[data-element-id^="Flow_"]')).toHaveCount(1, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });

  // User task → exclusive gateway → end event through the context pad's append actions.
  const empty = { x: start.x + 120, y: start.y + 220 };
  await select(page, taskId, empty);
  await pad(page, 'append.gateway');
  const [gatewayId] = await idsOf(page, 'Gateway_');
  expect(gatewayId).toBeTruthy();
  await select(page, gatewayId, empty);
  await page.getByTestId('bpmn-properties-panel').getByTestId('panel-name').fill('是否通过'); // spec §5: every node is named
  await page.getByTestId('bpmn-properties-panel').getByTestId('panel-name').blur();
  await select(page, gatewayId, empty);
  await pad(page, 'append.end-event');
  await typeLabel(page, '结束');
  await page.mouse.click(start.x + 120, start.y + 220);
  const [endId] = await idsOf(page, 'Event_');
  expect(endId).toBeTruthy();
  await expect(page.locator('.djs-connection[data-element-id^="Flow_"]')).toHaveCount(3);
  await shot(page, 'b1-designer-drawn');

  // Zoom by 0.1 steps, fit; undo removes the end event, redo brings it back.
  await page.getByTestId('designer-zoom-in').click();
  await expect(page.getByTestId('designer-zoom')).toHaveText('110%');
  await page.getByTestId('designer-zoom-out').click();
  await page.getByTestId('designer-zoom-out').click();
  await expect(page.getByTestId('designer-zoom')).toHaveText('90%');
  for (let i = 0; i < 7; i++) await page.getByTestId('designer-zoom-out').click();
  await expect(page.getByTestId('designer-zoom')).toHaveText('20%');
  await expect(page.getByTestId('designer-zoom-out')).toBeDisabled();
  // 自适应: at most 100%, the whole diagram right of the palette (zoomed out a little when it would pass under it).
  await page.getByTestId('designer-fit').click();
  await expect(page.getByTestId('designer-zoom')).toHaveText(/^(9\d|100)%$/);
  const palette = (await page.locator('.djs-palette').boundingBox())!;
  expect((await shape(page, 'start_event').boundingBox())!.x).toBeGreaterThan(palette.x + palette.width);
  const endRight = (await shape(page, endId).boundingBox())!;
  expect(endRight.x + endRight.width).toBeLessThan((await page.getByTestId('bpmn-properties-panel').boundingBox())!.x);
  await page.getByTestId('designer-undo').click(); // the end event's label
  await page.getByTestId('designer-undo').click(); // the appended end event
  await expect(shape(page, endId)).toHaveCount(0);
  await expect(page.getByTestId('designer-redo')).toBeEnabled();
  await page.getByTestId('designer-redo').click();
  await page.getByTestId('designer-redo').click();
  await expect(shape(page, endId)).toBeVisible();
  await expect(shape(page, `${endId}_label`)).toContainText('结束');

  // Rename the process in the panel (the panel is helper B2's), then view the XML.
  const name = `e2e设计流程${uniq()}`;
  await page.mouse.click(start.x + 120, start.y + 220); // nothing selected → the process
  const panel = page.getByTestId('bpmn-properties-panel');
  await expect(panel).toBeVisible();
  const nameInput = panel.getByTestId('panel-name');
  await nameInput.fill(name);
  await nameInput.blur();
  await page.getByTestId('designer-xml').click();
  await expect(drawer).toContainText(`<bpmn:userTask id="${taskId}" name="部门审批"`);
  await expect(drawer).toContainText(`name="${name}"`);
  await shot(page, 'b1-designer-xml');
  await drawer.getByRole('button', { name: '关闭' }).first().click(); // the footer button (the corner ✕ is also 关闭)

  // Save: 部门审批 has no recipient (a confirm, accepted), then the server's message, back to the
  // definition list with a timestamp.
  await page.getByTestId('designer-save').click();
  await confirmDialog(page, '用户任务「部门审批」没有设置审批人，任何人都无法办理，确定保存吗？');
  await expectToast(page, '保存成功');
  await expect(page).toHaveURL(/#\/flowable\/definition\?t=\d+/);

  const headers = await apiAuth(request);
  const list = await (await request.get('/caishui-api/flowable/definition/list', { headers, params: { pageNum: 1, pageSize: 10, name } })).json();
  const row = (list.rows as Array<{ name: string; key: string; deploymentId: string }>).find((r) => r.name === name);
  expect(row, JSON.stringify(list)).toBeTruthy();
  expect(row!.key).toBe(processId);
  const xml = (await (await request.get(`/caishui-api/flowable/definition/readXml/${row!.deploymentId}`, { headers })).json()).data as string;
  expect(xml).toContain(`<bpmn:userTask id="${taskId}" name="部门审批"`);
  expect(xml).toContain('<bpmn:exclusiveGateway');

  // Reopening with deployId draws the saved model.
  await page.goto(`#/flowable/definition/model?deployId=${row!.deploymentId}`);
  await expect(shape(page, taskId)).toContainText('部门审批');
  await expect(shape(page, endId)).toBeVisible();
  await shot(page, 'b1-designer-reopened');
  expect(errors).toEqual([]);
});

/** A model made elsewhere: start → 计算金额 (a script task: the engine runs no scripts) → 复核 → end. */
const scriptXml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="diagram_${key}" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="${key}" name="脚本流程${key.slice(7)}" isExecutable="true">
    <bpmn:startEvent id="start_event" name="开始" />
    <bpmn:scriptTask id="calc" name="计算金额" scriptFormat="groovy"><bpmn:script>amount = 1</bpmn:script></bpmn:scriptTask>
    <bpmn:userTask id="review" name="复核" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed" />
    <bpmn:endEvent id="end_event" name="结束" />
    <bpmn:sequenceFlow id="f1" sourceRef="start_event" targetRef="calc" />
    <bpmn:sequenceFlow id="f2" sourceRef="calc" targetRef="review" />
    <bpmn:sequenceFlow id="f3" sourceRef="review" targetRef="end_event" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="160" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_calc" bpmnElement="calc"><dc:Bounds x="250" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_review" bpmnElement="review"><dc:Bounds x="410" y="140" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="572" y="162" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="196" y="180" /><di:waypoint x="250" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="350" y="180" /><di:waypoint x="410" y="180" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><di:waypoint x="510" y="180" /><di:waypoint x="572" y="180" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** Rows of the definition list for process `key` (REST, as admin). */
async function deployedRows(page: Page, key: string): Promise<unknown[]> {
  const headers = await apiAuth(page.request);
  return (await (await page.request.get(`/caishui-api/flowable/definition/list?pageNum=1&pageSize=10&key=${key}`, { headers })).json()).rows;
}

test('a model the engine does not run is refused with its message and stays open', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  await openDesigner(page);
  const key = `script_${uniq()}`;

  // A file with a script task (made in another modeller): the designer draws it as it is.
  await page.getByTestId('designer-file-input').setInputFiles({ name: `${key}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(scriptXml(key)) });
  await expect(shape(page, 'calc')).toContainText('计算金额');

  // 保存模型: the engine's validator answers first; the script task is marked with its reason, nothing is deployed.
  await page.getByTestId('designer-save').click();
  const message = /不支持的流程元素 calc \(bpmn:ScriptTask\)/;
  await expectToast(page, /模型校验未通过/);
  await expect(page.getByTestId('toast').filter({ hasText: message }).first()).toBeVisible(); // the same toast, naming the element
  await expect(shape(page, 'calc')).toHaveClass(/designer-invalid/);
  await expect(page.locator('[data-testid="designer-problem"][data-element-id="calc"]')).toContainText(message);
  await expect(shape(page, 'review')).not.toHaveClass(/designer-invalid/);
  await expect(page).toHaveURL(/#\/flowable\/definition\/model/);
  await expect(shape(page, 'calc')).toContainText('计算金额');
  await expect(page.getByTestId('designer-save')).toBeEnabled();
  expect(await deployedRows(page, key)).toHaveLength(0);
  await shot(page, 'b1-designer-refused');

  // The refused element is selected, and stays clickable under its reason.
  await expect(page.locator('.bpmn-designer-canvas .djs-element.selected')).toHaveAttribute('data-element-id', 'calc');
  // 流程模拟 answers the same problem, one line naming the element, and runs nothing.
  await page.getByTestId('designer-simulate').click();
  const sim = page.getByTestId('sim-dialog');
  await sim.getByTestId('sim-run').click();
  await expect(sim.getByTestId('sim-problems')).toHaveText('计算金额 (calc): 部署失败: 不支持的流程元素 calc (bpmn:ScriptTask)');
  await expect(sim.getByTestId('sim-summary')).toHaveText('模型校验未通过，共 1 个问题，未运行');
  await shot(page, 'b1-designer-simulate-problems');
  await sim.getByRole('button', { name: '关 闭' }).click();
  await expect(sim).toHaveCount(0);
  const empty = await centre(shape(page, 'review'));
  empty.y += 260;
  await select(page, 'calc', empty);
  // 更改类型 offers only what the engine runs (no script task); a user task: the mark goes, the model deploys.
  await pad(page, 'replace');
  const menu = page.locator('.djs-popup.bpmn-replace');
  await expect(menu.locator('[data-id="replace-with-user-task"]')).toBeVisible();
  await expect(menu.locator('[data-id="replace-with-script-task"]')).toHaveCount(0);
  await expect(menu.locator('[data-id="replace-with-business-rule-task"]')).toHaveCount(0);
  await shot(page, 'b1-designer-replace-menu');
  await menu.locator('[data-id="replace-with-user-task"]').click();
  await expect(menu).toHaveCount(0);
  await expect(page.locator('[data-testid="designer-problem"][data-element-id="calc"]')).toHaveCount(0);
  await page.getByTestId('designer-save').click();
  await confirmDialog(page, '用户任务「计算金额」没有设置审批人');
  await expectToast(page, '保存成功');
  await expect(page).toHaveURL(/#\/flowable\/definition\?t=\d+/);
  expect(await deployedRows(page, key)).toHaveLength(1);
  expect(errors).toEqual([]);
});

/** The reference demo model (reference §6: flow_ks2lyz4c, start → 行政 → 老板 → end), with DI. */
const DEMO_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="diagram_flow_ks2lyz4c" targetNamespace="http://www.flowable.org/processdef">
  <bpmn2:process id="flow_ks2lyz4c" name="flow_a9z4w99d" isExecutable="true" flowable:processCategory="oa">
    <bpmn2:startEvent id="start_event" name="开始"><bpmn2:outgoing>Flow_1</bpmn2:outgoing></bpmn2:startEvent>
    <bpmn2:userTask id="Activity_1" name="行政" flowable:userType="candidateUsers" flowable:dataType="fixed" flowable:candidateUsers="1,2"><bpmn2:incoming>Flow_1</bpmn2:incoming><bpmn2:outgoing>Flow_2</bpmn2:outgoing></bpmn2:userTask>
    <bpmn2:userTask id="Activity_2" name="老板" flowable:userType="candidateGroups" flowable:dataType="dynamic" flowable:candidateGroups="#{approval}"><bpmn2:incoming>Flow_2</bpmn2:incoming><bpmn2:outgoing>Flow_3</bpmn2:outgoing></bpmn2:userTask>
    <bpmn2:endEvent id="Event_1" name="结束"><bpmn2:incoming>Flow_3</bpmn2:incoming></bpmn2:endEvent>
    <bpmn2:sequenceFlow id="Flow_1" sourceRef="start_event" targetRef="Activity_1" />
    <bpmn2:sequenceFlow id="Flow_2" sourceRef="Activity_1" targetRef="Activity_2" />
    <bpmn2:sequenceFlow id="Flow_3" sourceRef="Activity_2" targetRef="Event_1" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="flow_ks2lyz4c">
      <bpmndi:BPMNShape id="start_event_di" bpmnElement="start_event"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Activity_1_di" bpmnElement="Activity_1"><dc:Bounds x="240" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Activity_2_di" bpmnElement="Activity_2"><dc:Bounds x="400" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Event_1_di" bpmnElement="Event_1"><dc:Bounds x="562" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="188" y="120" /><di:waypoint x="240" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2"><di:waypoint x="340" y="120" /><di:waypoint x="400" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_3_di" bpmnElement="Flow_3"><di:waypoint x="500" y="120" /><di:waypoint x="562" y="120" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;

test('opens a .bpmn file, downloads XML and SVG, and starts a new diagram', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openDesigner(page);
  const input = page.getByTestId('designer-file-input');

  // A file of another type is refused; a .bpmn file is drawn with its flowable attributes kept.
  await input.setInputFiles({ name: 'model.json', mimeType: 'application/json', buffer: Buffer.from('{}') });
  await expectToast(page, '请选择 .bpmn 或 .xml 格式的流程文件');
  await input.setInputFiles({ name: 'flow_a9z4w99d.bpmn', mimeType: 'application/xml', buffer: Buffer.from(DEMO_XML) });
  await expect(shape(page, 'Activity_1')).toContainText('行政');
  await expect(shape(page, 'Activity_2')).toContainText('老板');
  await expect(page.getByTestId('designer-undo')).toBeDisabled();

  const xmlDownload = page.waitForEvent('download');
  await page.getByTestId('designer-download-xml').click();
  const xmlFile = await xmlDownload;
  expect(xmlFile.suggestedFilename()).toBe('flow_a9z4w99d.bpmn');
  const saved = readFileSync(await xmlFile.path(), 'utf8');
  expect(saved).toContain('flowable:candidateGroups="#{approval}"');
  expect(saved).toContain('flowable:processCategory="oa"');
  const svgDownload = page.waitForEvent('download');
  await page.getByTestId('designer-download-svg').click();
  const svgFile = await svgDownload;
  expect(svgFile.suggestedFilename()).toBe('flow_a9z4w99d.svg');
  expect(readFileSync(await svgFile.path(), 'utf8')).toContain('<svg');
  await shot(page, 'b1-designer-opened-file');

  // A broken file keeps the current diagram and says why.
  await input.setInputFiles({ name: 'broken.xml', mimeType: 'application/xml', buffer: Buffer.from('<bpmn2:definitions') });
  await expectToast(page, '文件打开失败: 文件内容不是有效的 XML');
  await expect(shape(page, 'Activity_1')).toBeVisible();

  // A deployment that cannot be read: the server's message, a blank diagram and a notice.
  await page.goto('#/flowable/definition/model?deployId=999999999');
  await expect(page.getByTestId('designer-load-failed')).toContainText('流程模型加载失败');
  await expect(shape(page, 'start_event')).toBeVisible();
  await shot(page, 'b1-designer-load-failed');
  await page.goto('#/flowable/definition/model');
  await expect(page.getByTestId('designer-load-failed')).toHaveCount(0);
  await input.setInputFiles({ name: 'flow_a9z4w99d.bpmn', mimeType: 'application/xml', buffer: Buffer.from(DEMO_XML) });
  await expect(shape(page, 'Activity_1')).toBeVisible();

  // 新建: back to the template (a fresh random process id).
  await page.getByTestId('designer-new').click();
  await expect(shape(page, 'Activity_1')).toHaveCount(0);
  await expect(shape(page, 'start_event')).toBeVisible();
});

/**
 * Issue 40 items 5 and 7 (process designer), as admin, who draws the processes:
 * - 保存模型 of supported but unconfigured elements says what to fill in, in the panel's words
 *   (循环基数 / 集合, 消息, 被调用流程), selects that element and opens its panel; the multi-instance
 *   dialog has 循环基数; the signal dialog has 信号范围 (全局 / 流程实例); the save says 保存成功;
 * - a flow drawn with the context pad's connect goes around the task between its ends;
 * - on a tablet (768 px) the canvas shows and the panel is collapsible; on a phone (375 px) the
 *   designer says in Chinese that it needs a wider screen instead of failing.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, expectToast, uniq } from './admin-api';
import { shot, signIn } from './helpers';
import { centre, pad, select, shape, type Point } from './canvas';

const NS = 'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" '
  + 'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn"';

type Box = { id: string; x: number; y: number; w: number; h: number };
const shapeDi = (b: Box) => `<bpmndi:BPMNShape id="${b.id}_di" bpmnElement="${b.id}"><dc:Bounds x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" /></bpmndi:BPMNShape>`;
const edgeDi = (id: string, a: Box, b: Box) => `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${a.x + a.w}" y="${a.y + a.h / 2}" /><di:waypoint x="${b.x}" y="${b.y + b.h / 2}" /></bpmndi:BPMNEdge>`;

/** A left-to-right chain of `nodes` (XML without its closing tag's DI) joined by flows f1, f2, …; `globals` before the process. */
function chain(key: string, name: string, nodes: Array<{ box: Box; xml: string }>, globals = '') {
  const flows = nodes.slice(1).map((n, i) => ({ id: `f${i + 1}`, from: nodes[i].box, to: n.box }));
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  ${globals}
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    ${nodes.map((n) => n.xml).join('\n    ')}
    ${flows.map((f) => `<bpmn:sequenceFlow id="${f.id}" sourceRef="${f.from.id}" targetRef="${f.to.id}" />`).join('\n    ')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
    ${nodes.map((n) => shapeDi(n.box)).join('\n    ')}
    ${flows.map((f) => edgeDi(f.id, f.from, f.to)).join('\n    ')}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

const START: Box = { id: 'start_event', x: 152, y: 182, w: 36, h: 36 };
const start = { box: START, xml: '<bpmn:startEvent id="start_event" name="开始" />' };
const endAt = (x: number) => ({ box: { id: 'end_event', x, y: 182, w: 36, h: 36 }, xml: '<bpmn:endEvent id="end_event" name="结束" />' });

/** 会签 (multi-instance without 循环基数 / 集合) → 等待回款 (message catch without a message) → 归档 (call activity without a called process). */
const gapsModel = (key: string, name: string) => chain(key, name, [
  start,
  { box: { id: 'sign', x: 240, y: 160, w: 100, h: 80 }, xml: '<bpmn:userTask id="sign" name="会签" flowable:assignee="1"><bpmn:multiInstanceLoopCharacteristics /></bpmn:userTask>' },
  { box: { id: 'wait', x: 392, y: 182, w: 36, h: 36 }, xml: '<bpmn:intermediateCatchEvent id="wait" name="等待回款"><bpmn:messageEventDefinition id="med" /></bpmn:intermediateCatchEvent>' },
  { box: { id: 'call', x: 480, y: 160, w: 100, h: 80 }, xml: '<bpmn:callActivity id="call" name="归档" />' },
  endAt(632),
]);

/** Opens an empty designer at the current viewport and draws `xml` through 打开文件. */
async function openInDesigner(page: Page, xml: string, waitFor: string) {
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  await page.getByTestId('designer-file-input').setInputFiles({ name: 'model.bpmn', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await expect(shape(page, waitFor)).toBeVisible();
}

const selectedId = (page: Page) => page.locator('.bpmn-designer-canvas .djs-element.selected').getAttribute('data-element-id');

/** Saves and expects the refusal toast `text` with `id` selected and its panel open. */
async function saveRefused(page: Page, text: string, id: string) {
  await page.getByTestId('designer-save').click();
  await expectToast(page, text);
  await expect(page.locator('.bpmn-designer-canvas .djs-element.selected')).toHaveAttribute('data-element-id', id);
  const panel = page.getByTestId('bpmn-properties-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(id);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('保存模型 says what to fill in with the panel\'s words and selects the element; 循环基数, 信号范围, 保存成功', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  const key = `gaps_${uniq()}`;
  const name = `待配置流程${uniq()}`;
  await openInDesigner(page, gapsModel(key, name), 'call');
  const panel = page.getByTestId('bpmn-properties-panel');
  const toasts = page.getByTestId('toast');

  // 1. 会签: multi-instance without 循环基数 / 集合.
  await saveRefused(page, '模型校验未通过: 用户任务「会签」(sign)的多实例还没有填写循环基数或集合：请在右侧属性面板点「编辑多实例」，填写「循环基数」或「集合」', 'sign');
  await expect(page.locator('[data-testid="designer-problem"]')).toHaveText(['多实例还没有填写循环基数或集合', '还没有选择消息', '还没有选择被调用流程']);
  await expect(toasts.filter({ hasText: /不支持的流程元素|loopCardinality|messageRef|calledElement|collection/ })).toHaveCount(0);
  await shot(page, 'new-user-designer-refusal-1440');
  await panel.getByTestId('multi-instance-edit').click();
  const mi = page.getByTestId('multi-instance-dialog');
  await expect(mi.getByRole('textbox', { name: '循环基数' })).toBeVisible();
  await mi.getByRole('button', { name: '确 定' }).click();
  await expect(mi).toContainText('请填写循环基数或集合');
  await mi.getByTestId('mi-cardinality').fill('3');
  await shot(page, 'new-user-designer-multi-instance-1440');
  await mi.getByRole('button', { name: '确 定' }).click();
  await expect(mi).toHaveCount(0);
  await expect(panel.getByTestId('multi-instance-summary')).toHaveText('并行 · 循环基数 3');

  // 2. 等待回款: a message event without a message.
  await saveRefused(page, '消息事件「等待回款」(wait) 还没有选择消息：请在右侧属性面板「消息」中选择一个消息（或点「新增/编辑消息」新建）', 'wait');
  await panel.getByTestId('panel-message-edit').click();
  const msg = page.getByTestId('message-dialog');
  await msg.getByTestId('message-table-add').click();
  await msg.getByTestId('cell-id').fill('Msg_paid');
  await msg.getByTestId('cell-name').fill('回款到账');
  await msg.getByRole('button', { name: '确 定' }).click();
  await expect(msg).toHaveCount(0);
  await expect(panel.getByTestId('panel-message-ref')).toHaveValue('Msg_paid');

  // 3. 归档: a call activity without a called process.
  await saveRefused(page, '调用活动「归档」(call) 还没有选择被调用流程：请在右侧属性面板「被调用流程」中选择或输入', 'call');
  await panel.getByTestId('panel-called-element').fill('archive_sub');
  await panel.getByTestId('panel-called-element').press('Enter');

  // 信号范围 in the process's 信号定义 dialog: 流程实例.
  const empty = await centre(shape(page, 'start_event'));
  await page.mouse.click(empty.x + 60, empty.y + 200);
  await expect(panel.getByTestId('panel-title')).toHaveText('流程');
  await panel.getByTestId('signal-edit').click();
  const sig = page.getByTestId('signal-dialog');
  await sig.getByTestId('signal-table-add').click();
  await expect(sig.getByTestId('cell-scope')).toHaveValue('global');
  await expect(sig.getByTestId('cell-scope').locator('option')).toHaveText(['请选择', '全局', '流程实例']);
  await sig.getByTestId('cell-scope').selectOption({ label: '流程实例' });
  await sig.getByTestId('cell-id').fill('Sig_close');
  await sig.getByTestId('cell-name').fill(`月结${uniq()}`);
  await shot(page, 'new-user-designer-signal-1440');
  await sig.getByRole('button', { name: '确 定' }).click();
  await expect(sig).toHaveCount(0);

  // Everything filled in: 保存成功 (not 导入成功), back to the list; the saved XML has both.
  await page.getByTestId('designer-save').click();
  await expectToast(page, '保存成功');
  await expect(toasts.filter({ hasText: '导入成功' })).toHaveCount(0);
  await expect(page).toHaveURL(/#\/flowable\/definition\?t=\d+/);
  const headers = await apiAuth(request);
  const list = await (await request.get('/caishui-api/flowable/definition/list', { headers, params: { pageNum: 1, pageSize: 10, name } })).json();
  const row = (list.rows as Array<{ key: string; deploymentId: string }>).find((r) => r.key === key)!;
  const xml = (await (await request.get(`/caishui-api/flowable/definition/readXml/${row.deploymentId}`, { headers })).json()).data as string;
  expect(xml).toMatch(/<bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">3<\/bpmn:loopCardinality>/);
  expect(xml).toContain('<bpmn:signal id="Sig_close"');
  expect(xml).toMatch(/<bpmn:signal id="Sig_close" name="月结\w+" flowable:scope="processInstance" \/>/);
  expect(errors).toEqual([]);
});

/** The waypoints of sequence flow `id` in exported designer XML. */
function waypointsOf(xml: string, id: string): Point[] {
  const edge = new RegExp(`<bpmndi:BPMNEdge id="[^"]*" bpmnElement="${id}">([\\s\\S]*?)</bpmndi:BPMNEdge>`).exec(xml)![1];
  return [...edge.matchAll(/<di:waypoint x="([\d.-]+)" y="([\d.-]+)" \/>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
}

/** The bounds of shape `id` in exported designer XML. */
function boundsOf(xml: string, id: string) {
  const m = new RegExp(`bpmnElement="${id}"[^>]*>\\s*<dc:Bounds x="([\\d.-]+)" y="([\\d.-]+)" width="([\\d.-]+)" height="([\\d.-]+)"`).exec(xml)!;
  return { x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]) };
}

/** True when an axis-parallel segment a→b passes through the inside of `r`. */
function crosses(a: Point, b: Point, r: { x: number; y: number; width: number; height: number }) {
  const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return x1 > r.x && x0 < r.x + r.width && y1 > r.y && y0 < r.y + r.height;
}

test('a flow drawn with the context pad\'s connect goes around the task between its ends', async ({ page }) => {
  await signIn(page);
  const key = `route_${uniq()}`;
  await openInDesigner(page, chain(key, '绕行', [
    start,
    { box: { id: 'task', x: 260, y: 160, w: 100, h: 80 }, xml: '<bpmn:userTask id="task" name="审批" flowable:assignee="1" />' },
    endAt(432),
  ]), 'task');
  const empty = await centre(shape(page, 'start_event'));
  await select(page, 'start_event', { x: empty.x + 60, y: empty.y + 200 });
  await pad(page, 'connect');
  const target = await centre(shape(page, 'end_event'));
  await page.mouse.move(target.x - 20, target.y, { steps: 8 });
  await page.mouse.move(target.x, target.y, { steps: 4 });
  await page.mouse.click(target.x, target.y);
  await expect(page.locator('.bpmn-designer-canvas .djs-connection')).toHaveCount(3);
  await shot(page, 'new-user-designer-route-1440');

  await page.getByTestId('designer-xml').click();
  const xml = (await page.getByTestId('designer-xml-content').textContent())!;
  const flow = /<bpmn:sequenceFlow id="([^"]+)" sourceRef="start_event" targetRef="end_event" \/>/.exec(xml)![1];
  const points = waypointsOf(xml, flow);
  expect(points.length).toBeGreaterThanOrEqual(4);
  const task = boundsOf(xml, 'task');
  for (let i = 1; i < points.length; i++) {
    expect(points[i].x === points[i - 1].x || points[i].y === points[i - 1].y, JSON.stringify(points)).toBe(true);
    expect(crosses(points[i - 1], points[i], task), `${JSON.stringify(points)} through ${JSON.stringify(task)}`).toBe(false);
  }
});

test('small screens: on a tablet (768 px) the canvas shows with a collapsible panel; on a phone (375 px) a Chinese notice instead of a failure', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page);
  await page.goto('#/flowable/definition/model');
  await expect(shape(page, 'start_event')).toBeVisible();
  const canvas = (await page.getByTestId('designer-canvas').boundingBox())!;
  expect(canvas.width).toBeGreaterThan(500);
  await expect(page.getByTestId('bpmn-properties-panel')).toBeHidden();
  await shot(page, 'new-user-designer-768-collapsed');
  await page.getByRole('button', { name: '展开属性面板' }).click();
  await expect(page.getByTestId('bpmn-properties-panel')).toBeVisible();
  await expect(page.getByTestId('panel-title')).toHaveText('流程');
  // The panel opens over the canvas: the canvas keeps its size.
  expect((await page.getByTestId('designer-canvas').boundingBox())!.width).toBe(canvas.width);
  await shot(page, 'new-user-designer-768-open');
  await page.getByRole('button', { name: '收起属性面板' }).click();
  await expect(page.getByTestId('bpmn-properties-panel')).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByTestId('designer-narrow-screen')).toContainText('流程设计器需要更宽的屏幕，请在电脑或平板上打开');
  await expect(page.getByTestId('designer-canvas')).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: /流程图加载失败|SVGMatrix/ })).toHaveCount(0);
  await shot(page, 'new-user-designer-375');
  await page.getByRole('link', { name: '返回流程定义' }).click();
  await expect(page).toHaveURL(/#\/flowable\/definition$/);
  expect(errors).toEqual([]);
});

/**
 * The instance views over the issue 13 elements through REST (part D): readImage draws expanded
 * and event sub-processes, boundary / catch events, call activities and service tasks from the
 * DI; nextFlowNode walks into a sub-process and stops at a call activity; flowRecord of the caller
 * lists the called instance's tasks (calledProcessName); flowXmlAndNode marks the sub-process and
 * the call activity; the to-do / my-process lists name the right process. Readers: the called
 * instance's task holder reads that instance only, the caller's initiator and task holders read
 * the called instance, a user without any role is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, grantProcessStart } from '../helpers/factories';

const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };
let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['vsStarter', 'vsHolder', 'vsInner', 'vsChild', 'vsStranger']) id[name] = await makeUser(t.app, { userName: name });
  await grantProcessStart(t.app, [id.vsStarter]); // they start processes (issue 40)
  tok.admin = await login(t.app);
  for (const name of Object.keys(id)) tok[name] = await login(t.app, name, 'admin123');
});
afterAll(async () => { await t.app.close(); });

const get = (url: string, who: string) => call(t.app, 'GET', url, tok[who]).then((r) => r.body);
const post = (url: string, body: unknown, who: string) => call(t.app, 'POST', url, tok[who], body).then((r) => r.body);

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC" xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="t">`;
const flow = (fid: string, s: string, tg: string) => `<sequenceFlow id="${fid}" sourceRef="${s}" targetRef="${tg}"/>`;
/** DI: [element, x, y, w, h, expanded?]; every flow gets a two-point edge. */
const di = (key: string, shapes: Array<[string, number, number, number, number, boolean?]>, flows: string[]) => `<bpmndi:BPMNDiagram id="d_${key}"><bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">
  ${shapes.map(([el, x, y, w, h, exp]) => `<bpmndi:BPMNShape id="${el}_di" bpmnElement="${el}"${exp === undefined ? '' : ` isExpanded="${exp}"`}><omgdc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`).join('\n')}
  ${flows.map((f, i) => `<bpmndi:BPMNEdge id="${f}_di" bpmnElement="${f}"><omgdi:waypoint x="${i * 10}" y="0"/><omgdi:waypoint x="${i * 10 + 5}" y="5"/></bpmndi:BPMNEdge>`).join('\n')}
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`;

const childXml = () => `${HEAD}<process id="vsChildProc" name="子流程审批">
  <startEvent id="cs" name="子开始"/><userTask id="ct" name="子任务" flowable:assignee="${id.vsChild}"/><endEvent id="ce" name="子结束"/>${flow('c1', 'cs', 'ct')}${flow('c2', 'ct', 'ce')}
</process></definitions>`;

const parentXml = () => `${HEAD}<message id="m1" name="VS_M1"/>
<process id="vsParent" name="主流程">
  <startEvent id="s" name="开始"/>
  <userTask id="a" name="申请" flowable:assignee="${id.vsHolder}" flowable:dataType="fixed" flowable:userType="assignee"/>
  <subProcess id="sub" name="内部处理">
    <startEvent id="s2" name="内开始"/>
    <userTask id="inner" name="内部审批" flowable:assignee="${id.vsInner}" flowable:dataType="dynamic" flowable:userType="candidateUsers"/>
    <serviceTask id="svc" name="记录" flowable:class="caishui.service.setVariables"><extensionElements><flowable:field name="status" stringValue="ok"/></extensionElements></serviceTask>
    <endEvent id="e2" name="内结束"/>
    <boundaryEvent id="late" name="超时" attachedToRef="inner" cancelActivity="false"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
    <endEvent id="e3" name="超时结束"/>
    ${flow('g1', 's2', 'inner')}${flow('g2', 'inner', 'svc')}${flow('g3', 'svc', 'e2')}${flow('g4', 'late', 'e3')}
  </subProcess>
  <callActivity id="call" name="调用子流程" calledElement="vsChildProc"/>
  <userTask id="after" name="归档" flowable:assignee="${id.vsHolder}"/>
  <intermediateCatchEvent id="wait" name="等待"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>
  <endEvent id="e" name="结束"/>
  <subProcess id="esp" name="催办" triggeredByEvent="true">
    <startEvent id="es" name="催办开始" isInterrupting="false"><messageEventDefinition messageRef="m1"/></startEvent>
    <userTask id="espTask" name="处理催办" flowable:assignee="${id.vsHolder}"/><endEvent id="ee" name="催办结束"/>${flow('h1', 'es', 'espTask')}${flow('h2', 'espTask', 'ee')}
  </subProcess>
  ${flow('f1', 's', 'a')}${flow('f2', 'a', 'sub')}${flow('f3', 'sub', 'call')}${flow('f4', 'call', 'after')}${flow('f5', 'after', 'wait')}${flow('f6', 'wait', 'e')}
</process>
${di('vsParent', [
    ['s', 0, 100, 36, 36], ['a', 80, 80, 100, 80], ['sub', 220, 40, 420, 200, true], ['s2', 240, 110, 36, 36], ['inner', 300, 90, 100, 80],
    ['late', 360, 152, 36, 36], ['e3', 420, 200, 36, 36], ['svc', 440, 90, 100, 80], ['e2', 580, 110, 36, 36], ['call', 680, 80, 100, 80],
    ['after', 820, 80, 100, 80], ['wait', 960, 100, 36, 36], ['e', 1040, 100, 36, 36],
    ['esp', 220, 300, 300, 120, true], ['es', 240, 340, 36, 36], ['espTask', 320, 320, 100, 80], ['ee', 460, 340, 36, 36],
  ], ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'g1', 'g2', 'g3', 'g4', 'h1', 'h2'])}
</definitions>`;

let parent: { deploymentId: string; definitionId: string };
let instanceId: string;
let childId: string;
const taskOf = async (inst: string, key: string) => (await t.app.deps.engine.instanceTasks(inst)).find((x) => x.taskDefKey === key)!;

describe('issue 13 elements in the instance views (REST)', () => {
  it('readImage draws the sub-processes, boundary / catch events, call activity and service task from the DI', async () => {
    expect(await post('/flowable/definition/save', { name: '子流程审批', category: 'oa', xml: childXml() }, 'admin')).toMatchObject({ code: 200 });
    const r = await post('/flowable/definition/save', { name: '主流程', category: 'oa', xml: parentXml() }, 'admin');
    expect(r).toMatchObject({ code: 200 });
    parent = r.data;
    const img = await t.app.inject({ url: `/caishui-api/flowable/definition/readImage/${parent.deploymentId}`, headers: { authorization: `Bearer ${tok.admin}` } });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    const svg = img.body;
    expect((svg.match(/ data-element-id=/g) ?? []).length).toBe(17 + 12);
    expect(svg).toMatch(/<rect data-element-id="sub" class="subProcess" [^>]*fill="none"/);
    expect(svg).toMatch(/<rect data-element-id="esp" class="subProcess eventSubProcess" [^>]*stroke-dasharray/);
    expect(svg).toMatch(/<rect data-element-id="call" class="callActivity" [^>]*stroke-width="3"/);
    expect(svg).toMatch(/<circle data-element-id="late" class="boundaryEvent" data-event="timer" [^>]*stroke-dasharray/);
    expect(svg).toMatch(/<circle data-element-id="wait" class="intermediateCatchEvent" data-event="timer"/);
    expect(svg).toMatch(/<circle data-element-id="es" class="startEvent" data-event="message"/);
    expect(svg).toMatch(/<rect data-element-id="svc" class="serviceTask"/);
    expect(svg).toContain('⚙');
    expect(svg).toContain('内部处理');
    // The sub-process frame is drawn before (behind) its content; the boundary event after (over) its host.
    expect(svg.indexOf('data-element-id="sub"')).toBeLessThan(svg.indexOf('data-element-id="inner"'));
    expect(svg.indexOf('data-element-id="late"')).toBeGreaterThan(svg.indexOf('data-element-id="inner"'));
  });

  it('nextFlowNode walks into the sub-process and stops at the call activity', async () => {
    const start = await post('/flowable/task/nextFlowNodeByStart', { deploymentId: parent.deploymentId, variables: {} }, 'vsStarter');
    expect(start).toMatchObject({ code: 200, data: { type: 'assignee', dataType: 'fixed', vars: 'approval' } });
    const s = await post(`/flowable/definition/start/${parent.definitionId}`, {}, 'vsStarter');
    expect(s.code).toBe(200);
    instanceId = s.data.instanceId;
    const a = await taskOf(instanceId, 'a');
    expect(await post('/flowable/task/nextFlowNode', { taskId: a.taskId }, 'vsHolder'))
      .toMatchObject({ code: 200, data: { type: 'candidateUsers', dataType: 'dynamic', vars: 'approval' } });
    expect(await post('/flowable/task/complete', { taskId: a.taskId, instanceId, comment: '提交' }, 'vsHolder')).toMatchObject({ code: 200 });
    const inner = await taskOf(instanceId, 'inner');
    const next = await post('/flowable/task/nextFlowNode', { taskId: inner.taskId }, 'vsInner');
    expect(next).toMatchObject({ code: 200, msg: '流程已完结!' });
    expect(next.data).toBeUndefined();
    expect(await post('/flowable/task/complete', { taskId: inner.taskId, instanceId, comment: '内部同意' }, 'vsInner')).toMatchObject({ code: 200 });
    const children = await t.app.deps.engine.childInstances(instanceId);
    expect(children).toHaveLength(1);
    childId = children[0].instanceId;
  });

  it("flowRecord of the caller lists the called instance's task; flowXmlAndNode marks the sub-process and the call activity", async () => {
    const rec = await get(`/flowable/task/flowRecord?procInsId=${instanceId}`, 'vsStarter');
    expect(rec.code).toBe(200);
    const list = rec.data.flowList as Array<Record<string, unknown>>;
    expect(list.map((i) => i.taskName)).toEqual(['子任务', '内部审批', '申请', '发起']);
    expect(list[0]).toMatchObject({ calledInstanceId: childId, calledProcessName: '子流程审批', callActivityId: 'call', assigneeName: 'vsChild', finishTime: null });
    expect(list[1]).toMatchObject({ calledInstanceId: null, calledProcessName: null, assigneeName: 'vsInner', comment: { type: '1', comment: '内部同意' } });
    const view = await get(`/flowable/task/flowXmlAndNode?procInsId=${instanceId}&deployId=${parent.deploymentId}`, 'vsStarter');
    const nodes = Object.fromEntries((view.data.nodeData as Array<{ key: string; completed: boolean }>).map((n) => [n.key, n.completed]));
    expect(nodes).toMatchObject({ sub: true, s2: true, g1: true, inner: true, svc: true, e2: true, f3: true, call: false });
    expect(nodes).not.toHaveProperty('late');
    const childView = await get(`/flowable/task/flowViewer/${childId}/x`, 'vsChild');
    expect(childView).toMatchObject({ code: 200, data: [{ key: 'cs', completed: true }, { key: 'c1', completed: true }, { key: 'ct', completed: false }] });
  });

  it("readers of the called instance: its holder, the caller's initiator and holders; not a user without a role", async () => {
    const rec = (who: string, inst: string) => get(`/flowable/task/flowRecord?procInsId=${inst}`, who);
    const viewer = (who: string, inst: string) => get(`/flowable/task/flowViewer/${inst}/x`, who);
    expect(await rec('vsStranger', childId)).toEqual(FORBIDDEN);
    expect(await viewer('vsStranger', childId)).toEqual(FORBIDDEN);
    expect(await rec('vsStranger', instanceId)).toEqual(FORBIDDEN);
    const own = await rec('vsChild', childId);
    expect(own.code).toBe(200);
    expect(own.data.flowList).toMatchObject([{ taskName: '子任务', calledInstanceId: null }]);
    expect((await viewer('vsChild', childId)).code).toBe(200);
    // The called instance's holder is not a participant of the caller.
    expect(await rec('vsChild', instanceId)).toEqual(FORBIDDEN);
    for (const who of ['vsStarter', 'vsHolder', 'vsInner']) expect((await rec(who, childId)).code, who).toBe(200);
  });

  it('to-do / finished / my process name the right process; the called instance is not a separate process of the initiator', async () => {
    const todo = await get('/flowable/task/todoList?pageNum=1&pageSize=10', 'vsChild');
    expect(todo.rows).toMatchObject([{ taskName: '子任务', procDefName: '子流程审批', procInsId: childId, superProcInsId: instanceId, startUserName: 'vsStarter' }]);
    const finished = await get('/flowable/task/finishedList?pageNum=1&pageSize=10', 'vsInner');
    expect(finished.rows).toMatchObject([{ taskName: '内部审批', procDefName: '主流程', procInsId: instanceId }]);
    const mine = await get('/flowable/task/myProcess?pageNum=1&pageSize=10', 'vsStarter');
    expect(mine.total).toBe(1);
    expect(mine.rows).toMatchObject([{ procInsId: instanceId, procDefName: '主流程', taskName: '子任务', assigneeName: 'vsChild', taskProcInsId: childId, taskProcDefName: '子流程审批' }]);
    expect(await post('/flowable/task/complete', { taskId: (await taskOf(childId, 'ct')).taskId, instanceId: childId, comment: '子同意' }, 'vsChild')).toMatchObject({ code: 200 });
    const after = await get('/flowable/task/myProcess?pageNum=1&pageSize=10', 'vsStarter');
    expect(after.rows).toMatchObject([{ procInsId: instanceId, taskName: '归档', taskProcInsId: null }]);
    const rec = await get(`/flowable/task/flowRecord?procInsId=${instanceId}`, 'vsHolder');
    expect(rec.data.flowList[0]).toMatchObject({ taskName: '归档', calledInstanceId: null });
    expect(rec.data.flowList[1]).toMatchObject({ taskName: '子任务', calledProcessName: '子流程审批', comment: { type: '1', comment: '子同意' } });
  });
});

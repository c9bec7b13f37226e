/**
 * 流程模拟 (issue 16 "流程模拟 (dry run)") through REST: `POST /flowable/definition/simulate` runs
 * the designer's model on a throwaway engine. An exclusive gateway takes its branch by the sample
 * variables (path, tasks with receivers and display names from the real users and roles, handlers
 * chosen by default or by the caller, nothing deployed or written); an expression that fails names
 * its element with Flowable's message; a model with a problem answers the problems and runs
 * nothing; timers wait, the log service's lines come back, `maxSteps` stops a loop; a call
 * activity runs the latest deployed version of the called process; the right
 * `system:deployment:add` is checked on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser, makeUserWithPerms } from '../helpers/factories';

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
let roleId: number;

beforeAll(async () => {
  t = await makeTestApp();
  roleId = await makeRole(t.app, { roleKey: '模拟复核组' });
  id.reviewerB = await makeUser(t.app, { userName: 'reviewerB', roleIds: [roleId] });
  id.reviewerA = await makeUser(t.app, { userName: 'reviewerA', roleIds: [roleId] });
  id.manager = await makeUser(t.app, { userName: 'simManager' });
  id.stranger = await makeUser(t.app, { userName: 'simStranger' });
  id.designer = await makeUserWithPerms(t.app, 'simDesigner', ['system:deployment:add']);
  id.viewer = await makeUserWithPerms(t.app, 'simViewer', ['system:deployment:list']);
  tok.admin = await login(t.app);
  tok.designer = await login(t.app, 'simDesigner', 'admin123');
  tok.viewer = await login(t.app, 'simViewer', 'admin123');
});
afterAll(async () => { await t.app.close(); });

const simulate = (body: unknown, who = 'admin') => call(t.app, 'POST', '/flowable/definition/simulate', tok[who], body).then((r) => r.body);
const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">`;

/** 申请 (initiator) → 金额判断: amount > 1000 → 复核 (the role), else (default) → 经理审批 (manager) → end. */
const gatewayXml = () => `${head}
<process id="sim_amount" name="金额审批" isExecutable="true">
  <startEvent id="start" name="开始" flowable:initiator="INITIATOR"/>
  <userTask id="apply" name="申请" flowable:assignee="\${INITIATOR}"/>
  <exclusiveGateway id="xor" name="金额判断" default="toManager"/>
  <userTask id="review" name="复核" flowable:candidateGroups="${roleId}"/>
  <userTask id="manager" name="经理审批" flowable:candidateUsers="${id.manager}"/>
  <endEvent id="end" name="结束"/>
  <sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
  <sequenceFlow id="f2" sourceRef="apply" targetRef="xor"/>
  <sequenceFlow id="toReview" sourceRef="xor" targetRef="review"><conditionExpression xsi:type="tFormalExpression">\${amount > 1000}</conditionExpression></sequenceFlow>
  <sequenceFlow id="toManager" sourceRef="xor" targetRef="manager"/>
  <sequenceFlow id="f3" sourceRef="review" targetRef="end"/>
  <sequenceFlow id="f4" sourceRef="manager" targetRef="end"/>
</process></definitions>`;

const countOf = async (table: string) => Number((await t.app.deps.store.get<{ n: number }>(`SELECT COUNT(*) AS "n" FROM ${table}`))!.n);
const realCounts = async () => ({
  definitions: await countOf('wf_definition'),
  instances: await countOf('wf_instance'),
  tasks: await countOf('wf_hi_taskinst'),
});

describe('流程模拟', () => {
  it('takes the gateway branch the variables choose, names who receives each task and deploys nothing', async () => {
    const before = await realCounts();
    const listBefore = (await call(t.app, 'GET', '/flowable/definition/list?pageNum=1&pageSize=10', tok.admin)).body.total;

    const big = await simulate({ xml: gatewayXml(), variables: { amount: 5000 } });
    expect(big.code).toBe(200);
    expect(big.data).toMatchObject({ ended: true, steps: 2, limitReached: false, waiting: [] });
    expect(big.data.error).toBeUndefined();
    expect(big.data.path).toEqual(['start', 'f1', 'apply', 'f2', 'xor', 'toReview', 'review', 'f3', 'end']);
    expect(big.data.tasks).toEqual([
      { taskDefKey: 'apply', name: '申请', assignee: '1', assigneeName: '若依', candidateUsers: [], candidateGroups: [], candidateNames: [], actedBy: '1', actedByName: '若依', calledProcessName: null },
      // the first enabled member of the candidate role (lowest user id) acts by default
      { taskDefKey: 'review', name: '复核', assignee: null, assigneeName: null, candidateUsers: [], candidateGroups: [String(roleId)], candidateNames: ['模拟复核组'],
        actedBy: String(id.reviewerB), actedByName: 'reviewerB', calledProcessName: null },
    ]);

    // The default branch; the manager's task done by the chosen handler with node variables.
    const small = await simulate({ xml: gatewayXml(), variables: { amount: 10 }, startUserId: String(id.designer),
      handlers: { manager: String(id.manager) }, taskVariables: { apply: { amount: 20000 } } });
    expect(small.data.path).toEqual(['start', 'f1', 'apply', 'f2', 'xor', 'toReview', 'review', 'f3', 'end']); // apply raised the amount
    expect(small.data.tasks[0]).toMatchObject({ assignee: String(id.designer), assigneeName: 'simDesigner', actedByName: 'simDesigner' });
    const def = await simulate({ xml: gatewayXml(), variables: { amount: 10 }, handlers: { manager: String(id.manager), apply: '' } });
    expect(def.data.path).toEqual(['start', 'f1', 'apply', 'f2', 'xor', 'toManager', 'manager', 'f4', 'end']);
    expect(def.data.tasks[1]).toMatchObject({ taskDefKey: 'manager', candidateUsers: [String(id.manager)], candidateNames: ['simManager'], actedBy: String(id.manager) });

    // A chosen handler who may not act: the engine's refusal, at that node; what ran before is kept.
    const refused = await simulate({ xml: gatewayXml(), variables: { amount: 10 }, handlers: { manager: String(id.stranger) } });
    expect(refused.data).toMatchObject({ ended: false, steps: 1, error: { elementId: 'manager', message: '当前用户不是该任务的办理人，无权操作' }, waiting: [{ activityId: 'manager', name: '经理审批' }] });
    expect(refused.data.tasks[1]).toMatchObject({ taskDefKey: 'manager', actedBy: null });

    expect(await realCounts()).toEqual(before);
    expect(before.instances).toBe(0);
    expect((await call(t.app, 'GET', '/flowable/definition/list?pageNum=1&pageSize=10', tok.admin)).body.total).toBe(listBefore);
  });

  it('reports a failing expression with its element and Flowable\'s message', async () => {
    const xml = (assignee: string) => `${head}
<process id="sim_bad" name="坏表达式" isExecutable="true">
  <startEvent id="start" flowable:initiator="INITIATOR"/>
  <userTask id="apply" name="申请" flowable:assignee="\${INITIATOR}"/>
  <userTask id="bad" name="坏节点" flowable:assignee="${assignee}"/>
  <endEvent id="end"/>
  <sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
  <sequenceFlow id="f2" sourceRef="apply" targetRef="bad"/>
  <sequenceFlow id="f3" sourceRef="bad" targetRef="end"/>
</process></definitions>`;
    const r = await simulate({ xml: xml('${missing}') });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ ended: false, steps: 0, path: ['start', 'f1', 'apply'], waiting: [{ activityId: 'apply', name: '申请' }] });
    expect(r.data.error).toEqual({ elementId: 'bad', message: 'Unknown property used in expression: ${missing}' });
    // Given the variable, the same model runs to its end.
    const ok = await simulate({ xml: xml('${missing}'), variables: { missing: String(id.manager) } });
    expect(ok.data).toMatchObject({ ended: true, steps: 2 });
    expect(ok.data.tasks[1]).toMatchObject({ taskDefKey: 'bad', assigneeName: 'simManager', actedBy: String(id.manager) });

    // A failing condition of a gateway right after the start: the flow holding it.
    const cond = await simulate({ xml: gatewayXml().replace('${amount > 1000}', '${amount > limit}'), variables: { amount: 1 } });
    expect(cond.data.error).toEqual({ elementId: 'toReview', message: 'Unknown property used in expression: ${amount > limit}' });
  });

  it('answers the model\'s problems and runs nothing', async () => {
    const xml = gatewayXml().replace('<userTask id="manager" name="经理审批"', '<scriptTask id="manager" name="经理审批"').replace(`flowable:candidateUsers="${id.manager}"/>`, '/>');
    const r = await simulate({ xml });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ ended: false, steps: 0, path: [], tasks: [], waiting: [] });
    expect(r.data.problems).toEqual(expect.arrayContaining([expect.objectContaining({ elementId: 'manager', elementType: 'bpmn:ScriptTask', message: expect.stringContaining('不支持的流程元素 manager') })]));
    expect(r.data.error).toBeUndefined();
  });

  it('stops at timers, keeps the log service\'s lines and stops a loop at maxSteps', async () => {
    const waitXml = `${head}
<process id="sim_wait" name="等待" isExecutable="true">
  <startEvent id="start"/>
  <serviceTask id="log" name="记录" flowable:class="caishui.service.log"><extensionElements><flowable:field name="message" stringValue="模拟日志"/></extensionElements></serviceTask>
  <intermediateCatchEvent id="wait" name="等一小时"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>
  <endEvent id="end"/>
  <sequenceFlow id="f1" sourceRef="start" targetRef="log"/>
  <sequenceFlow id="f2" sourceRef="log" targetRef="wait"/>
  <sequenceFlow id="f3" sourceRef="wait" targetRef="end"/>
</process></definitions>`;
    const w = await simulate({ xml: waitXml });
    expect(w.data).toMatchObject({ ended: false, steps: 0, path: ['start', 'f1', 'log', 'f2', 'wait'], waiting: [{ activityId: 'wait', name: '等一小时' }], logs: ['log 模拟日志'] });

    const loop = gatewayXml().replace('<sequenceFlow id="f3" sourceRef="review" targetRef="end"/>', '<sequenceFlow id="f3" sourceRef="review" targetRef="apply"/>');
    const l = await simulate({ xml: loop, variables: { amount: 5000 }, maxSteps: 3 });
    expect(l.data).toMatchObject({ ended: false, steps: 3, limitReached: true, waiting: [{ activityId: 'review' }] });
    expect((await simulate({ xml: loop, maxSteps: 201 })).msg).toBe('模拟步数不能超过200');
    expect((await simulate({ xml: gatewayXml(), variables: [1] })).code).toBe(500);
  });

  it('runs a call activity on the latest active version of the called process, deploying nothing', async () => {
    const child = (name: string) => `${head}
<process id="sim_child" name="${name}" isExecutable="true">
  <startEvent id="cs" name="开始"/><userTask id="sign" name="会签" flowable:assignee="\${INITIATOR}"/><endEvent id="ce" name="结束"/>
  <sequenceFlow id="c1" sourceRef="cs" targetRef="sign"/><sequenceFlow id="c2" sourceRef="sign" targetRef="ce"/>
</process></definitions>`;
    for (const name of ['子流程旧版', '子流程']) expect((await call(t.app, 'POST', '/flowable/definition/save', tok.admin, { name, xml: child(name) })).body.code).toBe(200);
    const parent = `${head}
<process id="sim_parent" name="主流程" isExecutable="true">
  <startEvent id="start" flowable:initiator="INITIATOR"/>
  <callActivity id="call" name="调用子流程" calledElement="sim_child" flowable:inheritVariables="true"/>
  <userTask id="after" name="归档" flowable:candidateUsers="${id.manager}"/>
  <endEvent id="end"/>
  <sequenceFlow id="f1" sourceRef="start" targetRef="call"/>
  <sequenceFlow id="f2" sourceRef="call" targetRef="after"/>
  <sequenceFlow id="f3" sourceRef="after" targetRef="end"/>
</process></definitions>`;
    const before = await realCounts();
    const r = await simulate({ xml: parent });
    expect(r.data).toMatchObject({ ended: true, steps: 2, path: ['start', 'f1', 'call', 'f2', 'after', 'f3', 'end'] });
    expect(r.data.tasks.map((x: { name: string; calledProcessName: string | null; actedBy: string }) => [x.name, x.calledProcessName, x.actedBy]))
      .toEqual([['会签', '子流程', '1'], ['归档', null, String(id.manager)]]);
    expect(await realCounts()).toEqual(before);
  });

  it('needs system:deployment:add', async () => {
    expect(await simulate({ xml: gatewayXml() }, 'viewer')).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    const r = await simulate({ xml: gatewayXml(), variables: { amount: 1 } }, 'designer');
    expect(r).toMatchObject({ code: 200, data: { ended: true, steps: 2 } });
    expect(r.data.tasks[0]).toMatchObject({ assignee: String(id.designer), actedBy: String(id.designer) });
  });
});

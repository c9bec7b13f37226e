/**
 * Issue 38 §6 "One request stalls the server", the engine's budgets through REST: a countersign
 * (multi-instance) larger than `flowable.multiInstance.maxInstances` (default 1000) and a
 * loopCardinality likewise are refused before any instance exists; a process variable larger
 * than `flowable.variable.maxBytes` (default 1 MB) is refused; 流程模拟 of a model that doubles its
 * tokens or loops without waiting stops at its budget with a message and a partial trace.
 * Each refusal writes nothing. Sizes are the smallest that pass the caps.
 */
import { describe, expect, it } from 'vitest';
import { useFlowableRest } from './flowable-rest';

const { s, post, deploy } = useFlowableRest();

const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">`;

/** start → 会签 (one task per entry of `signers`, or `${n}` instances) → end. */
const countersignXml = (key: string, mi: string) => `${head}
<process id="${key}" name="会签${key}" isExecutable="true">
  <startEvent id="start" name="开始" flowable:initiator="INITIATOR"/>
  <userTask id="sign" name="会签" flowable:assignee="\${signer}">
    <multiInstanceLoopCharacteristics isSequential="false" ${mi}/>
  </userTask>
  <endEvent id="end" name="结束"/>
  <sequenceFlow id="f1" sourceRef="start" targetRef="sign"/>
  <sequenceFlow id="f2" sourceRef="sign" targetRef="end"/>
</process></definitions>`;
const byList = countersignXml('mi_list', 'flowable:collection="${signers}" flowable:elementVariable="signer"');
const byCount = `${head}
<process id="mi_count" name="循环" isExecutable="true">
  <startEvent id="start" name="开始"/>
  <userTask id="sign" name="循环审批" flowable:assignee="1">
    <multiInstanceLoopCharacteristics isSequential="false"><loopCardinality>\${n}</loopCardinality></multiInstanceLoopCharacteristics>
  </userTask>
  <endEvent id="end" name="结束"/>
  <sequenceFlow id="f1" sourceRef="start" targetRef="sign"/>
  <sequenceFlow id="f2" sourceRef="sign" targetRef="end"/>
</process></definitions>`;

const count = async (table: string) => (await s.t.app.deps.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;
const written = async () => ({ instances: await count('wf_instance'), tasks: await count('wf_task'), vars: await count('wf_variable'), history: await count('wf_hi_taskinst') });
const signers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

/** Sets the seeded `flowable.multiInstance.maxInstances` row through 参数设置 (PUT /system/config) → the reply code. */
async function setCap(value: string): Promise<number> {
  const id = (await s.t.app.deps.store.get<{ id: number }>("SELECT config_id AS id FROM sys_config WHERE config_key = 'flowable.multiInstance.maxInstances'"))!.id;
  return (await s.t.app.inject({
    method: 'PUT', url: '/caishui-api/system/config', headers: { authorization: `Bearer ${s.admin}` },
    payload: { configId: id, configName: '流程引擎-多实例节点实例数上限', configKey: 'flowable.multiInstance.maxInstances', configValue: value, configType: 'Y' },
  })).json().code;
}

describe('multi-instance cardinality cap (issue 38 §6)', () => {
  it('refuses a countersign of 1001 signers by a role-less user, writing nothing; 1000 start', async () => {
    const { definitionId } = await deploy('会签', byList);
    const before = await written();
    const r = await post(`/flowable/definition/start/${definitionId}`, { signers: signers(1001) }, s.nobody);
    expect(r).toEqual({ code: 500, msg: '多实例节点「会签」的实例数 1001 超过上限 1000（会签人数或循环数过多）' });
    expect(await written()).toEqual(before);

    const ok = await post(`/flowable/definition/start/${definitionId}`, { signers: signers(1000) }, s.nobody);
    expect(ok).toMatchObject({ code: 200, msg: '流程启动成功' });
    expect(await count('wf_task') - before.tasks).toBe(1000);
  });

  it('refuses a 加签 that would take a countersign past the cap, writing nothing', async () => {
    const { definitionId } = await deploy('会签加签', byList);
    expect(await setCap('2')).toBe(200);
    try {
      const started = await post(`/flowable/definition/start/${definitionId}`, { signers: ['1', '2'] });
      expect(started).toMatchObject({ code: 200 });
      const taskId = (await s.t.app.deps.store.get<{ id: string }>("SELECT id FROM wf_task WHERE assignee = '1' AND instance_id = ?", [started.data.instanceId]))!.id;
      const before = await written();
      const r = await post('/flowable/task/addSign', { taskId, assignee: '3', mode: 'parallel' });
      expect(r).toEqual({ code: 500, msg: '多实例节点「会签」的实例数 3 超过上限 2（会签人数或循环数过多）' });
      expect(await written()).toEqual(before);
    } finally {
      expect(await setCap('1000')).toBe(200);
    }
  });

  it('refuses a loopCardinality of 100,000 and follows flowable.multiInstance.maxInstances', async () => {
    const { definitionId } = await deploy('循环', byCount);
    const before = await written();
    const r = await post(`/flowable/definition/start/${definitionId}`, { n: 100000 }, s.nobody);
    expect(r).toEqual({ code: 500, msg: '多实例节点「循环审批」的实例数 100000 超过上限 1000（会签人数或循环数过多）' });
    expect(await written()).toEqual(before);

    // The seeded row (issue 38 §6) is changed through 参数设置 and applies to the next command.
    expect(await setCap('5')).toBe(200);
    const six = await post(`/flowable/definition/start/${definitionId}`, { n: 6 }, s.nobody);
    expect(six).toEqual({ code: 500, msg: '多实例节点「循环审批」的实例数 6 超过上限 5（会签人数或循环数过多）' });
    expect(await written()).toEqual(before);
    expect(await post(`/flowable/definition/start/${definitionId}`, { n: 5 }, s.nobody)).toMatchObject({ code: 200 });
    expect(await setCap('1000')).toBe(200);
  });
});

/** start → 判断 (reads `reason`) → 审批 → end. */
const readsReasonXml = `${head}
<process id="var_size" name="说明" isExecutable="true">
  <startEvent id="start" name="开始"/>
  <exclusiveGateway id="xor" name="判断"/>
  <userTask id="approve" name="审批" flowable:assignee="1"/>
  <endEvent id="end" name="结束"/>
  <sequenceFlow id="f0" sourceRef="start" targetRef="xor"/>
  <sequenceFlow id="f1" sourceRef="xor" targetRef="approve"><conditionExpression xsi:type="tFormalExpression">\${reason != ''}</conditionExpression></sequenceFlow>
  <sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
</process></definitions>`;

describe('process variable size cap (issue 38 §6)', () => {
  it('refuses a variable over 1 MB on start, writing nothing; one just under it is stored', async () => {
    const { definitionId } = await deploy('说明', readsReasonXml);
    const before = await written();
    // JSON text of the value: the string plus its two quotes.
    const r = await post(`/flowable/definition/start/${definitionId}`, { reason: 'x'.repeat(1024 * 1024 - 1) }, s.nobody);
    expect(r).toEqual({ code: 500, msg: '流程变量「reason」过大（上限 1024 KB）' });
    expect(await written()).toEqual(before);
    expect(await post(`/flowable/definition/start/${definitionId}`, { reason: 'x'.repeat(1024 * 1024 - 2) }, s.nobody)).toMatchObject({ code: 200 });
  });
});

/** start → 合流 (exclusive) → 分叉 (parallel, two flows back to 合流): every pass doubles the tokens. */
const doublingXml = `${head}
<process id="sim_double" name="倍增" isExecutable="true">
  <startEvent id="start" name="开始"/>
  <exclusiveGateway id="merge" name="合流"/>
  <parallelGateway id="fork" name="分叉"/>
  <sequenceFlow id="f0" sourceRef="start" targetRef="merge"/>
  <sequenceFlow id="f1" sourceRef="merge" targetRef="fork"/>
  <sequenceFlow id="back1" sourceRef="fork" targetRef="merge"/>
  <sequenceFlow id="back2" sourceRef="fork" targetRef="merge"/>
</process></definitions>`;

/** start → a → b → a …: one token that never waits. */
const spinXml = `${head}
<process id="sim_spin" name="空转" isExecutable="true">
  <startEvent id="start" name="开始"/>
  <exclusiveGateway id="a" name="甲"/>
  <exclusiveGateway id="b" name="乙"/>
  <sequenceFlow id="f0" sourceRef="start" targetRef="a"/>
  <sequenceFlow id="f1" sourceRef="a" targetRef="b"/>
  <sequenceFlow id="f2" sourceRef="b" targetRef="a"/>
</process></definitions>`;

describe('流程模拟 budget (issue 38 §6)', () => {
  it('stops token doubling at the token cap with a message and the trace flagged', async () => {
    const r = await post('/flowable/definition/simulate', { xml: doublingXml });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ ended: false, limitReached: true, error: { message: '流程实例的执行分支数超过上限 2000 (模型中可能存在令牌倍增的循环)' } });
  });

  it('stops a loop that never waits at the step cap', async () => {
    const r = await post('/flowable/definition/simulate', { xml: spinXml });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ ended: false, limitReached: true, error: { message: '流程执行步数超过上限 20000 (模型中可能存在无等待节点的死循环)' } });
  });

  it('refuses a multi-instance of 10,000 in the simulation before creating it', async () => {
    const r = await post('/flowable/definition/simulate', { xml: byCount, variables: { n: 10000 } });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ ended: false, limitReached: true, steps: 0, tasks: [],
      error: { message: '多实例节点「循环审批」的实例数 10000 超过上限 1000（会签人数或循环数过多）' } });
  });
});

/** start → 审批 (candidate users `${people}`, 抄送 `${readers}` when passed) → 复核 → end. */
const peopleXml = `${head}
<process id="people" name="人数" isExecutable="true">
  <startEvent id="start" name="开始" flowable:initiator="INITIATOR"/>
  <userTask id="approve" name="审批" flowable:assignee="\${INITIATOR}" flowable:ccExpression="\${readers}"/>
  <userTask id="pick" name="认领" flowable:candidateUsers="\${people}"/>
  <endEvent id="end" name="结束"/>
  <sequenceFlow id="f0" sourceRef="start" targetRef="approve"/>
  <sequenceFlow id="f1" sourceRef="approve" targetRef="pick"/>
  <sequenceFlow id="f2" sourceRef="pick" targetRef="end"/>
</process></definitions>`;

describe('candidate users and 抄送 recipients (issue 38 §6)', () => {
  it('refuses 100,000 抄送 recipients or candidate users with a message before writing a row', async () => {
    const { definitionId } = await deploy('人数', peopleXml);
    const many = signers(100000);
    const approveOf = async (vars: Record<string, unknown>) => {
      const r = await post(`/flowable/definition/start/${definitionId}`, vars, s.nobody);
      expect(r).toMatchObject({ code: 200 });
      return r.data as { instanceId: string; tasks: Array<{ taskId: string }> };
    };
    const a = await approveOf({ readers: many, people: ['2'] });
    const before = await written();
    const ccs = await count('wf_cc');
    expect(await post('/flowable/task/complete', { taskId: a.tasks[0].taskId, instanceId: a.instanceId, comment: '同意' }, s.nobody))
      .toEqual({ code: 500, msg: '抄送人数 100000 超过上限 5000' });
    expect(await written()).toEqual(before);
    expect(await count('wf_cc')).toBe(ccs);

    const b = await approveOf({ readers: ['2'], people: many });
    const before2 = await written();
    expect(await post('/flowable/task/complete', { taskId: b.tasks[0].taskId, instanceId: b.instanceId, comment: '同意' }, s.nobody))
      .toEqual({ code: 500, msg: '节点「认领」的候选人数 100000 超过上限 5000' });
    expect(await written()).toEqual(before2);
  });
});

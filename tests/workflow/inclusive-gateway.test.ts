/**
 * Inclusive gateway beyond the corpus cases (corpus-inclusive.ts): a reject / return moving a
 * token back while another token waits at the join, a gateway that both joins and forks, lint of
 * the shared supported-element list.
 */
import { describe, expect, it } from 'vitest';
import { SUPPORTED_ELEMENTS, isSupportedElement, supportedElement } from '../../shared/bpmn/supported';
import { makeEngine, names, completeByName } from './helpers';
import { tokens } from './corpus-inclusive';

const cond = (e: string) => `<conditionExpression xsi:type="tFormalExpression">\${${e}}</conditionExpression>`;
const wrap = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
<process id="orMoves" name="包容">${body}</process></definitions>`;

/** start → 申请 → OR fork (${a}, ${b}) → A | B → OR join → 汇总 → end. */
const movesXml = wrap(`<startEvent id="s"/><userTask id="apply" name="申请" flowable:assignee="1"/>
<inclusiveGateway id="fork"/><userTask id="ta" name="A" flowable:assignee="1"/><userTask id="tb" name="B" flowable:assignee="1"/>
<inclusiveGateway id="join"/><userTask id="sum" name="汇总" flowable:assignee="1"/><endEvent id="e"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="apply"/><sequenceFlow id="f2" sourceRef="apply" targetRef="fork"/>
<sequenceFlow id="fa" sourceRef="fork" targetRef="ta">${cond('a')}</sequenceFlow><sequenceFlow id="fb" sourceRef="fork" targetRef="tb">${cond('b')}</sequenceFlow>
<sequenceFlow id="f3" sourceRef="ta" targetRef="join"/><sequenceFlow id="f4" sourceRef="tb" targetRef="join"/>
<sequenceFlow id="f5" sourceRef="join" targetRef="sum"/><sequenceFlow id="f6" sourceRef="sum" targetRef="e"/>`);

async function started(vars: Record<string, unknown>) {
  const { engine, store } = await makeEngine();
  const { definitionId } = await engine.deploy({ xml: movesXml });
  const { instanceId } = await engine.start({ definitionId, userId: '1' });
  await completeByName(engine, instanceId, '申请', vars);
  return { engine, store, instanceId };
}

describe('inclusive join and token moves', () => {
  it('reject from one branch to before the fork: the arrival at the join is cleared (issue 39), the join fires once', async () => {
    const { engine, store, instanceId } = await started({ a: true, b: true });
    expect(await names(engine, instanceId)).toEqual(['A', 'B']);
    await completeByName(engine, instanceId, 'A');
    expect(await tokens(store, instanceId)).toEqual(['join:0', 'tb:1']);
    const tb = (await engine.instanceTasks(instanceId)).find((t) => t.name === 'B')!;
    await engine.reject({ taskId: tb.taskId, userId: '1', comment: '驳回' });
    // 申请 runs the fork again: A's old arrival goes with B's branch and nothing fires.
    expect(await names(engine, instanceId)).toEqual(['申请']);
    expect(await tokens(store, instanceId)).toEqual(['apply:1']);
    await completeByName(engine, instanceId, '申请', { a: false, b: true });
    expect(await names(engine, instanceId)).toEqual(['B']);
    await completeByName(engine, instanceId, 'B');
    expect(await names(engine, instanceId)).toEqual(['汇总']);
    expect(await tokens(store, instanceId)).toEqual(['sum:1']);
    expect((await completeByName(engine, instanceId, '汇总')).ended).toBe(true);
  });

  it('return to 申请 and fork both again: the join waits for both new arrivals', async () => {
    const { engine, store, instanceId } = await started({ a: true, b: true });
    await completeByName(engine, instanceId, 'B');
    const ta = (await engine.instanceTasks(instanceId)).find((t) => t.name === 'A')!;
    await engine.returnTo({ taskId: ta.taskId, userId: '1', targetKey: 'apply', comment: '退回' });
    expect(await tokens(store, instanceId)).toEqual(['apply:1']);
    await completeByName(engine, instanceId, '申请', { a: true, b: true });
    await completeByName(engine, instanceId, 'A');
    expect(await names(engine, instanceId)).toEqual(['B']);
    await completeByName(engine, instanceId, 'B');
    expect(await tokens(store, instanceId)).toEqual(['sum:1']);
  });

  it('reject after the join goes back to both branch tasks, which join again', async () => {
    const { engine, store, instanceId } = await started({ a: true, b: true });
    await completeByName(engine, instanceId, 'A');
    await completeByName(engine, instanceId, 'B');
    const sum = (await engine.instanceTasks(instanceId))[0];
    await engine.reject({ taskId: sum.taskId, userId: '1' });
    expect(await names(engine, instanceId)).toEqual(['A', 'B']);
    await completeByName(engine, instanceId, 'A');
    expect(await tokens(store, instanceId)).toEqual(['join:0', 'tb:1']);
    await completeByName(engine, instanceId, 'B');
    expect(await names(engine, instanceId)).toEqual(['汇总']);
  });
});

describe('an inclusive gateway that joins and forks', () => {
  const xml = wrap(`<startEvent id="s"/><parallelGateway id="p"/><userTask id="x" name="X" flowable:assignee="1"/><userTask id="y" name="Y" flowable:assignee="1"/>
<inclusiveGateway id="g" default="fd"/><userTask id="m" name="M" flowable:assignee="1"/><userTask id="n" name="N" flowable:assignee="1"/><userTask id="d" name="D" flowable:assignee="1"/><endEvent id="e"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="p"/><sequenceFlow id="f2" sourceRef="p" targetRef="x"/><sequenceFlow id="f3" sourceRef="p" targetRef="y"/>
<sequenceFlow id="f4" sourceRef="x" targetRef="g"/><sequenceFlow id="f5" sourceRef="y" targetRef="g"/>
<sequenceFlow id="fm" sourceRef="g" targetRef="m">${cond('m')}</sequenceFlow><sequenceFlow id="fn" sourceRef="g" targetRef="n">${cond('n')}</sequenceFlow>
<sequenceFlow id="fd" sourceRef="g" targetRef="d"/>
<sequenceFlow id="f6" sourceRef="m" targetRef="e"/><sequenceFlow id="f7" sourceRef="n" targetRef="e"/><sequenceFlow id="f8" sourceRef="d" targetRef="e"/>`);

  it('joins both arrivals, then applies the fork rule once (conditions read at leave time)', async () => {
    const { engine } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml });
    const a = await engine.start({ definitionId, userId: '1', variables: { m: false, n: false } });
    await completeByName(engine, a.instanceId, 'X', { m: true });
    expect(await names(engine, a.instanceId)).toEqual(['Y']);
    await completeByName(engine, a.instanceId, 'Y', { n: true });
    expect(await names(engine, a.instanceId)).toEqual(['M', 'N']);
    const b = await engine.start({ definitionId, userId: '1', variables: { m: false, n: false } });
    await completeByName(engine, b.instanceId, 'Y');
    await completeByName(engine, b.instanceId, 'X');
    expect(await names(engine, b.instanceId)).toEqual(['D']);
  });
});

describe('two tokens arriving at the join in one command', () => {
  const xml = wrap(`<startEvent id="s"/><inclusiveGateway id="fork"/><inclusiveGateway id="join"/><userTask id="after" name="After" flowable:assignee="1"/><endEvent id="e"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="fork"/><sequenceFlow id="f2" sourceRef="fork" targetRef="join"/><sequenceFlow id="f3" sourceRef="fork" targetRef="join"/>
<sequenceFlow id="f4" sourceRef="join" targetRef="after"/><sequenceFlow id="f5" sourceRef="after" targetRef="e"/>`);

  it('the first waits for the second that is already on its way (active at the gateway): one token leaves', async () => {
    const { engine, store } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect(await names(engine, instanceId)).toEqual(['After']);
    expect(await tokens(store, instanceId)).toEqual(['after:1']);
  });
});

describe('shared supported-element list', () => {
  it('names each type in Chinese and drives the deploy refusal', async () => {
    expect(isSupportedElement('bpmn:InclusiveGateway')).toBe(true);
    expect(SUPPORTED_ELEMENTS['bpmn:InclusiveGateway'].name).toBe('包容网关');
    expect(isSupportedElement('bpmn:ComplexGateway')).toBe(false);
    expect(isSupportedElement('toString')).toBe(false);
    expect(supportedElement('bpmn:DataObject')?.kind).toBe('structure');
    const { engine } = await makeEngine();
    await expect(engine.deploy({ xml: wrap('<startEvent id="s"/><complexGateway id="cg"/>') })).rejects.toThrow('部署失败: 不支持的流程元素 cg (bpmn:ComplexGateway)');
    for (const [type, e] of Object.entries(SUPPORTED_ELEMENTS)) {
      if (e.kind === 'node') expect(e.node).toBe(type.slice(5, 6).toLowerCase() + type.slice(6));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseBpmnXml } from '../parse/parse-xml';
import { normalise } from './normalise';
import { isEngineOwnedName, isModelInput, isOwnedName, modelVariableNames, outMappingReads } from './variable-names';

const wrap = (body: string) =>
  `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"><process id="p" name="P">${body}</process></definitions>`;
const graphOf = async (body: string) => normalise(await parseBpmnXml(wrap(body)));

describe('the names a model reads and the names the engine owns (issue 38 §4)', () => {
  it('reads the root identifiers of conditions, assignments, collections and call-activity sources; owns the engine\'s names', async () => {
    const g = await graphOf(`<startEvent id="s" flowable:initiator="starter"/>
      <userTask id="u" flowable:assignee="\${boss.id}" flowable:candidateUsers="\${approval}" flowable:ccExpression="\${cc.split}">
        <multiInstanceLoopCharacteristics flowable:collection="signers" flowable:elementVariable="signer">
          <completionCondition>\${nrOfCompletedInstances / nrOfInstances &gt;= ratio}</completionCondition></multiInstanceLoopCharacteristics>
      </userTask>
      <exclusiveGateway id="x" default="d"/>
      <callActivity id="c" calledElement="child"><extensionElements><flowable:in source="amount" target="checkAmount"/><flowable:out source="verdict" target="financeVerdict"/></extensionElements></callActivity>
      <endEvent id="e"/>
      <sequenceFlow id="f1" sourceRef="s" targetRef="u"/><sequenceFlow id="f2" sourceRef="u" targetRef="x"/>
      <sequenceFlow id="f3" sourceRef="x" targetRef="c"><conditionExpression xsi:type="tFormalExpression">\${day &gt; 3 &amp;&amp; kind.contains('a') &amp;&amp; m[key] == 1}</conditionExpression></sequenceFlow>
      <sequenceFlow id="d" sourceRef="x" targetRef="e"/><sequenceFlow id="f4" sourceRef="c" targetRef="e"/>`);
    const n = modelVariableNames(g);
    expect([...n.reads].sort()).toEqual(['amount', 'approval', 'boss', 'cc', 'day', 'key', 'kind', 'm', 'nrOfCompletedInstances', 'nrOfInstances', 'ratio', 'signers']);
    expect([...n.owned]).toEqual(expect.arrayContaining(['INITIATOR', 'starter', 'signer', 'loopCounter', 'financeVerdict', 'miCollection']));
    expect(isModelInput(g, 'day')).toBe(true);
    expect(isModelInput(g, 'nrOfInstances')).toBe(false);
    expect(isModelInput(g, 'starter')).toBe(false);
    expect(isModelInput(g, 'contains')).toBe(false);
    expect(isModelInput(g, 'verdict')).toBe(false);
    expect(isModelInput(g, 'verdict', outMappingReads(g, 'c'))).toBe(true);
    expect(isOwnedName(g, 'signer')).toBe(true);
    expect(isEngineOwnedName('__anything')).toBe(true);
    expect(isEngineOwnedName('nrOfWhatever')).toBe(true);
    expect(isEngineOwnedName('amount')).toBe(false);
    expect(modelVariableNames(g)).toBe(n);
  });
});

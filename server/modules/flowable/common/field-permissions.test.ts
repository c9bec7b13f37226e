/**
 * `flowable:fieldPermissions` as the server reads it from a deployed definition
 * (field-permissions.ts over engine.nodeAttributes): the flowable prefix and the activiti alias,
 * entities decoded by the XML parser, nodes without it null, a malformed value `{}`.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { manualClock } from '../../../core/clock';
import { createEngine } from '../../../engine';
import { nodeFieldPermissions } from './field-permissions';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:fl="http://flowable.org/bpmn"
  xmlns:activiti="http://activiti.org/bpmn" targetNamespace="t">
  <bpmn2:process id="p">
    <bpmn2:startEvent id="s"/>
    <bpmn2:userTask id="a" name="a" fl:fieldPermissions="{&quot;day&quot;:&quot;editable&quot;,&quot;items.amount&quot;:&quot;hidden&quot;}"/>
    <bpmn2:userTask id="b" name="b" activiti:fieldPermissions='{"reason":"hidden"}'/>
    <bpmn2:userTask id="c" name="c"/>
    <bpmn2:userTask id="d" name="d" fl:fieldPermissions="not json"/>
    <bpmn2:endEvent id="e"/>
    <bpmn2:sequenceFlow id="f1" sourceRef="s" targetRef="a"/><bpmn2:sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
    <bpmn2:sequenceFlow id="f3" sourceRef="b" targetRef="c"/><bpmn2:sequenceFlow id="f4" sourceRef="c" targetRef="d"/>
    <bpmn2:sequenceFlow id="f5" sourceRef="d" targetRef="e"/>
  </bpmn2:process>
</bpmn2:definitions>`;

describe('nodeFieldPermissions', () => {
  it('reads each user task of the deployed definition', async () => {
    const engine = createEngine({ db: openDatabase({ url: ':memory:' }), clock: manualClock() });
    const { definitionId } = await engine.deploy({ xml: XML });
    const deps = { engine };
    expect(await nodeFieldPermissions(deps, definitionId, 'a')).toEqual({ day: 'editable', 'items.amount': 'hidden' });
    expect(await nodeFieldPermissions(deps, definitionId, 'b')).toEqual({ reason: 'hidden' });
    expect(await nodeFieldPermissions(deps, definitionId, 'c')).toBeNull();
    expect(await nodeFieldPermissions(deps, definitionId, 'd')).toEqual({});
    expect(await nodeFieldPermissions(deps, definitionId, 'nope')).toBeNull();
  });
});

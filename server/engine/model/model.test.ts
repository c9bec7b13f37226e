import { describe, expect, it } from 'vitest';
import { parseBpmnXml, aliasExtensionNamespaces } from '../parse/parse-xml';
import { normalise } from './normalise';
import { lintGraph } from './lint';
import { serialPredecessors, upstreamUserTasks, downstream, nextUserTasks } from './analysis';

const wrap = (body: string, ns = 'xmlns:flowable="http://flowable.org/bpmn"') =>
  `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ${ns} targetNamespace="t"><process id="p" name="P">${body}</process></definitions>`;

const graphOf = async (body: string, ns?: string) => normalise(await parseBpmnXml(wrap(body, ns)));

describe('parse + normalise', () => {
  it('aliases activiti: and camunda: namespaces onto the flowable descriptor', () => {
    expect(aliasExtensionNamespaces('xmlns:activiti="http://activiti.org/bpmn" xmlns:c=\'http://camunda.org/schema/1.0/bpmn\''))
      .toBe('xmlns:activiti="http://flowable.org/bpmn" xmlns:c=\'http://flowable.org/bpmn\'');
  });

  it('reads assignment, potentialOwner, MI, listeners with fields, and keeps unknown attributes', async () => {
    const g = await graphOf(`<startEvent id="s" activiti:initiator="starter"/>
      <userTask id="u" name="U \${loopCounter}" activiti:assignee="\${a}" activiti:candidateUsers="1, 2" activiti:formKey="7" activiti:priority="60" other="x">
        <extensionElements>
          <activiti:taskListener event="complete" class="C"><activiti:field name="f" stringValue="v"/><activiti:field name="g"><activiti:expression>\${1+1}</activiti:expression></activiti:field></activiti:taskListener>
          <activiti:executionListener event="start" delegateExpression="\${bean}"/>
        </extensionElements>
        <potentialOwner><resourceAssignmentExpression><formalExpression>user(k), group(sales), mgmt</formalExpression></resourceAssignmentExpression></potentialOwner>
        <multiInstanceLoopCharacteristics isSequential="true" activiti:collection="list" activiti:elementVariable="item"><completionCondition>\${done}</completionCondition></multiInstanceLoopCharacteristics>
      </userTask>
      <endEvent id="e"/>
      <sequenceFlow sourceRef="s" targetRef="u"/><sequenceFlow sourceRef="u" targetRef="e"/>`, 'xmlns:activiti="http://activiti.org/bpmn"');
    const u = g.nodes.u;
    expect(g.nodes.s.initiator).toBe('starter');
    expect(u.userTask).toMatchObject({ assignee: '${a}', candidateUsers: ['1', '2', 'k'], candidateGroups: ['sales', 'mgmt'], formKey: '7', priority: '60' });
    expect(u.userTask!.taskListeners).toEqual([{ event: 'complete', kind: 'class', value: 'C', fields: [{ name: 'f', stringValue: 'v' }, { name: 'g', expression: '${1+1}' }] }]);
    expect(u.listeners[0]).toMatchObject({ event: 'start', kind: 'delegateExpression', value: '${bean}' });
    expect(u.multiInstance).toEqual({ sequential: true, collection: 'list', elementVariable: 'item', elementIndexVariable: 'loopCounter', completionCondition: '${done}', cardinality: undefined });
    expect(u.attrs).toMatchObject({ other: 'x', 'flowable:formKey': '7' });
    expect(Object.keys(g.flows)).toEqual(['_flow_1', '_flow_2']);
    expect(() => lintGraph(g, {})).toThrow('部署失败: u (bpmn:UserTask) 的监听器未注册: ${bean}');
    expect(() => lintGraph(g, { listeners: { bean: () => {} } })).toThrow('部署失败: u (bpmn:UserTask) 的监听器未注册: C');
    expect(() => lintGraph(g, { listeners: { C: () => {}, bean: () => {} } })).not.toThrow();
  });

  it('refuses unsupported constructs naming id and type', async () => {
    await expect(graphOf('<startEvent id="s"/><scriptTask id="sc" name="脚本"/>')).rejects.toThrow('不支持的流程元素 sc (bpmn:ScriptTask)');
    await expect(graphOf('<startEvent id="s"><errorEventDefinition/></startEvent>')).rejects.toThrow('s (bpmn:StartEvent): 事件定义 bpmn:ErrorEventDefinition');
    await expect(graphOf('<startEvent id="s"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition><messageEventDefinition/></startEvent>'))
      .rejects.toThrow('s (bpmn:StartEvent): 多个事件定义');
    await expect(graphOf('<startEvent id="s"/><task id="t"><standardLoopCharacteristics/></task>')).rejects.toThrow('t (bpmn:Task)');
    await expect(graphOf('<startEvent id="a"/><startEvent id="b"/>')).rejects.toThrow('需要恰好一个开始事件');
    await expect(graphOf('<startEvent id="s"/><complexGateway id="cg"/>')).rejects.toThrow('不支持的流程元素 cg (bpmn:ComplexGateway)');
    expect((await graphOf('<startEvent id="s"/><eventBasedGateway id="eg"/>')).nodes.eg.type).toBe('eventBasedGateway');
    expect((await graphOf('<startEvent id="s"/><inclusiveGateway id="ig"/>')).nodes.ig.type).toBe('inclusiveGateway');
    await expect(graphOf('<startEvent id="s"/><intermediateCatchEvent id="ic"><errorEventDefinition/></intermediateCatchEvent>')).rejects.toThrow('ic (bpmn:IntermediateCatchEvent): 事件定义 bpmn:ErrorEventDefinition');
    await expect(graphOf('<startEvent id="s"/><endEvent id="e"/><sequenceFlow id="f" sourceRef="s" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">true</conditionExpression></sequenceFlow>'))
      .rejects.toThrow('f (bpmn:SequenceFlow): 条件表达式语言 javascript');
    const ok = await graphOf('<startEvent id="s"/><intermediateThrowEvent id="it"/><endEvent id="e"/>');
    expect(ok.nodes.it.type).toBe('intermediateThrowEvent');
  });
});

describe('analysis', () => {
  const body = `<startEvent id="s"/><userTask id="a"/><exclusiveGateway id="x"/><userTask id="b"/><userTask id="c"/><parallelGateway id="f"/>
    <userTask id="d"/><userTask id="e"/><parallelGateway id="j"/><userTask id="z"/><endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="a"/><sequenceFlow id="f2" sourceRef="a" targetRef="x"/>
    <sequenceFlow id="f3" sourceRef="x" targetRef="b"><conditionExpression xsi:type="tFormalExpression">\${n > 1}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="x" targetRef="c"/><sequenceFlow id="f5" sourceRef="b" targetRef="f"/><sequenceFlow id="f6" sourceRef="c" targetRef="f"/>
    <sequenceFlow id="f7" sourceRef="f" targetRef="d"/><sequenceFlow id="f8" sourceRef="f" targetRef="e"/><sequenceFlow id="f9" sourceRef="d" targetRef="j"/>
    <sequenceFlow id="f10" sourceRef="e" targetRef="j"/><sequenceFlow id="f11" sourceRef="j" targetRef="z"/><sequenceFlow id="f12" sourceRef="z" targetRef="end"/>
    <sequenceFlow id="f13" sourceRef="c" targetRef="a"/>`;
  it('upstream, serial predecessors, downstream, next user tasks', async () => {
    const g = await graphOf(body);
    expect(upstreamUserTasks(g, 'z').sort()).toEqual(['d', 'e']);
    expect(upstreamUserTasks(g, 'd').sort()).toEqual(['b', 'c']);
    expect(upstreamUserTasks(g, 'a')).toEqual(['c']);
    expect(serialPredecessors(g, 'z').map((n) => n.id)).toEqual(['a']);
    expect(serialPredecessors(g, 'c').map((n) => n.id)).toEqual(['a']);
    expect([...downstream(g, 'd')].sort()).toEqual(['d', 'end', 'j', 'z']);
    expect(nextUserTasks(g, 'a', () => true).map((n) => n.id)).toEqual(['b', 'c']);
    expect(nextUserTasks(g, 'a', () => false).map((n) => n.id)).toEqual(['c']);
    expect(nextUserTasks(g, 'c', () => true).map((n) => n.id).sort()).toEqual(['a', 'd', 'e']);
  });
});

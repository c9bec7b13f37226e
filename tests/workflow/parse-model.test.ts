/**
 * Issue 39 parsing items beyond the corpus cases (corpus-parse.ts): QName references (3),
 * duplicate signal names in validate (7), generated ids (9), data objects (10), Chinese parse
 * errors naming the element and line (11).
 */
import { describe, expect, it } from 'vitest';
import { parseBpmnXml } from '../../server/engine/parse/parse-xml';
import { normalise } from '../../server/engine/model/normalise';
import { makeEngine, readCorpus } from './helpers';

const defs = (body: string, roots = '', ns = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:t" ${ns} targetNamespace="urn:t">
${roots}
<process id="p">
${body}
</process>
</definitions>`;

const graphOf = async (xml: string) => normalise(await parseBpmnXml(xml));
const line = '<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="u"/><userTask id="u"/><sequenceFlow id="f2" sourceRef="u" targetRef="e"/><endEvent id="e"/>';

describe('prefixed references (issue 39 item 3)', () => {
  it('tns: bound to the targetNamespace resolves to the element; another namespace or an unbound prefix stays text (Flowable parseMessageRef)', async () => {
    const roots = '<message id="m1" name="invoice"/><signal id="s1" name="alert"/><error id="e1" errorCode="E1"/>';
    const g = await graphOf(defs(`<startEvent id="s"/>
      <intermediateCatchEvent id="a"><messageEventDefinition messageRef="tns:m1"/></intermediateCatchEvent>
      <intermediateCatchEvent id="b"><messageEventDefinition messageRef="other:m1"/></intermediateCatchEvent>
      <intermediateCatchEvent id="c"><signalEventDefinition signalRef="nope:s1"/></intermediateCatchEvent>
      <intermediateCatchEvent id="d"><signalEventDefinition signalRef="tns:s1"/></intermediateCatchEvent>
      <subProcess id="sp"><startEvent id="ss"/><sequenceFlow id="sf" sourceRef="ss" targetRef="se"/><endEvent id="se"><errorEventDefinition errorRef="tns:e1"/></endEvent></subProcess>
      <endEvent id="e"/>`, roots, 'xmlns:other="urn:other"'));
    expect(g.nodes.a.event).toEqual({ kind: 'message', messageRef: 'm1', messageName: 'invoice' });
    expect(g.nodes.b.event).toEqual({ kind: 'message', messageRef: 'urn:other:m1', messageName: 'urn:other:m1' });
    expect(g.nodes.c.event).toEqual({ kind: 'signal', signalRef: 'nope:s1', signalName: 'nope:s1' });
    expect(g.nodes.d.event).toEqual({ kind: 'signal', signalRef: 's1', signalName: 'alert' });
    expect(g.nodes.se.event).toEqual({ kind: 'error', errorRef: 'e1', errorCode: 'E1' });
  });
});

describe('duplicate signal names (issue 39 item 7)', () => {
  it('validate reports the second signal, naming both', async () => {
    const { engine } = await makeEngine();
    const problems = await engine.validate({ xml: readCorpus('handwritten-duplicateSignalNames.bpmn20.xml') });
    expect(problems).toContainEqual({ elementId: 'alertSignal2', elementName: 'alert', elementType: 'bpmn:Signal',
      message: '部署失败: 信号名称重复 "alert": alertSignal 与 alertSignal2 (Duplicate signal name found)' });
  });
});

describe('elements without an id (issue 39 item 9)', () => {
  const xml = defs(`${line}
    <subProcess triggeredByEvent="true"><startEvent id="ms"><messageEventDefinition messageRef="m"/></startEvent>
      <sequenceFlow sourceRef="ms" targetRef="mt"/><userTask id="mt"/><sequenceFlow sourceRef="mt" targetRef="me"/><endEvent id="me"/></subProcess>
    <subProcess triggeredByEvent="true"><startEvent id="ts"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></startEvent>
      <sequenceFlow sourceRef="ts" targetRef="tu"/><userTask id="tu"/><sequenceFlow sourceRef="tu" targetRef="te"/><endEvent id="te"/><endEvent/></subProcess>
    <userTask id="subProcess_7" name="already taken"/>`, '<message id="m" name="m"/>');

  it('gets an id from its position, the same on every parse, unique in the document', async () => {
    const a = await graphOf(xml);
    const b = await graphOf(xml);
    const esps = a.order.filter((id) => a.nodes[id].type === 'subProcess');
    expect(esps).toEqual(['subProcess_6', 'subProcess_7_2']);
    expect(a.nodes.subProcess_7_2.subProcess?.children).toContain('subProcess_7_2_endEvent_6');
    expect(b.order).toEqual(a.order);
    expect(a.nodes.subProcess_7.name).toBe('already taken');
  });
});

describe('data objects (issue 39 item 10)', () => {
  const dobj = (id: string, name: string, type: string, value?: string) =>
    `<dataObject id="${id}" name="${name}"${type ? ` itemSubjectRef="${type}"` : ''}>${value === undefined ? '' : `<extensionElements><flowable:value>${value}</flowable:value></extensionElements>`}</dataObject>`;

  it('types values as Flowable does; no itemSubjectRef is a string, boolean is true only for "true"', async () => {
    const g = await graphOf(defs(`${dobj('d1', 'plain', '', '42')}${dobj('d2', 'flag', 'xsd:boolean', 'yes')}${dobj('d3', 'conf', 'xsd:json', '{"a":[1]}')}${dobj('d4', 'n', 'xsd:int', '-12')}${line}`));
    expect(g.dataObjects?.map((d) => [d.name, d.value])).toEqual([['plain', '42'], ['flag', false], ['conf', { a: [1] }], ['n', -12]]);
  });

  it('refuses a value its type cannot hold, an unknown type and data objects in an event sub-process, naming the element', async () => {
    await expect(graphOf(defs(`${dobj('d1', 'x', 'xsd:int', '12abc')}${line}`))).rejects.toThrow('部署失败: 数据对象 d1 (bpmn:DataObject) 的值 "12abc" 不是有效的 xsd:int');
    await expect(graphOf(defs(`${dobj('d1', 'x', 'xsd:int', '3000000000')}${line}`))).rejects.toThrow('不是有效的 xsd:int');
    await expect(graphOf(defs(`${dobj('d2', 'x', 'xsd:float', '1.5')}${line}`))).rejects.toThrow('部署失败: 数据对象 d2 (bpmn:DataObject) 的类型 float 不受支持');
    await expect(graphOf(defs(`${line}<subProcess id="esp" triggeredByEvent="true">${dobj('d3', 'x', 'xsd:string', 'v')}<startEvent id="ms"><messageEventDefinition messageRef="m"/></startEvent><sequenceFlow id="x1" sourceRef="ms" targetRef="me"/><endEvent id="me"/></subProcess>`, '<message id="m" name="m"/>')))
      .rejects.toThrow('部署失败: 不支持的流程元素 d3 (bpmn:DataObject): 事件子流程 esp 中不支持数据对象');
  });

  it('a called process gets its data objects at its start', async () => {
    const { engine } = await makeEngine();
    await engine.deploy({ xml: defs(`${dobj('d1', 'childVar', 'xsd:long', '5')}<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="u"/><userTask id="u" flowable:assignee="u\${childVar}"/><sequenceFlow id="f2" sourceRef="u" targetRef="e"/><endEvent id="e"/>`).replace('id="p"', 'id="child"') });
    const { definitionId } = await engine.deploy({ xml: defs('<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="c"/><callActivity id="c" calledElement="child"/><sequenceFlow id="f2" sourceRef="c" targetRef="e"/><endEvent id="e"/>') });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    const [child] = await engine.childInstances(instanceId);
    expect((await engine.instanceTasks(child.instanceId)).map((t) => t.assignee)).toEqual(['u5']);
  });
});

describe('parse errors in Chinese with the element and line (issue 39 item 11)', () => {
  const refusal = async (xml: string) => {
    try { await parseBpmnXml(xml); } catch (e) { return (e as Error).message; }
    return '';
  };

  it('an unknown element: its id, line and the type', async () => {
    expect(await refusal(defs('<startEvent id="s"/>\n<fooTask id="odd"/>'))).toBe('BPMN XML 解析失败: 第 7 行第 1 列，元素 <fooTask id="odd">: 未知的元素类型 bpmn:FooTask');
  });

  it('a mismatched end tag names the element left open', async () => {
    expect(await refusal(defs('<startEvent id="s">\n<userTask id="u"/>'))).toBe('BPMN XML 解析失败: 第 8 行第 1 列，元素 <startEvent id="s">: 结束标签与开始标签不匹配');
  });

  it('text where none may be: the whole text, and the enclosing element with an id', async () => {
    expect(await refusal(defs('<startEvent id="s"><outgoing>f1</outgoing><documentation>ok</documentation></startEvent><task id="t">loose words</task>')))
      .toMatch(/^BPMN XML 解析失败: 第 6 行第 \d+ 列，元素 <task id="t">: 元素不能包含文本 "loose words"$/);
  });

  it('not BPMN at all', async () => {
    expect(await refusal('<html><body/></html>')).toMatch(/^BPMN XML 解析失败: /);
    expect(await refusal('<html><body/></html>')).not.toMatch(/unparsable|failed to parse/);
  });
});

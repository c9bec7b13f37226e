/**
 * The new panels' data (issue 13 C): timer, message / signal / error references with their
 * global definitions, 中断, service task and call activity attributes — written, exported as XML
 * and read back exactly as server/engine/model/nodes.ts reads them.
 */
import { describe, expect, it } from 'vitest';
import { REFUSED_ATTRIBUTES } from '../../../../../../shared/bpmn/supported';
import { load } from './test-kit';
import {
  eventDefinition, eventKind, isEventSubProcessStart, readGlobals, readInterrupting, readRef, readTimer, timerError, validateGlobals,
  writeGlobals, writeInterrupting, writeRef, writeTimer,
} from './events';
import {
  handlerOf, readCallActivity, readFields, readMappings, readService, validateMappings, valueForHandler, versionError,
  writeCallActivity, writeFields, writeMappings, writeService,
} from './activities';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="x">
  <bpmn:message id="Msg_old" name="旧消息" />
  <bpmn:process id="p" isExecutable="true">
    <bpmn:userTask id="task" name="初审" />
    <bpmn:boundaryEvent id="timer" name="超时" attachedToRef="task"><bpmn:timerEventDefinition /></bpmn:boundaryEvent>
    <bpmn:intermediateCatchEvent id="msg" name="等消息"><bpmn:messageEventDefinition messageRef="Msg_old" /></bpmn:intermediateCatchEvent>
    <bpmn:intermediateCatchEvent id="sig" name="等信号"><bpmn:signalEventDefinition /></bpmn:intermediateCatchEvent>
    <bpmn:endEvent id="err" name="出错"><bpmn:errorEventDefinition /></bpmn:endEvent>
    <bpmn:serviceTask id="svc" name="服务" />
    <bpmn:callActivity id="call" name="调用" />
    <bpmn:subProcess id="esp" triggeredByEvent="true"><bpmn:startEvent id="esp_start" name="定时"><bpmn:timerEventDefinition /></bpmn:startEvent></bpmn:subProcess>
  </bpmn:process>
</bpmn:definitions>`;

describe('event definitions', () => {
  it('timer: exactly one of timeDate / timeDuration / timeCycle as a formal expression', async () => {
    const d = await load(XML);
    const def = eventDefinition(d.byId('timer'))!;
    expect(eventKind(d.byId('timer'))).toBe('timer');
    writeTimer(d.ops, def, 'timeDuration', 'PT5S');
    expect(readTimer(def)).toEqual({ type: 'timeDuration', value: 'PT5S' });
    writeTimer(d.ops, def, 'timeCycle', 'R3/PT10M');
    expect(readTimer(def)).toEqual({ type: 'timeCycle', value: 'R3/PT10M' });
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R3/PT10M</bpmn:timeCycle>');
    expect(xml).not.toContain('timeDuration');
    expect(timerError('timeDuration', 'PT1H')).toBeUndefined();
    expect(timerError('timeDuration', '1 hour')).toMatch(/ISO 8601/);
    expect(timerError('timeDate', '2026-12-01T09:00')).toBeUndefined();
    expect(timerError('timeCycle', 'R3/PT10M')).toBeUndefined();
    expect(timerError('timeCycle', 'PT10M')).toMatch(/R3\/PT10M/);
    expect(timerError('timeDuration', '${wait}')).toBeUndefined();
    expect(timerError('timeDuration', ' ')).toBe('请输入定时值');
  });

  it('message / signal / error: global definitions edited in place keep the references; error code written', async () => {
    const d = await load(XML);
    const msgDef = eventDefinition(d.byId('msg'))!;
    expect(readRef(msgDef, 'message')).toBe('Msg_old');
    const rows = readGlobals(d.definitions, 'bpmn:Message');
    writeGlobals(d.ops, d.definitions, 'bpmn:Message', [{ ...rows[0], id: 'Msg_pay', name: '付款到账' }, { id: 'Msg_new', name: '新消息', errorCode: '' }]);
    expect(readRef(msgDef, 'message')).toBe('Msg_pay');
    expect(readGlobals(d.definitions, 'bpmn:Message').map((g) => g.name)).toEqual(['付款到账', '新消息']);

    writeGlobals(d.ops, d.definitions, 'bpmn:Signal', [{ id: 'Sig_go', name: '开始信号', errorCode: '' }]);
    writeRef(d.ops, eventDefinition(d.byId('sig'))!, 'signal', d.definitions, 'Sig_go');
    writeGlobals(d.ops, d.definitions, 'bpmn:Error', [{ id: 'Err_1', name: '余额不足', errorCode: 'NO_MONEY' }]);
    writeRef(d.ops, eventDefinition(d.byId('err'))!, 'error', d.definitions, 'Err_1');
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:message id="Msg_pay" name="付款到账" />');
    expect(xml).toContain('<bpmn:messageEventDefinition messageRef="Msg_pay" />');
    expect(xml).toContain('<bpmn:signalEventDefinition signalRef="Sig_go" />');
    expect(xml).toContain('<bpmn:error id="Err_1" name="余额不足" errorCode="NO_MONEY" />');
    expect(xml).toContain('<bpmn:errorEventDefinition errorRef="Err_1" />');
    // globals stay before the process
    expect(xml.indexOf('<bpmn:error ')).toBeLessThan(xml.indexOf('<bpmn:process'));
    writeRef(d.ops, msgDef, 'message', d.definitions, '');
    expect(readRef(msgDef, 'message')).toBe('');
  });

  it('global rows: id and name required, ids unique and not used by an element', () => {
    const taken = (id: string) => id === 'task';
    expect(validateGlobals([{ id: '', name: '', errorCode: '' }, { id: 'a', name: 'x', errorCode: '' }, { id: 'a', name: 'y', errorCode: '' }, { id: 'task', name: 'z', errorCode: '' }, { id: '1x', name: 'q', errorCode: '' }], taken))
      .toEqual({ 0: { id: '请输入', name: '请输入' }, 2: { id: 'ID 已存在' }, 3: { id: 'ID 已存在' }, 4: { id: 'ID 须以字母或下划线开头' } });
  });

  it('中断: boundary cancelActivity, event sub-process start isInterrupting', async () => {
    const d = await load(XML);
    expect(readInterrupting(d.byId('timer'))).toBe(true);
    writeInterrupting(d.ops, d.byId('timer'), false);
    expect(readInterrupting(d.byId('timer'))).toBe(false);
    const start = (d.byId('esp').get('flowElements') as never[])[0] as Parameters<typeof readInterrupting>[0];
    expect(isEventSubProcessStart(start)).toBe(true);
    expect(isEventSubProcessStart(d.byId('task'))).toBe(false);
    writeInterrupting(d.ops, start, false);
    const xml = await d.toXML();
    expect(xml).toContain('cancelActivity="false"');
    expect(xml).toContain('<bpmn:startEvent id="esp_start" name="定时" isInterrupting="false">');
  });
});

describe('service task and call activity', () => {
  it('service task: one implementation attribute, handler names, result variable, fields', async () => {
    const d = await load(XML);
    const svc = d.byId('svc');
    writeService(d.ops, svc, 'class', valueForHandler('class', 'sendMail'));
    expect(readService(svc)).toEqual({ impl: 'class', value: 'sendMail', resultVariable: '' });
    writeService(d.ops, svc, 'delegateExpression', valueForHandler('delegateExpression', 'sendMail'));
    expect(readService(svc)).toMatchObject({ impl: 'delegateExpression', value: '${sendMail}' });
    expect(handlerOf('delegateExpression', '${sendMail}')).toBe('sendMail');
    expect(handlerOf('expression', '${calc.total(x)}')).toBe('calc');
    expect(handlerOf('class', ' sendMail ')).toBe('sendMail');
    d.ops.update(svc, { 'flowable:resultVariable': 'mailed' });
    writeFields(d.ops, svc, [{ name: 'to', type: 'string', value: 'a@b.c' }, { name: 'subject', type: 'expression', value: '${title}' }, { name: ' ', type: 'string', value: 'x' }]);
    expect(readFields(svc)).toEqual([{ name: 'to', type: 'string', value: 'a@b.c' }, { name: 'subject', type: 'expression', value: '${title}' }]);
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:serviceTask id="svc" name="服务" flowable:delegateExpression="${sendMail}" flowable:resultVariable="mailed">');
    expect(xml).toContain('<flowable:field name="to" stringValue="a@b.c" />');
    expect(xml).toContain('<flowable:field name="subject" expression="${title}" />');
    expect(xml).not.toContain('flowable:class=');
  });

  it('call activity: called element, binding + version, inherit, business key, in / out mappings', async () => {
    const d = await load(XML);
    const call = d.byId('call');
    writeCallActivity(d.ops, call, 'calledElement', 'leave');
    writeCallActivity(d.ops, call, 'binding', 'version');
    writeCallActivity(d.ops, call, 'version', '2');
    writeCallActivity(d.ops, call, 'inheritVariables', true);
    writeCallActivity(d.ops, call, 'businessKey', '${businessKey}');
    writeMappings(d.ops, call, 'in', [{ source: 'amount', sourceExpression: '', target: 'money' }, { source: '', sourceExpression: '${a + 1}', target: 'b' }]);
    writeMappings(d.ops, call, 'out', [{ source: 'result', sourceExpression: '', target: 'childResult' }]);
    expect(readCallActivity(call)).toEqual({ calledElement: 'leave', binding: 'version', version: '2', inheritVariables: true, businessKey: '${businessKey}' });
    expect(readMappings(call, 'in')).toEqual([{ source: 'amount', sourceExpression: '', target: 'money' }, { source: '', sourceExpression: '${a + 1}', target: 'b' }]);
    const xml = await d.toXML();
    expect(xml).toContain('calledElement="leave" flowable:calledElementBinding="version" flowable:calledElementVersion="2" flowable:inheritVariables="true" flowable:businessKey="${businessKey}"');
    expect(xml).toContain('<flowable:in source="amount" target="money" />');
    expect(xml).toContain('<flowable:in sourceExpression="${a + 1}" target="b" />');
    expect(xml).toContain('<flowable:out source="result" target="childResult" />');
    writeCallActivity(d.ops, call, 'binding', 'latest');
    expect(await d.toXML()).not.toContain('calledElementVersion');
    expect(versionError('version', '0')).toBeTruthy();
    expect(versionError('version', '3')).toBeUndefined();
    expect(validateMappings([{ source: '', sourceExpression: '', target: '' }, { source: 'a', sourceExpression: 'b', target: 't' }]))
      .toEqual({ 0: { source: '请输入来源变量或来源表达式', target: '请输入' }, 1: { sourceExpression: '来源变量与来源表达式只填一个' } });
  });

  it('no panel form writes a refused attribute', async () => {
    const d = await load(XML);
    writeService(d.ops, d.byId('svc'), 'expression', '${x.y()}');
    writeCallActivity(d.ops, d.byId('call'), 'calledElement', 'k');
    const xml = await d.toXML();
    for (const a of REFUSED_ATTRIBUTES) expect(xml).not.toContain(a);
  });
});

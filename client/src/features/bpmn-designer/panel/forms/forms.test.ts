import { describe, expect, it } from 'vitest';
import { load } from './test-kit';
import { idError, readGeneral, validateGeneral, writeDocumentation, writeId, writeName } from './general';
import { addLibraryRows, readListeners, validateListeners, validateParams, writeListeners } from './listeners';
import {
  cleanResources, readCategory, readResources, readSignals, resourceError, validateResources, validateSignals, writeCategory,
  writeResources, writeSignals,
} from './process';
import {
  dueDateError, readAssignment, readTaskAttrs, toDueDate, writeExpression, writePickedRoles, writePickedUsers, writeTaskAttr, writeUserType,
} from './user-task';
import { readMultiInstance, writeMultiInstance, SUGGESTED_COMPLETION, completionConditionError } from './multi-instance';
import { outgoingOptions, readCondition, readDefaultFlow, writeCondition, writeDefaultFlow, writeSkipExpression } from './flow';
import { readFormFields, readInputOutput, readProperties, writeFormFields, writeInputOutput, writeProperties } from './extensions';
import { TYPE_FIELDS, readField, writeField } from './task-types';

describe('general (spec §5 Id 不能为空 / 节点名称不能为空)', () => {
  it('validates and writes id, name, documentation', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    expect(validateGeneral({ id: ' ', name: '' }, true)).toEqual({ id: 'Id 不能为空', name: '节点名称不能为空' });
    expect(validateGeneral({ id: 'p', name: '' }, false)).toEqual({});
    const taken = (id: string) => id === 'Activity_2';
    expect(idError(' ', 'a', taken)).toBe('Id 不能为空');
    expect(idError('1abc', 'a', taken)).toMatch(/^Id 须以字母/);
    expect(idError('Activity_2', 'a', taken)).toBe('Id 已被其他元素使用');
    expect(idError('Activity_2', 'Activity_2', taken)).toBeUndefined();
    writeId(d.ops, t, 'approve');
    writeId(d.ops, t, '  ');
    writeName(d.ops, t, '部门审批');
    writeDocumentation(d.ops, t, '说明');
    expect(readGeneral(t)).toEqual({ id: 'approve', name: '部门审批', documentation: '说明' });
    writeDocumentation(d.ops, t, '');
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:userTask id="approve" name="部门审批">');
    expect(xml).not.toContain('documentation');
  });
});

describe('process panel', () => {
  it('category: set and removed when empty', async () => {
    const d = await load();
    writeCategory(d.ops, d.process, 'oa');
    expect(await d.toXML()).toContain('flowable:processCategory="oa"');
    expect(readCategory(d.process)).toBe('oa');
    writeCategory(d.ops, d.process, '');
    expect(await d.toXML()).not.toContain('processCategory');
  });

  it('signals: scope 全局 = start, 流程实例 = end; rows validate with 请选择 / 请输入', async () => {
    expect(validateSignals([{ scope: '', id: '', name: ' ' }])).toEqual({ 0: { scope: '请选择', id: '请输入', name: '请输入' } });
    expect(validateSignals([{ scope: 'start', id: 's', name: 'n' }])).toEqual({});
    const d = await load();
    writeSignals(d.ops, d.definitions, [{ scope: 'start', id: 'Signal_1', name: '全局信号' }, { scope: 'end', id: 'Signal_2', name: '实例信号' }]);
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:signal id="Signal_1" name="全局信号" flowable:scope="start" />');
    expect(xml).toContain('<bpmn:signal id="Signal_2" name="实例信号" flowable:scope="end" />');
    const again = await load(xml);
    expect(readSignals(again.definitions)).toHaveLength(2);
    writeSignals(again.ops, again.definitions, []);
    expect(await again.toXML()).not.toContain('signal');
  });

  it('resources: duplicates 资源已存在, blanks dropped', async () => {
    expect(resourceError(['a.txt', 'b'], ' a.txt ')).toBe('资源已存在');
    expect(resourceError(['a.txt'], 'c')).toBeUndefined();
    expect(validateResources(['a', 'b', 'a'])).toEqual({ 2: '资源已存在' });
    expect(cleanResources([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
    const d = await load();
    writeResources(d.ops, d.process, ['合同模板.docx', '', 'rules.drl']);
    expect(readResources(d.process)).toEqual(['合同模板.docx', 'rules.drl']);
    expect(await d.toXML()).toContain('<flowable:resource>合同模板.docx</flowable:resource>');
    writeResources(d.ops, d.process, []);
    expect(await d.toXML()).not.toContain('extensionElements');
  });
});

describe('listeners (spec §3, §5)', () => {
  it('validates rows and params', () => {
    expect(validateListeners([{ event: '', type: '', value: '', params: [] }])).toEqual({ 0: { event: '请选择', type: '请选择', value: '请输入' } });
    expect(validateParams([{ name: '', type: '', value: '' }])).toEqual({ 0: { name: '请选择', type: '请选择', value: '请输入' } });
  });

  it('writes task and execution listeners with fields and reads them back', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    writeListeners(d.ops, t, 'task', [
      { event: 'create', type: 'class', value: 'com.ruoyi.flowable.listener.UserTaskListener', params: [{ name: 'a', type: 'stringValue', value: '1' }, { name: 'b', type: 'expression', value: '${x}' }] },
    ]);
    writeListeners(d.ops, t, 'execution', [{ event: 'end', type: 'expression', value: '${1 == 1}', params: [] }]);
    const xml = await d.toXML();
    expect(xml).toContain('<flowable:taskListener event="create" class="com.ruoyi.flowable.listener.UserTaskListener">');
    expect(xml).toContain('<flowable:field name="a" stringValue="1" />');
    expect(xml).toContain('<flowable:field name="b" expression="${x}" />');
    expect(xml).toContain('<flowable:executionListener event="end" expression="${1 == 1}" />');
    const again = await load(xml);
    expect(readListeners(again.byId('Activity_1'), 'task')[0].params).toEqual([{ name: 'a', type: 'stringValue', value: '1' }, { name: 'b', type: 'expression', value: '${x}' }]);
    writeListeners(again.ops, again.byId('Activity_1'), 'task', []);
    const x2 = await again.toXML();
    expect(x2).not.toContain('taskListener');
    expect(x2).toContain('executionListener');
  });

  it('maps library rows (valueType → attribute) and skips duplicates', () => {
    const lib = { id: 1, name: '用户任务监听器', type: '1', eventType: 'create', valueType: 'delegateExpressionListener', value: '${bean}' };
    const rows = addLibraryRows([], [lib, lib]);
    expect(rows).toEqual([{ event: 'create', type: 'delegateExpression', value: '${bean}', params: [] }]);
  });
});

describe('user task assignment (spec §4 Node assignment)', () => {
  it('users → fixed assignee / candidateUsers; roles → fixed candidateGroups; expression → dynamic', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    writePickedUsers(d.ops, t, 'assignee', [{ id: 1, name: '若依' }, { id: 2, name: '测试' }]);
    expect(readAssignment(t)).toMatchObject({ userType: 'assignee', dataType: 'fixed', value: '1', text: '若依' });
    writePickedUsers(d.ops, t, 'candidateUsers', [{ id: 1, name: '若依' }, { id: 2, name: '测试' }]);
    expect(readAssignment(t)).toMatchObject({ userType: 'candidateUsers', dataType: 'fixed', value: '1,2' });
    expect(t.get('flowable:assignee')).toBeUndefined();
    writePickedRoles(d.ops, t, [{ id: 2, name: '普通角色' }]);
    expect(readAssignment(t)).toMatchObject({ userType: 'candidateGroups', dataType: 'fixed', value: '2' });
    writeExpression(d.ops, t, 'assignee', { id: 2, name: '审批流程指定接收人', expression: '${approval}' });
    const xml = await d.toXML();
    expect(xml).toMatch(/flowable:assignee="\$\{approval\}"/);
    expect(xml).toContain('flowable:dataType="dynamic"');
    expect(xml).toContain('flowable:userType="assignee"');
    expect(xml).not.toContain('candidateGroups');
  });

  it('changing the type clears the assignment and dataType', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    writePickedUsers(d.ops, t, 'assignee', [{ id: 1, name: '若依' }]);
    writeUserType(d.ops, t, 'candidateGroups');
    expect(readAssignment(t)).toEqual({ userType: 'candidateGroups', dataType: '', value: '', text: '', expId: '' });
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:userTask id="Activity_1" name="审批" flowable:userType="candidateGroups">');
  });

  it('task attributes: form key, async, priority, due date (yyyy-MM-ddTHH:mm:ss), follow-up date', async () => {
    expect(dueDateError('2026-01-02T03:04:05')).toBeUndefined();
    expect(dueDateError('${due}')).toBeUndefined();
    expect(dueDateError('2026-01-02')).toBe('格式为 yyyy-MM-ddTHH:mm:ss');
    expect(toDueDate('2026-01-02T03:04')).toBe('2026-01-02T03:04:00');
    const d = await load();
    const t = d.byId('Activity_1');
    writeTaskAttr(d.ops, t, 'formKey', '3');
    writeTaskAttr(d.ops, t, 'async', true);
    writeTaskAttr(d.ops, t, 'priority', '50');
    writeTaskAttr(d.ops, t, 'dueDate', '2026-01-02T03:04:05');
    writeTaskAttr(d.ops, t, 'followUpDate', '2026-01-03T00:00:00');
    expect(readTaskAttrs(t)).toMatchObject({ formKey: '3', async: true, priority: '50', dueDate: '2026-01-02T03:04:05' });
    writeTaskAttr(d.ops, t, 'async', false);
    const xml = await d.toXML();
    expect(xml).toContain('flowable:formKey="3"');
    expect(xml).not.toContain('flowable:async');
  });
});

describe('multi-instance (spec §4: unset removes the loop)', () => {
  it('writes, reads and removes', async () => {
    expect(completionConditionError(SUGGESTED_COMPLETION)).toBeUndefined();
    expect(completionConditionError('a > 1')).toBeTruthy();
    const d = await load();
    const t = d.byId('Activity_2');
    writeMultiInstance(d.ops, t, { mode: 'parallel', collection: '${userList}', elementVariable: 'assignee', completionCondition: SUGGESTED_COMPLETION });
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:multiInstanceLoopCharacteristics flowable:collection="${userList}" flowable:elementVariable="assignee">');
    expect(xml).toContain('<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances/nrOfInstances &gt;= 0.6}</bpmn:completionCondition>');
    const again = await load(xml);
    expect(readMultiInstance(again.byId('Activity_2'))).toEqual({ mode: 'parallel', collection: '${userList}', elementVariable: 'assignee', completionCondition: SUGGESTED_COMPLETION });
    writeMultiInstance(again.ops, again.byId('Activity_2'), { mode: 'sequential', collection: 'c', elementVariable: '', completionCondition: '' });
    expect(await again.toXML()).toContain('isSequential="true"');
    writeMultiInstance(again.ops, again.byId('Activity_2'), { mode: '', collection: '', elementVariable: '', completionCondition: '' });
    expect(await again.toXML()).not.toContain('multiInstance');
  });
});

describe('flows and gateways', () => {
  it('condition as tFormalExpression, skip expression, default flow', async () => {
    const d = await load();
    writeCondition(d.ops, d.byId('Flow_4'), '${amount > 1000}');
    writeSkipExpression(d.ops, d.byId('Flow_4'), '${skip}');
    const gw = d.byId('Gateway_1');
    expect(outgoingOptions(gw).map((o) => o.value)).toEqual(['Flow_3', 'Flow_4']);
    writeDefaultFlow(d.ops, gw, 'Flow_3');
    expect(readDefaultFlow(gw)).toBe('Flow_3');
    expect(readCondition(d.byId('Flow_4'))).toBe('${amount > 1000}');
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${amount &gt; 1000}</bpmn:conditionExpression>');
    expect(xml).toContain('flowable:skipExpression="${skip}"');
    expect(xml).toContain('<bpmn:exclusiveGateway id="Gateway_1" default="Flow_3">');
    writeDefaultFlow(d.ops, gw, '');
    writeCondition(d.ops, d.byId('Flow_4'), ' ');
    writeSkipExpression(d.ops, d.byId('Flow_4'), '');
    const x2 = await d.toXML();
    expect(x2).not.toContain('default=');
    expect(x2).not.toContain('conditionExpression');
  });
});

describe('extension tables and type fields', () => {
  it('form fields, properties, input/output, start initiator', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    writeFormFields(d.ops, t, [{ id: 'day', name: '天数', type: 'long', default: '1', required: true }, { id: ' ', name: 'x', type: '', default: '', required: false }]);
    writeProperties(d.ops, t, [{ name: 'k', value: 'v' }]);
    writeInputOutput(d.ops, t, { inputs: [{ name: 'in1', value: '${a}' }], outputs: [{ name: 'out1', value: 'b' }] });
    const s = d.byId('start_event');
    writeField(d.ops, s, TYPE_FIELDS.startEvent[0], 'initiator');
    const xml = await d.toXML();
    expect(xml).toContain('<flowable:formProperty id="day" name="天数" type="long" default="1" required="true" />');
    expect(xml).toContain('<flowable:property name="k" value="v" />');
    expect(xml).toContain('<flowable:inputParameter name="in1">${a}</flowable:inputParameter>');
    expect(xml).toContain('flowable:initiator="initiator"');
    const again = await load(xml);
    const t2 = again.byId('Activity_1');
    expect(readFormFields(t2)).toHaveLength(1);
    expect(readProperties(t2)).toEqual([{ name: 'k', value: 'v' }]);
    expect(readInputOutput(t2)).toEqual({ inputs: [{ name: 'in1', value: '${a}' }], outputs: [{ name: 'out1', value: 'b' }] });
    expect(readField(again.byId('start_event'), TYPE_FIELDS.startEvent[0])).toBe('initiator');
  });
});

describe('service, script and business-rule task fields (spec §3)', () => {
  it('writes each type attribute and removes blanks / false', async () => {
    const d = await load(`<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="x">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:serviceTask id="svc" /><bpmn:scriptTask id="scr" /><bpmn:businessRuleTask id="rule" /><bpmn:sendTask id="send" />
  </bpmn:process>
</bpmn:definitions>`);
    const set = (id: string, kind: string, values: Record<string, string | boolean>) => {
      for (const f of TYPE_FIELDS[kind]) if (f.key in values) writeField(d.ops, d.byId(id), f, values[f.key]);
    };
    set('svc', 'serviceTask', { class: 'com.x.Svc', resultVariable: 'r', triggerable: true });
    set('scr', 'scriptTask', { scriptFormat: 'groovy', script: 'a = 1', resultVariable: 'x', autoStoreVariables: true });
    set('rule', 'businessRuleTask', { ruleVariablesInput: 'order', rules: 'r1,r2', resultVariable: 'res', exclude: true });
    set('send', 'sendTask', { expression: '${mail.send()}' });
    const out = await d.toXML();
    expect(out).toContain('<bpmn:serviceTask id="svc" flowable:class="com.x.Svc" flowable:resultVariable="r" flowable:triggerable="true" />');
    expect(out).toContain('<bpmn:scriptTask id="scr" scriptFormat="groovy" flowable:resultVariable="x" flowable:autoStoreVariables="true">');
    expect(out).toContain('<bpmn:script>a = 1</bpmn:script>');
    expect(out).toContain('flowable:ruleVariablesInput="order" flowable:rules="r1,r2" flowable:resultVariable="res" flowable:exclude="true"');
    expect(out).toContain('<bpmn:sendTask id="send" flowable:expression="${mail.send()}" />');
    set('svc', 'serviceTask', { triggerable: false, class: '' });
    expect(readField(d.byId('svc'), TYPE_FIELDS.serviceTask[4])).toBe(false);
    expect(await d.toXML()).toContain('<bpmn:serviceTask id="svc" flowable:resultVariable="r" />');
  });
});

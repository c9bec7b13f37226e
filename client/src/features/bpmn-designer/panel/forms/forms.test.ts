import { describe, expect, it } from 'vitest';
import { load } from './test-kit';
import { idError, readGeneral, validateGeneral, writeDocumentation, writeId, writeName } from './general';
import { addLibraryRows, readListeners, validateListeners, validateParams, writeListeners } from './listeners';
import { readCategory, readSignals, validateSignals, writeCategory, writeSignals } from './process';
import { globalsInUse, readGlobals, writeRef } from './events';
import {
  dueDateError, readAssignment, readTaskAttrs, toDueDate, writeExpression, writePickedRoles, writePickedUsers, writeTaskAttr, writeUserType,
} from './user-task';
import { cardinalityError, describeMultiInstance, readMultiInstance, writeMultiInstance, SUGGESTED_COMPLETION, completionConditionError } from './multi-instance';
import { outgoingOptions, readCondition, readDefaultFlow, writeCondition, writeDefaultFlow } from './flow';
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

  it('信号范围 (issue 40): 请选择 when cleared; written as flowable:scope for new signals and when changed; read back', async () => {
    expect(validateSignals([{ id: 's', name: 'n', errorCode: '', scope: '' }])).toEqual({ 0: { scope: '请选择' } });
    const d = await load();
    writeSignals(d.ops, d.definitions, [{ id: 'Signal_g', name: '全局', errorCode: '', scope: 'global' }, { id: 'Signal_i', name: '实例', errorCode: '', scope: 'processInstance' }]);
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:signal id="Signal_g" name="全局" flowable:scope="global" />');
    expect(xml).toContain('<bpmn:signal id="Signal_i" name="实例" flowable:scope="processInstance" />');
    const again = await load(xml);
    const rows = readSignals(again.definitions);
    expect(rows.map((r) => r.scope)).toEqual(['global', 'processInstance']);
    writeSignals(again.ops, again.definitions, [{ ...rows[0], scope: 'processInstance' }, rows[1]]);
    expect(await again.toXML()).toContain('<bpmn:signal id="Signal_g" name="全局" flowable:scope="processInstance" />');
  });

  it('signals: rows validate with 请输入 / unique ids; written without a scope (the engine broadcasts globally)', async () => {
    expect(validateSignals([{ id: '', name: ' ', errorCode: '' }])).toEqual({ 0: { id: '请输入', name: '请输入' } });
    expect(validateSignals([{ id: 's', name: 'n', errorCode: '' }, { id: 's', name: 'm', errorCode: '' }])).toEqual({ 1: { id: 'ID 已存在' } });
    const d = await load();
    writeSignals(d.ops, d.definitions, [{ id: 'Signal_1', name: '全局信号', errorCode: '' }, { id: 'Signal_2', name: '实例信号', errorCode: '' }]);
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:signal id="Signal_1" name="全局信号" />');
    expect(xml.indexOf('<bpmn:signal id="Signal_2"')).toBeLessThan(xml.indexOf('<bpmn:process'));
    const again = await load(xml);
    expect(readSignals(again.definitions).map((s) => s.id)).toEqual(['Signal_1', 'Signal_2']);
    writeSignals(again.ops, again.definitions, []);
    expect(await again.toXML()).not.toContain('signal');
  });

  it('signals are edited in place: a referencing event keeps its reference; deleting a referenced one is refused', async () => {
    const d = await load(SIGNAL_XML);
    const catchEvent = (d.process.get('flowElements') as ReturnType<typeof d.byId>[]).find((e) => e.id === 'wait')!;
    const def = (catchEvent.get('eventDefinitions') as ReturnType<typeof d.byId>[])[0];
    const before = readSignals(d.definitions);
    const original = before[0].ref;
    // Rename the referenced signal (id and name), add a new one, delete the unused one.
    const edited = [{ ...before[0], id: 'Signal_paid', name: '已付款' }, { id: 'Signal_new', name: '新信号', errorCode: '' }];
    expect(globalsInUse(d.definitions, 'bpmn:Signal', before, edited)).toBeUndefined();
    writeSignals(d.ops, d.definitions, edited);
    expect(def.get('signalRef')).toBe(original);
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:signalEventDefinition id="sed" signalRef="Signal_paid" />');
    expect(xml).toContain('<bpmn:signal id="Signal_paid" name="已付款" flowable:scope="start" />');
    expect(xml).toContain('<bpmn:signal id="Signal_new" name="新信号" />');
    expect(xml).not.toContain('Signal_unused');
    // Deleting the referenced signal: refused, naming the event.
    const now = readSignals(d.definitions);
    expect(globalsInUse(d.definitions, 'bpmn:Signal', now, now.slice(1))).toBe('信号「已付款」(Signal_paid) 仍被 等待付款 (wait) 引用, 不能删除; 请先修改这些事件');
    // Once the event references the other signal, the first one may go.
    writeRef(d.ops, def, 'signal', d.definitions, 'Signal_new');
    expect(globalsInUse(d.definitions, 'bpmn:Signal', now, now.slice(1))).toBeUndefined();
    expect(readGlobals(d.definitions, 'bpmn:Signal')).toHaveLength(2);
  });
});

/** A signal catch event inside a sub-process referencing Signal_1 (scope kept from an older designer); Signal_unused unreferenced. */
const SIGNAL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="x">
  <bpmn:signal id="Signal_1" name="付款" flowable:scope="start" />
  <bpmn:signal id="Signal_unused" name="未用" />
  <bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:intermediateCatchEvent id="wait" name="等待付款"><bpmn:signalEventDefinition id="sed" signalRef="Signal_1" /></bpmn:intermediateCatchEvent>
  </bpmn:process>
</bpmn:definitions>`;

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

  it('task attributes: form key, priority, due date (yyyy-MM-ddTHH:mm:ss); nothing the engine ignores', async () => {
    expect(dueDateError('2026-01-02T03:04:05')).toBeUndefined();
    expect(dueDateError('${due}')).toBeUndefined();
    expect(dueDateError('2026-01-02')).toBe('格式为 yyyy-MM-ddTHH:mm:ss');
    expect(toDueDate('2026-01-02T03:04')).toBe('2026-01-02T03:04:00');
    const d = await load();
    const t = d.byId('Activity_1');
    writeTaskAttr(d.ops, t, 'formKey', '3');
    writeTaskAttr(d.ops, t, 'priority', '50');
    writeTaskAttr(d.ops, t, 'dueDate', '2026-01-02T03:04:05');
    expect(readTaskAttrs(t)).toEqual({ formKey: '3', priority: '50', dueDate: '2026-01-02T03:04:05' });
    writeTaskAttr(d.ops, t, 'priority', ' ');
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:userTask id="Activity_1" name="审批" flowable:formKey="3" flowable:dueDate="2026-01-02T03:04:05">');
  });
});

describe('multi-instance (spec §4: unset removes the loop)', () => {
  it('writes, reads and removes', async () => {
    expect(completionConditionError(SUGGESTED_COMPLETION)).toBeUndefined();
    expect(completionConditionError('a > 1')).toBeTruthy();
    const d = await load();
    const t = d.byId('Activity_2');
    writeMultiInstance(d.ops, t, { mode: 'parallel', loopCardinality: '', collection: '${userList}', elementVariable: 'assignee', completionCondition: SUGGESTED_COMPLETION });
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:multiInstanceLoopCharacteristics flowable:collection="${userList}" flowable:elementVariable="assignee">');
    expect(xml).toContain('<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances/nrOfInstances &gt;= 0.6}</bpmn:completionCondition>');
    const again = await load(xml);
    expect(readMultiInstance(again.byId('Activity_2'))).toEqual({ mode: 'parallel', loopCardinality: '', collection: '${userList}', elementVariable: 'assignee', completionCondition: SUGGESTED_COMPLETION });
    writeMultiInstance(again.ops, again.byId('Activity_2'), { mode: 'sequential', loopCardinality: '', collection: 'c', elementVariable: '', completionCondition: '' });
    expect(await again.toXML()).toContain('isSequential="true"');
    writeMultiInstance(again.ops, again.byId('Activity_2'), { mode: '', loopCardinality: '', collection: '', elementVariable: '', completionCondition: '' });
    expect(await again.toXML()).not.toContain('multiInstance');
  });
  it('循环基数 (issue 40): written as loopCardinality, read back, and one of 循环基数 / 集合 required', async () => {
    expect(cardinalityError({ loopCardinality: '', collection: ' ' })).toBe('请填写循环基数或集合');
    expect(cardinalityError({ loopCardinality: '0', collection: '' })).toBe('循环基数须为正整数或表达式，如 3 或 ${count}');
    expect(cardinalityError({ loopCardinality: '3', collection: '' })).toBeUndefined();
    expect(cardinalityError({ loopCardinality: '${count}', collection: '' })).toBeUndefined();
    expect(cardinalityError({ loopCardinality: '', collection: 'userList' })).toBeUndefined();
    const d = await load();
    writeMultiInstance(d.ops, d.byId('Activity_2'), { mode: 'parallel', loopCardinality: '3', collection: '', elementVariable: '', completionCondition: '' });
    const xml = await d.toXML();
    expect(xml).toMatch(/<bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">3<\/bpmn:loopCardinality>/);
    const again = await load(xml);
    expect(readMultiInstance(again.byId('Activity_2'))).toMatchObject({ mode: 'parallel', loopCardinality: '3', collection: '' });
    expect(describeMultiInstance(readMultiInstance(again.byId('Activity_2')))).toBe('并行 · 循环基数 3');
  });
});

describe('flows and gateways', () => {
  it('condition as tFormalExpression, default flow (no skip expression: refused by the engine)', async () => {
    const d = await load();
    writeCondition(d.ops, d.byId('Flow_4'), '${amount > 1000}');
    const gw = d.byId('Gateway_1');
    expect(outgoingOptions(gw).map((o) => o.value)).toEqual(['Flow_3', 'Flow_4']);
    writeDefaultFlow(d.ops, gw, 'Flow_3');
    expect(readDefaultFlow(gw)).toBe('Flow_3');
    expect(readCondition(d.byId('Flow_4'))).toBe('${amount > 1000}');
    const xml = await d.toXML();
    expect(xml).toContain('<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${amount &gt; 1000}</bpmn:conditionExpression>');
    expect(xml).not.toContain('skipExpression');
    expect(xml).toContain('<bpmn:exclusiveGateway id="Gateway_1" default="Flow_3">');
    writeDefaultFlow(d.ops, gw, '');
    writeCondition(d.ops, d.byId('Flow_4'), ' ');
    const x2 = await d.toXML();
    expect(x2).not.toContain('default=');
    expect(x2).not.toContain('conditionExpression');
  });
});

describe('type fields', () => {
  it('start initiator only: the send / script / business-rule task fields are not offered', async () => {
    const d = await load();
    const s = d.byId('start_event');
    writeField(d.ops, s, TYPE_FIELDS.startEvent[0], 'initiator');
    const xml = await d.toXML();
    expect(xml).toContain('flowable:initiator="initiator"');
    expect(readField((await load(xml)).byId('start_event'), TYPE_FIELDS.startEvent[0])).toBe('initiator');
    expect(Object.keys(TYPE_FIELDS)).toEqual(['startEvent']);
  });
});

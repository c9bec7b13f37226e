/**
 * 抄送 (issue 16) read / write on a parsed diagram: the attributes serialise as `flowable:cc*` on
 * `<bpmn:userTask>`, round-trip through bpmn-moddle with the shared descriptor, and empty values
 * remove them.
 */
import { describe, expect, it } from 'vitest';
import { load } from './test-kit';
import { ccExpressionError, readCc, writeCcExpression, writeCcGroups, writeCcUsers } from './cc';

describe('抄送 (CC) of a user task', () => {
  it('writes users, roles and an expression as flowable:cc* attributes and reads them back', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    expect(readCc(t)).toEqual({ users: [], groups: [], expression: '' });
    writeCcUsers(d.ops, t, [{ id: 1, name: '若依' }, { id: 2, name: '测试' }]);
    writeCcGroups(d.ops, t, [{ id: 2, name: '普通角色' }]);
    writeCcExpression(d.ops, t, '  ${deptLeader} ');
    const xml = await d.toXML();
    expect(xml).toContain('flowable:ccUsers="1,2"');
    expect(xml).toContain('flowable:ccUserNames="若依,测试"');
    expect(xml).toContain('flowable:ccGroups="2"');
    expect(xml).toContain('flowable:ccGroupNames="普通角色"');
    expect(xml).toContain('flowable:ccExpression="${deptLeader}"');
    expect(xml).not.toMatch(/<bpmn:userTask id="Activity_2"[^>]*cc/);
    const again = await load(xml);
    expect(readCc(again.byId('Activity_1'))).toEqual({
      users: [{ id: '1', name: '若依' }, { id: '2', name: '测试' }],
      groups: [{ id: '2', name: '普通角色' }],
      expression: '${deptLeader}',
    });
  });

  it('empty values remove the attributes (no flowable:ccUsers="")', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    writeCcUsers(d.ops, t, [{ id: 1, name: '若依' }]);
    writeCcGroups(d.ops, t, [{ id: 2, name: '普通角色' }]);
    writeCcExpression(d.ops, t, '${deptLeader}');
    writeCcUsers(d.ops, t, []);
    writeCcExpression(d.ops, t, '   ');
    let xml = await d.toXML();
    expect(xml).not.toContain('ccUsers');
    expect(xml).not.toContain('ccUserNames');
    expect(xml).not.toContain('ccExpression');
    expect(xml).toContain('flowable:ccGroups="2"');
    writeCcGroups(d.ops, t, []);
    xml = await d.toXML();
    expect(xml).not.toContain('flowable:cc');
    expect(xml).toContain('<bpmn:userTask id="Activity_1" name="审批">');
  });

  it('dedupes ids, keeps names aligned (a comma in a name is replaced), falls back to ids without names', async () => {
    const d = await load();
    const t = d.byId('Activity_1');
    writeCcUsers(d.ops, t, [{ id: 3, name: '张,三' }, { id: 3, name: '张三' }, { id: 4, name: '' }]);
    const xml = await d.toXML();
    expect(xml).toContain('flowable:ccUsers="3,4"');
    expect(xml).toContain('flowable:ccUserNames="张，三,4"');
    const opened = await load(DESIGNER_WITH_IDS_ONLY);
    expect(readCc(opened.byId('Activity_1')).users).toEqual([{ id: '5', name: '5' }, { id: '6', name: '6' }]);
  });

  it('accepts a blank or ${…} / #{…} expression only', () => {
    expect(ccExpressionError('')).toBeUndefined();
    expect(ccExpressionError(' ${deptLeader} ')).toBeUndefined();
    expect(ccExpressionError('#{ccUsers}')).toBeUndefined();
    expect(ccExpressionError('deptLeader')).toBe('请输入表达式, 如 ${deptLeader}');
  });
});

const DESIGNER_WITH_IDS_ONLY = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:userTask id="Activity_1" name="审批" flowable:ccUsers="5, 6" />
  </bpmn:process>
</bpmn:definitions>`;

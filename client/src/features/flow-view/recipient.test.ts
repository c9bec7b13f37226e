import { describe, expect, it } from 'vitest';
import { needsRecipient, recipientEmptyMessage, recipientKind, recipientVariables } from './recipient';

describe('completion recipient rule (spec §4)', () => {
  it('asks only for a dynamic next node', () => {
    expect(needsRecipient({ type: 'assignee', dataType: 'dynamic', vars: 'approval' })).toBe(true);
    expect(needsRecipient({ type: 'assignee', dataType: 'fixed', vars: 'approval' })).toBe(false);
    expect(needsRecipient(null)).toBe(false);
    expect(needsRecipient(undefined)).toBe(false);
  });

  it('picks the kind by type', () => {
    expect(recipientKind({ type: 'assignee' })).toBe('user');
    expect(recipientKind({ type: 'candidateUsers' })).toBe('users');
    expect(recipientKind({ type: 'candidateGroups' })).toBe('roles');
    expect(recipientKind({ type: 'multiInstance', vars: 'userList' })).toBe('multiInstance');
  });

  it('builds the variables', () => {
    expect(recipientVariables({ type: 'assignee', dataType: 'dynamic', vars: 'approval' }, [3, 4])).toEqual({ approval: '3' });
    expect(recipientVariables({ type: 'candidateUsers', dataType: 'dynamic' }, [1, 2])).toEqual({ approval: '1,2' });
    expect(recipientVariables({ type: 'candidateGroups', dataType: 'dynamic' }, ['2', '5'])).toEqual({ approval: '2,5' });
    expect(recipientVariables({ type: 'multiInstance', dataType: 'dynamic', vars: 'userList' }, [1, 2])).toEqual({ userList: ['1', '2'] });
    expect(recipientVariables({ type: 'assignee', dataType: 'dynamic' }, [])).toBeNull();
  });

  it('names the empty-choice message', () => {
    expect(recipientEmptyMessage({ type: 'candidateGroups' })).toBe('请选择流程接收角色组!');
    expect(recipientEmptyMessage({ type: 'assignee' })).toBe('请选择任务接收!');
    expect(recipientEmptyMessage({ type: 'multiInstance' })).toBe('请选择任务接收!');
  });
});

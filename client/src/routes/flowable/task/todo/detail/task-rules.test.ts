import { describe, expect, it } from 'vitest';
import { formVariables } from '../../../../../components/form-render';
import { approveError, completeVariables, rejectError, returnErrors, successMsg } from './task-rules';

describe('task handling checks (spec §5 Task handling)', () => {
  const dyn = (type: string) => ({ type, dataType: 'dynamic', vars: 'approval' });
  it('approve: recipient before comment', () => {
    expect(approveError({ comment: '', next: dyn('assignee'), recipientVars: null })).toBe('请选择流程接收人员!');
    expect(approveError({ comment: 'ok', next: dyn('candidateUsers'), recipientVars: null })).toBe('请选择流程接收人员!');
    expect(approveError({ comment: 'ok', next: dyn('multiInstance'), recipientVars: null })).toBe('请选择流程接收人员!');
    expect(approveError({ comment: 'ok', next: dyn('candidateGroups'), recipientVars: null })).toBe('请选择流程接收角色组!');
    expect(approveError({ comment: '  ', next: dyn('assignee'), recipientVars: { approval: '2' } })).toBe('请输入处理意见');
    expect(approveError({ comment: '同意', next: dyn('assignee'), recipientVars: { approval: '2' } })).toBeNull();
  });
  it('approve: a fixed or missing next node needs only the comment', () => {
    expect(approveError({ comment: '', next: { type: 'assignee', dataType: 'fixed' }, recipientVars: null })).toBe('请输入处理意见');
    expect(approveError({ comment: '同意', next: null, recipientVars: null })).toBeNull();
  });
  it('return and reject', () => {
    expect(returnErrors({ targetKey: '', comment: '' })).toEqual({ targetKey: '请选择退回节点', comment: '请输入意见' });
    expect(returnErrors({ targetKey: 'a', comment: 'x' })).toEqual({});
    expect(rejectError(' ')).toBe('请输入意见');
    expect(rejectError('不同意')).toBeNull();
  });
  it('complete variables', () => {
    const submit = { formData: { fields: [], formBtns: true }, valData: { field101: 'x' } };
    expect(completeVariables(null, null, formVariables)).toBeUndefined();
    expect(completeVariables(null, { approval: '2' }, formVariables)).toEqual({ approval: '2' });
    expect(completeVariables(submit, { approval: '2' }, formVariables)).toEqual({
      field101: 'x', variables: { fields: [], formBtns: false, disabled: true }, approval: '2',
    });
  });
  it('success message', () => {
    expect(successMsg(undefined)).toBe('操作成功');
    expect(successMsg({ msg: '已提交' })).toBe('已提交');
  });
});


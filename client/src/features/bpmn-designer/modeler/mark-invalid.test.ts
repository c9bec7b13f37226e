import { describe, expect, it } from 'vitest';
import { problemLine, problemsText } from './mark-invalid';

describe('problem lines (designer save refusal and 流程模拟)', () => {
  it('names the element by name and id, by id alone, or not at all', () => {
    expect(problemLine({ elementId: 'Activity_1', elementName: '审批', message: '不支持' })).toBe('审批 (Activity_1): 不支持');
    expect(problemLine({ elementId: 'Activity_1', elementName: '', message: '不支持' })).toBe('Activity_1: 不支持');
    expect(problemLine({ elementId: 'Activity_1', message: '不支持' })).toBe('Activity_1: 不支持');
    expect(problemLine({ elementId: '', message: '流程没有开始事件' })).toBe('流程没有开始事件');
  });

  it('joins the lines after 模型校验未通过', () => {
    expect(problemsText([{ elementId: 'A', elementName: '甲', message: 'x' }, { elementId: '', message: 'y' }])).toBe('模型校验未通过: 甲 (A): x；y');
  });
});

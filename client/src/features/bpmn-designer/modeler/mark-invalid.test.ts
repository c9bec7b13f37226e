import { describe, expect, it } from 'vitest';
import { configGapMessage, configGapShort } from '../../../../../shared/bpmn/config-messages';
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

  it('a "what to fill in" message (issue 40) names its element itself: shown once, without 部署失败', () => {
    const message = `部署失败: ${configGapMessage('calledElement', { id: 'call_1', name: '归档' })}`;
    expect(problemLine({ elementId: 'call_1', elementName: '归档', message })).toBe('调用活动「归档」(call_1) 还没有选择被调用流程：请在右侧属性面板「被调用流程」中选择或输入');
    const unnamed = `部署失败: ${configGapMessage('multiInstance', { id: 'Activity_9' })}`;
    expect(problemLine({ elementId: 'Activity_9', message: unnamed })).toBe('用户任务 Activity_9的多实例还没有填写循环基数或集合：请在右侧属性面板点「编辑多实例」，填写「循环基数」或「集合」');
    // the mark on the canvas says only what is missing
    expect(configGapShort(message)).toBe('还没有选择被调用流程');
    expect(configGapShort(unnamed)).toBe('多实例还没有填写循环基数或集合');
    expect(configGapShort(`部署失败: ${configGapMessage('message', { id: 'w', name: '等待回款' })}`)).toBe('还没有选择消息');
    expect(configGapShort('部署失败: 不支持的流程元素 calc (bpmn:ScriptTask)')).toBe('部署失败: 不支持的流程元素 calc (bpmn:ScriptTask)');
    // the engine's other refusals keep their element prefix
    expect(problemLine({ elementId: 'calc', elementName: '计算金额', message: '部署失败: 不支持的流程元素 calc (bpmn:ScriptTask)' }))
      .toBe('计算金额 (calc): 部署失败: 不支持的流程元素 calc (bpmn:ScriptTask)');
  });
});

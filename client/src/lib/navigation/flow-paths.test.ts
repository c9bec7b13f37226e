import { describe, expect, it } from 'vitest';
import { finishedDetailPath, myProcessDetailPath, startPath, todoDetailPath } from './flow-paths';

describe('workflow route paths (spec §2)', () => {
  it('builds the hidden routes with every query key', () => {
    expect(todoDetailPath({ procInsId: 'p1', deployId: 'd1', taskId: 't1', executionId: 'e1', taskName: '经理审批', startUserName: '若依' }))
      .toBe('/flowable/task/todo/detail/index?procInsId=p1&deployId=d1&taskId=t1&executionId=e1&taskName=%E7%BB%8F%E7%90%86%E5%AE%A1%E6%89%B9&startUser=%E8%8B%A5%E4%BE%9D');
    expect(finishedDetailPath({ procInsId: 'p', deployId: 'd', taskId: 't' })).toBe('/flowable/task/finished/detail/index?procInsId=p&deployId=d&taskId=t');
    expect(myProcessDetailPath({ procInsId: 'p', deployId: 'd', taskId: null })).toBe('/flowable/task/myProcess/detail/index?procInsId=p&deployId=d&taskId=');
    expect(startPath({ deployId: 'd', procDefId: 'leave:1:d' })).toBe('/flowable/task/myProcess/send/index?deployId=d&procDefId=leave%3A1%3Ad');
  });
});

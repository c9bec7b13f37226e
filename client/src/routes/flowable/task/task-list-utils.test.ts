import { describe, expect, it } from 'vitest';
import { defaultDateRange, instanceStatus, taskListInput } from './task-list-utils';

describe('task list rules (spec §9)', () => {
  it('defaults the start-time filter to 90 days back up to today', () => {
    expect(defaultDateRange(new Date(2026, 10, 22, 15, 30))).toEqual(['2026-08-24', '2026-11-22']);
    expect(defaultDateRange(new Date(2026, 2, 1))).toEqual(['2025-12-01', '2026-03-01']);
  });

  it('sends name, beginTime and endTime only when set, in order', () => {
    expect(taskListInput({ name: '  请假 ', dateRange: ['2026-01-01', '2026-02-01'] }, { pageNum: 2, pageSize: 20 }))
      .toEqual({ pageNum: 2, pageSize: 20, name: '请假', beginTime: '2026-01-01', endTime: '2026-02-01' });
    expect(taskListInput({ name: '', dateRange: ['', ''] }, { pageNum: 1, pageSize: 10 })).toEqual({ pageNum: 1, pageSize: 10 });
    expect(taskListInput({ name: '', dateRange: ['2026-03-01', '2026-01-01'] }, { pageNum: 1, pageSize: 10 }))
      .toEqual({ pageNum: 1, pageSize: 10, beginTime: '2026-01-01', endTime: '2026-03-01' });
  });

  it('reads the instance status from finishTime', () => {
    expect(instanceStatus(null)).toEqual({ label: '进行中', running: true });
    expect(instanceStatus('2026-01-01 10:00:00')).toEqual({ label: '已完成', running: false });
  });
});

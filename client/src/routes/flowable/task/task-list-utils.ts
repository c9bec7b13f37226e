/**
 * Pure rules of the three task lists (待办 / 已办 / 我的流程) and the start screen (workflow spec §2
 * routes, §9 "Default start-time filter is 90 days back", "Date range is sent as beginTime and
 * endTime", page sizes 10/20/30/50): the default range and the list input. The query strings of
 * the hidden detail / start routes are in lib/navigation/flow-paths.ts.
 */

/** Filters of a task list: 流程名称 and the 开始时间 range (yyyy-MM-dd). */
export interface TaskListFilters {
  name: string;
  dateRange: [string, string];
}

/** Days back of the default 开始时间 filter (spec §9). */
export const DEFAULT_RANGE_DAYS = 90;

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date as yyyy-MM-dd. */
export const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** [today − 90 days, today] (spec §9 default start-time filter). */
export function defaultDateRange(now: Date = new Date()): [string, string] {
  const begin = new Date(now.getFullYear(), now.getMonth(), now.getDate() - DEFAULT_RANGE_DAYS);
  return [dayText(begin), dayText(now)];
}

/** The filters a list starts with (and goes back to on 重置). */
export const defaultTaskFilters = (now: Date = new Date()): TaskListFilters => ({ name: '', dateRange: defaultDateRange(now) });

/** The `taskListInput` of a list: paging, name (trimmed, omitted when blank), beginTime / endTime (spec §9). */
export function taskListInput(filters: TaskListFilters, page: { pageNum: number; pageSize: number }) {
  const name = filters.name.trim();
  const [a, b] = filters.dateRange;
  const [beginTime, endTime] = a && b && a > b ? [b, a] : [a, b];
  return {
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    ...(name ? { name } : {}),
    ...(beginTime ? { beginTime } : {}),
    ...(endTime ? { endTime } : {}),
  };
}

/** 流程状态 of an own-started instance: 已完成 once finishTime is set, else 进行中 (reference §6 myProcess). */
export const instanceStatus = (finishTime: string | null | undefined): { label: '进行中' | '已完成'; running: boolean } =>
  finishTime ? { label: '已完成', running: false } : { label: '进行中', running: true };

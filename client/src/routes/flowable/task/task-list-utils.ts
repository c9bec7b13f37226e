/**
 * Pure rules of the three task lists (待办 / 已办 / 我的流程) and the start screen (workflow spec §2
 * routes, §9 "Default start-time filter is 90 days back", "Date range is sent as beginTime and
 * endTime", page sizes 10/20/30/50): the default range, the list input, and the query strings of
 * the hidden detail / start routes.
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

type Query = Record<string, string | number | null | undefined>;
/** `path?k=v&…` with empty values kept as `k=` (RuoYi passes every key). */
export function withQuery(path: string, q: Query): string {
  const s = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)])).toString();
  return s ? `${path}?${s}` : path;
}

/** 处理 of a to-do row → the task-handling screen (spec §2 "Task-handling screen" params). */
export const todoDetailPath = (r: { procInsId: string; deployId: string; taskId: string; executionId?: string | null; taskName?: string | null; startUserName?: string | null }) =>
  withQuery('/flowable/task/todo/detail/index', {
    procInsId: r.procInsId, deployId: r.deployId, taskId: r.taskId, executionId: r.executionId, taskName: r.taskName, startUser: r.startUserName,
  });

/** 流转记录 of a finished row (spec §2 "Finished-task detail": deployId, taskId, procInsId). */
export const finishedDetailPath = (r: { procInsId: string; deployId: string; taskId: string }) =>
  withQuery('/flowable/task/finished/detail/index', { procInsId: r.procInsId, deployId: r.deployId, taskId: r.taskId });

/** 详情 of an own-started row. */
export const myProcessDetailPath = (r: { procInsId: string; deployId: string; taskId?: string | null }) =>
  withQuery('/flowable/task/myProcess/detail/index', { procInsId: r.procInsId, deployId: r.deployId, taskId: r.taskId });

/** 发起 → the start screen (spec §2 "Start-process screen"). */
export const startPath = (r: { deployId: string; procDefId: string }) =>
  withQuery('/flowable/task/myProcess/send/index', { deployId: r.deployId, procDefId: r.procDefId });

/** 流程状态 of an own-started instance: 已完成 once finishTime is set, else 进行中 (reference §6 myProcess). */
export const instanceStatus = (finishTime: string | null | undefined): { label: '进行中' | '已完成'; running: boolean } =>
  finishTime ? { label: '已完成', running: false } : { label: '进行中', running: true };

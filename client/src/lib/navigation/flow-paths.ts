/**
 * The query strings of the workflow's hidden detail / start routes (workflow spec §2 routes):
 * the task lists, 抄送我的 and 流程定义's 发起 open them, so they sit below every screen.
 */

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

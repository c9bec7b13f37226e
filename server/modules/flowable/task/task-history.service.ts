/**
 * What the task lists and the flow record say happened (reference §6 "Task lists", "Flow
 * record"; issue 40 §3, §4): 已办任务 with its 处理结果, 我的流程 with the current node, and the
 * flow record with the start, every comment of a task and the 撤回 entries. Display names come
 * from sys_user / sys_dept / sys_role (names.ts); reads of an instance check the reader first
 * (access.service.ts: participants and monitors, 403 otherwise).
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import type { FinishedRow, FlowRecordItem, MyProcessRow } from '../../../engine';
import type { taskListInput } from '../../../../shared/schemas/flowable';
import { commentTypeName, START_ENTRY_NAME, startCommentText, taskResultName } from '../../../../shared/schemas/flowable/comment-types';
import { assertInstanceReader } from '../common/access.service';
import { people, roleNames } from '../common/names';
import { ccNamesByTask } from '../cc/cc.service';
import { mainFormOfDeployment } from '../library/form-versions.repo';
import { parseForm } from '../library/library.service';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'engine'>;
// The engine's page rows are fresh objects of this call: the display names are added in place.
type Named<T, K extends string> = T & { [P in K]: string | null };

/**
 * `finishedList` (已办任务): the tasks the user handled (engine finishedList: not those taken
 * away by another user's 撤回, reject, stop or countersign), newest first, with RuoYi's
 * `hisProcInsId`, the initiator's names and 处理结果: `resultType` (comment type) and `result`
 * (通过 / 退回 / 驳回 / 委派 / 转办 / 终止 / 撤回 / 加签 / 减签; shared comment-types.ts).
 */
export async function finishedList(deps: Deps, login: LoginUser, q: z.output<typeof taskListInput>) {
  const page = await deps.engine.finishedList({ ...q, userId: String(login.userId) });
  const who = await people(deps.store, page.rows.map((r) => r.startUserId));
  const rows = page.rows as Array<Named<FinishedRow & { hisProcInsId: string }, 'startUserName' | 'startDeptName' | 'result'>>;
  for (const r of rows) {
    const p = who.get(r.startUserId ?? '');
    r.hisProcInsId = r.procInsId;
    r.startUserName = p?.nickName ?? null;
    r.startDeptName = p?.deptName ?? null;
    r.result = taskResultName(r.resultType);
  }
  return { total: page.total, rows };
}

/**
 * `myProcess`: the instances the user started (engine myProcessList), instances started by a call
 * activity left out (their caller's row stands for them; its current task may be the called
 * instance's: `taskProcInsId`, `taskProcDefName`), with the current task's assignee names. A
 * finished instance (finishTime set) has no current node: taskName, assigneeId, assigneeName,
 * assigneeDeptName, taskProcInsId and taskProcDefName are null (issue 40 §4); its `taskId` stays
 * the last task's (the detail screen reads the form through it).
 */
export async function myProcess(deps: Deps, login: LoginUser, q: z.output<typeof taskListInput>) {
  const page = await deps.engine.myProcessList({ ...q, userId: String(login.userId) });
  for (const r of page.rows) {
    if (r.finishTime === null) continue;
    r.taskName = null;
    r.assigneeId = null;
    r.taskProcInsId = null;
    r.taskProcDefName = null;
  }
  const who = await people(deps.store, page.rows.map((r) => r.assigneeId));
  const rows = page.rows as Array<Named<MyProcessRow, 'assigneeName' | 'assigneeDeptName'>>;
  for (const r of rows) {
    const p = who.get(r.assigneeId ?? '');
    r.assigneeName = p?.nickName ?? null;
    r.assigneeDeptName = p?.deptName ?? null;
  }
  return { total: page.total, rows };
}

/** A comment of a record entry with its author's nick name and its type's name. */
export interface RecordComment { type: string; typeName: string; message: string; userId: string | null; userName: string | null; time: string | null }

/** Who took a task back (撤回): the 7 comment's author, time and text. */
export interface RecordRevoke { userId: string | null; userName: string | null; deptName: string | null; time: string | null; comment: string }

/** One entry of `flowList`: a task (`kind` task), a task taken back by 撤回 (`revoked`), or the start. */
export type RecordEntry = Omit<FlowRecordItem, 'taskId' | 'taskDefKey' | 'comments'> & {
  kind: 'start' | 'task' | 'revoked';
  /** Null on the start entry. */
  taskId: string | null; taskDefKey: string | null;
  comments: RecordComment[];
  ccNames: string[]; assigneeName: string | null; deptName: string | null; candidate: string | null;
  /** Set on `revoked` entries. */
  revoke: RecordRevoke | null;
};

/**
 * `flowRecord`: the instance's history newest first (engine flowRecord: tasks with every comment
 * in time order; those of instances its call activities started merged in with `calledInstanceId`,
 * `calledProcessName`, …) and, last, the start (issue 40 §4; not in the record of an instance a
 * call activity started). Each entry gets names (assignee,
 * dept, candidates, 抄送 recipients, every comment's author and type name) and a `kind`:
 * - `task`; `comment` stays the task's first comment (RuoYi), `comments` holds all of them;
 * - `revoked`: cancelled by a 撤回 (delete reason and a comment of type 7): its assignee did not
 *   handle it; `revoke` says who withdrew, when and why;
 * - `start`: taskId / taskDefKey null, taskName 发起, assignee = the initiator, create and finish
 *   time = the start, comment type 1 `<nick name>发起流程申请` (upstream HEAD's applicant comment).
 * formData when `deployId` has a main form. Errors: 403 for non-readers (access.service.ts).
 */
export async function flowRecord(deps: Deps, login: LoginUser, procInsId: string, deployId?: string) {
  await assertInstanceReader(deps, login, procInsId);
  const items = await deps.engine.flowRecord(procInsId);
  const inst = await deps.engine.instanceStart(procInsId);
  const names = await people(deps.store, [inst?.startUserId, ...items.flatMap((i) => [i.assigneeId, ...i.candidateUsers, ...i.comments.map((c) => c.userId)])]);
  const roles = await roleNames(deps.store, items.flatMap((i) => i.candidateGroups));
  const copies = await ccNamesByTask(deps, procInsId);
  const nick = (id: string | null) => (id === null ? null : names.get(id)?.nickName ?? null);
  const flowList: RecordEntry[] = items.map((i) => {
    const comments = i.comments.map((c) => ({ ...c, typeName: commentTypeName(c.type), userName: nick(c.userId) }));
    const withdrawal = i.deleteReason !== null ? comments.filter((c) => c.type === '7').pop() : undefined;
    return {
      ccNames: copies.get(i.taskId) ?? [],
      ...i,
      comments,
      kind: withdrawal ? 'revoked' : 'task',
      revoke: withdrawal ? { userId: withdrawal.userId, userName: withdrawal.userName, deptName: names.get(withdrawal.userId ?? '')?.deptName ?? null, time: withdrawal.time, comment: withdrawal.message } : null,
      assigneeName: nick(i.assigneeId),
      deptName: names.get(i.assigneeId ?? '')?.deptName ?? null,
      candidate: [...i.candidateUsers.map((u) => names.get(u)?.nickName ?? u), ...i.candidateGroups.map((g) => roles.get(g) ?? g)].join(',') || null,
    };
  });
  // A call activity, not a user, started a called instance: its caller's record holds the 发起.
  if (inst?.startTime && !inst.superInstanceId) {
    flowList.push(startEntry({ id: procInsId, ...inst }, nick(inst.startUserId), names.get(inst.startUserId ?? '')?.deptName ?? null));
  }
  const form = deployId ? await mainFormOfDeployment(deps.store, deployId) : undefined;
  return form ? { flowList, formData: parseForm(form.formContent) } : { flowList };
}

/** The record's 发起 entry of an instance (see flowRecord). */
function startEntry(inst: { id: string; startUserId: string | null; startTime: string | null }, nickName: string | null, deptName: string | null): RecordEntry {
  const text = startCommentText(nickName);
  return {
    kind: 'start', taskId: null, taskName: START_ENTRY_NAME, taskDefKey: null, createTime: inst.startTime, finishTime: inst.startTime,
    assigneeId: inst.startUserId, ownerId: null, candidateUsers: [], candidateGroups: [], duration: null, durationMs: null, deleteReason: null,
    comment: { type: '1', comment: text },
    comments: [{ type: '1', typeName: commentTypeName('1'), message: text, userId: inst.startUserId, userName: nickName, time: inst.startTime }],
    instanceId: inst.id, calledInstanceId: null, calledProcessName: null, calledProcessKey: null, calledDeployId: null, callActivityId: null,
    ccNames: [], assigneeName: nickName, deptName, candidate: null, revoke: null,
  };
}

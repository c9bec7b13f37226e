/**
 * Task and instance commands of the signed-in user (reference §6 "Task actions"; api-contract
 * "Workflow" `/flowable/task/*`, `/flowable/instance/*`): each maps the login to the engine actor
 * (user id as text, role ids as candidate groups), holds complete / resolve values to the node's
 * and the start form's rules and rebuilds `variables` from the stored forms (form-submission.ts,
 * which also sanitises rich text) and runs one engine command, which is one transaction. Engine
 * refusals (not the holder, finished task, suspended definition, concurrent change) are
 * AppError (kinds refused, notFound or conflict; RuoYi envelope code 500) with the reference's message and change nothing; a task nobody holds (no assignee, no
 * candidates) is refused to all but monitors first (../common/access.service.ts). The transports
 * (task.router.ts, ../instance/instance.router.ts, the REST rows) and the engine benchmark call these.
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { taskVariables } from '../common/form-submission';
import type { instanceDeleteInput, instanceStateInput } from '../../../../shared/schemas/flowable';
import { assertInstanceAccess } from './task-view.service';
import { actorOf, assertTaskActor, assertTaskReader } from '../common/access.service';
import type { TaskPrepare } from '../../../engine';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'engine'>;
/** The parts of the FlowTaskVo body (shared/schemas/flowable `taskActionInput`) a command reads. */
interface TaskAction { taskId: string; comment?: string; variables?: Record<string, unknown> }
interface AssigneeAction extends TaskAction { assignee: string }
interface InstanceAction { instanceId: string; comment?: string }

/**
 * The holder and form checks of a complete / resolve (the node's and start form's rules, the
 * variables rebuilt): on PostgreSQL inside the command, its task read in the round trip of the
 * instance's lock (engine TaskPrepare: one round trip less per command, issue 44); on SQLite before
 * it, from one statement (任务不存在或已被审批! when unknown). The same checks, in the same order.
 */
function checked(deps: Deps, login: LoginUser, f: TaskAction): TaskPrepare {
  return async (task) => {
    await assertTaskActor(deps, login, f.taskId, task.unheld);
    return taskVariables(deps, f.taskId, f.variables, task);
  };
}

/** 审批: completes `taskId` (implicit claim; a delegated task resolves to its owner, comment 4) with `variables`; → engine result. */
export async function taskComplete(deps: Deps, login: LoginUser, f: TaskAction) {
  const input = { taskId: f.taskId, ...actorOf(login), comment: f.comment };
  if (deps.store.kind === 'postgres') return deps.engine.complete(input, checked(deps, login, f));
  const task = await deps.engine.taskFormContext(f.taskId);
  return deps.engine.complete({ ...input, variables: await checked(deps, login, f)(task) });
}

/** 驳回: back one step (comment type 3). */
export async function taskReject(deps: Deps, login: LoginUser, f: TaskAction) {
  await assertTaskActor(deps, login, f.taskId);
  return deps.engine.reject({ taskId: f.taskId, ...actorOf(login), comment: f.comment });
}

/** The user tasks `taskId` may return to (serial predecessors): readers of its instance only (else 403). */
export async function taskReturnList(deps: Deps, login: LoginUser, taskId: string) {
  await assertTaskReader(deps, login, taskId);
  return deps.engine.returnList({ taskId });
}

/** 退回 to `targetKey`, one of `taskReturnList` (comment type 2). */
export async function taskReturn(deps: Deps, login: LoginUser, f: TaskAction & { targetKey: string }) {
  await assertTaskActor(deps, login, f.taskId);
  return deps.engine.returnTo({ taskId: f.taskId, targetKey: f.targetKey, ...actorOf(login), comment: f.comment });
}

/** 委派 to `assignee`; the holder stays owner and gets the task back on resolve. */
export async function taskDelegate(deps: Deps, login: LoginUser, f: AssigneeAction) {
  await assertTaskActor(deps, login, f.taskId);
  return deps.engine.delegate({ taskId: f.taskId, assignee: f.assignee, ...actorOf(login), comment: f.comment });
}

/** Resolves a delegated task back to its owner (comment type 4) with `variables`. */
export async function taskResolve(deps: Deps, login: LoginUser, f: TaskAction) {
  const input = { taskId: f.taskId, ...actorOf(login), comment: f.comment };
  if (deps.store.kind === 'postgres') return deps.engine.resolve(input, checked(deps, login, f));
  const task = await deps.engine.taskFormContext(f.taskId);
  return deps.engine.resolve({ ...input, variables: await checked(deps, login, f)(task) });
}

/** 签收: a candidate takes the task. */
export async function taskClaim(deps: Deps, login: LoginUser, taskId: string) {
  await assertTaskActor(deps, login, taskId);
  return deps.engine.claim({ taskId, ...actorOf(login) });
}

/** Gives a claimed task back to its candidates. */
export async function taskUnclaim(deps: Deps, login: LoginUser, taskId: string) {
  await assertTaskActor(deps, login, taskId);
  return deps.engine.unclaim({ taskId, ...actorOf(login) });
}

/** 转办 to `assignee` by the task's holder (comment type 5). */
export async function taskAssign(deps: Deps, login: LoginUser, f: AssigneeAction) {
  await assertTaskActor(deps, login, f.taskId);
  return deps.engine.transfer({ taskId: f.taskId, assignee: f.assignee, ...actorOf(login), comment: f.comment });
}

/** 撤回: the caller's own latest completed task comes back while the next handler has not acted (engine revoke, comment 7). */
export async function instanceRevoke(deps: Deps, login: LoginUser, f: InstanceAction) {
  return deps.engine.revoke({ instanceId: f.instanceId, ...actorOf(login), comment: f.comment });
}

/** 取消申请 (to the end, comment type 6): the initiator only; the super admin may stop any instance. */
export async function instanceStop(deps: Deps, login: LoginUser, f: InstanceAction) {
  return deps.engine.stop({ instanceId: f.instanceId, ...actorOf(login), comment: f.comment, force: login.admin });
}

/** Suspends (2) or activates (1): the initiator or a holder of system:deployment:edit, else 403. */
export async function instanceState(deps: Deps, login: LoginUser, f: z.output<typeof instanceStateInput>): Promise<void> {
  await assertInstanceAccess(deps, login, [f.instanceId], 'system:deployment:edit');
  await deps.engine.setInstanceState({ instanceId: f.instanceId, state: f.state });
}

/** Deletes instances (runtime and history): each one's initiator or a holder of system:deployment:remove, else 403. */
export async function instanceRemove(deps: Deps, login: LoginUser, f: z.output<typeof instanceDeleteInput>): Promise<void> {
  await assertInstanceAccess(deps, login, f.instanceIds, 'system:deployment:remove');
  await deps.engine.deleteInstance({ instanceIds: f.instanceIds, deleteReason: f.deleteReason });
}

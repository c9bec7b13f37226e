/**
 * Who may read an instance's data and act on a holder-less task (issue 11 §3 "Workflow rows open to
 * any signed-in user"). Upstream RuoYi-flowable answers any signed-in user (reference §2 "no
 * perms"); here process data (variables, flow record with comments and assignees, diagram
 * progress, task forms, next-node probes) is readable by its participants only: the initiator,
 * whoever handled or may handle one of its tasks (assignee, candidate user or group, owner of a
 * delegated task, comment author), recipients of a 抄送 of it (issue 16) and holders of INSTANCE_MONITOR_PERM (`*:*:*` and the admin
 * role hold it). An instance started by a call activity is also read by the participants of its
 * callers (any depth: the caller's flow record already shows its tasks), not the other way round
 * (engine isParticipant). Everyone else gets 403 没有权限，请联系管理员授权, the refusal of permProcedure.
 */
import type { AppDeps } from '../../../deps';
import { hasPermission, type LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { ENGINE_MESSAGES, type TaskView } from '../../../engine';

type Deps = Pick<AppDeps, 'engine'>;

/** Reads any instance (monitoring) and acts on tasks nobody holds; grant it as a menu button's 权限字符. */
export const INSTANCE_MONITOR_PERM = 'flowable:instance:monitor';

/**
 * Starts a process instance (issue 40 §1; the button 发起 under 我的流程, seeded to role 2): every
 * row that starts one (definition.start, instance.startBy, a message start) and the start screen's
 * reads (process.startFlow, task.nextFlowNodeByStart). Deploying and deleting keep their own
 * `system:deployment:*` permissions.
 */
export const PROCESS_START_PERM = 'flowable:process:start';

const FORBIDDEN = '没有权限，请联系管理员授权';

/** The engine actor of a login: user id as text, role ids as candidate groups. */
export const actorOf = (login: LoginUser) => ({ userId: String(login.userId), groupIds: login.roles.map((r) => String(r.roleId)) });

/**
 * Throws unless `login` may read instance `instanceId` (see the file comment).
 * Errors: 未找到流程实例，流程可能已发生变化 (500, missing instance); 没有权限，请联系管理员授权 (403).
 */
export async function assertInstanceReader(deps: Deps, login: LoginUser, instanceId: string): Promise<void> {
  await deps.engine.getInstance(instanceId);
  if (hasPermission(login, INSTANCE_MONITOR_PERM)) return;
  const groupIds = login.roles.map((r) => String(r.roleId));
  if (await deps.engine.isParticipant({ instanceId, userId: String(login.userId), groupIds })) return;
  if (!(await deps.engine.isCcRecipient(instanceId, String(login.userId)))) throw new AppError('forbidden', FORBIDDEN);
}

/**
 * The task (runtime or historic) after checking that `login` may read its instance.
 * Errors: 任务不存在或已被审批! (500, unknown task) and those of assertInstanceReader.
 */
export async function assertTaskReader(deps: Deps, login: LoginUser, taskId: string): Promise<TaskView> {
  const task = await deps.engine.getTask(taskId);
  await assertInstanceReader(deps, login, task.procInsId);
  return task;
}

/**
 * Before a task command: a runtime task with no assignee and no candidates is held by nobody, and
 * the engine would let anyone act on it (Flowable's rule); only a holder of INSTANCE_MONITOR_PERM
 * may (e.g. claim it, then transfer it). Other refusals stay the engine's (api-contract "Acting on a
 * task that is not yours answers 500"). `unheld`: the flag when the caller already read it
 * (engine.taskFormContext), else it is looked up. Error: 当前用户不是该任务的办理人，无权操作 (500).
 */
export async function assertTaskActor(deps: Deps, login: LoginUser, taskId: string, unheld?: boolean): Promise<void> {
  if ((unheld ?? await deps.engine.isUnheldTask(taskId)) && !hasPermission(login, INSTANCE_MONITOR_PERM)) throw new AppError('refused', ENGINE_MESSAGES.notHolder);
}

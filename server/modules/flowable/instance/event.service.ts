/**
 * Messages, signals and receive tasks over the engine (issue 13 part B; engine:
 * correlateMessage / broadcastSignal / trigger). Who may (the server checks before anything is
 * written; refusals answer 403 没有权限，请联系管理员授权):
 * - a message that reaches a RUNNING instance, a signal to ONE instance, a receive-task trigger:
 *   a participant of that instance (access.service.ts: initiator, task holder / candidate,
 *   comment author) or a holder of `system:deployment:edit`;
 * - a message that STARTS an instance (message start event): a holder of `flowable:process:start`
 *   (issue 40 §1, like every start) allowed to start that process (the engine checks
 *   candidateStarterUsers/Groups; INITIATOR = the user);
 * - a message whose only waiting instances the user takes no part in: answered as if none waited
 *   (issue 38 §7), never 403, so the answer tells nothing about other users' instances;
 * - a signal to ALL instances (and signal start events): `system:deployment:edit` only, and
 *   without variables.
 * Variables: held to the form in force and the key rules like a complete (issue 38 §3, event-variables.ts).
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { hasPermission, type LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import type { messageCorrelateInput, receiveTriggerInput, signalBroadcastInput } from '../../../../shared/schemas/flowable/events';
import { actorOf } from '../common/access.service';
import { startVariables } from '../common/form-submission';
import { instanceEventVariables } from './event-variables';
import { messageWaits } from '../../../engine';
import { PROCESS_START_PERM } from '../common/access.service';

type Deps = Pick<AppDeps, 'store' | 'engine'>;

/** The permission that lets a user send events to any instance (the deployment managers'). */
export const EVENT_ADMIN_PERM = 'system:deployment:edit';

const FORBIDDEN = '没有权限，请联系管理员授权';

/** Throws 403 unless `login` takes part in instance `instanceId` or holds EVENT_ADMIN_PERM (unknown instance: its not-found message). */
export async function assertInstanceActor(deps: Pick<AppDeps, 'engine'>, login: LoginUser, instanceId: string): Promise<void> {
  await deps.engine.getInstance(instanceId);
  if (hasPermission(login, EVENT_ADMIN_PERM)) return;
  const { userId, groupIds } = actorOf(login);
  if (!(await deps.engine.isParticipant({ instanceId, userId, groupIds }))) throw new AppError('forbidden', FORBIDDEN);
}

/**
 * Correlates a message → `{instanceId, started}` (issue 38 §7: no oracle). The instances that may
 * receive it from `login` are the waiting ones they take part in (all of them with
 * EVENT_ADMIN_PERM); to everyone else a waiting instance is as if it did not wait, so a stranger
 * gets the same answer whether or not one waits: one receiving instance → delivered there, to its
 * oldest wait or the one `executionId` / `activityId` names (issue 39 §5; variables held by
 * event-variables.ts); several instances → 消息 <name> 匹配到多个等待中的流程，请指定流程实例或业务键;
 * none and no `instanceId` → the message start event starts an instance (held like a start, the
 * engine checks candidate starters; several → 消息 <name> 匹配到多个流程的消息开始事件); else
 * 没有等待消息 <name> 的流程 (500).
 */
export async function messageCorrelate(deps: Deps, login: LoginUser, input: z.output<typeof messageCorrelateInput>) {
  const name = input.messageName;
  const waits = await messageWaits(deps.store, input);
  const admin = hasPermission(login, EVENT_ADMIN_PERM);
  const { userId, groupIds } = actorOf(login);
  // One entry per instance: an instance waiting twice for the message is one target (issue 39 §5).
  const reachable: string[] = [];
  for (const id of new Set(waits.instanceIds)) {
    if (admin || await deps.engine.isParticipant({ instanceId: id, userId, groupIds })) reachable.push(id);
  }
  if (reachable.length > 1) throw new AppError('invalid', `消息 ${name} 匹配到多个等待中的流程，请指定流程实例或业务键`);
  if (reachable.length === 1) {
    const instanceId = reachable[0];
    const variables = await instanceEventVariables(deps, login, instanceId, input.variables);
    return deps.engine.correlateMessage({ messageName: name, instanceId, executionId: input.executionId, activityId: input.activityId, variables, userId, groupIds });
  }
  if (input.instanceId || input.executionId || !waits.starts.length) throw new AppError('notFound', `没有等待消息 ${name} 的流程`);
  if (waits.starts.length > 1) throw new AppError('invalid', `消息 ${name} 匹配到多个流程的消息开始事件`);
  if (!hasPermission(login, PROCESS_START_PERM)) throw new AppError('forbidden', FORBIDDEN);
  const { definitionId, activityId } = waits.starts[0];
  const r = await deps.engine.start({ definitionId, startActivityId: activityId, userId, groupIds, businessKey: input.businessKey, variables: await startVariables(deps, definitionId, input.variables) });
  return { instanceId: r.instanceId, started: true };
}

/**
 * Broadcasts a signal → `{triggered, started}`: to one instance (its participants too; variables
 * held by event-variables.ts) or to every instance (EVENT_ADMIN_PERM; no form is in force across
 * instances, so such a broadcast carries no variables: 向所有流程广播信号时不能携带流程变量，请指定流程实例).
 */
export async function signalBroadcast(deps: Deps, login: LoginUser, input: z.output<typeof signalBroadcastInput>) {
  if (input.instanceId) {
    await assertInstanceActor(deps, login, input.instanceId);
    const variables = await instanceEventVariables(deps, login, input.instanceId, input.variables);
    return deps.engine.broadcastSignal({ signalName: input.signalName, instanceId: input.instanceId, variables, userId: actorOf(login).userId });
  }
  if (!hasPermission(login, EVENT_ADMIN_PERM)) throw new AppError('forbidden', FORBIDDEN);
  if (input.variables && Object.keys(input.variables).length) throw new AppError('invalid', '向所有流程广播信号时不能携带流程变量，请指定流程实例');
  return deps.engine.broadcastSignal({ signalName: input.signalName, userId: actorOf(login).userId });
}

/** Triggers the token waiting in a receive task → `{ended, tasks}` (variables held by event-variables.ts). Errors: 403; 没有在该节点等待的执行; a form rule's message. */
export async function receiveTrigger(deps: Deps, login: LoginUser, input: z.output<typeof receiveTriggerInput>) {
  await assertInstanceActor(deps, login, input.instanceId);
  const variables = await instanceEventVariables(deps, login, input.instanceId, input.variables);
  return deps.engine.trigger({ instanceId: input.instanceId, executionId: input.executionId, activityId: input.activityId, variables, userId: actorOf(login).userId });
}

/**
 * Messages, signals and receive tasks over the engine (issue 13 part B; engine:
 * correlateMessage / broadcastSignal / trigger). Who may (the server checks before anything is
 * written; refusals answer 403 没有权限，请联系管理员授权):
 * - a message that reaches a RUNNING instance, a signal to ONE instance, a receive-task trigger:
 *   a participant of that instance (access.service.ts: initiator, task holder / candidate,
 *   comment author) or a holder of `system:deployment:edit`;
 * - a message that STARTS an instance (message start event): any signed-in user allowed to
 *   start that process (the engine checks candidateStarterUsers/Groups; INITIATOR = the user);
 * - a signal to ALL instances (and signal start events): `system:deployment:edit` only.
 */
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps';
import { hasPermission, type LoginUser } from '../../core/authz';
import { AppError } from '../../core/errors';
import type { messageCorrelateInput, receiveTriggerInput, signalBroadcastInput } from '../../../shared/schemas/flowable/events';
import { actorOf } from './flowable.service';

type Deps = Pick<AppDeps, 'engine'>;

/** The permission that lets a user send events to any instance (the deployment managers'). */
export const EVENT_ADMIN_PERM = 'system:deployment:edit';

const FORBIDDEN = '没有权限，请联系管理员授权';

/** Throws 403 unless `login` takes part in instance `instanceId` or holds EVENT_ADMIN_PERM (unknown instance: its not-found message). */
export function assertInstanceActor(deps: Deps, login: LoginUser, instanceId: string): void {
  deps.engine.getInstance(instanceId);
  if (hasPermission(login, EVENT_ADMIN_PERM)) return;
  const { userId, groupIds } = actorOf(login);
  if (!deps.engine.isParticipant({ instanceId, userId, groupIds })) throw new AppError(403, FORBIDDEN);
}

/**
 * Correlates a message → `{instanceId, started}` (engine.correlateMessage: a waiting instance,
 * else a message start event). Errors: 403 (above); 没有等待消息 <name> 的流程; ambiguous.
 */
export function messageCorrelate(deps: Deps, login: LoginUser, input: z.output<typeof messageCorrelateInput>) {
  const target = deps.engine.messageTarget(input);
  if (target?.kind === 'instance') assertInstanceActor(deps, login, target.instanceId);
  return deps.engine.correlateMessage({ ...input, ...actorOf(login) });
}

/** Broadcasts a signal → `{triggered, started}`: to every instance (EVENT_ADMIN_PERM) or one (its participants too). */
export function signalBroadcast(deps: Deps, login: LoginUser, input: z.output<typeof signalBroadcastInput>) {
  if (input.instanceId) assertInstanceActor(deps, login, input.instanceId);
  else if (!hasPermission(login, EVENT_ADMIN_PERM)) throw new AppError(403, FORBIDDEN);
  return deps.engine.broadcastSignal({ ...input, userId: actorOf(login).userId });
}

/** Triggers the token waiting in a receive task → `{ended, tasks}`. Errors: 403; 没有在该节点等待的执行. */
export function receiveTrigger(deps: Deps, login: LoginUser, input: z.output<typeof receiveTriggerInput>) {
  assertInstanceActor(deps, login, input.instanceId);
  return deps.engine.trigger({ ...input, userId: actorOf(login).userId });
}

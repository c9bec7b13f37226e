/**
 * Start a process instance (ruoyi-flowable.md §6 "Start"): the start user is stored on the
 * instance, variable `INITIATOR` = user id (string), the start event's `initiator` attribute
 * names another variable set to the user id; process `start` listeners fire, then the token
 * runs to its first wait states. Everything (including a failing gateway) rolls back together.
 */
import { notFound, refused } from '../../core/errors';
import { advanceDefinition } from '../behaviours/lifecycle-machines';
import { UnitOfWork } from '../store/unit-of-work';
import { stmt } from '../store/rows';
import { newId, normaliseValue, runAgenda } from '../runtime/context';
import { fireExecutionListeners } from '../runtime/listeners';
import { newExecution, planContinue } from '../runtime/agenda';
import { subscribeEventSubProcesses } from '../runtime/scopes';
import { initDataObjects } from '../runtime/data-objects';
import { MSG, type EngineCore } from '../core';
import { activeTasksOf, type ActiveTask } from './task-commands';

export interface StartInput {
  /** Definition id; or `key` for the latest version of a key. */
  definitionId?: string;
  key?: string;
  /** The starting user's id (string); null = a system start (timer / signal start event: no initiator, no starter check). */
  userId: string | null;
  /** The user's group (role) ids: checked against `candidateStarterGroups` when the model sets it. */
  groupIds?: string[];
  variables?: Record<string, unknown>;
  businessKey?: string;
  /**
   * A process-level start event other than the none start (timer / message / signal start, events work).
   * Without it: the none start event, else the first start event of the process (Flowable's initial flow element).
   */
  startActivityId?: string;
}

export interface StartResult {
  instanceId: string;
  definitionId: string;
  /** Tasks active after the start (the first wait states). */
  tasks: ActiveTask[];
  /** True when the instance already ended (no wait state on its path). */
  ended: boolean;
}

/**
 * Starts an instance. Errors: "流程定义不存在"; "流程已被挂起,请先激活流程" (suspended definition);
 * "当前用户无权发起该流程" (the model's candidateStarterUsers/Groups exclude the user);
 * Flowable's exclusive-gateway and "Unknown property used in expression" errors (nothing persisted).
 */
export function startInstance(core: EngineCore, input: StartInput): StartResult {
  return core.tx(() => {
    const defId = input.definitionId ?? (input.key
      ? (stmt(core.db, 'SELECT id FROM wf_definition WHERE key = ? ORDER BY version DESC LIMIT 1').get(input.key) as { id: string } | undefined)?.id
      : undefined);
    const def = defId ? core.definition(defId) : undefined;
    if (!def) throw notFound(MSG.definitionMissing);
    if (advanceDefinition(def.suspensionState, 'START') === null) throw refused(MSG.definitionSuspended);
    const now = core.now();
    const userId = input.userId === null ? null : String(input.userId);
    const uow = UnitOfWork.create(core.db, {
      id: newId(), definitionId: def.id, businessKey: input.businessKey ?? null, startUserId: userId, startTime: now, endTime: null,
      endActivityId: null, deleteReason: null, state: 'running', revision: 1, machineState: '', superInstanceId: null, superExecutionId: null,
    });
    const ctx = core.newCtx(uow, userId);
    const { candidateStarterUsers: su, candidateStarterGroups: sg } = ctx.graph;
    if (userId !== null && (su.length || sg.length) && !su.includes(userId) && !(input.groupIds ?? []).some((g) => sg.includes(String(g)))) {
      throw refused('当前用户无权发起该流程');
    }
    initDataObjects(uow, '', ctx.graph.dataObjects);
    for (const [k, v] of Object.entries(input.variables ?? {})) uow.setVar('', k, normaliseValue(v));
    if (userId !== null) uow.setVar('', 'INITIATOR', userId);
    // Flowable's initial flow element: the none start, else the first process-level start event (a message start acts as the none start).
    const start = ctx.graph.nodes[input.startActivityId ?? (ctx.graph.startId || ctx.graph.eventStartIds?.[0] || '')];
    if (!start || start.type !== 'startEvent' || start.parent) throw notFound(input.startActivityId ? `开始事件不存在: ${input.startActivityId}` : '该流程没有空开始事件，只能由消息、信号或定时器启动');
    if (start.initiator && userId !== null) uow.setVar('', start.initiator, userId);
    fireExecutionListeners(ctx, null, ctx.graph.listeners, 'start');
    subscribeEventSubProcesses(ctx, null, ctx.graph.eventSubProcessStarts);
    const token = newExecution(ctx, start.id);
    planContinue(ctx, token);
    runAgenda(ctx);
    uow.flush();
    core.instances.stage(uow);
    return { instanceId: uow.instance.id, definitionId: def.id, tasks: activeTasksOf(uow), ended: uow.instance.endTime !== null };
  });
}

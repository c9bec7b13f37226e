/**
 * History writes: activity instances (one per node a token reaches, one per flow it takes) and
 * their end. Durations are milliseconds of the command clock.
 */
import type { GraphNode } from '../model/graph';
import type { ExecutionRow, HiActRow } from '../store/rows';
import type { Ctx } from './context';

export function startActivity(ctx: Ctx, exec: ExecutionRow, node: GraphNode): HiActRow {
  const row: HiActRow = {
    id: null, instanceId: ctx.uow.instance.id, executionId: exec.id, activityId: node.id, activityName: node.name,
    activityType: node.type, taskId: null, assignee: null, startTime: ctx.now, endTime: null, duration: null, deleteReason: null,
  };
  ctx.uow.addHiAct(row);
  ctx.uow.setCurrentAct(exec, row);
  return row;
}

/** Ends the token's open activity instance (a delete reason marks cancellation). */
export function endActivity(ctx: Ctx, exec: ExecutionRow, deleteReason: string | null = null) {
  const row = ctx.uow.currentAct(exec);
  if (!row || row.endTime !== null) return;
  row.endTime = ctx.now;
  row.duration = ctx.now - row.startTime;
  row.deleteReason = deleteReason;
  ctx.uow.touchHiAct(row);
}

/** Records a taken sequence flow (start = end = now). */
export function recordFlow(ctx: Ctx, exec: ExecutionRow, flowId: string, name: string) {
  ctx.uow.addHiAct({
    id: null, instanceId: ctx.uow.instance.id, executionId: exec.id, activityId: flowId, activityName: name,
    activityType: 'sequenceFlow', taskId: null, assignee: null, startTime: ctx.now, endTime: ctx.now, duration: 0, deleteReason: null,
  });
}

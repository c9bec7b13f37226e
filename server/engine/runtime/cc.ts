/**
 * 抄送 (CC; issue 16): copies of an instance to users who only read it. A user task's model CC
 * (`flowable:ccUsers` / `ccGroups` / `ccExpression`, model/graph.ts UserTaskDef.cc) is sent when
 * the node is passed (the task, or the whole multi-instance body, completes): once per recipient,
 * from the user who completed it. Ad hoc copies from the task screen are commands/cc-commands.ts.
 * Rows are written at flush with the rest of the command (one transaction).
 */
import { isReplayDb } from '../store/replay-db';
import type { GraphNode } from '../model/graph';
import type { CcRow, ExecutionRow } from '../store/rows';
import { evaluate, hasExpression } from '../expression';
import { expressionText } from '../expression/evaluator';
import { tokenScope } from './listeners';
import type { Ctx } from './context';
import { refused } from '../../core/errors';
import { ENGINE_LIMIT_DEFAULTS } from '../types';

/** User ids of an expression value: a list, a comma-separated text or a single value (blank entries dropped). */
export function userIdsOf(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v.map((x) => expressionText(x).trim()).filter(Boolean);
  return expressionText(v).split(',').map((s) => s.trim()).filter(Boolean);
}

/** Refusal of a copy to more recipients than `limits.maxRecipients` (issue 38 §6). */
export const tooManyCopiesMessage = (n: number, max: number) => `抄送人数 ${n} 超过上限 ${max}`;

/**
 * Queues one row per distinct recipient; `task` is where the copy was made (null: none).
 * @throws AppError('refused', tooManyCopiesMessage) past `limits.maxRecipients` recipients (default 5000).
 */
export function queueCopies(ctx: Ctx, userIds: Iterable<string>, at: { taskId: string | null; taskDefKey: string; taskName: string }, kind: CcRow['kind'], message = '') {
  const recipients = new Set(userIds);
  const max = ctx.limits?.maxRecipients ?? ENGINE_LIMIT_DEFAULTS.maxRecipients;
  if (recipients.size > max) throw refused(tooManyCopiesMessage(recipients.size, max));
  for (const userId of recipients) {
    ctx.uow.ccs.push({ instanceId: ctx.uow.instance.id, ...at, userId, senderId: ctx.userId, kind, message, createTime: ctx.now });
  }
}

/** The node's model CC, when its token leaves it (runtime/agenda.ts leaveNode). Expression errors fail the command (Flowable's rule for expressions). */
export function copyOnLeave(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  const cc = node.userTask!.cc!;
  const users = [...cc.users];
  // Loops, not push(...list): a list of 130,000 ids overflowed the stack (issue 38 §6).
  if (cc.groups.length) for (const u of usersOfGroups(ctx, cc.groups)) users.push(u);
  if (cc.expression) {
    const v = hasExpression(cc.expression) ? evaluate(cc.expression, tokenScope(ctx, exec)) : cc.expression;
    for (const u of userIdsOf(v)) users.push(u);
  }
  queueCopies(ctx, users, { taskId: ctx.lastCompletedTask ?? null, taskDefKey: node.id, taskName: node.name }, 'node');
}

/**
 * The users of groups `groupIds` by the handler `usersOfGroups` ([] without one). On a ReplayDb
 * (PostgreSQL) the handler may answer a Promise: the command's loop awaits it and runs again
 * (store/replay-db.ts call); on SQLite it must answer at once.
 */
function usersOfGroups(ctx: Ctx, groupIds: string[]): string[] {
  const handler = ctx.handlers.usersOfGroups;
  if (!handler) return [];
  const db: unknown = ctx.uow.db;
  if (isReplayDb(db)) return db.call(`usersOfGroups:${JSON.stringify(groupIds)}`, () => handler(groupIds));
  const users = handler(groupIds);
  if (!Array.isArray(users)) throw new Error('usersOfGroups answered a Promise on SQLite (it must answer at once there)');
  return users;
}

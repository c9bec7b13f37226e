/**
 * 抄送 from the task screen (issue 16): the holder of a running task copies its instance to
 * users, with an optional message. One transaction: a comment of type 8 on the task (the flow
 * record shows it) and one wf_cc row per distinct recipient (runtime/cc.ts). Errors: the task
 * errors (missing, suspended, not held) and "请选择抄送人员" for an empty list.
 */
import { invalid } from '../../core/errors';
import { queueCopies } from '../runtime/cc';
import type { EngineCore } from '../core';
import { addComment, onTask, type Actor } from './task-commands';

export interface CopyInput extends Actor {
  taskId: string;
  /** Recipients' user ids (duplicates and blanks dropped). */
  userIds: string[];
  comment?: string;
}

/** Copies the task's instance to `userIds` → `{ count }` recipients. */
export function copy(core: EngineCore, input: CopyInput): { count: number } {
  const userIds = [...new Set(input.userIds.map((u) => String(u).trim()).filter(Boolean))];
  if (!userIds.length) throw invalid('请选择抄送人员');
  return onTask(core, input.taskId, input, (ctx, task) => {
    addComment(ctx, '8', input.comment?.trim() || '抄送', task.id);
    queueCopies(ctx, userIds, { taskId: task.id, taskDefKey: task.taskDefKey, taskName: task.name }, 'manual', input.comment?.trim() ?? '');
    return { count: userIds.length };
  });
}

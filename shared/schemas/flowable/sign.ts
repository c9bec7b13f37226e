/**
 * 加签 / 减签 shapes (issue 16): the acting task, the signer (a sys user id as text), the mode of
 * an addition and an optional message.
 */
import { z } from 'zod';
import { optionalText } from '../system/dept';
import { engineId } from './index';

/** 'parallel' (并行加签, parallel countersign), 'before' (向前加签) / 'after' (向后加签) (sequential). */
export const SIGN_MODES = ['parallel', 'before', 'after'] as const;

/** `flowable.task.addSign` / `POST /flowable/task/addSign`. */
export const addSignInput = z.object({
  taskId: engineId('任务ID'),
  assignee: engineId('加签人员'),
  mode: z.union([z.enum(SIGN_MODES), z.literal(''), z.null()], { error: '加签方式只能是parallel(并行)、before(向前)或after(向后)' })
    .optional().transform((v) => v || 'parallel'),
  comment: optionalText('加签意见', 2000, 'multiline'),
});

/** `flowable.task.removeSign` / `POST /flowable/task/removeSign`. */
export const removeSignInput = z.object({
  taskId: engineId('任务ID'),
  assignee: engineId('减签人员'),
  comment: optionalText('减签意见', 2000, 'multiline'),
});

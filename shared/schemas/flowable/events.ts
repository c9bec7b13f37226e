/**
 * Shapes of the event rows (issue 13): correlate a message, broadcast a signal, trigger a
 * receive task (`POST /flowable/runtime/message|signal|trigger`). Variables are the same JSON
 * objects as start / complete (`variablesField`).
 */
import { z } from 'zod';
import { requiredText } from '../system/dept';
import { controlCharsMessage, isOneLine } from '../text';
import { engineId, variablesField } from './index';

const optionalId = (label: string) => z.union([z.string(), z.number(), z.null()]).optional()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim()))
  .refine((v) => v === undefined || (v.length <= 200 && isOneLine(v)), controlCharsMessage(label));

/**
 * `{messageName, businessKey?, instanceId?, executionId?, activityId?, variables?}`: executionId /
 * activityId name one wait of an instance that waits for the message more than once (issue 39 §5).
 */
export const messageCorrelateInput = z.object({
  messageName: requiredText('消息名称', 255),
  businessKey: optionalId('业务键'),
  instanceId: optionalId('流程实例ID'),
  executionId: optionalId('执行ID'),
  activityId: optionalId('节点ID'),
  variables: variablesField,
});
/** `{signalName, instanceId?, variables?}`: without instanceId every waiting instance (and signal start events). */
export const signalBroadcastInput = z.object({
  signalName: requiredText('信号名称', 255),
  instanceId: optionalId('流程实例ID'),
  variables: variablesField,
});
/** `{instanceId, executionId? | activityId?, variables?}` of a token waiting in a receive task. */
export const receiveTriggerInput = z.object({
  instanceId: engineId('流程实例ID'),
  executionId: optionalId('执行ID'),
  activityId: optionalId('节点ID'),
  variables: variablesField,
}).refine((v) => v.executionId || v.activityId, { message: '执行ID或节点ID不能为空', path: ['activityId'] });

/**
 * Task-handling checks and payloads (workflow spec §4 "Task actions", "Completion recipient
 * rule", §5 "Task handling" messages word for word; reference §6 "Complete"). Pure.
 */
import type { FormSubmit } from '../../../../../components/form-render';
import { needsRecipient, recipientKind, type NextNodeInfo } from '../../../../../features/flow-view/recipient';

/**
 * 审批 without a comment: the handling dialog's message (spec §5 '请输入处理意见'; the spec's
 * '请输入审批意见!' belongs to an approval screen with its own comment box, which this one has not).
 * Shown once, under the field (issue 40 §8), not also as a toast.
 */
export const MSG_DIALOG_COMMENT = '请输入处理意见';
export const MSG_COMMENT = '请输入意见';
export const MSG_PICK_USERS = '请选择流程接收人员!';
export const MSG_PICK_ROLES = '请选择流程接收角色组!';
export const MSG_PICK_TARGET = '请选择退回节点';
/** 抄送 without a recipient (issue 16; the server answers the same). */
export const MSG_PICK_COPY = '请选择抄送人员';

const blank = (s: string | null | undefined) => !s || !s.trim();

/**
 * 审批 确定: the recipient first (when the next node is dynamic: MSG_PICK_USERS / MSG_PICK_ROLES),
 * then the comment (MSG_DIALOG_COMMENT); null when both are there.
 */
export function approveError(input: { comment: string; next: NextNodeInfo | null; recipientVars: Record<string, unknown> | null }): string | null {
  if (needsRecipient(input.next) && !input.recipientVars) {
    return recipientKind(input.next) === 'roles' ? MSG_PICK_ROLES : MSG_PICK_USERS;
  }
  if (blank(input.comment)) return MSG_DIALOG_COMMENT;
  return null;
}

/** 退回: the target node and the comment (field errors). */
export function returnErrors(input: { targetKey: string; comment: string }): { targetKey?: string; comment?: string } {
  return {
    ...(input.targetKey ? {} : { targetKey: MSG_PICK_TARGET }),
    ...(blank(input.comment) ? { comment: MSG_COMMENT } : {}),
  };
}

/** 驳回: the comment (field error). */
export const rejectError = (comment: string) => (blank(comment) ? MSG_COMMENT : null);

/**
 * The variables of `task.complete`: when the node has its own form, the submitted values as
 * top-level variables plus `variables` = the filled config (read-only, no buttons); then the
 * recipient variables. Nothing to send → undefined.
 */
export function completeVariables(
  form: FormSubmit | null,
  recipientVars: Record<string, unknown> | null,
  toVars: (s: FormSubmit) => Record<string, unknown>,
): Record<string, unknown> | undefined {
  const out = { ...(form ? toVars(form) : {}), ...(recipientVars ?? {}) };
  return Object.keys(out).length ? out : undefined;
}

/** Success text: the server msg, else RuoYi's default. */
export const successMsg = (r: unknown) => (r && typeof r === 'object' && typeof (r as { msg?: unknown }).msg === 'string' ? (r as { msg: string }).msg : '操作成功');

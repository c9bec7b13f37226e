/**
 * Task-handling checks and payloads (workflow spec §4 "Task actions", "Completion recipient
 * rule", §5 "Task handling" messages word for word; reference §6 "Complete"). Pure.
 */
import type { FormSubmit } from '../../../../../features/form-render';
import { needsRecipient, recipientKind, type NextNodeInfo } from '../../../../../features/flow-view/recipient';

export const MSG_APPROVE_COMMENT = '请输入审批意见!';
export const MSG_DIALOG_COMMENT = '请输入处理意见';
export const MSG_COMMENT = '请输入意见';
export const MSG_PICK_USERS = '请选择流程接收人员!';
export const MSG_PICK_ROLES = '请选择流程接收角色组!';
export const MSG_PICK_TARGET = '请选择退回节点';

const blank = (s: string | null | undefined) => !s || !s.trim();

/** 审批 確定: the recipient first (when the next node is dynamic), then the comment. */
export function approveError(input: { comment: string; next: NextNodeInfo | null; recipientVars: Record<string, unknown> | null }): string | null {
  if (needsRecipient(input.next) && !input.recipientVars) {
    return recipientKind(input.next) === 'roles' ? MSG_PICK_ROLES : MSG_PICK_USERS;
  }
  if (blank(input.comment)) return MSG_APPROVE_COMMENT;
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

interface FieldLike { __vModel__?: string; __config__?: { defaultValue?: unknown; [k: string]: unknown }; [k: string]: unknown }

/**
 * The task form with the node's own fields not shown twice: once a task with a form has been
 * completed (or resolved after delegation), the stored start form already holds that node's
 * fields (disabled) and flowTaskForm appends them again. A field repeated by `__vModel__` keeps
 * its last (editable) copy, carrying the earlier value when it has none.
 */
export function dedupeNodeFields<T extends { fields?: unknown[] }>(conf: T): T {
  const fields = (conf.fields ?? []) as FieldLike[];
  const last = new Map<string, number>();
  fields.forEach((f, i) => { if (f.__vModel__) last.set(f.__vModel__, i); });
  if (last.size === fields.filter((f) => f.__vModel__).length) return conf;
  const earlier = new Map<string, unknown>();
  const out: FieldLike[] = [];
  fields.forEach((f, i) => {
    const key = f.__vModel__;
    if (!key) { out.push(f); return; }
    if (last.get(key) !== i) {
      if (!earlier.has(key)) earlier.set(key, f.__config__?.defaultValue);
      return;
    }
    const own = f.__config__?.defaultValue;
    const carried = earlier.get(key);
    out.push(own === undefined || own === '' || own === null ? (carried === undefined ? f : { ...f, __config__: { ...f.__config__, defaultValue: carried } }) : f);
  });
  return { ...conf, fields: out };
}

/**
 * Comment types of the workflow engine (reference §6 FlowComment 1–6; issue 16 adds 7 撤回,
 * 8 抄送, 9 加签, 10 减签) with the names the flow record and 已办任务 show (issue 40 §3, §4).
 * Shared by the server (REST / tRPC answers carry the names) and the client (badges).
 */

/** Comment type → the record's label (RuoYi FlowComment's remark; 7–10 from issue 16). */
export const COMMENT_TYPE_NAMES: Readonly<Record<string, string>> = {
  '1': '正常意见',
  '2': '退回意见',
  '3': '驳回意见',
  '4': '委派意见',
  '5': '转办意见',
  '6': '终止流程',
  '7': '撤回意见',
  '8': '抄送意见',
  '9': '加签意见',
  '10': '减签意见',
};

/**
 * Comment type → 处理结果 of a handled task in 已办任务 (issue 40 §4). 抄送 (8) is no result: a
 * copy leaves the task with its holder.
 */
export const TASK_RESULT_NAMES: Readonly<Record<string, string>> = {
  '1': '通过',
  '2': '退回',
  '3': '驳回',
  '4': '委派',
  '5': '转办',
  '6': '终止',
  '7': '撤回',
  '9': '加签',
  '10': '减签',
};

/** The record entry of the start (issue 40 §4; upstream HEAD's comment type 1 "<nickName>发起流程申请"). */
export const START_ENTRY_NAME = '发起';

/** The start entry's comment text: `<nick name>发起流程申请` (reference §6 "Start", HEAD). */
export const startCommentText = (nickName: string | null | undefined): string => `${nickName ?? ''}发起流程申请`;

/** The name of a comment type, or the type itself when unknown. */
export const commentTypeName = (type: string): string => COMMENT_TYPE_NAMES[type] ?? type;

/** The 处理结果 of a result type, or null (no type, or 8 抄送). */
export const taskResultName = (type: string | null | undefined): string | null => (type ? TASK_RESULT_NAMES[type] ?? null : null);

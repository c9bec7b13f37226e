/**
 * 抄送 shapes (issue 16): an ad hoc copy from the task screen, the 抄送我的 list and marking a
 * copy read. Ids are engine ids (text) and sys user ids as text.
 */
import { z } from 'zod';
import { numberAsCode } from '../dict-code';
import { pageInput } from '../common';
import { filterText, optionalText } from '../system/dept';
import { controlCharsMessage, isOneLine } from '../text';
import { engineId } from './index';

/** Recipients: a comma list or an array of user ids; empty → 请选择抄送人员. */
const userIds = z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: '请选择抄送人员' })
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(20).refine(isOneLine, controlCharsMessage('抄送人员'))).min(1, '请选择抄送人员').max(200, '抄送人员不能超过200人'));

/** `flowable.task.copy` / `POST /flowable/task/copy`: `{taskId, userIds, comment?}`. */
export const copyInput = z.object({ taskId: engineId('任务ID'), userIds, comment: optionalText('抄送意见', 2000, 'multiline') });

/** `flowable.cc.list` / `GET /flowable/cc/list`: paging, 流程名称, read '0' (未读) / '1' (已读). */
export const ccListInput = pageInput.pick({ pageNum: true, pageSize: true }).extend({
  name: filterText,
  read: z.preprocess((v) => (v === '' || v === null ? undefined : numberAsCode(v)), z.enum(['0', '1'], { error: '状态只能是0(未读)或1(已读)' }).optional()),
});

/** `flowable.cc.read` / `PUT /flowable/cc/read/{procInsId}`: the caller's copies of the instance become read. */
export const ccReadInput = z.object({ procInsId: engineId('流程实例ID') });

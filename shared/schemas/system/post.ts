/**
 * Post (岗位) shapes (reference §2 Posts, §3 sys_post).
 */
import { z } from 'zod';
import { pageInput } from '../common';
import { filterText, idValue, optionalCode, optionalText, requiredInt, requiredText, statusField } from './dept';

/** `GET /system/post/list` (paged) and `POST /system/post/export` filters. */
export const postListInput = pageInput.extend({
  postCode: filterText,
  postName: filterText,
  status: optionalCode(['0', '1']),
});
export type PostListInput = z.input<typeof postListInput>;

/** Export: the same filters, every matching row. */
export const postExportInput = postListInput.omit({ pageNum: true, pageSize: true });

/** Add form (`POST /system/post`). */
export const postAddInput = z.object({
  postCode: requiredText('岗位编码', 64),
  postName: requiredText('岗位名称', 50),
  postSort: requiredInt('显示顺序'),
  status: statusField,
  remark: optionalText('备注', 500, 'multiline'),
});
export type PostAddInput = z.input<typeof postAddInput>;

/** Edit form (`POST /system/post/update`). */
export const postUpdateInput = postAddInput.extend({ postId: idValue, status: optionalCode(['0', '1']) });
export type PostUpdateInput = z.input<typeof postUpdateInput>;

export const postIdInput = z.object({ postId: idValue });

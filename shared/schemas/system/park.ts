/**
 * Park (园区) shapes (issue 3 "Parks"): a tree like depts (parent, ancestors, name, order, status).
 */
import { z } from 'zod';
import { filterText, idValue, optionalCode, optionalText, requiredInt, requiredText, statusField } from './dept';

/** `GET /system/park/list` and `treeselect` filters. */
export const parkListInput = z.object({
  parkName: filterText,
  status: optionalCode(['0', '1']),
});
export type ParkListInput = z.input<typeof parkListInput>;

/** Add form (`POST /system/park`); parentId 0 makes a root. */
export const parkAddInput = z.object({
  parentId: requiredInt('上级园区').pipe(z.number().min(0)),
  parkName: requiredText('园区名称', 50),
  orderNum: requiredInt('显示顺序'),
  status: statusField,
  remark: optionalText('备注', 500, 'multiline'),
});
export type ParkAddInput = z.input<typeof parkAddInput>;

/** Edit form (`POST /system/park/update`). */
export const parkUpdateInput = parkAddInput.extend({ parkId: idValue, status: optionalCode(['0', '1']) });
export type ParkUpdateInput = z.input<typeof parkUpdateInput>;

export const parkIdInput = z.object({ parkId: idValue });

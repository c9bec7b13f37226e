/**
 * Dictionary shapes (reference §2 Dictionaries, §3 sys_dict_type / sys_dict_data; platform spec
 * §3, §5): types (dictName, dictType) and their data (label, value, sort, listClass …).
 */
import { z } from 'zod';
import { pageInput } from '../common';
import { filterText, idValue, optionalCode, optionalText, requiredInt, requiredText, statusField } from './dept';
import { controlCharsMessage, isOneLine } from '../text';

/** `GET /system/dict/type/list` (paged) filters, with the creation date range. */
export const dictTypeListInput = pageInput.extend({
  dictName: filterText,
  dictType: filterText,
  status: optionalCode(['0', '1']),
});
export type DictTypeListInput = z.input<typeof dictTypeListInput>;
export const dictTypeExportInput = dictTypeListInput.omit({ pageNum: true, pageSize: true });

/** Add form (`POST /system/dict/type`). */
export const dictTypeAddInput = z.object({
  dictName: requiredText('字典名称', 100),
  dictType: requiredText('字典类型', 100)
    .regex(/^[a-z][a-z0-9_]*$/, '字典类型必须以字母开头，且只能为（小写字母，数字，下滑线）'),
  status: statusField,
  remark: optionalText('备注', 500, 'multiline'),
});
export type DictTypeAddInput = z.input<typeof dictTypeAddInput>;
export const dictTypeUpdateInput = dictTypeAddInput.extend({ dictId: idValue, status: optionalCode(['0', '1']) });
export type DictTypeUpdateInput = z.input<typeof dictTypeUpdateInput>;
export const dictIdInput = z.object({ dictId: idValue });

/** `GET /system/dict/data/list` (paged) filters. */
export const dictDataListInput = pageInput.extend({
  dictType: filterText,
  dictLabel: filterText,
  status: optionalCode(['0', '1']),
});
export type DictDataListInput = z.input<typeof dictDataListInput>;
export const dictDataExportInput = dictDataListInput.omit({ pageNum: true, pageSize: true });

export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

/** Add form (`POST /system/dict/data`); spec §5: 数据标签 / 数据键值 / 数据顺序 are required. */
export const dictDataAddInput = z.object({
  dictType: requiredText('字典类型', 100),
  dictLabel: requiredText('数据标签', 100),
  dictValue: requiredText('数据键值', 100),
  dictSort: requiredInt('数据顺序'),
  cssClass: optionalText('样式属性', 100),
  listClass: z.union([z.enum(LIST_CLASSES), z.literal('').transform(() => 'default' as const), z.null().transform(() => 'default' as const)]).default('default'),
  isDefault: z.union([z.enum(['Y', 'N']), z.literal('').transform(() => 'N' as const), z.null().transform(() => 'N' as const)]).default('N'),
  status: statusField,
  remark: optionalText('备注', 500, 'multiline'),
});
export type DictDataAddInput = z.input<typeof dictDataAddInput>;
export const dictDataUpdateInput = dictDataAddInput.extend({
  dictCode: idValue,
  listClass: z.enum(LIST_CLASSES).nullish().transform((v) => v ?? undefined).or(z.literal('').transform(() => 'default' as const)),
  isDefault: optionalCode(['Y', 'N']),
  status: optionalCode(['0', '1']),
});
export type DictDataUpdateInput = z.input<typeof dictDataUpdateInput>;
export const dictCodeInput = z.object({ dictCode: idValue });

/** `GET /system/dict/data/type/{dictType}`. */
export const dictTypeNameInput = z.object({ dictType: z.string().trim().min(1, '字典类型不能为空').max(100).refine(isOneLine, controlCharsMessage('字典类型')) });

/** One dictionary entry as `type/{dictType}` answers it. */
export interface DictEntry {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  cssClass: string;
  listClass: string;
  isDefault: string;
  status: string;
  remark: string | null;
  createTime: string | null;
}

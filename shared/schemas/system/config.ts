/**
 * Config (参数设置) shapes (reference §2 Config, §3 sys_config): configType Y built-in / N not.
 */
import { z } from 'zod';
import { pageInput } from '../common';
import { filterText, idValue, optionalCode, optionalText, requiredText } from './dept';
import { controlCharsMessage, isMultiLine, isOneLine } from '../text';

/** `GET /system/config/list` (paged) filters, with the creation date range. */
export const configListInput = pageInput.extend({
  configName: filterText,
  configKey: filterText,
  configType: optionalCode(['Y', 'N']),
});
export type ConfigListInput = z.input<typeof configListInput>;
export const configExportInput = configListInput.omit({ pageNum: true, pageSize: true });

/** Add form (`POST /system/config`). */
export const configAddInput = z.object({
  configName: requiredText('参数名称', 100),
  configKey: requiredText('参数键名', 100),
  // multi-line: RuoYi's form edits the value in a textarea (JSON, lists)
  configValue: z.string({ error: '参数键值不能为空' }).trim().min(1, '参数键值不能为空').max(500, '参数键值长度不能超过500个字符')
    .refine(isMultiLine, controlCharsMessage('参数键值')),
  configType: z.union([z.enum(['Y', 'N']), z.literal('').transform(() => 'N' as const), z.null().transform(() => 'N' as const)]).default('N'),
  remark: optionalText('备注', 500, 'multiline'),
});
export type ConfigAddInput = z.input<typeof configAddInput>;
export const configUpdateInput = configAddInput.extend({ configId: idValue, configType: optionalCode(['Y', 'N']) });
export type ConfigUpdateInput = z.input<typeof configUpdateInput>;
export const configIdInput = z.object({ configId: idValue });

/** `GET /system/config/configKey/{configKey}`. */
export const configKeyInput = z.object({ configKey: z.string().trim().min(1, '参数键名不能为空').max(100).refine(isOneLine, controlCharsMessage('参数键名')) });

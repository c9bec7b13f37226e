/**
 * Dept (部门) shapes (reference §2 Depts, §3 sys_dept), and the field helpers every system and
 * monitor schema of this family uses: numbers accept JSON numbers and query-string text, '' means
 * "not given", required fields carry RuoYi's Chinese message (naming the field), other bad input
 * gets zod's message, which the server prefixes with the field's key.
 */
import { z } from 'zod';
import { dictCode, numberAsCode } from '../dict-code';
import { controlCharsMessage, isMultiLine, isOneLine } from '../text';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const numberish = z.union([z.number(), z.string(), z.null()]).optional();

/** An integer given as number or text; missing/'' → `${label}不能为空`. */
export const requiredInt = (label: string) =>
  numberish.transform((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : (v ?? undefined)))
    .pipe(z.number({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : undefined) }).int());

/** An optional integer filter or field (number or text; '' / null → undefined). */
export const optionalInt = numberish
  .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : (v ?? undefined)))
  .pipe(z.number().int().optional());

/** A positive id from a path, query or body (number or text). */
export const idValue = numberish
  .transform((v) => (typeof v === 'string' ? Number(v) : v))
  .pipe(z.number().int().positive());

/** `{ids}` of `POST /x/delete/{ids}` (the REST row splits the comma list). */
export const idsInput = z.object({ ids: z.array(idValue).min(1) });

/** `'line'`: no control character at all; `'multiline'`: `\t`, `\n`, `\r` allowed (shared/schemas/text.ts). */
export type TextLines = 'line' | 'multiline';
const cleanText = (lines: TextLines) => (lines === 'line' ? isOneLine : isMultiLine);

/**
 * Required text, trimmed: `${label}不能为空`, `${label}长度不能超过${max}个字符`,
 * `${label}不能包含控制字符` (one line unless `lines` is 'multiline').
 */
export const requiredText = (label: string, max: number, lines: TextLines = 'line') =>
  z.string({ error: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(max, `${label}长度不能超过${max}个字符`)
    .refine(cleanText(lines), controlCharsMessage(label));

/** Optional text (null / absent → undefined); control characters refused as requiredText. */
export const optionalText = (label: string, max: number, lines: TextLines = 'line') =>
  z.string().max(max, `${label}长度不能超过${max}个字符`).refine(cleanText(lines), controlCharsMessage(label))
    .nullish().transform((v) => v ?? undefined);

/** A one-line filter text: '' or absent → undefined; 查询条件不能包含控制字符. */
export const filterText = z.string().max(200).refine(isOneLine, controlCharsMessage('查询条件')).nullish().transform((v) => (v ? v : undefined));

/** Status '0' normal / '1' disabled (dictionary sys_normal_disable); '' → default; 0 / 1 as numbers too. */
export const statusField = z.union([
  dictCode(['0', '1']), z.literal('').transform(() => '0' as const), z.null().transform(() => '0' as const),
]).default('0');

/** A required code from `values` ('' counts as missing; a number is read as its text): `${label}不能为空`. */
export const requiredCode = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess((v) => blankToUndefined(numberAsCode(v)), z.enum(values, { error: (iss) => (iss.input === undefined ? `${label}不能为空` : undefined) }));

/** Optional filter on a code list, '' → no filter; a number is read as its text. */
export const optionalCode = <const T extends readonly [string, ...string[]]>(values: T) =>
  dictCode(values).optional().or(z.literal('').transform(() => undefined)).or(z.null().transform(() => undefined));

/** Dept list filters (`GET /system/dept/list`). */
export const deptListInput = z.object({
  deptName: filterText,
  status: optionalCode(['0', '1']),
});
export type DeptListInput = z.input<typeof deptListInput>;

const email = z.string().max(50, '邮箱长度不能超过50个字符').refine(isOneLine, controlCharsMessage('邮箱')).nullish()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '邮箱格式不正确');

/** Add form (`POST /system/dept`). parentId 0 makes a root. */
export const deptAddInput = z.object({
  parentId: requiredInt('上级部门').pipe(z.number().min(0)),
  deptName: requiredText('部门名称', 30),
  orderNum: requiredInt('显示顺序'),
  leader: optionalText('负责人', 20),
  phone: optionalText('联系电话', 11),
  email,
  status: statusField,
});
export type DeptAddInput = z.input<typeof deptAddInput>;

/**
 * Edit form (`POST /system/dept/update`): absent optional fields keep their stored value (RuoYi's
 * dynamic UPDATE); '' clears a text.
 */
export const deptUpdateInput = deptAddInput.extend({
  deptId: idValue,
  email: z.string().max(50, '邮箱长度不能超过50个字符').refine(isOneLine, controlCharsMessage('邮箱')).nullish().transform((v) => v ?? undefined)
    .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '邮箱格式不正确'),
  status: optionalCode(['0', '1']),
});
export type DeptUpdateInput = z.input<typeof deptUpdateInput>;

/** `GET /system/dept/{deptId}`, `list/exclude/{deptId}`, `POST /system/dept/delete/{deptId}`. */
export const deptIdInput = z.object({ deptId: idValue });

/** One node of a `treeselect` (RuoYi TreeSelect): children omitted when empty. */
export interface TreeSelectNode {
  id: number;
  label: string;
  disabled: boolean;
  children?: TreeSelectNode[];
}

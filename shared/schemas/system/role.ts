/**
 * Role shapes shared by server and client (platform spec §3 Role, §7 Roles; reference §2
 * `/system/role`, §3 sys_role, §4 data scope). Messages are RuoYi's SysRole annotations.
 */
import { z } from 'zod';
import { dictCode } from '../dict-code';
import { pageInput } from '../common';
import { boolText, idArray, idInput, noScript, searchText, statusInput } from './user';
import { controlCharsMessage, isMultiLine, isOneLine } from '../text';

/** Data scope: 1 all, 2 custom depts, 3 own dept, 4 own dept and below, 5 self only. */
export const dataScopeInput = dictCode(['1', '2', '3', '4', '5']);

export const roleListInput = pageInput.extend({
  roleName: searchText('角色名称', 30).optional(),
  roleKey: searchText('权限字符', 100).optional(),
  status: statusInput.optional().or(z.literal('').transform(() => undefined)),
  roleId: idInput.optional().or(z.literal('').transform(() => undefined)),
});
export type RoleListInput = z.input<typeof roleListInput>;

/**
 * Fields of the role form. Null or absent optional fields mean "not given": an add uses the
 * defaults (status 0, no menus, strict trees), an update keeps what is stored; `[]` clears menus.
 */
const roleFields = {
  roleName: z.string({ error: '角色名称不能为空' }).trim()
    .min(1, '角色名称不能为空').max(30, '角色名称长度不能超过30个字符').refine(noScript, '角色名称不能包含脚本字符')
    .refine(isOneLine, controlCharsMessage('角色名称')),
  roleKey: z.string({ error: '权限字符不能为空' }).trim()
    .min(1, '权限字符不能为空').max(100, '权限字符长度不能超过100个字符').refine(noScript, '权限字符不能包含脚本字符')
    .refine(isOneLine, controlCharsMessage('权限字符')),
  roleSort: z.coerce.number({ error: '显示顺序不能为空' }).int('显示顺序必须是整数'),
  status: statusInput.nullish(),
  menuIds: idArray.nullish(),
  menuCheckStrictly: boolText.nullish(),
  deptCheckStrictly: boolText.nullish(),
  remark: z.string().max(500, '备注长度不能超过500个字符').refine(isMultiLine, controlCharsMessage('备注')).nullish(),
};

/** `POST /system/role`: a new role with its menus. */
export const roleAddInput = z.object({ ...roleFields, dataScope: dataScopeInput.nullish() });
export type RoleAddInput = z.input<typeof roleAddInput>;

/** `POST /system/role/update`: the role's fields and menus (the data scope has its own call). */
export const roleUpdateInput = z.object({ roleId: idInput, ...roleFields });
export type RoleUpdateInput = z.input<typeof roleUpdateInput>;

/**
 * `POST /system/role/dataScope`: the scope, the custom depts (kept only for scope 2) and the
 * parks (`parkIds`; omitted = unchanged).
 */
export const roleDataScopeInput = z.object({
  roleId: idInput,
  dataScope: dataScopeInput,
  deptIds: idArray.nullish().transform((v) => v ?? []),
  parkIds: idArray.nullish(),
  deptCheckStrictly: boolText.nullish(),
});
export type RoleDataScopeInput = z.input<typeof roleDataScopeInput>;

export const roleIdInput = z.object({ roleId: idInput });
export const roleIdsInput = z.object({ roleIds: idArray.min(1, '请选择要删除的角色') });
export const roleChangeStatusInput = z.object({ roleId: idInput, status: statusInput });

/** `GET /system/role/authUser/allocatedList|unallocatedList`. */
export const authUserListInput = pageInput.extend({
  roleId: idInput,
  userName: searchText('用户账号', 30).optional(),
  phonenumber: searchText('手机号码', 11).optional(),
});
export type AuthUserListInput = z.input<typeof authUserListInput>;

/** `POST /system/role/authUser/cancel` body `{userId, roleId}`. */
export const authUserCancelInput = z.object({ userId: idInput, roleId: idInput });
/** `POST /system/role/authUser/cancelAll` (query roleId, userIds comma-joined). */
export const authUserCancelAllInput = z.object({ roleId: idInput, userIds: idArray.min(1, '请选择要取消授权的用户') });
/** `POST /system/role/authUser/selectAll` (query roleId, userIds comma-joined). */
export const authUserSelectAllInput = z.object({ roleId: idInput, userIds: idArray.min(1, '请选择要分配的用户') });

/** A user row of the allocated / unallocated lists. */
export interface AuthUserRow {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  status: string;
  createTime: string | null;
}

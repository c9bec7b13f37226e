/**
 * User shapes shared by server and client (platform spec §3 User, §7 Users; reference §2
 * `/system/user`, §3 sys_user). Numbers are coerced because REST paths and query strings carry
 * text. Messages are the reference's (RuoYi SysUser annotations and the user form's rules).
 */
import { z } from 'zod';
import { dictCode } from '../dict-code';
import { pageInput } from '../common';
import { validEmail, validMobile } from '../../utils/validate';
import { controlCharsMessage, isMultiLine, isOneLine, isPlainName } from '../text';

/** A positive integer id (REST text coerced); a bad value names its field. */
export const idInput = z.coerce.number().int().positive();

/** A list of ids (the REST rows turn `'1,2'` into `[1, 2]`). */
export const idArray = z.array(idInput);

/** Status `'0'` normal / `'1'` disabled (dictionary sys_normal_disable). */
export const statusInput = dictCode(['0', '1']);

/** A boolean from JSON, or from form/query text (`true|false|1|0`, blank = false). */
export const boolText = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1'),
]);

/** RuoYi's @Xss pattern: text that looks like an HTML tag. */
const SCRIPT_RE = /<(\S*?)[^>]*>.*?|<.*? \/>/;
export const noScript = (v: string) => !SCRIPT_RE.test(v);

/** Password characters RuoYi's user form refuses. */
const ILLEGAL_PASSWORD_RE = /[<>"'|\\]/;
export const ILLEGAL_PASSWORD_MESSAGE = '不能包含非法字符：< > " \' \\ |';

/** A user password of 5-20 characters without `< > " ' \ |` (user form rules). */
export const userPassword = z.string({ error: '用户密码不能为空' })
  .min(1, '用户密码不能为空')
  .min(5, '用户密码长度必须介于 5 和 20 之间')
  .max(20, '用户密码长度必须介于 5 和 20 之间')
  .refine((v) => !ILLEGAL_PASSWORD_RE.test(v), ILLEGAL_PASSWORD_MESSAGE)
  .refine(isOneLine, controlCharsMessage('用户密码'));

/** Optional text: null/undefined mean "not given" (an update keeps the stored value). */
const text = (max: number, msg: string) => z.string().trim().max(max, msg);

export const userNameInput = z.string({ error: '用户账号不能为空' }).trim()
  .min(1, '用户账号不能为空')
  .min(2, '用户账号长度必须介于 2 和 20 之间')
  .max(20, '用户账号长度必须介于 2 和 20 之间')
  .refine(noScript, '用户账号不能包含脚本字符')
  // Control characters and bidi controls (issue 11 §4, issue 38 §7).
  .refine(isPlainName, controlCharsMessage('用户账号'));

export const nickNameInput = z.string({ error: '用户昵称不能为空' }).trim()
  .min(1, '用户昵称不能为空')
  .max(30, '用户昵称长度不能超过30个字符')
  .refine(noScript, '用户昵称不能包含脚本字符')
  .refine(isPlainName, controlCharsMessage('用户昵称'));

/** Optional e-mail: blank or a valid address of at most 50 characters. */
export const optionalEmail = text(50, '邮箱长度不能超过50个字符').refine(isOneLine, controlCharsMessage('邮箱')).refine((v) => v === '' || validEmail(v), '请输入正确的邮箱地址');
/** Optional mobile: blank or a mainland mobile number. */
export const optionalPhone = text(11, '手机号码长度不能超过11个字符').refine(isOneLine, controlCharsMessage('手机号码')).refine((v) => v === '' || validMobile(v), '请输入正确的手机号码');
export const sexInput = dictCode(['0', '1', '2']);

/**
 * Fields of the user form. Null or absent means "not given": an add uses the defaults (blank,
 * sex 0, status 0, no roles or posts), an update keeps what is stored; `[]` clears links.
 */
const userFields = {
  deptId: idInput.nullish(),
  nickName: nickNameInput,
  email: optionalEmail.nullish(),
  phonenumber: optionalPhone.nullish(),
  sex: sexInput.nullish(),
  status: statusInput.nullish(),
  remark: z.string().max(500, '备注长度不能超过500个字符').refine(isMultiLine, controlCharsMessage('备注')).nullish(),
  roleIds: idArray.nullish(),
  postIds: idArray.nullish(),
};

/** `POST /system/user`: a new user with its password, roles and posts. */
export const userAddInput = z.object({ userName: userNameInput, password: userPassword, ...userFields });
export type UserAddInput = z.input<typeof userAddInput>;

/** `POST /system/user/update`: the password is not changed here (see resetPwd). */
export const userUpdateInput = z.object({ userId: idInput, userName: userNameInput.optional(), ...userFields });
export type UserUpdateInput = z.input<typeof userUpdateInput>;

/** A one-line search text of a list (`${label}不能包含控制字符`). */
export const searchText = (label: string, max: number) => z.string().max(max).refine(isOneLine, controlCharsMessage(label));

export const userListInput = pageInput.extend({
  userName: searchText('用户账号', 30).optional(),
  phonenumber: searchText('手机号码', 11).optional(),
  status: statusInput.optional().or(z.literal('').transform(() => undefined)),
  deptId: idInput.optional().or(z.literal('').transform(() => undefined)),
});
export type UserListInput = z.input<typeof userListInput>;

/** `GET /system/user/` (no id: the form options only) and `GET /system/user/{userId}`. */
export const userGetInput = z.object({ userId: idInput.optional().or(z.literal('').transform(() => undefined)) }).optional();
export const userIdInput = z.object({ userId: idInput });
export const userIdsInput = z.object({ userIds: idArray.min(1, '请选择要删除的用户') });
export const userResetPwdInput = z.object({ userId: idInput, password: userPassword });
export const userChangeStatusInput = z.object({ userId: idInput, status: statusInput });
/** `POST /system/user/authRole` (query userId, roleIds comma-joined). */
export const userAuthRoleInput = z.object({ userId: idInput, roleIds: idArray.default([]) });

/** One multipart file as the REST adapter hands it over (field name → file). */
export interface UploadedFileShape {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Uint8Array;
}
export const isUploadedFile = (v: unknown): v is UploadedFileShape =>
  !!v && typeof v === 'object' && (v as UploadedFileShape).data instanceof Uint8Array && typeof (v as UploadedFileShape).filename === 'string';
export const uploadedFile = (message: string) => z.custom<UploadedFileShape>(isUploadedFile, { error: message });

/** `POST /system/user/importData`: multipart `file` (xlsx) and `updateSupport`. */
export const userImportInput = z.object({
  file: uploadedFile('请选择要导入的文件 (file)'),
  updateSupport: boolText.optional().transform((v) => v ?? false),
});

/** A role as the user screens see it (`roles` of `GET /system/user/{id}`, `authRole`). */
export interface RoleOption {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: string;
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  status: string;
  delFlag: string;
  createBy: string;
  createTime: string | null;
  updateBy: string;
  updateTime: string | null;
  remark: string | null;
  /** True when the role is assigned to the user in question. */
  flag: boolean;
  /** Role 1, the super admin role. */
  admin: boolean;
}

export interface PostOption {
  postId: number;
  postCode: string;
  postName: string;
  postSort: number;
  status: string;
  createTime: string | null;
  remark: string | null;
}

/** One user without the password, with its dept and roles (`data` of `GET /system/user/{id}`). */
export interface UserDetail {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  userType: string;
  email: string;
  phonenumber: string;
  sex: string;
  avatar: string;
  status: string;
  delFlag: string;
  loginIp: string;
  loginDate: string | null;
  createBy: string;
  createTime: string | null;
  updateBy: string;
  updateTime: string | null;
  remark: string | null;
  dept: { deptId: number; parentId: number; ancestors: string; deptName: string; orderNum: number; leader: string | null; status: string } | null;
  roles: { roleId: number; roleName: string; roleKey: string; roleSort: number; dataScope: string; status: string }[];
  admin: boolean;
}

/** `GET /system/user/{userId}` → `{data?, roles, posts, roleIds?, postIds?}`. */
export interface UserFormReply {
  data?: UserDetail;
  roles: RoleOption[];
  posts: PostOption[];
  roleIds?: number[];
  postIds?: number[];
}

/** A dept or park tree node (RuoYi TreeSelect); `children` is omitted on leaves. */
export interface TreeNode {
  id: number;
  label: string;
  disabled: boolean;
  children?: TreeNode[];
}

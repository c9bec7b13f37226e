/**
 * Personal centre shapes (platform spec §2 Profile, §3 "Profile response", §5 "Profile" and
 * "Password change"; reference §2 `/system/user/profile`). The server checks the same rules as
 * the form.
 */
import { z } from 'zod';
import { validEmail, validMobile } from '../../utils/validate';
import { nickNameInput, sexInput, uploadedFile, type UserDetail } from './user';
import { controlCharsMessage, isOneLine } from '../text';

/** `POST /system/user/profile/update` (spec §5 "Profile"). */
export const profileUpdateInput = z.object({
  nickName: nickNameInput,
  email: z.string({ error: '邮箱地址不能为空' }).trim()
    .min(1, '邮箱地址不能为空').max(50, '邮箱长度不能超过50个字符').refine(isOneLine, controlCharsMessage('邮箱地址')).refine(validEmail, '请输入正确的邮箱地址'),
  phonenumber: z.string({ error: '手机号码不能为空' }).trim()
    .min(1, '手机号码不能为空').max(11, '请输入正确的手机号码').refine(isOneLine, controlCharsMessage('手机号码')).refine(validMobile, '请输入正确的手机号码'),
  sex: sexInput.nullish(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

/** `POST /system/user/profile/updatePwd` (spec §5 "Password change"; query or body). */
export const profileUpdatePwdInput = z.object({
  oldPassword: z.string({ error: '旧密码不能为空' }).min(1, '旧密码不能为空'),
  newPassword: z.string({ error: '新密码不能为空' }).min(1, '新密码不能为空')
    .min(6, '长度在 6 到 20 个字符').max(20, '长度在 6 到 20 个字符').refine(isOneLine, controlCharsMessage('新密码')),
  confirmPassword: z.string().optional(),
}).refine((v) => v.confirmPassword === undefined || v.confirmPassword === '' || v.confirmPassword === v.newPassword, {
  message: '两次输入的密码不一致', path: ['confirmPassword'],
});
export type ProfileUpdatePwdInput = z.input<typeof profileUpdatePwdInput>;

/** `POST /system/user/profile/avatar`: multipart field `avatarfile`. */
export const profileAvatarInput = z.object({ avatarfile: uploadedFile('上传图片异常，请联系管理员') });

/** `GET /system/user/profile` → `{data, roleGroup, postGroup}` (names comma-joined). */
export interface ProfileReply {
  data: UserDetail;
  roleGroup: string;
  postGroup: string;
}

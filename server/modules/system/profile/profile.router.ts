/**
 * Personal-centre procedures (platform spec §2 Profile, §5, §7 Users "profile"; reference §2
 * `/system/user/profile`). A session is enough (no permission); writes go through the audited
 * builder so the operation log records them (titles 个人信息 and 用户头像, as RuoYi).
 */
import { profileAvatarInput, profileUpdateInput, profileUpdatePwdInput } from '../../../../shared/schemas/system/profile';
import { router } from '../../../trpc/init';
import { auditedProcedure } from '../../../trpc/procedures';
import { ajaxOutput } from '../../../trpc/output';
import { getProfile, updateOwnPassword, updateProfile } from './profile.service';
import { uploadAvatar } from './avatar.service';

const log = { log: { title: '个人信息', businessType: 2 } };

export const profileRouter = router({
  /** → `{data: user (no password, with dept and roles), roleGroup, postGroup}`. */
  get: auditedProcedure
    .meta({ rest: { method: 'GET', path: '/system/user/profile', envelope: 'ajax' } })
    .output(ajaxOutput<Awaited<ReturnType<typeof getProfile>>>())
    .query(({ ctx }) => getProfile(ctx.deps, ctx.login)),

  /** `{nickName, email, phonenumber, sex?}` (spec §5 rules). Errors: 修改用户'x'失败，手机号码已存在 / 邮箱账号已存在. */
  update: auditedProcedure.meta(log).input(profileUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/user/profile/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/user/profile' }],
      },
    })
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.login, input)),

  /** `{oldPassword, newPassword (6-20), confirmPassword?}`. Errors: 修改密码失败，旧密码错误; 新密码不能与旧密码相同. */
  updatePwd: auditedProcedure.meta(log).input(profileUpdatePwdInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/user/profile/updatePwd', input: ['query', 'body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/user/profile/updatePwd' }],
      },
    })
    .mutation(({ ctx, input }) => updateOwnPassword(ctx.deps, ctx.login, input.oldPassword, input.newPassword)),

  /** `{avatarfile}` (image by extension and bytes) → `{imgUrl: '/profile/avatar/yyyy/MM/dd/<name>'}`. */
  avatar: auditedProcedure.meta({ log: { title: '用户头像', businessType: 2 } }).input(profileAvatarInput)
    .meta({ rest: { method: 'POST', path: '/system/user/profile/avatar', input: ['multipart'], envelope: 'ajax' } })
    .output(ajaxOutput<Awaited<ReturnType<typeof uploadAvatar>>>())
    .mutation(({ ctx, input }) => uploadAvatar(ctx.deps, ctx.login, input.avatarfile)),
});

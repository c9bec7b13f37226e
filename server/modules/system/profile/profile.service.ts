/**
 * Personal centre (platform spec §2 Profile, §5 "Profile" / "Password change"; reference §2
 * `/system/user/profile`, RuoYi SysProfileController): the signed-in user's card, basic info
 * and password. Only a session is needed; the user can only reach their own row. On the async
 * store (issue 43): each write is one `store.transaction`; the bcrypt work happens before it.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { nowText } from '../../../core/clock';
import { hashPassword, matchesPassword } from '../../auth/password.service';
import type { ProfileReply } from '../../../../shared/schemas/system/profile';
import { findUserDetail, findUserPassword, userPostNames } from '../user/user.repo';
import { updateUser } from '../user/user-write.repo';
import { checkUserUnique, userUniqueMessages } from '../user/user.service';
import { onUniqueViolation } from '../../../core/unique-violation';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** The signed-in user's row. Errors: 401 登录状态已过期 when it is gone. */
async function currentUser(deps: Pick<AppDeps, 'store'>, login: LoginUser) {
  const user = await findUserDetail(deps.store, login.userId);
  if (!user) throw new AppError('unauthorized', '登录状态已过期');
  return user;
}

/** `GET /system/user/profile` → `{data: user, roleGroup, postGroup}` (names comma-joined). */
export async function getProfile(deps: Pick<AppDeps, 'store'>, login: LoginUser): Promise<ProfileReply> {
  const data = await currentUser(deps, login);
  return {
    data,
    roleGroup: data.roles.map((r) => r.roleName).join(','),
    postGroup: (await userPostNames(deps.store, login.userId)).join(','),
  };
}

/**
 * `POST /system/user/profile/update` `{nickName, email, phonenumber, sex?}` (validated by the
 * schema with the spec §5 texts). Errors: 修改用户'<account>'失败，手机号码已存在 / 邮箱账号已存在.
 */
export async function updateProfile(
  deps: Deps, login: LoginUser, input: { nickName: string; email: string; phonenumber: string; sex?: string | null },
): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await onUniqueViolation(() => store.transaction(async () => {
    await checkUserUnique(store, '修改', login.userName, { phonenumber: input.phonenumber, email: input.email }, login.userId);
    const changed = await updateUser(store, login.userId, {
      nickName: input.nickName, email: input.email, phonenumber: input.phonenumber,
      ...(input.sex != null ? { sex: input.sex } : {}), updateBy: login.userName, updateTime: when,
    });
    if (changed === 0) throw new AppError('internal', '修改个人信息异常，请联系管理员');
  }), userUniqueMessages('修改', login.userName));
}

/**
 * `POST /system/user/profile/updatePwd` (oldPassword, newPassword). Errors: 修改密码失败，旧密码错误;
 * 新密码不能与旧密码相同. The bcrypt work happens before the write transaction.
 */
export async function updateOwnPassword(deps: Deps, login: LoginUser, oldPassword: string, newPassword: string): Promise<void> {
  const { store } = deps;
  const row = await findUserPassword(store, login.userId);
  if (!row) throw new AppError('unauthorized', '登录状态已过期');
  if (!(await matchesPassword(oldPassword, row.password))) throw new AppError('refused', '修改密码失败，旧密码错误');
  if (await matchesPassword(newPassword, row.password)) throw new AppError('invalid', '新密码不能与旧密码相同');
  const hash = await hashPassword(newPassword);
  const when = nowText(deps.clock);
  await store.transaction(async () => {
    const stored = await findUserPassword(store, login.userId);
    if (stored?.password !== row.password) throw new AppError('internal', '修改密码异常，请联系管理员');
    await updateUser(store, login.userId, { password: hash, updateBy: login.userName, updateTime: when });
  });
}

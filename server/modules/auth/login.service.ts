/**
 * Sign-in, register and sign-out (reference §1 "Login", "Register"; api-contract "Session").
 * Checks run in RuoYi's order: captcha → empty fields → lengths → IP black list → user lookup
 * (deleted, disabled) → lockout → password. Every attempt writes a login-log row. Errors carry the
 * reference's texts (REST code 500): a failed sign-in is AppError('refused') (failWith, captcha
 * included); register answers refused when it is switched off, invalid for captcha, lengths,
 * characters and confirmation, conflict for a taken name.
 *
 * On the async store (issue 43): the login-log rows are each a `store.transaction` of their own;
 * a wrong password's count is one; a successful sign-in's writes (counter cleared, session row,
 * login stamp) are one. bcrypt (hashing, comparing) and the token's signature run outside them.
 */
import type { AppDeps, ClientInfo } from '../../deps';
import { AppError } from '../../core/errors';
import { onUniqueViolation } from '../../core/unique-violation';
import { nowText } from '../../core/clock';
import type { LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import { insertLoginLog } from '../monitor/logininfor/logininfor.repo';
import { isBlockedIp, isCaptchaEnabled, isRegisterEnabled } from '../system/config/config.service';
import { decodePassword } from './secrets.service';
import { controlCharsMessage, isOneLine, isPlainName } from '../../../shared/schemas/text';
import { findUserByName, stampLogin } from './auth.repo';
import { insertUser } from '../system/user/user-write.repo';
import { closeSession, openSession } from './session.service';
import {
  LOCKED_MESSAGE, MAX_RETRY_COUNT, clearWrongPasswords, hashPassword, matchesPassword, recordWrongPassword, retryCount,
} from './password.service';

const NOT_MATCH = '用户不存在/密码错误';

/** Writes one login-log row, in a store transaction of its own. */
function logAttempt(deps: AppDeps, row: Parameters<typeof insertLoginLog>[1]): Promise<void> {
  return deps.store.transaction(() => insertLoginLog(deps.store, row));
}

/** Logs a failed attempt (`logMsg`), then gives the refusal to throw: `throw await failWith(…)`. */
async function failWith(deps: AppDeps, client: ClientInfo, userName: string, msg: string, logMsg = msg): Promise<AppError> {
  await logAttempt(deps, { userName, status: '1', msg: logMsg, client, loginTime: nowText(deps.clock) });
  return new AppError('refused', msg);
}

async function checkCaptcha(deps: AppDeps, client: ClientInfo, userName: string, code: string, uuid: string): Promise<void> {
  if (!(await isCaptchaEnabled(deps))) return;
  try {
    await deps.captcha.verify(uuid, code, deps.clock.now());
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    throw await failWith(deps, client, userName, e.message);
  }
}

/** Signs in; returns `{token}`. See the file docstring for the order of checks. */
export async function login(deps: AppDeps, input: Required<LoginInput>, client: ClientInfo): Promise<{ token: string }> {
  const userName = input.username.trim();
  await checkCaptcha(deps, client, userName, input.code, input.uuid);
  const password = decodePassword(deps.keys, input.password);
  if (!userName || !password) throw await failWith(deps, client, userName, NOT_MATCH, '* 必须填写');
  if (password.length < 5 || password.length > 20 || userName.length < 2 || userName.length > 20) {
    throw await failWith(deps, client, userName, NOT_MATCH);
  }
  if (await isBlockedIp(deps, client.ip)) throw await failWith(deps, client, userName, '很遗憾，访问IP已被列入系统黑名单');
  const user = await findUserByName(deps.store, userName);
  if (!user) throw await failWith(deps, client, userName, NOT_MATCH);
  if (user.delFlag === '2') throw await failWith(deps, client, userName, '对不起，您的账号已被删除');
  if (user.status === '1') throw await failWith(deps, client, userName, '用户已封禁，请联系管理员');
  const now = deps.clock.now();
  if ((await retryCount(deps, userName, now)) >= MAX_RETRY_COUNT) throw await failWith(deps, client, userName, LOCKED_MESSAGE);
  if (!(await matchesPassword(password, user.password))) {
    const count = await recordWrongPassword(deps, userName, now);
    throw await failWith(deps, client, userName, NOT_MATCH, `密码输入错误${count}次`);
  }
  const when = nowText(deps.clock);
  const token = await openSession(deps, user, client, async () => {
    await clearWrongPasswords(deps, userName);
    await stampLogin(deps.store, user.userId, client.ip, when);
  });
  await logAttempt(deps, { userName, status: '0', msg: '登录成功', client, loginTime: when });
  return { token };
}

/**
 * Self-registration, allowed only when `sys.account.registerUser` is "true"
 * (当前系统没有开启注册功能！). Username 2-20 without control or bidi characters (issue 38 §7),
 * password 5-20, confirmation equal, unique name.
 */
export async function register(deps: AppDeps, input: Required<RegisterInput>, client: ClientInfo): Promise<void> {
  if (!(await isRegisterEnabled(deps))) throw new AppError('refused', '当前系统没有开启注册功能！');
  const userName = input.username.trim();
  if (await isCaptchaEnabled(deps)) await deps.captcha.verify(input.uuid, input.code, deps.clock.now());
  const password = decodePassword(deps.keys, input.password);
  if (password === null) throw new AppError('invalid', '用户密码长度必须介于 5 和 20 之间');
  if (userName.length < 2 || userName.length > 20) throw new AppError('invalid', '用户账号长度必须介于 2 和 20 之间');
  // Bidi controls (`ad\u202Emin`) as control characters (issue 38 §7).
  if (!isPlainName(userName)) throw new AppError('invalid', controlCharsMessage('用户账号'));
  if (password.length < 5 || password.length > 20) throw new AppError('invalid', '用户密码长度必须介于 5 和 20 之间');
  // the decrypted password: the schema only saw the `rsa:` text (issue 11 §4)
  if (!isOneLine(password)) throw new AppError('invalid', controlCharsMessage('用户密码'));
  if (input.confirmPassword !== undefined && input.confirmPassword !== '' &&
      decodePassword(deps.keys, input.confirmPassword) !== password) {
    throw new AppError('invalid', '两次输入的密码不一致');
  }
  if ((await findUserByName(deps.store, userName))?.delFlag === '0') throw new AppError('conflict', `保存用户'${userName}'失败，注册账号已存在`);
  const hash = await hashPassword(password);
  const when = nowText(deps.clock);
  // Two registrations of one name at once: the unique index answers the second like the check.
  await onUniqueViolation(() => deps.store.transaction(async () => {
    await insertUser(deps.store, { userName, nickName: userName, password: hash, createBy: userName, createTime: when });
  }), { sys_user_name_uq: `保存用户'${userName}'失败，注册账号已存在` });
  await logAttempt(deps, { userName, status: '0', msg: '注册成功', client, loginTime: when });
}

/** Ends the session of `token` (if any) and logs 退出成功. Never fails. */
export async function logout(deps: AppDeps, token: string | undefined, client: ClientInfo): Promise<void> {
  const userName = await closeSession(deps, token);
  if (userName) await logAttempt(deps, { userName, status: '0', msg: '退出成功', client, loginTime: nowText(deps.clock) });
}

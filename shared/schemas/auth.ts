/**
 * Session shapes shared by server and client (platform spec §3, api-contract "Session").
 */
import { z } from 'zod';
import { controlCharsMessage, isOneLine } from './text';

/** The account name of the sign-in and register forms: one line (用户账号不能包含控制字符). */
const accountName = z.string({ error: '请输入您的账号' }).trim().min(1, '请输入您的账号').refine(isOneLine, controlCharsMessage('用户账号'));
/** Captcha answer and uuid: one line. */
const captchaText = (label: string) => z.string().refine(isOneLine, controlCharsMessage(label)).optional().default('');

/**
 * Login form (spec §3). `password` is plain (scripts) or `rsa:` + base64 RSA-OAEP(SHA-256); it is
 * only compared with the stored hash, so it is taken as it is.
 */
export const loginInput = z.object({
  username: accountName,
  password: z.string({ error: '请输入您的密码' }).min(1, '请输入您的密码'),
  code: captchaText('验证码'),
  uuid: captchaText('验证码标识'),
});
export type LoginInput = z.input<typeof loginInput>;

/** Register form (spec §3, §5). Length rules are checked by the service with the spec's texts. */
export const registerInput = z.object({
  username: accountName,
  password: z.string({ error: '请输入您的密码' }).min(1, '请输入您的密码'),
  confirmPassword: z.string().optional(),
  code: captchaText('验证码'),
  uuid: captchaText('验证码标识'),
});
export type RegisterInput = z.input<typeof registerInput>;

/**
 * `GET /captchaImage` (public): RuoYi's keys, plus `registerEnabled` (config
 * `sys.account.registerUser` == "true"), which the sign-in page reads to show 立即注册 (an extra
 * top-level key, as the api-contract's envelope allows).
 */
export interface CaptchaReply {
  captchaEnabled: boolean;
  registerEnabled: boolean;
  uuid?: string;
  /** base64 of a 111×36 PNG image, no data-URL prefix (RuoYi's page shows it as data:image/gif, browsers sniff PNG) */
  img?: string;
}

/** One node of `getRouters` (reference §2): empty fields are omitted. */
export interface RouterNode {
  name?: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component?: string;
  alwaysShow?: boolean;
  query?: string;
  meta?: { title: string; icon?: string; noCache: boolean; link?: string };
  children?: RouterNode[];
}

/** The signed-in user as `getInfo` returns it (never a password). */
export interface SessionUser {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  sex: string;
  avatar: string;
  status: string;
  loginIp: string;
  loginDate: string | null;
  createTime: string | null;
  remark: string | null;
  dept: { deptId: number; deptName: string; leader: string | null } | null;
  roles: { roleId: number; roleName: string; roleKey: string; roleSort: number; dataScope: string; status: string }[];
  admin: boolean;
}

export interface GetInfoReply {
  user: SessionUser;
  roles: string[];
  permissions: string[];
}

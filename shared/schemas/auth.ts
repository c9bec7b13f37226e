/**
 * Session shapes shared by server and client (platform spec §3, api-contract "Session").
 */
import { z } from 'zod';

/** Login form (spec §3). `password` is plain (scripts) or `rsa:` + base64 RSA-OAEP(SHA-256). */
export const loginInput = z.object({
  username: z.string({ error: '请输入您的账号' }).trim().min(1, '请输入您的账号'),
  password: z.string({ error: '请输入您的密码' }).min(1, '请输入您的密码'),
  code: z.string().optional().default(''),
  uuid: z.string().optional().default(''),
});
export type LoginInput = z.input<typeof loginInput>;

/** Register form (spec §3, §5). Length rules are checked by the service with the spec's texts. */
export const registerInput = z.object({
  username: z.string({ error: '请输入您的账号' }).trim().min(1, '请输入您的账号'),
  password: z.string({ error: '请输入您的密码' }).min(1, '请输入您的密码'),
  confirmPassword: z.string().optional(),
  code: z.string().optional().default(''),
  uuid: z.string().optional().default(''),
});
export type RegisterInput = z.input<typeof registerInput>;

export interface CaptchaReply {
  captchaEnabled: boolean;
  uuid?: string;
  /** base64 of an SVG image, no data-URL prefix */
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

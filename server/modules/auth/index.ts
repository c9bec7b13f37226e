/**
 * The auth domain's manifest (modules/manifest.ts): session procedures `auth.*` (登录, 注销,
 * 注册, 验证码, getInfo, getRouters) and their REST rows (on the procedures).
 */
import { defineDomain } from '../manifest';
import { authRouter } from './auth.router';

export const authDomain = defineDomain({ name: 'auth', routers: { auth: authRouter } });

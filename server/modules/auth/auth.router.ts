/**
 * Session procedures (platform spec §7 Session; api-contract "Session").
 */
import { z } from 'zod';
import { loginInput, registerInput, type CaptchaReply } from '../../../shared/schemas/auth';
import { router } from '../../trpc/init';
import { authedProcedure, publicProcedure } from '../../trpc/procedures';
import { ajaxOutput, msgOutput } from '../../trpc/output';
import { isCaptchaEnabled, isRegisterEnabled } from '../system/config/config.service';
import { drawCaptcha } from './captcha.service';
import { login, logout, register } from './login.service';
import { FILE_COOKIE, FILE_COOKIE_OPTIONS, fileCookieValue } from './file-cookie.service';
import { getInfo } from './user-info.service';
import { getRouters } from './routers.service';

export const authRouter = router({
  /**
   * `{captchaEnabled, registerEnabled, uuid?, img?}`; img is the base64 of a 111×36 PNG (issue 41
   * §2: RuoYi's page shows it as data:image/gif); the answer lives 2 minutes, one use.
   * registerEnabled tells the sign-in page whether to offer 立即注册. At most
   * CAPTCHA_PER_CLIENT_PER_MINUTE challenges per client address per minute on a node, then
   * 访问过于频繁，请稍候再试 (captcha.service.ts).
   */
  captchaImage: publicProcedure
    .meta({ rest: { method: 'GET', path: '/captchaImage', envelope: 'ajax' } })
    .output(ajaxOutput<CaptchaReply>())
    .query(async ({ ctx }): Promise<CaptchaReply> => {
    const registerEnabled = await isRegisterEnabled(ctx.deps);
    if (!(await isCaptchaEnabled(ctx.deps))) return { captchaEnabled: false, registerEnabled };
    const { uuid, img } = await drawCaptcha(ctx.deps.captcha, ctx.deps.clock.now(), ctx.client.ip);
    return { captchaEnabled: true, registerEnabled, uuid, img };
  }),
  /** `{publicKey}`: SPKI base64 of the server's RSA key (password encryption, RSA-OAEP SHA-256). */
  publicKey: publicProcedure
    .meta({ rest: { method: 'GET', path: '/publicKey', envelope: 'ajax' } })
    .output(ajaxOutput<{ publicKey: string }>())
    .query(({ ctx }) => ({ publicKey: ctx.deps.keys.publicKeySpki })),
  /**
   * `{username, password, code, uuid}` → `{token}`; also sets the file cookie (issue 41 §3,
   * file-cookie.service.ts). Errors as login.service.
   */
  login: publicProcedure.input(loginInput)
    .meta({ rest: { method: 'POST', path: '/login', input: ['body'], envelope: 'ajax' } })
    .output(ajaxOutput<Awaited<ReturnType<typeof login>>>())
    .mutation(async ({ ctx, input }) => {
    const reply = await login(ctx.deps, { username: input.username, password: input.password, code: input.code, uuid: input.uuid }, ctx.client);
    const cookie = await fileCookieValue(ctx.deps, reply.token);
    if (cookie) ctx.cookies?.set(FILE_COOKIE, cookie, FILE_COOKIE_OPTIONS);
    return reply;
  }),
  /** Self-registration when `sys.account.registerUser` is true. */
  register: publicProcedure.input(registerInput)
    .meta({ rest: { method: 'POST', path: '/register', input: ['body'], envelope: 'ajax' } })
    .output(ajaxOutput<{}>())
    .mutation(async ({ ctx, input }) => {
    await register(ctx.deps, { username: input.username, password: input.password, confirmPassword: input.confirmPassword ?? '', code: input.code, uuid: input.uuid }, ctx.client);
    return {};
  }),
  /** Ends the current session (no token needed; always succeeds) and clears the file cookie → msg 退出成功. */
  logout: publicProcedure.input(z.void())
    .meta({ rest: { method: 'POST', path: '/logout', envelope: 'ajax' } })
    .output(msgOutput)
    .mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.token, ctx.client);
    ctx.cookies?.clear(FILE_COOKIE, FILE_COOKIE_OPTIONS);
    return { msg: '退出成功' };
  }),
  getInfo: authedProcedure
    .meta({ rest: { method: 'GET', path: '/getInfo', envelope: 'ajax' } })
    .query(({ ctx }) => getInfo(ctx.deps, ctx.login)),
  getRouters: authedProcedure
    .meta({ rest: { method: 'GET', path: '/getRouters', envelope: 'data' } })
    .query(({ ctx }) => getRouters(ctx.deps, ctx.login)),
});

/**
 * Captcha across nodes (issue 44): the answers live in sys_captcha, so behind a round-robin load
 * balancer the image drawn by node A answers the sign-in on node B, once: a second use on either
 * node is 验证码已失效, a wrong answer 验证码错误 and uses the challenge up; expired rows are pruned
 * and the table capped on PostgreSQL as on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaStore } from '../../server/modules/auth/captcha.service';
import { makeTestApp, type TestApp } from '../helpers/app';
import { freshDatabase } from './fresh-db';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const url = await freshDatabase('node_captcha');
  // CAPTCHA_ENABLED unset: the seeded config entry turns the captcha on.
  a = await makeTestApp({ DATABASE_URL: url, CAPTCHA_ENABLED: undefined });
  b = await makeTestApp({ DATABASE_URL: url, CAPTCHA_ENABLED: undefined });
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
});

/** GET /captchaImage on `t` → its uuid and the answer (read from the table, as the person reads it off the image). */
async function image(t: TestApp): Promise<{ uuid: string; answer: string }> {
  const body = (await t.app.inject({ method: 'GET', url: '/caishui-api/captchaImage' })).json();
  expect(body).toMatchObject({ code: 200, captchaEnabled: true });
  const row = await t.app.deps.store.get<{ answer: string }>('SELECT answer FROM sys_captcha WHERE uuid = ?', [body.uuid]);
  return { uuid: body.uuid, answer: row!.answer };
}

const signIn = async (t: TestApp, code: string, uuid: string) =>
  (await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: 'admin', password: 'admin123', code, uuid } })).json();

describe('captcha shared by two nodes', () => {
  it('image from node A, sign-in on node B; a second use is refused on both', async () => {
    const c = await image(a);
    const ok = await signIn(b, c.answer, c.uuid);
    expect(ok.code).toBe(200);
    expect(ok.token).toBeTruthy();
    expect(await signIn(a, c.answer, c.uuid)).toEqual({ code: 500, msg: '验证码已失效' });
    expect(await signIn(b, c.answer, c.uuid)).toEqual({ code: 500, msg: '验证码已失效' });
  });

  it('a wrong answer on node B uses the challenge of node A up', async () => {
    const c = await image(a);
    expect(await signIn(b, `${c.answer}9`, c.uuid)).toEqual({ code: 500, msg: '验证码错误' });
    expect(await signIn(a, c.answer, c.uuid)).toEqual({ code: 500, msg: '验证码已失效' });
  });

  it('the same answer sent to both nodes at once signs in once', async () => {
    const c = await image(b);
    const replies = await Promise.all([signIn(a, c.answer, c.uuid), signIn(b, c.answer, c.uuid), signIn(a, c.answer, c.uuid), signIn(b, c.answer, c.uuid)]);
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 200)) expect(r).toEqual({ code: 500, msg: '验证码已失效' });
    expect(Number((await a.app.deps.store.get<{ n: number | string }>('SELECT count(*) AS n FROM sys_captcha WHERE uuid = ?', [c.uuid]))!.n)).toBe(0);
  });

  it('prunes expired answers and keeps at most the cap on PostgreSQL', async () => {
    await a.app.deps.captcha.clear();
    const small = new CaptchaStore(a.app.deps.store, 2);
    const first = await small.create(1000);
    await small.create(2000);
    await small.create(3000);
    expect([...(await small.pending()).keys()]).not.toContain(first.uuid);
    expect((await small.pending()).size).toBe(2);
    await small.create(10 * 60 * 1000);
    expect((await small.pending()).size).toBe(1);
  });
});

/**
 * Issue 41 §2: `GET /captchaImage` answers a raster image that RuoYi's Login.vue can show as
 * `"data:image/gif;base64," + img` (browsers sniff the real type; they never decode SVG that way):
 * `{code: 200, msg, captchaEnabled, registerEnabled, uuid, img}`, img the base64 of a 111×36 PNG,
 * and that uuid with the right answer signs in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestApp } from '../helpers/app';
import { CAPTCHA_PER_CLIENT_PER_MINUTE, TOO_FREQUENT } from '../../server/modules/auth/captcha.service';

let t: TestApp;
beforeEach(async () => { t = await makeTestApp({ CAPTCHA_ENABLED: true }); });
afterEach(async () => { await t.app.close(); });

/** Width and height from a PNG's IHDR chunk; throws when the bytes are no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('no PNG signature');
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('no IHDR chunk first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('GET /captchaImage (issue 41 §2)', () => {
  it('answers RuoYi\'s keys with img the base64 of a small PNG, no data-URL prefix', async () => {
    const { status, body } = await call(t.app, 'GET', '/captchaImage');
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, msg: '操作成功', captchaEnabled: true, registerEnabled: false, uuid: expect.stringMatching(/^[0-9a-f]{32}$/), img: expect.any(String) });
    expect(body.img).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(body.img, 'base64');
    expect(pngSize(png)).toEqual({ width: 111, height: 36 });
    expect(png.length).toBeLessThan(8 * 1024);
  });

  it('draws a new image and uuid on each call; the uuid with its answer signs in once', async () => {
    const a = (await call(t.app, 'GET', '/captchaImage')).body;
    const b = (await call(t.app, 'GET', '/captchaImage')).body;
    expect(a.uuid).not.toBe(b.uuid);
    expect(pngSize(Buffer.from(b.img, 'base64'))).toEqual({ width: 111, height: 36 });
    // The answer is the server's secret: the store hands it to the test, as the person reads it off the image.
    const spy = await t.app.deps.captcha.create(t.clock.now());
    const ok = await call(t.app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: spy.answer, uuid: spy.uuid });
    expect(ok.body.code).toBe(200);
    const wrong = await call(t.app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: '999', uuid: a.uuid });
    expect(wrong.body).toEqual({ code: 500, msg: '验证码错误' });
  });
});

describe('GET /captchaImage per client address (a flood must not push out everyone\'s challenges)', () => {
  const from = (remoteAddress: string, url = '/caishui-api/captchaImage') => t.app.inject({ method: 'GET', url, remoteAddress });
  const held = async () => (await t.app.deps.captcha.pending()).size;

  it(`answers ${CAPTCHA_PER_CLIENT_PER_MINUTE} a minute to one address, then ${TOO_FREQUENT} with nothing stored, through REST and tRPC alike; other addresses are served; the next minute it is served again`, async () => {
    for (let i = 0; i < CAPTCHA_PER_CLIENT_PER_MINUTE - 1; i++) expect((await from('10.0.0.7')).json().code).toBe(200);
    // the last one of the minute through tRPC: both doors count against one allowance
    const viaTrpc = await from('10.0.0.7', '/caishui-api/trpc/auth.captchaImage');
    expect(viaTrpc.statusCode).toBe(200);
    expect(await held()).toBe(CAPTCHA_PER_CLIENT_PER_MINUTE);
    const refused = await from('10.0.0.7');
    expect(refused.json()).toEqual({ code: 500, msg: TOO_FREQUENT });
    expect((await from('10.0.0.7', '/caishui-api/trpc/auth.captchaImage')).json().error.message).toBe(TOO_FREQUENT);
    expect(await held()).toBe(CAPTCHA_PER_CLIENT_PER_MINUTE); // nothing stored for the refusals
    expect((await from('10.0.0.8')).json()).toMatchObject({ code: 200, uuid: expect.stringMatching(/^[0-9a-f]{32}$/) });
    t.clock.advance(59_000);
    expect((await from('10.0.0.7')).json()).toEqual({ code: 500, msg: TOO_FREQUENT });
    t.clock.advance(1_000);
    expect((await from('10.0.0.7')).json()).toMatchObject({ code: 200, captchaEnabled: true });
  });

  it('does not count while captcha is off (nothing is drawn)', async () => {
    const off = await makeTestApp({ CAPTCHA_ENABLED: false });
    try {
      for (let i = 0; i <= CAPTCHA_PER_CLIENT_PER_MINUTE; i++) {
        expect((await off.app.inject({ method: 'GET', url: '/caishui-api/captchaImage', remoteAddress: '10.0.0.9' })).json()).toEqual({ code: 200, msg: '操作成功', captchaEnabled: false, registerEnabled: false });
      }
    } finally {
      await off.app.close();
    }
  });
});

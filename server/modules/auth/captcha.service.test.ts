import { describe, expect, it } from 'vitest';
import { CAPTCHA_MAX_PENDING, CaptchaStore, drawCaptcha, mathChallenge } from './captcha.service';

const seq = (...v: number[]) => { let i = 0; return () => v[i++]; };

describe('mathChallenge (reference §1: ×, ÷ when divisible else +, − larger minus smaller)', () => {
  it('multiplies', () => expect(mathChallenge(seq(0.3, 0.4, 0))).toEqual({ text: '3*4=?', answer: '12' }));
  it('divides only when divisible and the divisor is not 0', () => {
    expect(mathChallenge(seq(0.8, 0.2, 0.5))).toEqual({ text: '8/2=?', answer: '4' });
    expect(mathChallenge(seq(0.7, 0.2, 0.5))).toEqual({ text: '7+2=?', answer: '9' });
    expect(mathChallenge(seq(0.7, 0, 0.5))).toEqual({ text: '7+0=?', answer: '7' });
  });
  it('subtracts the smaller from the larger', () => expect(mathChallenge(seq(0.2, 0.9, 0.9))).toEqual({ text: '9-2=?', answer: '7' }));
});

describe('CaptchaStore', () => {
  it('draws a 111×36 PNG of a few KB (issue 41 §2: RuoYi shows it as data:image/gif) and checks once, case-insensitively trimmed', async () => {
    const store = new CaptchaStore();
    const c = await drawCaptcha(store, 1000);
    const png = Buffer.from(c.img, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 111, height: 36 });
    expect(png.length).toBeGreaterThan(500);
    expect(png.length).toBeLessThan(8 * 1024);
    expect(() => store.verify(c.uuid, ` ${c.answer} `, 2000)).not.toThrow();
    expect(() => store.verify(c.uuid, c.answer, 2000)).toThrow('验证码已失效');
  });
  it('expires after 2 minutes and refuses a missing uuid', () => {
    const store = new CaptchaStore();
    const c = store.create(0);
    expect(() => store.verify(c.uuid, c.answer, 120_000)).toThrow('验证码已失效');
    expect(() => store.verify('', '1', 0)).toThrow('验证码已失效');
    const d = store.create(0);
    expect(() => store.verify(d.uuid, 'x', 1)).toThrow('验证码错误');
  });
  it('holds at most CAPTCHA_MAX_PENDING challenges, dropping the oldest, and prunes expired ones', () => {
    const store = new CaptchaStore();
    const first = store.create(0);
    for (let i = 0; i < CAPTCHA_MAX_PENDING; i++) store.create(1);
    expect(store.pending().size).toBe(CAPTCHA_MAX_PENDING);
    expect(store.pending().has(first.uuid)).toBe(false);
    const last = store.create(2);
    expect(store.pending(120_001).size).toBe(1);
    expect(() => store.verify(last.uuid, last.answer, 120_001)).not.toThrow();
  });
});

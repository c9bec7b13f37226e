import { describe, expect, it } from 'vitest';
import { CaptchaStore, mathChallenge } from './captcha.service';

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
  it('draws an SVG and checks once, case-insensitively trimmed', () => {
    const store = new CaptchaStore();
    const c = store.create(1000);
    expect(Buffer.from(c.img, 'base64').toString()).toMatch(/^<svg/);
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
});

/**
 * Math captcha (reference §1 "Captcha"): two digits 0-9 with ×, ÷ (only when divisible and the
 * divisor is not 0, else +) or − (larger minus smaller); the answer lives 2 minutes and is
 * removed at its first check. svg-captcha draws the text. Errors: 验证码已失效, 验证码错误.
 */
import crypto from 'node:crypto';
import * as svgCaptcha from 'svg-captcha';
import { AppError } from '../../core/errors';
import type { CaptchaChallenge, CaptchaPort } from '../../core/auth-ports';

export type { CaptchaChallenge };

/**
 * svg-captcha's module value is its draw function (`module.exports = createCaptcha`), which its
 * typings do not declare: Node's ESM loader, vitest and esbuild's CJS interop all expose it as the
 * namespace's `default`. A static import (not createRequire) so esbuild bundles it into the single
 * binary; there the font it reads at load time comes from the extracted SEA assets (the build
 * rewrites its font path, see scripts/build-binary.ts and server/sea/assets.ts).
 */
const drawText = (svgCaptcha as unknown as { default: (text: string, options?: Record<string, unknown>) => string }).default;

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

/** Makes the text and answer of one challenge from a random source (0 <= r < 1). */
export function mathChallenge(random: () => number = Math.random): { text: string; answer: string } {
  const a = Math.floor(random() * 10);
  const b = Math.floor(random() * 10);
  const op = Math.floor(random() * 3);
  if (op === 0) return { text: `${a}*${b}=?`, answer: String(a * b) };
  if (op === 1) {
    if (b !== 0 && a % b === 0) return { text: `${a}/${b}=?`, answer: String(a / b) };
    return { text: `${a}+${b}=?`, answer: String(a + b) };
  }
  const [hi, lo] = a >= b ? [a, b] : [b, a];
  return { text: `${hi}-${lo}=?`, answer: String(hi - lo) };
}

/** One-use answers keyed by uuid; in memory, like RuoYi's Redis entries with a TTL. */
export class CaptchaStore implements CaptchaPort {
  private readonly answers = new Map<string, { answer: string; expireAt: number }>();

  /** A new challenge valid for 2 minutes from `now` (epoch ms). */
  create(now: number): CaptchaChallenge {
    this.prune(now);
    const { text, answer } = mathChallenge();
    const uuid = crypto.randomUUID().replaceAll('-', '');
    const svg = drawText(text, { width: 111, height: 36, fontSize: 40, noise: 2, color: true, background: '#f5f7fa' });
    this.answers.set(uuid, { answer, expireAt: now + CAPTCHA_TTL_MS });
    return { uuid, img: Buffer.from(svg).toString('base64'), answer };
  }

  /** Checks and consumes an answer; throws 验证码已失效 (missing/expired) or 验证码错误. */
  verify(uuid: string, code: string, now: number): void {
    const entry = uuid ? this.answers.get(uuid) : undefined;
    if (uuid) this.answers.delete(uuid);
    if (!entry || entry.expireAt <= now) throw new AppError(500, '验证码已失效');
    if (entry.answer.toLowerCase() !== code.trim().toLowerCase()) throw new AppError(500, '验证码错误');
  }

  private prune(now: number) {
    for (const [k, v] of this.answers) if (v.expireAt <= now) this.answers.delete(k);
  }
}

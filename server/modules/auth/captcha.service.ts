/**
 * Math captcha (reference §1 "Captcha"): two digits 0-9 with ×, ÷ (only when divisible and the
 * divisor is not 0, else +) or − (larger minus smaller); the answer lives 2 minutes and is
 * removed at its first check. svg-captcha draws the text, `drawCaptcha` serves it as a PNG
 * (issue 41 §2, captcha-png.ts). Errors: 验证码已失效, 验证码错误.
 */
import crypto from 'node:crypto';
import * as svgCaptcha from 'svg-captcha';
import { AppError } from '../../core/errors';
import type { CaptchaChallenge, CaptchaPort } from '../../core/auth-ports';
import { svgToPng } from './captcha-png';
import { HitCounter, type CacheStats } from '../../core/cache-registry';

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

/**
 * A new challenge from `store` (valid 2 minutes from `now`, epoch ms) with its image as the
 * base64 of a 111×36 PNG, no data-URL prefix: what `GET /captchaImage` answers as `img`, which
 * RuoYi's client shows as `data:image/gif;base64,…` and ours as `data:image/png;base64,…`.
 * Throws when the rasteriser cannot load (its wasm file missing).
 */
export async function drawCaptcha(store: CaptchaPort, now: number): Promise<{ uuid: string; img: string; answer: string }> {
  const { uuid, svg, answer } = store.create(now);
  const png = await svgToPng(svg);
  return { uuid, img: png.toString('base64'), answer };
}

/**
 * Most challenges held at once: `GET /captchaImage` is public, so a flood must not grow the map
 * without bound; past the cap the oldest challenge is dropped (its sign-in then needs a new one).
 */
export const CAPTCHA_MAX_PENDING = 10_000;

/**
 * One-use answers keyed by uuid; in memory, like RuoYi's Redis entries with a TTL, at most
 * CAPTCHA_MAX_PENDING of them. Entries are kept in creation order, which is expiry order (one TTL).
 */
export class CaptchaStore implements CaptchaPort {
  private readonly answers = new Map<string, { answer: string; expireAt: number }>();
  /** verify's lookups: a hit found a live answer (right or wrong), a miss found none. */
  private readonly counter = new HitCounter();

  /** A new challenge valid for 2 minutes from `now` (epoch ms). */
  create(now: number): CaptchaChallenge {
    this.prune(now);
    const { text, answer } = mathChallenge();
    const uuid = crypto.randomUUID().replaceAll('-', '');
    const svg = drawText(text, { width: 111, height: 36, fontSize: 40, noise: 2, color: true, background: '#f5f7fa' });
    this.answers.set(uuid, { answer, expireAt: now + CAPTCHA_TTL_MS });
    if (this.answers.size > CAPTCHA_MAX_PENDING) this.answers.delete(this.answers.keys().next().value as string);
    return { uuid, svg, answer };
  }

  /** Checks and consumes an answer; throws 验证码已失效 (missing/expired) or 验证码错误. */
  verify(uuid: string, code: string, now: number): void {
    const entry = uuid ? this.answers.get(uuid) : undefined;
    if (uuid) this.answers.delete(uuid);
    this.counter.note(!!entry && entry.expireAt > now);
    if (!entry || entry.expireAt <= now) throw new AppError('invalid', '验证码已失效');
    if (entry.answer.toLowerCase() !== code.trim().toLowerCase()) throw new AppError('invalid', '验证码错误');
  }

  /**
   * The challenges held (uuid → expiry, epoch ms), never their answers (缓存监控 shows them);
   * expired ones are dropped first when `now` is given.
   */
  pending(now?: number): Map<string, number> {
    if (now !== undefined) this.prune(now);
    return new Map([...this.answers].map(([k, v]) => [k, v.expireAt]));
  }

  /** Hits and misses of verify since the process started. */
  stats(): CacheStats {
    return this.counter.snapshot();
  }

  /** Drops one challenge, or all when `uuid` is omitted: a sign-in still holding one then needs a new captcha. */
  clear(uuid?: string): void {
    if (uuid === undefined) this.answers.clear();
    else this.answers.delete(uuid);
  }

  /** Drops expired challenges: the oldest first, stopping at the first live one (creation order = expiry order). */
  private prune(now: number) {
    for (const [k, v] of this.answers) {
      if (v.expireAt > now) break;
      this.answers.delete(k);
    }
  }
}

/**
 * Math captcha (reference §1 "Captcha"): two digits 0-9 with ×, ÷ (only when divisible and the
 * divisor is not 0, else +) or − (larger minus smaller); the answer lives 2 minutes in the
 * database (sys_captcha, shared by every node) and is removed at its first check. svg-captcha draws the text, `drawCaptcha` serves it as a PNG
 * (issue 41 §2, captcha-png.ts). Errors: 验证码已失效, 验证码错误.
 */
import crypto from 'node:crypto';
import * as svgCaptcha from 'svg-captcha';
import { AppError, refused } from '../../core/errors';
import { WindowLimit } from '../../core/window-limit';
import type { CaptchaChallenge, CaptchaPort } from '../../core/auth-ports';
import { svgToPng } from './captcha-png';
import { HitCounter, type CacheStats } from '../../core/cache-registry';
import type { Db } from '../../db/client';
import type { Store } from '../../db/store/port';
import { capCaptchas, deleteCaptchas, deleteExpiredCaptchas, insertCaptcha, pendingCaptchas, takeCaptcha } from './captcha.repo';

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
 * `client`: the requester's address, counted as CaptchaStore.create says. Throws when the
 * rasteriser cannot load (its wasm file missing).
 */
export async function drawCaptcha(store: CaptchaPort, now: number, client?: string): Promise<{ uuid: string; img: string; answer: string }> {
  const { uuid, svg, answer } = await store.create(now, client);
  const png = await svgToPng(svg);
  return { uuid, img: png.toString('base64'), answer };
}

/**
 * Most challenges held at once: `GET /captchaImage` is public, so a flood must not grow the table
 * without bound; past the cap the challenges that expire first are dropped (their sign-ins then
 * need a new one).
 */
export const CAPTCHA_MAX_PENDING = 10_000;

/**
 * Challenges one client address may ask a node for per minute. A flood from one address would
 * otherwise push everyone else's challenges past CAPTCHA_MAX_PENDING within seconds (their
 * sign-ins then fail with 验证码已失效) and cost a write and a PNG per request. 120 leaves room for
 * an office signing in behind one NAT address at nine o'clock.
 */
export const CAPTCHA_PER_CLIENT_PER_MINUTE = 120;

/** Text of the refusal past the allowance (RuoYi's @RateLimiter text). */
export const TOO_FREQUENT = '访问过于频繁，请稍候再试';

/**
 * One-use answers keyed by uuid, in the database table `sys_captcha` (issue 44: the image and the
 * sign-in may be served by different nodes behind a load balancer; RuoYi keeps them in Redis with
 * a TTL), at most CAPTCHA_MAX_PENDING of them. Each create is one transaction (expired rows
 * pruned, the new row, the cap), each check one `DELETE … RETURNING`, so an answer is used once
 * across all nodes. The hit counter is this process's.
 */
export class CaptchaStore implements CaptchaPort {
  /** verify's lookups: a hit found a live answer (right or wrong), a miss found none. */
  private readonly counter = new HitCounter();

  /** Challenges per client address per minute (this node's count). */
  private readonly perClient = new WindowLimit(CAPTCHA_PER_CLIENT_PER_MINUTE, 60_000);

  /** `maxPending`: the cap (default CAPTCHA_MAX_PENDING; tests pass a small one). */
  constructor(private readonly store: Store<Db>, private readonly maxPending: number = CAPTCHA_MAX_PENDING) {}

  /**
   * A new challenge valid for 2 minutes from `now` (epoch ms), stored before it is returned.
   * `client` (the requester's address) past its allowance: rejects with 访问过于频繁，请稍候再试
   * (AppError refused), nothing stored.
   */
  async create(now: number, client?: string): Promise<CaptchaChallenge> {
    if (client !== undefined && !this.perClient.take(client, now)) throw refused(TOO_FREQUENT);
    const { text, answer } = mathChallenge();
    const uuid = crypto.randomUUID().replaceAll('-', '');
    const svg = drawText(text, { width: 111, height: 36, fontSize: 40, noise: 2, color: true, background: '#f5f7fa' });
    const { store } = this;
    await store.transaction(async () => {
      await deleteExpiredCaptchas(store, now);
      await insertCaptcha(store, uuid, answer, now + CAPTCHA_TTL_MS);
      await capCaptchas(store, this.maxPending);
    });
    return { uuid, svg, answer };
  }

  /** Checks and consumes an answer; rejects with 验证码已失效 (missing/expired) or 验证码错误. */
  async verify(uuid: string, code: string, now: number): Promise<void> {
    const { store } = this;
    const entry = uuid ? await store.transaction(() => takeCaptcha(store, uuid)) : undefined;
    this.counter.note(!!entry && entry.expireTime > now);
    if (!entry || entry.expireTime <= now) throw new AppError('invalid', '验证码已失效');
    if (entry.answer.toLowerCase() !== code.trim().toLowerCase()) throw new AppError('invalid', '验证码错误');
  }

  /**
   * The challenges held (uuid → expiry, epoch ms), never their answers (缓存监控 shows them);
   * only those still valid at `now` when it is given.
   */
  pending(now?: number): Promise<Map<string, number>> {
    return pendingCaptchas(this.store, now);
  }

  /** Hits and misses of verify since the process started. */
  stats(): CacheStats {
    return this.counter.snapshot();
  }

  /** Drops one challenge, or all when `uuid` is omitted (on every node: they share the table). */
  async clear(uuid?: string): Promise<void> {
    const { store } = this;
    await store.transaction(() => deleteCaptchas(store, uuid));
  }
}

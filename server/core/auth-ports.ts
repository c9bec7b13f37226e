/**
 * The shapes of the sign-in machinery that AppDeps carries (design.md: core imports no module).
 * The implementations live in `server/modules/auth/` (`captcha.service.ts` CaptchaStore,
 * `secrets.service.ts` ensureServerKeys); core only names what they provide.
 */
import type { KeyObject } from 'node:crypto';

/** The server's keys: made once per database by `ensureServerKeys`. */
export interface ServerKeys {
  /** HS256 key bytes for jose. */
  jwtKey: Uint8Array;
  /** SPKI DER, base64: what `GET /publicKey` serves. */
  publicKeySpki: string;
  privateKey: KeyObject;
}

/** One captcha challenge as the store hands it out. */
export interface CaptchaChallenge {
  uuid: string;
  /** The challenge drawn as SVG text (svg-captcha); `drawCaptcha` of the auth module rasterises it to PNG. */
  svg: string;
  answer: string;
}

/**
 * One-use captcha answers keyed by uuid (reference §1 "Captcha"), shared by every node (issue 44:
 * held in the database); `now` is epoch ms.
 */
export interface CaptchaPort {
  /**
   * A new challenge valid for 2 minutes from `now`, stored when the promise resolves. `client`
   * (the requester's address): counted against its per-minute allowance first; past it, rejects
   * with AppError 访问过于频繁，请稍候再试 and stores nothing.
   */
  create(now: number, client?: string): Promise<CaptchaChallenge>;
  /** Checks and consumes an answer; rejects with AppError 验证码已失效 (missing/expired) or 验证码错误. */
  verify(uuid: string, code: string, now: number): Promise<void>;
  /** Challenges held: uuid → expiry (epoch ms), never the answers (缓存监控); only those valid at `now` when given. */
  pending(now?: number): Promise<Map<string, number>>;
  /** Hits (a live answer found) and misses of verify since this process started. */
  stats(): { hits: number; misses: number };
  /** Drops one challenge, or all when `uuid` is omitted. */
  clear(uuid?: string): Promise<void>;
}

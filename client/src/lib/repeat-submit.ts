/**
 * Duplicate-submission guard (platform spec §5 "the same url and data within 1 second is
 * rejected with 数据正在处理，请勿重复提交 (skipped when the request is over 5 MB)", §9 figures).
 * RuoYi's request interceptor logic, held in memory instead of sessionStorage.
 *
 * Like RuoYi it remembers only the last accepted request {url, data, time}: a request with the
 * same url and serialised data less than `interval` ms after it throws (and is not recorded);
 * anything else is accepted and becomes the new last request. Requests whose serialised form
 * (url + data, UTF-8 bytes) is larger than `maxSize` are neither checked nor recorded.
 * Callers skip the guard for calls marked "repeat-submit guard off" (e.g. POST /login).
 */

export const REPEAT_SUBMIT_MESSAGE = '数据正在处理，请勿重复提交';

export type RepeatGuardOptions = {
  /** Window in ms; default 1000. */
  interval?: number;
  /** Size cap in bytes; default 5 MiB. */
  maxSize?: number;
  /** Clock, epoch ms; default Date.now. */
  now?: () => number;
};

export type RepeatGuard = { check(url: string, data: unknown): void };

/** Serialises request data: strings as they are, undefined as '', anything else as JSON. */
function serialise(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data === undefined) return '';
  return JSON.stringify(data) ?? '';
}

/** UTF-8 byte length of a string. */
function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

/**
 * @example
 *   const guard = createRepeatGuard();
 *   guard.check('/system/user', { userName: 'a' }); // ok
 *   guard.check('/system/user', { userName: 'a' }); // throws Error('数据正在处理，请勿重复提交')
 */
export function createRepeatGuard(options: RepeatGuardOptions = {}): RepeatGuard {
  const interval = options.interval ?? 1000;
  const maxSize = options.maxSize ?? 5 * 1024 * 1024;
  const now = options.now ?? Date.now;
  let last: { url: string; data: string; time: number } | null = null;

  return {
    check(url: string, data: unknown): void {
      const body = serialise(data);
      if (byteLength(JSON.stringify({ url, data: body })) > maxSize) return;
      const time = now();
      if (last && last.url === url && last.data === body && time - last.time < interval) {
        throw new Error(REPEAT_SUBMIT_MESSAGE);
      }
      last = { url, data: body, time };
    },
  };
}

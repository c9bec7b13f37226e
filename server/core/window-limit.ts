/**
 * Requests per client in a fixed window (the guide: "every request is bounded in size and CPU";
 * used by `GET /captchaImage`, a public route whose every answer costs a database write and a PNG).
 * A counter per key (a client address) that starts with the key's first take and lasts `windowMs`;
 * at most `max` takes in it. At most `maxKeys` keys are held: past that, ended windows are dropped
 * first, then the oldest (that address starts over: only a flood from as many addresses gets
 * there). Each take costs O(1), a full table one pass over it.
 *
 * This process's counts only: behind a load balancer each node counts its share (the README's
 * captcha note says so). A route-level plugin (@fastify/rate-limit) would not see the same
 * query called through tRPC, so the count is taken where the challenge is made.
 */
export class WindowLimit {
  /** key → its window; Map order is the order windows started (a renewed window moves to the end). */
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** `max` takes per `windowMs` (ms) per key, for at most `maxKeys` keys at once. */
  constructor(readonly max: number, readonly windowMs: number, private readonly maxKeys = 10_000) {}

  /** Counts one take for `key` at `now` (epoch ms): true when it fits its window, false (not counted) when the window is full. */
  take(key: string, now: number): boolean {
    let w = this.windows.get(key);
    if (w && now - w.start >= this.windowMs) {
      this.windows.delete(key);
      w = undefined;
    }
    if (!w) {
      if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= this.max) return false;
    w.count++;
    return true;
  }

  /** Keys held (tests, inspection). */
  get size(): number {
    return this.windows.size;
  }

  private makeRoom(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
    if (this.windows.size < this.maxKeys) return;
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}

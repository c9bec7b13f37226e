/**
 * One scheduler pass at a time (issue 44): the tick's claims, the tick handlers (the engine's
 * timers), the fine poll and the re-read after a change (`jobsChanged`) all run through one gate,
 * so a pass still running when the next one is due is never run twice at once: the next one is
 * chained after it (queued passes run in order), and the scheduler coalesces timer-driven ticks
 * into the one already queued (scheduler.ts `requestPass`). The job runs a pass starts are not
 * part of it (they are tracked by the scheduler's `idle()`).
 */
export class TickGate {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  /** True while a pass runs or waits its turn. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /**
   * Runs `fn` after every pass queued before it (never two at once); resolves or rejects with
   * what `fn` does. `fn` always starts asynchronously (at least one microtask later).
   */
  run<T>(fn: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(fn).finally(() => { this.pending--; });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves when the passes queued so far have ended (whatever they resolved to). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}

/**
 * The clock services read (tests pass a fixed or movable one to `buildApp`).
 */
import { formatDateTime } from '../../shared/utils/date';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** `yyyy-MM-dd HH:mm:ss` of the clock's now. */
export const nowText = (clock: Clock) => formatDateTime(clock.now());

/** A clock that tests move by hand. */
export function manualClock(start = Date.UTC(2026, 0, 5, 1, 0, 0)): Clock & { advance(ms: number): void; set(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => { t += ms; }, set: (ms) => { t = ms; } };
}

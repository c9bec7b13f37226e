import { describe, expect, it } from 'vitest';
import { WindowLimit } from './window-limit';

describe('WindowLimit', () => {
  it('allows max takes per key in a window, refuses the next without counting it, and starts over when the window ends', () => {
    const l = new WindowLimit(3, 60_000);
    expect([1, 2, 3, 4, 5].map(() => l.take('a', 1000))).toEqual([true, true, true, false, false]);
    expect(l.take('b', 1000)).toBe(true); // another client has its own window
    expect(l.take('a', 60_999)).toBe(false); // the window began at 1000
    expect(l.take('a', 61_000)).toBe(true);
    expect(l.take('a', 61_000)).toBe(true);
    expect(l.take('a', 61_000)).toBe(true);
    expect(l.take('a', 61_000)).toBe(false);
  });

  it('holds at most maxKeys keys: ended windows go first, then the oldest', () => {
    const l = new WindowLimit(1, 1000, 3);
    expect(l.take('a', 0)).toBe(true);
    expect(l.take('b', 500)).toBe(true);
    expect(l.take('c', 600)).toBe(true);
    expect(l.take('d', 1200)).toBe(true); // a's window has ended: dropped
    expect(l.size).toBe(3);
    expect(l.take('b', 1300)).toBe(false); // b is still held, its window full
    expect(l.take('e', 1400)).toBe(true); // none ended (b's began at 500): the oldest, b, goes
    expect(l.size).toBe(3);
    expect(l.take('b', 1450)).toBe(true); // b starts over; c, then the oldest, made room for it
    expect(l.take('c', 1450)).toBe(true); // so c starts over too (its window from 600 had not ended)
    expect(l.take('c', 1460)).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { randomId } from './random-id';

describe('randomId', () => {
  it('defaults to 8 letters and digits', () => {
    const id = randomId();
    expect(id).toHaveLength(8);
    expect(id).toMatch(/^[A-Za-z0-9]{8}$/);
  });
  it('honours the length, including 0 and long ids', () => {
    expect(randomId(0)).toBe('');
    expect(randomId(1)).toMatch(/^[A-Za-z0-9]$/);
    expect(randomId(100)).toMatch(/^[A-Za-z0-9]{100}$/);
  });
  it('rejects bad lengths', () => {
    expect(() => randomId(-1)).toThrow(RangeError);
    expect(() => randomId(2.5)).toThrow(RangeError);
  });
  it('does not repeat across many draws', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => randomId()));
    expect(ids.size).toBe(2000);
  });
  it('uses crypto.getRandomValues and skips biased bytes (>= 248)', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((arr) => {
      const bytes = arr as Uint8Array;
      bytes.fill(255);
      bytes[3] = 0; // 'A'
      bytes[7] = 61; // '9'
      bytes[9] = 62; // 62 % 62 = 0 → 'A'
      return arr;
    });
    try {
      expect(randomId(3)).toBe('A9A');
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

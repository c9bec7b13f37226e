/**
 * Random identifiers (platform spec §9: "Generated random id is 8 characters").
 *
 * Alphabet: A-Z a-z 0-9 (62 symbols), drawn with `crypto.getRandomValues` and rejection
 * sampling so every symbol is equally likely. Works in browsers and Node >= 19 (global crypto).
 * @example randomId() // 'aZ3k9Qx0'
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Largest multiple of 62 that fits in a byte: bytes at or above it are rejected. */
const LIMIT = 256 - (256 % ALPHABET.length);

/** Returns `length` (default 8, must be a non-negative integer) crypto-random letters and digits. */
export function randomId(length = 8): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`randomId: bad length ${length}`);
  let out = '';
  const buf = new Uint8Array(Math.max(16, length * 2));
  while (out.length < length) {
    globalThis.crypto.getRandomValues(buf);
    for (const byte of buf) {
      if (byte >= LIMIT) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

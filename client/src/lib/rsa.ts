/**
 * Client-side password encryption (api-contract "Session"; platform spec §4 "Passwords are
 * encrypted in the client with a fixed public key before sending").
 *
 * encryptPassword(publicKeySpkiBase64, plain) → 'rsa:' + base64(RSA-OAEP/SHA-256 ciphertext)
 * - key: SubjectPublicKeyInfo DER, base64 (a PEM block is accepted too: header lines and
 *   whitespace are stripped);
 * - uses Web Crypto (`globalThis.crypto.subtle`), so it works in browsers and Node >= 19;
 * - OAEP is randomised: the same input gives a different ciphertext each time;
 * - a 2048-bit key takes at most 190 bytes of UTF-8 plain text.
 */

export const RSA_PREFIX = 'rsa:';

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const clean = b64.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  const bin = atob(clean);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

function bytesToBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin);
}

/** @example await encryptPassword(SERVER_PUBLIC_KEY, 'admin123') // 'rsa:Vb3x…==' */
export async function encryptPassword(publicKeySpkiBase64: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto is not available (needs a secure context)');
  const key = await subtle.importKey(
    'spki',
    base64ToBytes(publicKeySpkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return RSA_PREFIX + bytesToBase64(cipher);
}

/**
 * Client-side password encryption (api-contract "Session"; platform spec §4 "Passwords are
 * encrypted in the client with a fixed public key before sending").
 *
 * encryptPassword(publicKeySpkiBase64, plain) → 'rsa:' + base64(RSA-OAEP/SHA-256 ciphertext)
 * - key: SubjectPublicKeyInfo DER, base64 (a PEM block is accepted too: header lines and
 *   whitespace are stripped);
 * - uses Web Crypto (`globalThis.crypto.subtle`) where the page is a secure context (https,
 *   localhost); elsewhere (plain http on a LAN address) node-forge's RSA-OAEP does the same
 *   encryption, so the password never travels in clear;
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

/** RSA-OAEP(SHA-256) with node-forge, for pages without Web Crypto (not a secure context). */
export async function encryptWithForge(publicKeySpkiBase64: string, plain: string): Promise<string> {
  const forge = (await import('node-forge')).default;
  const der = forge.util.decode64(publicKeySpkiBase64.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, ''));
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(der)) as import('node-forge').pki.rsa.PublicKey;
  const cipher = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return RSA_PREFIX + forge.util.encode64(cipher);
}

/** @example await encryptPassword(SERVER_PUBLIC_KEY, 'admin123') // 'rsa:Vb3x…==' */
export async function encryptPassword(publicKeySpkiBase64: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return encryptWithForge(publicKeySpkiBase64, plain);
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

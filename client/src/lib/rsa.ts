/**
 * Client-side password encryption (api-contract "Session"; platform spec §4 "Passwords are
 * encrypted in the client with a fixed public key before sending"; issue 11 §5: plain-http
 * installs encrypt too).
 *
 * encryptPassword(publicKeySpkiBase64, plain) → 'rsa:' + base64(RSA-OAEP/SHA-256 ciphertext)
 * - one path in every context: node-forge's RSA-OAEP (forge-rsa.ts). Web Crypto is not used,
 *   because browsers withhold `crypto.subtle` from pages that are not a secure context (an
 *   install reached over plain http at a LAN address);
 * - node-forge is loaded lazily, in its own chunk: `preloadEncryption()` starts the download when
 *   a sign-in or register form opens, so the first submit does not wait for it;
 * - never falls back to the plain password: a failure (chunk not loadable, bad key, plain text
 *   too long) rejects, and callers show it instead of sending;
 * - key: SubjectPublicKeyInfo DER, base64 (a PEM block is accepted too);
 * - OAEP is randomised: the same input gives a different ciphertext each time;
 * - a 2048-bit key takes at most 190 bytes of UTF-8 plain text.
 */

export const RSA_PREFIX = 'rsa:';

type ForgeRsa = typeof import('./forge-rsa');
let loading: Promise<ForgeRsa> | undefined;

/** Loads the encryption chunk once; a failed load is retried at the next call. */
function loadForgeRsa(): Promise<ForgeRsa> {
  loading ??= import('./forge-rsa').catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

/** Starts loading the encryption code ahead of the first submit; errors surface at encryptPassword. */
export function preloadEncryption(): void {
  loadForgeRsa().catch(() => undefined);
}

/**
 * @example await encryptPassword(SERVER_PUBLIC_KEY, 'admin123') // 'rsa:Vb3x…=='
 * @throws Error when the code cannot load, the key does not parse or `plain` is too long.
 */
export async function encryptPassword(publicKeySpkiBase64: string, plain: string): Promise<string> {
  const { oaepEncrypt } = await loadForgeRsa();
  return RSA_PREFIX + oaepEncrypt(publicKeySpkiBase64, plain);
}

/**
 * The slice of node-forge (1.x, BSD/GPL, maintained by Digital Bazaar) the password encryption
 * needs: RSA public keys from SubjectPublicKeyInfo DER, RSA-OAEP with SHA-256 for the digest and
 * MGF1, base64 and UTF-8 helpers. Importing these modules instead of `node-forge` leaves out
 * TLS, X.509, PKCS#7/#12, SSH and the other ciphers, so the lazily loaded chunk stays small.
 * Each module registers itself on the shared `forge` object. Pure JavaScript: no eval, no
 * WebAssembly, no Web Crypto (random bytes come from `crypto.getRandomValues`, which every
 * browser offers on plain http too).
 *
 * Only `rsa.ts` imports this file, through a dynamic import.
 */
import type { pki } from 'node-forge';
import forge from 'node-forge/lib/forge';
import 'node-forge/lib/util';
import 'node-forge/lib/asn1';
import 'node-forge/lib/sha256';
import 'node-forge/lib/rsa';

/**
 * base64(RSA-OAEP(SHA-256, MGF1-SHA-256) of the UTF-8 bytes of `plain`); rsa.ts adds the 'rsa:' prefix.
 * @param spkiBase64 SubjectPublicKeyInfo DER in base64, or a PEM block (header lines and
 *   whitespace are stripped)
 * @throws Error when the key does not parse, or `plain` exceeds the key's OAEP limit (190 bytes of
 *   UTF-8 for 2048 bits)
 * Rule: api-contract "Session" (`rsa:` + base64 RSA-OAEP(SHA-256)); the server's decodePassword.
 */
export function oaepEncrypt(spkiBase64: string, plain: string): string {
  const der = forge.util.decode64(spkiBase64.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, ''));
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(der)) as pki.rsa.PublicKey;
  const cipher = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './rsa';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spkiBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

function decrypt(token: string): string {
  expect(token.startsWith('rsa:')).toBe(true);
  const buf = Buffer.from(token.slice(4), 'base64');
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, buf).toString('utf8');
}

describe('encryptPassword', () => {
  it('produces rsa:+base64 that the private key decrypts', async () => {
    const token = await encryptPassword(spkiBase64, 'admin123');
    expect(token).toMatch(/^rsa:[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(token.slice(4), 'base64')).toHaveLength(256);
    expect(decrypt(token)).toBe('admin123');
  });
  it('is randomised (OAEP)', async () => {
    const a = await encryptPassword(spkiBase64, 'same');
    const b = await encryptPassword(spkiBase64, 'same');
    expect(a).not.toBe(b);
    expect(decrypt(a)).toBe('same');
    expect(decrypt(b)).toBe('same');
  });
  it('handles UTF-8 and empty passwords', async () => {
    expect(decrypt(await encryptPassword(spkiBase64, '密码Pässwörd!'))).toBe('密码Pässwörd!');
    expect(decrypt(await encryptPassword(spkiBase64, ''))).toBe('');
  });
  it('accepts a PEM block', async () => {
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(decrypt(await encryptPassword(pem, 'pem-ok'))).toBe('pem-ok');
  });
  it('rejects a bad key and an over-long plain text', async () => {
    await expect(encryptPassword('AAAA', 'x')).rejects.toThrow();
    await expect(encryptPassword(spkiBase64, 'x'.repeat(191))).rejects.toThrow();
  });
});

describe('encryptWithForge (pages without Web Crypto)', () => {
  it('produces RSA-OAEP SHA-256 ciphertext the server key decrypts', async () => {
    const { generateKeyPairSync, privateDecrypt, constants } = await import('node:crypto');
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const { encryptWithForge } = await import('./rsa');
    const out = await encryptWithForge(spki, '密码admin123');
    expect(out.startsWith('rsa:')).toBe(true);
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(out.slice(4), 'base64'));
    expect(plain.toString('utf8')).toBe('密码admin123');
  });
});

import { constants, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptPassword, preloadEncryption } from './rsa';

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

describe('encryptPassword without Web Crypto (plain-http pages)', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('works where crypto.subtle is absent', async () => {
    vi.stubGlobal('crypto', { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
    expect(globalThis.crypto.subtle).toBeUndefined();
    const token = await encryptPassword(spkiBase64, '密码admin123');
    expect(token).toMatch(/^rsa:[A-Za-z0-9+/]+=*$/);
    expect(decrypt(token)).toBe('密码admin123');
  });

  it('takes the same path where crypto.subtle exists: it is never touched', async () => {
    const touched: string[] = [];
    const subtle = new Proxy({}, { get: (_t, prop) => { touched.push(String(prop)); throw new Error('Web Crypto used'); } });
    vi.stubGlobal('crypto', { subtle, getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
    expect(decrypt(await encryptPassword(spkiBase64, 'one-path'))).toBe('one-path');
    expect(touched).toEqual([]);
  });

  it('preloadEncryption loads the code ahead and never throws', async () => {
    expect(() => preloadEncryption()).not.toThrow();
    expect(decrypt(await encryptPassword(spkiBase64, 'preloaded'))).toBe('preloaded');
  });
});

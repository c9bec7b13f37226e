/**
 * Server-held secrets (foundation issue "Configuration", api-contract "Session"): the JWT secret
 * (from `JWT_SECRET`, else generated on first start and kept in `sys_secret`) and the RSA key
 * pair whose public half the login page encrypts passwords with. Private keys never leave the
 * database and are never serialised in a reply.
 */
import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { ServerKeys } from '../../core/auth-ports';
import { findSecret, insertSecretIfAbsent } from './secret.repo';

export type { ServerKeys };

/**
 * The value stored under `key`, else `make()`'s, stored first. `make` runs outside the store
 * transaction (RSA key generation is CPU work); the insert and the read-back are one transaction.
 */
async function getOrCreate(store: AppDeps['store'], key: string, make: () => string): Promise<string> {
  const stored = await findSecret(store, key);
  if (stored !== undefined) return stored;
  const value = make();
  // Another process may have stored its value first: the stored one wins.
  return store.transaction(async () => {
    await insertSecretIfAbsent(store, key, value);
    return (await findSecret(store, key))!;
  });
}

/**
 * Loads (or makes and stores in `sys_secret`) the server's keys: the JWT secret (`jwtSecret`
 * from the environment wins) and the RSA key pair. Built once per app by buildApp.
 */
export async function ensureServerKeys(store: AppDeps['store'], jwtSecret?: string): Promise<ServerKeys> {
  const secret = jwtSecret ?? await getOrCreate(store, 'jwt_secret', () => crypto.randomBytes(48).toString('base64'));
  const privatePem = await getOrCreate(store, 'rsa_private_key', () => {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  });
  const privateKey = crypto.createPrivateKey(privatePem);
  const publicKeySpki = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  return { jwtKey: new TextEncoder().encode(secret), publicKeySpki, privateKey };
}

/**
 * The plain password of a login form: `rsa:` + base64 of RSA-OAEP(SHA-256) is decrypted, anything
 * else is taken as plain (scripts). Returns null when the ciphertext does not decrypt.
 */
export function decodePassword(keys: ServerKeys, password: string): string | null {
  if (!password.startsWith('rsa:')) return password;
  try {
    const buf = Buffer.from(password.slice(4), 'base64');
    return crypto.privateDecrypt({ key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, buf).toString('utf8');
  } catch {
    return null;
  }
}

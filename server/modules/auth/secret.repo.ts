/**
 * The SQL of `sys_secret`, the server's key–value store of secrets and markers: the JWT secret
 * and RSA key (secrets.service.ts) and the install markers of generated modules
 * (tool/gen/module-install.ts). What a key means stays with its caller.
 */
import { eq } from 'drizzle-orm';
import type { DbTx } from '../common/query.repo';
import { sysSecret } from '../../db/schema';

/** The value stored under `key`, or undefined. */
export function findSecret(db: DbTx, key: string): string | undefined {
  return db.select().from(sysSecret).where(eq(sysSecret.secretKey, key)).get()?.secretValue;
}

/** Stores `value` under `key` unless the key is already there (then the stored value stays). */
export function insertSecretIfAbsent(db: DbTx, key: string, value: string): void {
  db.insert(sysSecret).values({ secretKey: key, secretValue: value }).onConflictDoNothing().run();
}

/** Stores `value` under a new `key`. Errors: SQLite's unique-constraint error when the key exists. */
export function insertSecret(db: DbTx, key: string, value: string): void {
  db.insert(sysSecret).values({ secretKey: key, secretValue: value }).run();
}

/**
 * The SQL of the server's secrets in `sys_secret` (its key–value store of secrets and markers):
 * the JWT secret and RSA key of secrets.service.ts. (The install markers of generated modules, the
 * table's other rows, have their own SQL in tool/gen/module-install.repo.ts.)
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Store } from '../../db/store/port';
import { firstRow } from '../../db/store/results';
import { sysSecret } from '../../db/schema';

type SecretStore = Pick<Store<Db>, 'db'>;

/** The value stored under `key`, or undefined. */
export async function findSecret({ db }: SecretStore, key: string): Promise<string | undefined> {
  return firstRow(await db.select().from(sysSecret).where(eq(sysSecret.secretKey, key)).limit(1))?.secretValue;
}

/** Stores `value` under `key` unless the key is already there (then the stored value stays). */
export async function insertSecretIfAbsent({ db }: SecretStore, key: string, value: string): Promise<void> {
  await db.insert(sysSecret).values({ secretKey: key, secretValue: value }).onConflictDoNothing();
}

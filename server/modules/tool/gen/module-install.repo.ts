/**
 * The install markers of generated modules (module-install.ts): one `sys_secret` row
 * `gen_module:<key>` per install step run on this database. On the async store (issue 43), inside
 * the step's `store.transaction`. (auth/secret.repo.ts keeps the synchronous reads and writes of
 * the server's secrets, the other rows of the table.)
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysSecret } from '../../../db/schema';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';

type MarkerStore = Pick<Store<Db>, 'db'>;

/** Whether the marker row `key` exists. */
export async function findInstallMarker({ db }: MarkerStore, key: string): Promise<boolean> {
  return firstRow(await db.select({ key: sysSecret.secretKey }).from(sysSecret).where(eq(sysSecret.secretKey, key)).limit(1)) !== undefined;
}

/** Inserts the marker row `key` with `value` (the run's time). Errors: the unique-constraint error when it exists. */
export async function insertInstallMarker({ db }: MarkerStore, key: string, value: string): Promise<void> {
  await db.insert(sysSecret).values({ secretKey: key, secretValue: value });
}

/**
 * Initial data of a new database: organisation, menu tree, dictionaries, built-in config and demo
 * jobs. Source: reference/ruoyi-flowable.md §3 "Data model and seed data" and "Menu tree".
 *
 * `seedDatabase(db, now)` runs once per database: the marker row `sys_secret.seed_version`
 * records that the seed ran, so rows an administrator deletes later are not re-created at the
 * next boot; a database marked with an older version gets only the later, additive steps
 * (version 2: the 抄送我的 menu; version 3: the 发起 button, issue 40; version 4: the 通知公告 and
 * monitor menus, issue 41 §5). Everything happens in ONE store transaction (issue 43; on SQLite a
 * BEGIN IMMEDIATE, so two processes booting on the same file cannot both seed); any error rolls all
 * of it back. On PostgreSQL the identity sequences then move past the seeded ids
 * (pg-schema/migrate.ts advanceSequences).
 * Rows carry their reference ids and are inserted with ON CONFLICT DO NOTHING, so a database that
 * already holds some of them (e.g. restored by hand) keeps its own values.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { sysSecret } from '../schema';
import type { Store } from '../store/port';
import { firstRow } from '../store/results';
import { seedConfigAndJobs } from './config-jobs';
import { seedDeptsAndUsers } from './depts-users';
import { seedDicts } from './dicts';
import { seedCcMenu, seedMenus, seedNoticeMonitorMenus, seedProcessStartMenu } from './menus';
import { seedNotices } from './notices';
import { seedWorkflow, type SeedListener } from './workflow';

export { SEED_ADMIN_PASSWORD_HASH } from './depts-users';
export type { SeedListener } from './workflow';

/** Key of the marker row in `sys_secret`. */
export const SEED_MARKER_KEY = 'seed_version';
/** Version written into the marker row; bump only with a new, additive seed step. */
export const SEED_VERSION = '4';

/**
 * Seeds the database unless the marker row exists.
 * @param store the app's store (migrations already applied)
 * @param now `yyyy-MM-dd HH:mm:ss`, written into `create_time` of every seeded row
 * @param workflow.listeners the listener library rows (流程监听) of a new database: the flowable
 *   module's BUILTIN_LISTENERS, passed in by buildApp (server/db imports no module)
 * Errors: rejects (and rolls back) on any database error, e.g. a foreign key failure.
 */
export async function seedDatabase(store: Store<Db>, now: string, workflow: { listeners: readonly SeedListener[] }): Promise<void> {
  const seeded = await store.transaction(async () => {
    const tx = store.db;
    const marker = firstRow(await tx.select({ value: sysSecret.secretValue })
      .from(sysSecret)
      .where(eq(sysSecret.secretKey, SEED_MARKER_KEY))
      .limit(1));
    if (marker) {
      // Additive steps on a database seeded at an older version, each once (a newer or unknown marker: nothing).
      if (!['1', '2', '3'].includes(marker.value)) return false;
      if (marker.value === '1') await seedCcMenu(tx, now); // step 2 (issue 16)
      if (marker.value !== '3') await seedProcessStartMenu(tx, now); // step 3 (issue 40)
      await seedNoticeMonitorMenus(tx, now); // step 4 (issue 41 §5)
      await tx.update(sysSecret).set({ secretValue: SEED_VERSION }).where(eq(sysSecret.secretKey, SEED_MARKER_KEY));
      return true;
    }

    await seedDeptsAndUsers(tx, now);
    await seedMenus(tx, now);
    await seedDicts(tx, now);
    await seedConfigAndJobs(tx, now);
    await seedWorkflow(tx, now, workflow.listeners);
    await seedNotices(tx, now);

    await tx.insert(sysSecret)
      .values({ secretKey: SEED_MARKER_KEY, secretValue: SEED_VERSION })
      .onConflictDoNothing();
    return true;
  });
  // The seed writes RuoYi's fixed ids: PostgreSQL's identities must continue after them.
  // Loaded only then: a SQLite start does not load node-postgres.
  if (seeded && store.kind === 'postgres') await (await import('../pg-schema/migrate')).advanceSequences(store);
}

/**
 * Initial data of a new database: organisation, menu tree, dictionaries, built-in config and demo
 * jobs. Source: reference/ruoyi-flowable.md §3 "Data model and seed data" and "Menu tree".
 *
 * `seedDatabase(db, now)` runs once per database: the marker row `sys_secret.seed_version`
 * records that the seed ran, so rows an administrator deletes later are not re-created at the
 * next boot; a database marked with an older version gets only the later, additive steps
 * (version 2: the 抄送我的 menu; version 3: the 发起 button, issue 40; version 4: the 通知公告 and
 * monitor menus, issue 41 §5). Everything happens in ONE synchronous better-sqlite3 transaction (BEGIN IMMEDIATE,
 * so two processes booting on the same file cannot both seed); any error rolls all of it back.
 * Rows carry their reference ids and are inserted with ON CONFLICT DO NOTHING, so a database that
 * already holds some of them (e.g. restored by hand) keeps its own values.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { sysSecret } from '../schema';
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
 * @param db  the Drizzle handle from `openDatabase` (migrations already applied)
 * @param now `yyyy-MM-dd HH:mm:ss`, written into `create_time` of every seeded row
 * @param workflow.listeners the listener library rows (流程监听) of a new database: the flowable
 *   module's BUILTIN_LISTENERS, passed in by buildApp (server/db imports no module)
 * Errors: throws (and rolls back) on any SQLite error, e.g. a foreign key failure.
 */
export function seedDatabase(db: Db, now: string, workflow: { listeners: readonly SeedListener[] }): void {
  db.transaction((tx) => {
    const marker = tx.select({ value: sysSecret.secretValue })
      .from(sysSecret)
      .where(eq(sysSecret.secretKey, SEED_MARKER_KEY))
      .get();
    if (marker) {
      // Additive steps on a database seeded at an older version, each once (a newer or unknown marker: nothing).
      if (!['1', '2', '3'].includes(marker.value)) return;
      if (marker.value === '1') seedCcMenu(tx, now); // step 2 (issue 16)
      if (marker.value !== '3') seedProcessStartMenu(tx, now); // step 3 (issue 40)
      seedNoticeMonitorMenus(tx, now); // step 4 (issue 41 §5)
      tx.update(sysSecret).set({ secretValue: SEED_VERSION }).where(eq(sysSecret.secretKey, SEED_MARKER_KEY)).run();
      return;
    }

    seedDeptsAndUsers(tx, now);
    seedMenus(tx, now);
    seedDicts(tx, now);
    seedConfigAndJobs(tx, now);
    seedWorkflow(tx, now, workflow.listeners);
    seedNotices(tx, now);

    tx.insert(sysSecret)
      .values({ secretKey: SEED_MARKER_KEY, secretValue: SEED_VERSION })
      .onConflictDoNothing()
      .run();
  }, { behavior: 'immediate' });
}

/**
 * The menu insert of the install steps of generated modules (server/modules/tool/gen/module-install.ts),
 * kept synchronous (issue 43): runModuleInstalls runs each step in one synchronous `db.transaction`
 * at boot, which cannot await the store. Re-exported by ./menu.repo.ts; moves onto the store with
 * the code generator's install steps.
 */
import { sysMenu } from '../../../db/schema';
import type { DbTx } from '../../common/query.repo';

/** Inserts a menu row exactly as given (the install steps of generated modules); returns its id. */
export function insertMenuRow(db: DbTx, values: typeof sysMenu.$inferInsert): number {
  return db.insert(sysMenu).values(values).returning({ id: sysMenu.menuId }).get().id;
}

/**
 * Synchronous twins of two dept reads of ./dept.repo.ts, kept for the user module (issue 43):
 * its commands still run their checks inside a synchronous `db.transaction`
 * (server/modules/system/user: addUser, updateUserInfo, importUsers → checkDeptDataScope,
 * checkUserRefs), which cannot await. Same queries as the async versions; delete this file when
 * the user module moves onto the store and awaits ./dept.repo.ts instead.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { sysDept } from '../../../db/schema';
import type { DbTx } from '../../common/query.repo';

/** True when the live dept `deptId` passes `scope` (undefined: any live dept; RuoYi checkDeptDataScope). */
export function deptInScope(db: DbTx, deptId: number, scope: SQL | undefined): boolean {
  return db.select({ id: sysDept.deptId }).from(sysDept).where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'), scope)).get() !== undefined;
}

/** The ids among `ids` that are not live depts (one query; none for an empty list). */
export function missingDeptIds(db: DbTx, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const found = new Set(db.select({ id: sysDept.deptId }).from(sysDept)
    .where(and(inArray(sysDept.deptId, ids), eq(sysDept.delFlag, '0'))).all().map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

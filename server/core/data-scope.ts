/**
 * Data scope (reference §4, RuoYi DataScopeAspect): each enabled role of the user adds a condition
 * and the conditions are OR-ed — 1 all (no filter at all), 2 custom depts (sys_role_dept),
 * 3 own dept, 4 own dept and its descendants, 5 self only. A role counts only when it holds the
 * endpoint's permission (when one is given); when no role counts, nothing is visible.
 * The super admin is never filtered. Returns a Drizzle SQL condition, or undefined for "all".
 */
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { LoginUser } from './authz';
import { findMenuPerms } from './menu-perms.repo';

export interface ScopeColumns {
  /** The dept id column of the listed rows (e.g. `sysUser.deptId`, `sysDept.deptId`). */
  dept: AnyColumn;
  /** The user id column, when the rows belong to users (scope 5). */
  user?: AnyColumn;
}

export function dataScopeCondition(db: Db, login: LoginUser, cols: ScopeColumns, permission?: string): SQL | undefined {
  if (login.admin) return undefined;
  const parts: SQL[] = [];
  const seen = new Set<string>();
  const customRoles: number[] = [];
  for (const role of login.roles) {
    if (role.status !== '0') continue;
    if (permission) {
      const perms = role.perms ?? findMenuPerms(db, [role.roleId]);
      if (!perms.includes(permission) && !perms.includes('*:*:*')) continue;
    }
    const scope = role.dataScope;
    if (scope === '1') return undefined;
    if (scope === '2') { customRoles.push(role.roleId); continue; }
    if (seen.has(scope)) continue;
    seen.add(scope);
    const deptId = login.deptId ?? -1;
    if (scope === '3') parts.push(sql`${cols.dept} = ${deptId}`);
    else if (scope === '4') {
      parts.push(sql`${cols.dept} IN (SELECT dept_id FROM sys_dept WHERE dept_id = ${deptId} OR (',' || ancestors || ',') LIKE ${`%,${deptId},%`})`);
    } else if (scope === '5') parts.push(cols.user ? sql`${cols.user} = ${login.userId}` : sql`1 = 0`);
  }
  if (customRoles.length > 0) {
    parts.push(sql`${cols.dept} IN (SELECT dept_id FROM sys_role_dept WHERE role_id IN (${sql.join(customRoles.map((id) => sql`${id}`), sql`, `)}))`);
  }
  if (parts.length === 0) return sql`1 = 0`;
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * Point checks of the user screens (reference §1 "Super admin", §4 "Point checks reuse the
 * filtered list"): the super admin user 1 is never touched, and a caller who is not the super
 * admin may only reach users and depts inside the data scope of the roles that hold the
 * endpoint's permission. Also the scoped dept tree the user and role screens show (the depts are
 * read through the dept repository, the users through user.repo.ts). On the async store (issue
 * 43): the checks await `store.db`, so inside a command's `store.transaction` they read through it.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import type { TreeNode } from '../../../../shared/schemas/system/user';
import { deptInScope, deptScope, listDepts } from '../dept/dept.repo';
import { liveUserInScope, userScope } from './user-scope.repo';

type UserStore = AppDeps['store'];

/** User id of the super admin (reference §1 `SysUser.isAdmin`). */
export const SUPER_USER_ID = 1;

/** RuoYi checkUserAllowed. Errors: 500 不允许操作超级管理员用户 for user 1. */
export function checkUserAllowed(userId: number): void {
  if (userId === SUPER_USER_ID) throw new AppError('refused', '不允许操作超级管理员用户');
}

/**
 * RuoYi checkUserDataScope: the user must be a live user inside the caller's data scope for
 * `perm`. The super admin passes without a check. Errors: 500 没有权限访问用户数据！
 */
export async function checkUserDataScope(store: UserStore, login: LoginUser, userId: number, perm: string): Promise<void> {
  if (login.admin) return;
  if (!await liveUserInScope(store, userId, userScope(store.db, login, perm))) throw new AppError('refused', '没有权限访问用户数据！');
}

/**
 * RuoYi checkDeptDataScope: a given dept must be inside the caller's data scope for `perm`
 * (null passes). Errors: 500 没有权限访问部门数据！
 */
export async function checkDeptDataScope(store: UserStore, login: LoginUser, deptId: number | null | undefined, perm: string): Promise<void> {
  if (login.admin || deptId == null) return;
  if (!await deptInScope(store, deptId, deptScope(store.db, login, perm))) throw new AppError('refused', '没有权限访问部门数据！');
}

/**
 * RuoYi buildDeptTree / TreeSelect: nodes whose parent is not in the list are roots; children
 * keep the list's order; `disabled` for status '1'; `children` omitted on leaves.
 */
export function buildTree<T>(rows: T[], f: { id: (r: T) => number; parent: (r: T) => number; label: (r: T) => string; disabled: (r: T) => boolean }): TreeNode[] {
  const ids = new Set(rows.map(f.id));
  const byParent = new Map<number, T[]>();
  for (const r of rows) {
    const list = byParent.get(f.parent(r)) ?? [];
    list.push(r);
    byParent.set(f.parent(r), list);
  }
  const node = (r: T, seen: Set<number>): TreeNode => {
    const id = f.id(r);
    seen.add(id);
    const kids = (byParent.get(id) ?? []).filter((c) => !seen.has(f.id(c))).map((c) => node(c, seen));
    return { id, label: f.label(r), disabled: f.disabled(r), ...(kids.length ? { children: kids } : {}) };
  };
  const seen = new Set<number>();
  return rows.filter((r) => !ids.has(f.parent(r))).map((r) => node(r, seen));
}

/** The tree of the live depts inside the caller's data scope for `perm` (RuoYi selectDeptTreeList). */
export async function deptTree(store: UserStore, login: LoginUser, perm: string): Promise<TreeNode[]> {
  return buildTree(await listDepts(store, {}, deptScope(store.db, login, perm)), {
    id: (d) => d.deptId, parent: (d) => d.parentId, label: (d) => d.deptName, disabled: (d) => d.status === '1',
  });
}

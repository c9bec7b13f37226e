/**
 * Dept services (reference §2 Depts, §4 data scope; RuoYi SysDeptController / SysDeptServiceImpl).
 * Lists and point checks apply the caller's data scope for the endpoint's permission; writes run
 * in one transaction with the tree rules of tree.rules.ts.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import type { DbTx } from '../../common/query.repo';
import type { TreeSelectNode } from '../../../../shared/schemas/system/dept';
import { isBelow, treeSelect } from './tree';
import { DEPT_TABLE, softDelete } from './tree.repo';
import { afterUpdate, checkAdd, checkDelete, checkUpdate } from './tree.rules';
import {
  countDeptUsers, deptInScope, deptScope, findDeptById, insertDept, listDepts, updateDept, type DeptFilter, type DeptRow, type DeptValues,
} from './dept.repo';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface DeptForm {
  parentId: number;
  deptName: string;
  orderNum: number;
  leader?: string;
  phone?: string;
  email: string;
  status: '0' | '1';
}

/** The edit form: absent optional fields (undefined) keep their stored value. */
export type DeptEdit = Omit<DeptForm, 'status' | 'email'> & { deptId: number; status?: '0' | '1'; email?: string };

const scopeOf = (db: DbTx, login: LoginUser, perm: string) => deptScope(db, login, perm);

/**
 * RuoYi checkDeptDataScope: a non-admin may touch only depts inside the data scope of `perm`.
 * Errors: 500 没有权限访问部门数据！.
 */
export function checkDeptDataScope(db: DbTx, login: LoginUser, deptId: number, perm: string): void {
  if (login.admin) return;
  const scope = scopeOf(db, login, perm);
  if (scope && !deptInScope(db, deptId, scope)) throw new AppError('refused', '没有权限访问部门数据！');
}

/** `GET /system/dept/list` → flat dept rows (filters deptName LIKE, status), data-scoped. */
export function deptList(deps: Deps, login: LoginUser, f: DeptFilter, perm = 'system:dept:list'): DeptRow[] {
  return listDepts(deps.db, f, scopeOf(deps.db, login, perm));
}

/** `GET /system/dept/list/exclude/{deptId}` → the scoped list without `deptId` and its subtree. */
export function deptListExcluding(deps: Deps, login: LoginUser, deptId: number): DeptRow[] {
  return deptList(deps, login, {}).filter((d) => d.deptId !== deptId && !isBelow(d, deptId));
}

/**
 * The scoped dept tree `[{id, label, disabled, children?}]` (RuoYi selectDeptTreeList; disabled
 * for stopped depts). Also the tree of `/system/user/deptTree` (pass that endpoint's permission).
 */
export function deptTree(deps: Deps, login: LoginUser, f: DeptFilter = {}, perm = 'system:dept:list'): TreeSelectNode[] {
  return treeSelect(deptList(deps, login, f, perm), (d) => d.deptId, (d) => d.parentId, (d) => d.deptName, (d) => d.status === '1');
}

/** `GET /system/dept/{deptId}` → the dept with parentName, or null. Errors: 没有权限访问部门数据！. */
export function deptGet(deps: Deps, login: LoginUser, deptId: number) {
  checkDeptDataScope(deps.db, login, deptId, 'system:dept:query');
  return findDeptById(deps.db, deptId) ?? null;
}

const values = (f: DeptForm, ancestors: string): DeptValues => ({
  parentId: f.parentId, ancestors, deptName: f.deptName, orderNum: f.orderNum,
  leader: f.leader ?? null, phone: f.phone ?? null, email: f.email, status: f.status,
});

const changes = (f: DeptEdit, ancestors: string): Partial<DeptValues> => ({
  parentId: f.parentId, ancestors, deptName: f.deptName, orderNum: f.orderNum, leader: f.leader, phone: f.phone, email: f.email, status: f.status,
});

/**
 * `POST /system/dept` → new deptId. Errors (500): 新增部门'x'失败，部门名称已存在; 部门停用，不允许新增;
 * …上级部门不存在; 没有权限访问部门数据！ (parent outside the data scope).
 */
export function deptAdd(deps: Deps, login: LoginUser, f: DeptForm): number {
  const when = nowText(deps.clock);
  return deps.db.transaction((tx) => {
    if (f.parentId !== 0) checkDeptDataScope(tx, login, f.parentId, 'system:dept:add');
    const ancestors = checkAdd(tx, DEPT_TABLE, '部门', f.parentId, f.deptName);
    return insertDept(tx, values(f, ancestors), login.userName, when);
  });
}

/**
 * `POST /system/dept/update`: moving rewrites the descendants' ancestors; enabling enables the
 * ancestors. Errors (500): 没有权限访问部门数据！; 修改部门'x'失败，部门名称已存在 / 上级部门不能是自己 /
 * 上级部门不能是自己的下级部门; 该部门包含未停用的子部门！; 操作失败 (no such dept).
 */
export function deptUpdate(deps: Deps, login: LoginUser, f: DeptEdit): void {
  const when = nowText(deps.clock);
  deps.db.transaction((tx) => {
    checkDeptDataScope(tx, login, f.deptId, 'system:dept:edit');
    if (f.parentId !== 0 && f.parentId !== f.deptId) checkDeptDataScope(tx, login, f.parentId, 'system:dept:edit');
    const ancestors = checkUpdate(tx, DEPT_TABLE, '部门', { id: f.deptId, parentId: f.parentId, name: f.deptName, status: f.status });
    updateDept(tx, f.deptId, changes(f, ancestors), login.userName, when);
    afterUpdate(tx, DEPT_TABLE, f.status, ancestors, login.userName, when);
  });
}

/**
 * `POST /system/dept/delete/{deptId}`: soft delete. Errors: 500 没有权限访问部门数据！ (checked
 * first, so nothing about a dept outside the scope is revealed; RuoYi checks it last); 601
 * 存在下级部门,不允许删除 / 部门存在用户,不允许删除; 500 操作失败 (no such dept).
 */
export function deptRemove(deps: Deps, login: LoginUser, deptId: number): void {
  const when = nowText(deps.clock);
  deps.db.transaction((tx) => {
    checkDeptDataScope(tx, login, deptId, 'system:dept:remove');
    checkDelete(tx, DEPT_TABLE, '部门', deptId);
    if (countDeptUsers(tx, deptId) > 0) throw new AppError('warn', '部门存在用户,不允许删除');
    if (softDelete(tx, DEPT_TABLE, deptId, login.userName, when) === 0) throw new AppError('notFound', '操作失败');
  });
}

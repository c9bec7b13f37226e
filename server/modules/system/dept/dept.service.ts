/**
 * Dept services (reference §2 Depts, §4 data scope; RuoYi SysDeptController / SysDeptServiceImpl).
 * Lists and point checks apply the caller's data scope for the endpoint's permission; writes run
 * in one transaction with the tree rules of tree.rules.ts. On the async store (issue 43): each
 * write is one `store.transaction` holding its checks, so it stays all-or-nothing.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import type { TreeSelectNode } from '../../../../shared/schemas/system/dept';
import { isBelow, treeSelect } from './tree';
import { DEPT_TABLE, softDelete } from './tree.repo';
import { afterUpdate, checkAdd, checkDelete, checkUpdate, treeNameMessages } from './tree.rules';
import { onUniqueViolation } from '../../../core/unique-violation';
import {
  countDeptUsers, deptInScope, deptScope, findDeptById, insertDept, listDepts, updateDept, type DeptFilter, type DeptRow, type DeptValues,
} from './dept.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;
type DeptStore = Deps['store'];

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

const scopeOf = (store: DeptStore, login: LoginUser, perm: string) => deptScope(store.db, login, perm);

/**
 * RuoYi checkDeptDataScope: a non-admin may touch only depts inside the data scope of `perm`.
 * Errors: 500 没有权限访问部门数据！.
 */
export async function checkDeptDataScope(store: DeptStore, login: LoginUser, deptId: number, perm: string): Promise<void> {
  if (login.admin) return;
  const scope = scopeOf(store, login, perm);
  if (scope && !await deptInScope(store, deptId, scope)) throw new AppError('refused', '没有权限访问部门数据！');
}

/** `GET /system/dept/list` → flat dept rows (filters deptName LIKE, status), data-scoped. */
export function deptList(deps: Pick<Deps, 'store'>, login: LoginUser, f: DeptFilter, perm = 'system:dept:list'): Promise<DeptRow[]> {
  return listDepts(deps.store, f, scopeOf(deps.store, login, perm));
}

/** `GET /system/dept/list/exclude/{deptId}` → the scoped list without `deptId` and its subtree. */
export async function deptListExcluding(deps: Deps, login: LoginUser, deptId: number): Promise<DeptRow[]> {
  return (await deptList(deps, login, {})).filter((d) => d.deptId !== deptId && !isBelow(d, deptId));
}

/**
 * The scoped dept tree `[{id, label, disabled, children?}]` (RuoYi selectDeptTreeList; disabled
 * for stopped depts). Also the tree of `/system/user/deptTree` (pass that endpoint's permission).
 */
export async function deptTree(deps: Deps, login: LoginUser, f: DeptFilter = {}, perm = 'system:dept:list'): Promise<TreeSelectNode[]> {
  return treeSelect(await deptList(deps, login, f, perm), (d) => d.deptId, (d) => d.parentId, (d) => d.deptName, (d) => d.status === '1');
}

/** `GET /system/dept/{deptId}` → the dept with parentName, or null. Errors: 没有权限访问部门数据！. */
export async function deptGet(deps: Deps, login: LoginUser, deptId: number) {
  await checkDeptDataScope(deps.store, login, deptId, 'system:dept:query');
  return (await findDeptById(deps.store, deptId)) ?? null;
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
export function deptAdd(deps: Deps, login: LoginUser, f: DeptForm): Promise<number> {
  const when = nowText(deps.clock);
  const { store } = deps;
  return onUniqueViolation(() => store.transaction(async () => {
    if (f.parentId !== 0) await checkDeptDataScope(store, login, f.parentId, 'system:dept:add');
    const ancestors = await checkAdd(store, DEPT_TABLE, '部门', f.parentId, f.deptName);
    return insertDept(store, values(f, ancestors), login.userName, when);
  }), treeNameMessages('部门', '新增', f.deptName));
}

/**
 * `POST /system/dept/update`: moving rewrites the descendants' ancestors; enabling enables the
 * ancestors. Errors (500): 没有权限访问部门数据！; 修改部门'x'失败，部门名称已存在 / 上级部门不能是自己 /
 * 上级部门不能是自己的下级部门; 该部门包含未停用的子部门！; 操作失败 (no such dept).
 */
export async function deptUpdate(deps: Deps, login: LoginUser, f: DeptEdit): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await onUniqueViolation(() => store.transaction(async () => {
    await checkDeptDataScope(store, login, f.deptId, 'system:dept:edit');
    if (f.parentId !== 0 && f.parentId !== f.deptId) await checkDeptDataScope(store, login, f.parentId, 'system:dept:edit');
    const ancestors = await checkUpdate(store, DEPT_TABLE, '部门', { id: f.deptId, parentId: f.parentId, name: f.deptName, status: f.status });
    await updateDept(store, f.deptId, changes(f, ancestors), login.userName, when);
    await afterUpdate(store, DEPT_TABLE, f.status, ancestors, login.userName, when);
  }), treeNameMessages('部门', '修改', f.deptName));
}

/**
 * `POST /system/dept/delete/{deptId}`: soft delete. Errors: 500 没有权限访问部门数据！ (checked
 * first, so nothing about a dept outside the scope is revealed; RuoYi checks it last); 601
 * 存在下级部门,不允许删除 / 部门存在用户,不允许删除; 500 操作失败 (no such dept).
 */
export async function deptRemove(deps: Deps, login: LoginUser, deptId: number): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    await checkDeptDataScope(store, login, deptId, 'system:dept:remove');
    await checkDelete(store, DEPT_TABLE, '部门', deptId);
    if (await countDeptUsers(store, deptId) > 0) throw new AppError('warn', '部门存在用户,不允许删除');
    if (await softDelete(store, DEPT_TABLE, deptId, login.userName, when) === 0) throw new AppError('notFound', '操作失败');
  });
}

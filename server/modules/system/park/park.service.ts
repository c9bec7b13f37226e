/**
 * Park (园区) services (issue 3 "Parks"): the dept rules of reference §2 over sys_park, with 园区
 * in the messages (tree.rules.ts). Parks carry no data scope of their own yet; roles link to them
 * through sys_role_park (`/system/role/parkTree/{roleId}`, built with `parkTree`).
 *
 * On the async store (issue 43): each write is one `store.transaction` holding the org-tree rules
 * it runs (../dept/tree.rules.ts, shared with depts), so it stays all-or-nothing.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import type { TreeSelectNode } from '../../../../shared/schemas/system/dept';
import { treeSelect } from '../dept/tree';
import { PARK_TABLE, softDelete } from '../dept/tree.repo';
import { afterUpdate, checkAdd, checkDelete, checkUpdate, treeNameMessages } from '../dept/tree.rules';
import { onUniqueViolation } from '../../../core/unique-violation';
import { findParkById, insertPark, listParks, updatePark, type ParkFilter, type ParkRow, type ParkValues } from './park.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

export interface ParkForm {
  parentId: number;
  parkName: string;
  orderNum: number;
  status: '0' | '1';
  remark?: string;
}

/** `GET /system/park/list` → flat park rows (filters parkName LIKE, status). */
export function parkList(deps: Deps, f: ParkFilter): Promise<ParkRow[]> {
  return listParks(deps.store, f);
}

/** `[{id, label, disabled, children?}]` of the parks (disabled for stopped parks). */
export async function parkTree(deps: Deps, f: ParkFilter = {}): Promise<TreeSelectNode[]> {
  return treeSelect(await listParks(deps.store, f), (p) => p.parkId, (p) => p.parentId, (p) => p.parkName, (p) => p.status === '1');
}

/** `GET /system/park/{parkId}` → the park with parentName, or null. */
export async function parkGet(deps: Deps, parkId: number) {
  return (await findParkById(deps.store, parkId)) ?? null;
}

const values = (f: ParkForm, ancestors: string): ParkValues => ({
  parentId: f.parentId, ancestors, parkName: f.parkName, orderNum: f.orderNum, status: f.status, remark: f.remark ?? null,
});

/** `POST /system/park` → new parkId. Errors (500): 新增园区'x'失败，园区名称已存在; 园区停用，不允许新增; …上级园区不存在. */
export function parkAdd(deps: Deps, login: LoginUser, f: ParkForm): Promise<number> {
  const when = nowText(deps.clock);
  const { store } = deps;
  return onUniqueViolation(() => store.transaction(async () => {
    const ancestors = await checkAdd(store, PARK_TABLE, '园区', f.parentId, f.parkName);
    return insertPark(store, values(f, ancestors), login.userName, when);
  }), treeNameMessages('园区', '新增', f.parkName));
}

/**
 * `POST /system/park/update`: moving rewrites the descendants' ancestors; enabling enables the
 * ancestors. Errors (500): 修改园区'x'失败，园区名称已存在 / 上级园区不能是自己 / 上级园区不能是自己的下级园区;
 * 该园区包含未停用的子园区！; 操作失败 (no such park).
 */
export async function parkUpdate(deps: Deps, login: LoginUser, f: Omit<ParkForm, 'status'> & { parkId: number; status?: '0' | '1' }): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await onUniqueViolation(() => store.transaction(async () => {
    const ancestors = await checkUpdate(store, PARK_TABLE, '园区', { id: f.parkId, parentId: f.parentId, name: f.parkName, status: f.status });
    await updatePark(store, f.parkId, { parentId: f.parentId, ancestors, parkName: f.parkName, orderNum: f.orderNum, status: f.status, remark: f.remark }, login.userName, when);
    await afterUpdate(store, PARK_TABLE, f.status, ancestors, login.userName, when);
  }), treeNameMessages('园区', '修改', f.parkName));
}

/** `POST /system/park/delete/{parkId}`: soft delete. Errors: 601 存在下级园区,不允许删除; 500 操作失败. */
export async function parkRemove(deps: Deps, login: LoginUser, parkId: number): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    await checkDelete(store, PARK_TABLE, '园区', parkId);
    if (await softDelete(store, PARK_TABLE, parkId, login.userName, when) === 0) throw new AppError('notFound', '操作失败');
  });
}

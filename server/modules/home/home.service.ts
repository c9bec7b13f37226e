/**
 * Home page figures (foundation issue "A home page"; issue 11 §7): the counts of live users, roles
 * and depts the caller may see, i.e. the totals of his own lists under the same data scope
 * (reference §4, RuoYi DataScopeAspect) and list permissions (`system:user:list`,
 * `system:role:list`, `system:dept:list`). The super admin sees every live row; a user without a
 * list permission counts 0 for it, as his list would show nothing.
 */
import type { AppDeps } from '../../deps';
import type { LoginUser } from '../../core/authz';
import { deptList } from '../system/dept/dept.service';
import { roleList } from '../system/role/role.service';
import { userList } from '../system/user/user.service';

export interface HomeStats {
  userCount: number;
  roleCount: number;
  deptCount: number;
}

/** `home.stats` → `{userCount, roleCount, deptCount}`: the list totals of `login`, data-scoped. */
export async function homeStats(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>, login: LoginUser): Promise<HomeStats> {
  const firstRow = { pageNum: 1, pageSize: 1 };
  return {
    userCount: (await userList(deps, login, firstRow)).total,
    roleCount: (await roleList(deps, login, firstRow)).total,
    deptCount: (await deptList(deps, login, {})).length,
  };
}

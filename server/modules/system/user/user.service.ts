/**
 * User services (platform spec §7 Users; reference §2, §4). The list applies the data scope of
 * the caller for permission `system:user:list`.
 */
import type { AppDeps } from '../../../core/deps';
import type { LoginUser } from '../../../core/authz';
import { dataScopeCondition } from '../../../core/data-scope';
import { AppError } from '../../../core/errors';
import { sysUser } from '../../../db/schema';
import { listUsers, userListColumns, type UserListFilter } from './user.repo';

/** Paged users `{rows, total}`; error 参数不符合规范，不能进行查询 for an unknown order column. */
export function userList(deps: Pick<AppDeps, 'db'>, login: LoginUser, filter: UserListFilter) {
  if (filter.orderByColumn && !(filter.orderByColumn in userListColumns)) throw new AppError(500, '参数不符合规范，不能进行查询');
  const scope = dataScopeCondition(deps.db, login, { dept: sysUser.deptId, user: sysUser.userId }, 'system:user:list');
  return listUsers(deps.db, filter, scope);
}

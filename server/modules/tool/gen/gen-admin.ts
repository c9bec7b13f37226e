/**
 * The generator's admin-only rule (RuoYi `@ss.hasRole('admin')` on createTable; issue 38 §2):
 * steps that act beyond the generator's own rows — 创建表 runs DDL on the database, 生成代码 to a
 * path writes source files into the server's checkout — are for the admin user (id 1) and
 * holders of the admin role, whatever `tool:gen:*` buttons a role holds. Zip downloads and
 * previews stay with their `tool:gen:*` permissions.
 */
import { isSuperAdmin, type LoginUser } from '../../../core/authz';
import { forbidden } from '../../../core/errors';

/** Throws 403 没有权限，请联系管理员授权 unless `login` is the admin user or holds the admin role. */
export function requireGenAdmin(login: Pick<LoginUser, 'userId' | 'roleKeys'>): void {
  if (!isSuperAdmin(login.userId, login.roleKeys)) throw forbidden();
}

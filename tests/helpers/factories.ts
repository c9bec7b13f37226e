/**
 * Row factories for tests: users and roles written straight into the test database.
 */
import { inArray } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../server/db/schema';
import type { BuiltApp } from '../../server/app';
import { SEED_ADMIN_PASSWORD_HASH } from '../../server/db/seed';
import { eq } from 'drizzle-orm';
import { sysPark } from '../../server/db/schema';

/** A role with the given menus; returns its id. */
export function makeRole(app: BuiltApp, o: { roleKey: string; dataScope?: string; menuIds?: number[]; status?: string }): number {
  const db = app.deps.db;
  const { roleId } = db.insert(sysRole).values({ roleName: o.roleKey, roleKey: o.roleKey, roleSort: 9, dataScope: o.dataScope ?? '1', status: o.status ?? '0' }).returning().get();
  for (const menuId of o.menuIds ?? []) db.insert(sysRoleMenu).values({ roleId, menuId }).run();
  return roleId;
}

/**
 * Gives the users `userIds` one more role holding only the button 发起 (`flowable:process:start`,
 * issue 40 §1: starting a process needs it); for test users who start processes. Returns the role id.
 */
export function grantProcessStart(app: BuiltApp, userIds: number[]): number {
  const db = app.deps.db;
  const menuIds = db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, ['flowable:process:start'])).all().map((m) => m.id);
  const roleId = makeRole(app, { roleKey: `starters_${userIds.join('_')}`, menuIds });
  for (const userId of userIds) db.insert(sysUserRole).values({ userId, roleId }).run();
  return roleId;
}

/** A user with password admin123 in `deptId` holding `roleIds`; returns its id. */
export function makeUser(app: BuiltApp, o: { userName: string; deptId?: number; roleIds?: number[] }): number {
  const db = app.deps.db;
  const { userId } = db.insert(sysUser).values({ userName: o.userName, nickName: o.userName, deptId: o.deptId ?? 103, password: SEED_ADMIN_PASSWORD_HASH, createTime: '2026-11-01 10:00:00' }).returning().get();
  for (const roleId of o.roleIds ?? []) db.insert(sysUserRole).values({ userId, roleId }).run();
  return userId;
}

/** A park (园区) row; returns its id. `ancestors` follows the parent's. */
export function makePark(app: BuiltApp, o: { parkName: string; parentId?: number; orderNum?: number; status?: string }): number {
  const db = app.deps.db;
  const parentId = o.parentId ?? 0;
  const parent = parentId ? db.select().from(sysPark).where(eq(sysPark.parkId, parentId)).get() : undefined;
  const ancestors = parent ? `${parent.ancestors},${parentId}` : '0';
  return db.insert(sysPark).values({ parkName: o.parkName, parentId, ancestors, orderNum: o.orderNum ?? 0, status: o.status ?? '0' }).returning().get().parkId;
}

/** A 1x1 transparent PNG (a real image for upload tests). */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A multipart/form-data payload for `app.inject` from text fields and files. */
export function multipartPayload(parts: Record<string, string | { filename: string; contentType?: string; data: Buffer }>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A user whose one role (data scope `dataScope`, default all) holds exactly the menus carrying
 * `perms` (e.g. `['system:dept:list']`); `perms` empty gives a user without any permission.
 */
export function makeUserWithPerms(app: BuiltApp, userName: string, perms: string[], o: { deptId?: number; dataScope?: string } = {}): number {
  const menuIds = perms.length === 0 ? [] : app.deps.db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, perms)).all().map((m) => m.id);
  const roleId = makeRole(app, { roleKey: `r_${userName}`, dataScope: o.dataScope, menuIds });
  return makeUser(app, { userName, deptId: o.deptId, roleIds: [roleId] });
}

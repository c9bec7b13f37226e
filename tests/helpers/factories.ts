/**
 * Row factories for tests: users and roles written straight into the test database, through the
 * app's store (`app.deps.store.db`, awaited: SQLite or PostgreSQL, README "Two databases").
 */
import { eq, inArray } from 'drizzle-orm';
import { sysMenu, sysPark, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../server/db/schema';
import type { BuiltApp } from '../../server/app';
import { SEED_ADMIN_PASSWORD_HASH } from '../../server/db/seed';
import { firstRow } from '../../server/db/store/results';

/** A role with the given menus; resolves to its id. */
export async function makeRole(app: BuiltApp, o: { roleKey: string; dataScope?: string; menuIds?: number[]; status?: string }): Promise<number> {
  const db = app.deps.store.db;
  const { roleId } = firstRow(await db.insert(sysRole).values({ roleName: o.roleKey, roleKey: o.roleKey, roleSort: 9, dataScope: o.dataScope ?? '1', status: o.status ?? '0' }).returning())!;
  for (const menuId of o.menuIds ?? []) await db.insert(sysRoleMenu).values({ roleId, menuId });
  return roleId;
}

/**
 * Gives the users `userIds` one more role holding only the button 发起 (`flowable:process:start`,
 * issue 40 §1: starting a process needs it); for test users who start processes. Resolves to the role id.
 */
export async function grantProcessStart(app: BuiltApp, userIds: number[]): Promise<number> {
  const db = app.deps.store.db;
  const menuIds = (await db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, ['flowable:process:start']))).map((m) => m.id);
  const roleId = await makeRole(app, { roleKey: `starters_${userIds.join('_')}`, menuIds });
  for (const userId of userIds) await db.insert(sysUserRole).values({ userId, roleId });
  return roleId;
}

/** A user with password admin123 in `deptId` holding `roleIds`; resolves to its id. */
export async function makeUser(app: BuiltApp, o: { userName: string; deptId?: number; roleIds?: number[] }): Promise<number> {
  const db = app.deps.store.db;
  const { userId } = firstRow(await db.insert(sysUser).values({ userName: o.userName, nickName: o.userName, deptId: o.deptId ?? 103, password: SEED_ADMIN_PASSWORD_HASH, createTime: '2026-11-01 10:00:00' }).returning())!;
  for (const roleId of o.roleIds ?? []) await db.insert(sysUserRole).values({ userId, roleId });
  return userId;
}

/** A park (园区) row; resolves to its id. `ancestors` follows the parent's. */
export async function makePark(app: BuiltApp, o: { parkName: string; parentId?: number; orderNum?: number; status?: string }): Promise<number> {
  const db = app.deps.store.db;
  const parentId = o.parentId ?? 0;
  const parent = parentId ? firstRow(await db.select().from(sysPark).where(eq(sysPark.parkId, parentId)).limit(1)) : undefined;
  const ancestors = parent ? `${parent.ancestors},${parentId}` : '0';
  return firstRow(await db.insert(sysPark).values({ parkName: o.parkName, parentId, ancestors, orderNum: o.orderNum ?? 0, status: o.status ?? '0' }).returning())!.parkId;
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
 * Resolves to the user's id.
 */
export async function makeUserWithPerms(app: BuiltApp, userName: string, perms: string[], o: { deptId?: number; dataScope?: string } = {}): Promise<number> {
  const menuIds = perms.length === 0 ? [] : (await app.deps.store.db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, perms))).map((m) => m.id);
  const roleId = await makeRole(app, { roleKey: `r_${userName}`, dataScope: o.dataScope, menuIds });
  return makeUser(app, { userName, deptId: o.deptId, roleIds: [roleId] });
}

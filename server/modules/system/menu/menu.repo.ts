/**
 * Menu rows (`sys_menu`, reference §2 Menus): lists (all, or through the caller's roles), one
 * menu, name lookup under a parent, children and role-assignment counts, the checked keys of a
 * role, insert, update and delete.
 */
import { and, asc, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema';
import { contains, type DbTx } from '../../common/query.repo';

export type MenuRow = typeof sysMenu.$inferSelect;

export interface MenuFilter {
  menuName?: string;
  visible?: string;
  status?: string;
}

const order = [asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId)];

/**
 * Menus matching the filter (name LIKE, visible, status), ordered by parent and order number:
 * all of them when `roleIds` is undefined (admin), else those granted to the roles.
 */
export function listMenus(db: DbTx, f: MenuFilter, roleIds?: number[]): MenuRow[] {
  const where = and(contains(sysMenu.menuName, f.menuName), f.visible ? eq(sysMenu.visible, f.visible) : undefined, f.status ? eq(sysMenu.status, f.status) : undefined);
  if (roleIds === undefined) return db.select().from(sysMenu).where(where).orderBy(...order).all();
  if (roleIds.length === 0) return [];
  return db.select().from(sysMenu)
    .where(and(where, sql`${sysMenu.menuId} IN (SELECT menu_id FROM sys_role_menu WHERE role_id IN (${sql.join(roleIds.map((id) => sql`${id}`), sql`, `)}))`))
    .orderBy(...order).all();
}

export function findMenuById(db: DbTx, menuId: number): MenuRow | undefined {
  return db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId)).get();
}

/** Another menu named `name` under `parentId` (RuoYi checkMenuNameUnique). */
export function menuNameTaken(db: DbTx, parentId: number, name: string, exceptId?: number): boolean {
  return db.select({ id: sysMenu.menuId }).from(sysMenu)
    .where(and(eq(sysMenu.menuName, name), eq(sysMenu.parentId, parentId), exceptId === undefined ? undefined : ne(sysMenu.menuId, exceptId)))
    .get() !== undefined;
}

export const countMenuChildren = (db: DbTx, menuId: number) =>
  db.select({ n: count() }).from(sysMenu).where(eq(sysMenu.parentId, menuId)).get()!.n;

export const countMenuRoles = (db: DbTx, menuId: number) =>
  db.select({ n: count() }).from(sysRoleMenu).where(eq(sysRoleMenu.menuId, menuId)).get()!.n;

/** Ids of every menu below `menuId` (cycle guard on a move). */
export function menuDescendantIds(db: DbTx, menuId: number): Set<number> {
  const all = db.select({ id: sysMenu.menuId, parentId: sysMenu.parentId }).from(sysMenu).all();
  const out = new Set<number>();
  const walk = (id: number) => { for (const m of all) if (m.parentId === id && !out.has(m.id)) { out.add(m.id); walk(m.id); } };
  walk(menuId);
  return out;
}

export function findRole(db: DbTx, roleId: number) {
  return db.select({ roleId: sysRole.roleId, menuCheckStrictly: sysRole.menuCheckStrictly }).from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'))).get();
}

/**
 * Menu ids granted to the role, ordered by parent and order number; with `strictly`, ids that are
 * the parent of another granted menu are left out (RuoYi selectMenuListByRoleId).
 */
export function roleMenuIds(db: DbTx, roleId: number, strictly: boolean): number[] {
  const granted = db.select({ id: sysMenu.menuId }).from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .where(eq(sysRoleMenu.roleId, roleId)).orderBy(...order).all().map((r) => r.id);
  if (!strictly || granted.length === 0) return granted;
  const parents = db.selectDistinct({ p: sysMenu.parentId }).from(sysMenu).where(inArray(sysMenu.menuId, granted)).all().map((r) => r.p);
  return parents.length === 0 ? granted : db.select({ id: sysMenu.menuId }).from(sysMenu)
    .where(and(inArray(sysMenu.menuId, granted), notInArray(sysMenu.menuId, parents))).orderBy(...order).all().map((r) => r.id);
}

export type MenuValues = Omit<MenuRow, 'menuId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'>;

export function insertMenu(db: DbTx, v: MenuValues, by: string, when: string): number {
  return db.insert(sysMenu).values({ ...v, createBy: by, createTime: when }).returning({ id: sysMenu.menuId }).get().id;
}

export function updateMenu(db: DbTx, menuId: number, v: Partial<MenuValues>, by: string, when: string): number {
  return db.update(sysMenu).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysMenu.menuId, menuId)).run().changes;
}

export const deleteMenu = (db: DbTx, menuId: number) => db.delete(sysMenu).where(eq(sysMenu.menuId, menuId)).run().changes;

/**
 * The menus getRouters builds the sidebar from (auth/routers.service.ts; RuoYi
 * selectMenuTreeAll / selectMenuTreeByUserId): enabled, of type M or C, ordered by parent id and
 * order number; all of them when `roleIds` is undefined (admin), else the distinct menus granted
 * to the roles (none for an empty list).
 */
export function routerMenus(db: DbTx, roleIds?: number[]): MenuRow[] {
  const visibleTypes = inArray(sysMenu.menuType, ['M', 'C']);
  const routerOrder = [asc(sysMenu.parentId), asc(sysMenu.orderNum)];
  if (roleIds === undefined) return db.select().from(sysMenu).where(and(visibleTypes, eq(sysMenu.status, '0'))).orderBy(...routerOrder).all();
  if (roleIds.length === 0) return [];
  return db
    .selectDistinct({ m: sysMenu })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .where(and(visibleTypes, eq(sysMenu.status, '0'), inArray(sysRoleMenu.roleId, roleIds)))
    .orderBy(...routerOrder)
    .all()
    .map((x) => x.m);
}

/** Inserts a menu row exactly as given (the install steps of generated modules); returns its id. */
export function insertMenuRow(db: DbTx, values: typeof sysMenu.$inferInsert): number {
  return db.insert(sysMenu).values(values).returning({ id: sysMenu.menuId }).get().id;
}

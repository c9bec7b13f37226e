/**
 * Menu rows (`sys_menu`, reference §2 Menus): lists (all, or through the caller's roles), one
 * menu, name lookup under a parent, children and role-assignment counts, the checked keys of a
 * role, insert, update and delete.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction` (`insertMenuRow` too: the generated modules' install steps at
 * boot, tool/gen/module-install.ts).
 */
import { and, asc, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { contains } from '../../common/query.repo';

type MenuStore = Pick<Store<Db>, 'db'>;

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
export async function listMenus({ db }: MenuStore, f: MenuFilter, roleIds?: number[]): Promise<MenuRow[]> {
  const where = and(contains(sysMenu.menuName, f.menuName, db), f.visible ? eq(sysMenu.visible, f.visible) : undefined, f.status ? eq(sysMenu.status, f.status) : undefined);
  if (roleIds === undefined) return db.select().from(sysMenu).where(where).orderBy(...order);
  if (roleIds.length === 0) return [];
  return db.select().from(sysMenu)
    .where(and(where, sql`${sysMenu.menuId} IN (SELECT menu_id FROM sys_role_menu WHERE role_id IN (${sql.join(roleIds.map((id) => sql`${id}`), sql`, `)}))`))
    .orderBy(...order);
}

export async function findMenuById({ db }: MenuStore, menuId: number): Promise<MenuRow | undefined> {
  return firstRow(await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId)).limit(1));
}

/** Another menu named `name` under `parentId` (RuoYi checkMenuNameUnique). */
export async function menuNameTaken({ db }: MenuStore, parentId: number, name: string, exceptId?: number): Promise<boolean> {
  return firstRow(await db.select({ id: sysMenu.menuId }).from(sysMenu)
    .where(and(eq(sysMenu.menuName, name), eq(sysMenu.parentId, parentId), exceptId === undefined ? undefined : ne(sysMenu.menuId, exceptId)))
    .limit(1)) !== undefined;
}

/** The id of the menu named `name` under `parentId` (the unique rule sys_menu_parent_name_uq), or undefined. */
export async function menuIdByName({ db }: MenuStore, parentId: number, name: string): Promise<number | undefined> {
  return firstRow(await db.select({ id: sysMenu.menuId }).from(sysMenu)
    .where(and(eq(sysMenu.menuName, name), eq(sysMenu.parentId, parentId))).limit(1))?.id;
}

export const countMenuChildren = async ({ db }: MenuStore, menuId: number): Promise<number> =>
  firstRow(await db.select({ n: count() }).from(sysMenu).where(eq(sysMenu.parentId, menuId)))?.n ?? 0;

export const countMenuRoles = async ({ db }: MenuStore, menuId: number): Promise<number> =>
  firstRow(await db.select({ n: count() }).from(sysRoleMenu).where(eq(sysRoleMenu.menuId, menuId)))?.n ?? 0;

/** Ids of every menu below `menuId` (cycle guard on a move). */
export async function menuDescendantIds({ db }: MenuStore, menuId: number): Promise<Set<number>> {
  const all = await db.select({ id: sysMenu.menuId, parentId: sysMenu.parentId }).from(sysMenu);
  const out = new Set<number>();
  const walk = (id: number) => { for (const m of all) if (m.parentId === id && !out.has(m.id)) { out.add(m.id); walk(m.id); } };
  walk(menuId);
  return out;
}

export async function findRole({ db }: MenuStore, roleId: number) {
  return firstRow(await db.select({ roleId: sysRole.roleId, menuCheckStrictly: sysRole.menuCheckStrictly }).from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'))).limit(1));
}

/**
 * Menu ids granted to the role, ordered by parent and order number; with `strictly`, ids that are
 * the parent of another granted menu are left out (RuoYi selectMenuListByRoleId).
 */
export async function roleMenuIds({ db }: MenuStore, roleId: number, strictly: boolean): Promise<number[]> {
  const granted = (await db.select({ id: sysMenu.menuId }).from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .where(eq(sysRoleMenu.roleId, roleId)).orderBy(...order)).map((r) => r.id);
  if (!strictly || granted.length === 0) return granted;
  const parents = (await db.selectDistinct({ p: sysMenu.parentId }).from(sysMenu).where(inArray(sysMenu.menuId, granted))).map((r) => r.p);
  return parents.length === 0 ? granted : (await db.select({ id: sysMenu.menuId }).from(sysMenu)
    .where(and(inArray(sysMenu.menuId, granted), notInArray(sysMenu.menuId, parents))).orderBy(...order)).map((r) => r.id);
}

export type MenuValues = Omit<MenuRow, 'menuId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'>;

export async function insertMenu({ db }: MenuStore, v: MenuValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysMenu).values({ ...v, createBy: by, createTime: when }).returning({ id: sysMenu.menuId });
  return row.id;
}

/**
 * Inserts a menu row exactly as given (the install steps of generated modules: audit columns
 * included, unset columns take the schema's defaults); returns its id.
 */
export async function insertMenuRow({ db }: MenuStore, values: typeof sysMenu.$inferInsert): Promise<number> {
  const [row] = await db.insert(sysMenu).values(values).returning({ id: sysMenu.menuId });
  return row.id;
}

export async function updateMenu({ db }: MenuStore, menuId: number, v: Partial<MenuValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(sysMenu).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysMenu.menuId, menuId)));
}

export const deleteMenu = async ({ db }: MenuStore, menuId: number): Promise<number> =>
  changesOf(await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId)));

/**
 * The menus getRouters builds the sidebar from (auth/routers.service.ts; RuoYi
 * selectMenuTreeAll / selectMenuTreeByUserId): enabled, of type M or C, ordered by parent id and
 * order number; all of them when `roleIds` is undefined (admin), else the distinct menus granted
 * to the roles (none for an empty list).
 */
export async function routerMenus({ db }: MenuStore, roleIds?: number[]): Promise<MenuRow[]> {
  const visibleTypes = inArray(sysMenu.menuType, ['M', 'C']);
  const routerOrder = [asc(sysMenu.parentId), asc(sysMenu.orderNum)];
  if (roleIds === undefined) return db.select().from(sysMenu).where(and(visibleTypes, eq(sysMenu.status, '0'))).orderBy(...routerOrder);
  if (roleIds.length === 0) return [];
  return (await db
    .selectDistinct({ m: sysMenu })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .where(and(visibleTypes, eq(sysMenu.status, '0'), inArray(sysRoleMenu.roleId, roleIds)))
    .orderBy(...routerOrder))
    .map((x) => x.m);
}

/**
 * Install steps of generated modules (issue 14 "a menu seed step with its buttons"): each module
 * the code generator writes registers one `ModuleInstall` in `server/modules/generated.ts`. At
 * every boot `runModuleInstalls` runs each step not yet run on this database: it creates the
 * module's tables when missing (their CREATE TABLE statements as SQLite stored them, made
 * `IF NOT EXISTS`) and adds the menu page with its buttons, granted to no role (the admin sees
 * everything). A marker row `sys_secret.gen_module:<key>` records the run, so a menu an
 * administrator deletes later is not re-created. A menu of the same name under the same parent
 * (made by hand before the module was installed) is taken as the module's page instead of a
 * second one (menu names are unique per parent, sys_menu_parent_name_uq), and only the buttons it
 * lacks are added. One transaction per step; an error rolls that
 * step back and is thrown (boot stops, naming the module).
 *
 * On the async store (issue 43): buildApp awaits `runModuleInstalls` after the seed; each step is
 * one `store.transaction` awaiting only store statements (the DDL as written, sqlite-schema.repo.ts
 * runDdl; menu.repo insertMenuRow; the marker, ./module-install.repo.ts).
 *
 * On PostgreSQL (issue 43) the DDL, SQLite CREATE TABLE text (sqlite_master's, or written from
 * PostgreSQL's catalogue when the module was generated there: pg-ddl-source.ts), is parsed and
 * checked as 创建 checks it (one plain CREATE TABLE) and written as PostgreSQL DDL (pg-ddl.ts: the
 * table and COMMENT ON its `--` comments); `IF NOT EXISTS` skips a table that exists, comments
 * included. The SQL parser loads (before the step's transaction) only when a step is to run.
 */
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { AppError } from '../../../core/errors';
import { insertMenuRow, menuIdByName } from '../../system/menu/menu.repo';
import { createNode, loadSqlParser, tryParse } from './create-table';
import { findInstallMarker, insertInstallMarker } from './module-install.repo';
import { sqliteCreateToPg } from './pg-ddl';
import { pgTable } from './pg-schema.repo';
import { runDdl } from './sqlite-schema.repo';

type Parser = InstanceType<Awaited<ReturnType<typeof loadSqlParser>>>;

export interface ModuleInstallMenu {
  /** Page title, e.g. 客户信息. */
  menuName: string;
  /** Parent menu id (gen info parentMenuId; default 3 系统工具). */
  parentId: number;
  orderNum: number;
  /** Route path segment, the business name. */
  path: string;
  /** View key under client/src/routes, e.g. `biz/customer/index`. */
  component: string;
  /** `<module>:<business>:list`. */
  perms: string;
  icon: string;
  /** [button name, perms], e.g. ['客户信息查询', 'biz:customer:query']. */
  buttons: ReadonlyArray<readonly [string, string]>;
}

export interface ModuleInstall {
  /** `<module>.<business>`, unique among generated modules. */
  key: string;
  /** SQLite CREATE TABLE statements (master first, then detail), each `CREATE TABLE IF NOT EXISTS` (on PostgreSQL: see the module comment). */
  ddl: readonly string[];
  menu: ModuleInstallMenu;
}

/** Marker key in sys_secret for a module's install step. */
export const installMarker = (key: string) => `gen_module:${key}`;

/**
 * The PostgreSQL statements of one install DDL text (a SQLite CREATE TABLE): the table name, whether
 * it said IF NOT EXISTS, and the CREATE TABLE and COMMENT ON texts (pg-ddl.ts). Errors: 无法解析建表
 * 语句（第l行第c列）; create-table.ts's and pg-ddl.ts's refusals (only one plain CREATE TABLE …).
 */
export function pgInstallStatements(parser: Parser, text: string): { tableName: string; ifNotExists: boolean; statements: string[] } {
  const parsed = tryParse(parser, text.trim(), 'sqlite');
  if (!('list' in parsed)) throw new AppError('invalid', `无法解析建表语句（第${parsed.line}行第${parsed.column}列）`);
  const node = createNode(parsed.list) as ReturnType<typeof createNode> & { if_not_exists?: string | null };
  const pg = sqliteCreateToPg(node, text, 1, Boolean(node.if_not_exists));
  return { tableName: pg.tableName, ifNotExists: Boolean(node.if_not_exists), statements: [pg.createTable, ...pg.comments] };
}

/** Runs one install DDL text on the store: as written on SQLite, as pgInstallStatements writes it on PostgreSQL. */
async function runInstallDdl(store: Store<Db>, parser: Parser | undefined, text: string): Promise<void> {
  if (store.kind !== 'postgres') return runDdl(store, text);
  const t = pgInstallStatements(parser!, text);
  if (t.ifNotExists && await pgTable(store, t.tableName)) return;
  for (const statement of t.statements) await runDdl(store, statement);
}

/**
 * Runs every install step not yet recorded in the store's database, one `store.transaction` per
 * step. `now` is `yyyy-MM-dd HH:mm:ss` (create_time). Resolves to the keys it ran. Errors: rejects
 * with `生成模块 <key> 安装失败: <the database's error>` for a failing step (that step rolled back,
 * the later ones not run; the earlier ones stay).
 */
export async function runModuleInstalls(store: Store<Db>, installs: readonly ModuleInstall[], now: string): Promise<string[]> {
  const ran: string[] = [];
  let parser: Parser | undefined;
  for (const step of installs) {
    const marker = installMarker(step.key);
    try {
      if (store.kind === 'postgres' && !parser && !(await findInstallMarker(store, marker))) parser = new (await loadSqlParser())();
      await store.transaction(async () => {
        if (await findInstallMarker(store, marker)) return;
        for (const statement of step.ddl) await runInstallDdl(store, parser, statement);
        const m = step.menu;
        const pageId = await menuIdByName(store, m.parentId, m.menuName) ?? await insertMenuRow(store, {
          menuName: m.menuName, parentId: m.parentId, orderNum: m.orderNum, path: m.path, component: m.component,
          menuType: 'C', perms: m.perms, icon: m.icon, visible: '0', status: '0', isFrame: 1, isCache: 0, createBy: 'admin', createTime: now,
          remark: `${m.menuName}菜单`,
        });
        for (const [i, [name, perms]] of m.buttons.entries()) {
          if (await menuIdByName(store, pageId, name) !== undefined) continue;
          await insertMenuRow(store, {
            menuName: name, parentId: pageId, orderNum: i + 1, path: '', component: null, menuType: 'F', perms, icon: '#',
            visible: '0', status: '0', isFrame: 1, isCache: 0, createBy: 'admin', createTime: now, remark: '',
          });
        }
        await insertInstallMarker(store, marker, now);
        ran.push(step.key);
      });
    } catch (err) {
      throw new Error(`生成模块 ${step.key} 安装失败: ${(err as Error).message}`);
    }
  }
  return ran;
}

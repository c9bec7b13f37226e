/**
 * The task handlers this server ships (reference §5 `RyTask`, plus maintenance tasks of issue 4):
 *
 * - `ryTask.ryNoParams()`, `ryTask.ryParams(String)`,
 *   `ryTask.ryMultipleParams(String, Boolean, Long, Double, Integer)`: log only (RuoYi's demo).
 * - `logTask.clean(Integer days)`: deletes job, login and operation log rows older than `days`
 *   days (1-3650).
 * - `sessionTask.sweepExpired()`: deletes sessions past their expiry.
 * - `backupTask.backup(String folder, Integer keep)`: online SQLite backup (better-sqlite3's
 *   backup API, consistent while the server writes) to `<dataDir>/<folder>/caishui-<yyyyMMddHHmmssSSS>.db`,
 *   then deletes all but the newest `keep` (1-100) backups there. `folder` is relative to the
 *   data dir: absolute paths and `..` are refused at add/edit and again at run time. SQLite only
 *   (a PostgreSQL install uses pg_dump): on another store the run fails with a message saying so.
 *
 * The deletes run on the async store (`ctx.store`, maintenance.repo.ts, issue 43).
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatDate, formatDateTime } from '../../../../shared/utils/date';
import { deleteExpiredSessions, deleteLogsBefore } from './maintenance.repo';
import { flushAudit } from '../../../core/audit';
import { makeRegistry, type HandlerRegistry, type TaskContext, type TaskHandler } from './registry';
import { onlineBackup, PG_BACKUP_MESSAGE } from '../../../db/online-backup';

const DAY_MS = 24 * 60 * 60 * 1000;
const BACKUP_NAME = /^caishui-\d{17}\.db$/;

const ryTask: Record<string, TaskHandler> = {
  ryNoParams: {
    params: [], description: '示例：无参方法 ryTask.ryNoParams',
    run: (ctx) => { ctx.log.info('执行无参方法'); },
  },
  ryParams: {
    params: ['String'], description: "示例：有参方法 ryTask.ryParams('ry')",
    run: (ctx, [s]) => { ctx.log.info(`执行有参方法：${s}`); },
  },
  ryMultipleParams: {
    params: ['String', 'Boolean', 'Long', 'Double', 'Integer'],
    description: "示例：多参方法 ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)",
    run: (ctx, [s, b, l, d, i]) => { ctx.log.info(`执行多参方法： 字符串类型${s}，布尔类型${b}，长整型${l}，浮点型${d}，整形${i}`); },
  },
};

const between = (v: unknown, min: number, max: number) => typeof v === 'number' && v >= min && v <= max;

const logTask: Record<string, TaskHandler> = {
  clean: {
    params: ['Integer'], description: '清理 N 天前的调度日志、登录日志和操作日志，例：logTask.clean(30)',
    check: ([days]) => (between(days, 1, 3650) ? undefined : '保留天数须在 1-3650 之间'),
    run: async (ctx, [days]) => {
      const before = formatDateTime(ctx.clock.now() - (days as number) * DAY_MS);
      await flushAudit(ctx.store); // operation-log rows still queued are cleaned like the rest
      const n = await deleteLogsBefore(ctx.store, before);
      return `清理 ${before} 之前的日志：调度日志 ${n.jobLogs} 条，登录日志 ${n.loginLogs} 条，操作日志 ${n.operLogs} 条`;
    },
  },
};

const sessionTask: Record<string, TaskHandler> = {
  sweepExpired: {
    params: [], description: '清除已过期的会话，例：sessionTask.sweepExpired()',
    run: async (ctx) => `清除过期会话 ${await deleteExpiredSessions(ctx.store, ctx.clock.now())} 个`,
  },
};

/** Why `folder` may not be used as a backup folder, or undefined when it may. */
export function backupFolderProblem(folder: unknown): string | undefined {
  if (typeof folder !== 'string' || folder.trim() === '') return '备份目录不能为空';
  if (folder.includes('\0') || path.isAbsolute(folder) || /^[a-zA-Z]:/.test(folder) || /^[\\/]/.test(folder)) return '备份目录须为数据目录下的相对路径';
  if (folder.split(/[\\/]/).includes('..')) return "备份目录不能包含'..'";
  return undefined;
}

/** The absolute backup folder inside `dataDir`; throws for a folder outside it. */
export function backupDir(dataDir: string, folder: string): string {
  const problem = backupFolderProblem(folder);
  if (problem) throw new Error(problem);
  const root = path.resolve(dataDir);
  const dir = path.resolve(root, folder);
  const rel = path.relative(root, dir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error('备份目录须在数据目录之内');
  return dir;
}

async function backup(ctx: TaskContext, folder: string, keep: number): Promise<string> {
  // The online copy is better-sqlite3's; a PostgreSQL install is backed up with pg_dump (README "Two databases").
  if (ctx.store.kind !== 'sqlite') throw new Error(PG_BACKUP_MESSAGE);
  const dir = backupDir(ctx.dataDir, folder);
  fs.mkdirSync(dir, { recursive: true });
  let t = ctx.clock.now();
  const nameAt = (ms: number) => `caishui-${formatDate(ms, 'yyyyMMddHHmmss')}${String(ms % 1000).padStart(3, '0')}.db`;
  while (fs.existsSync(path.join(dir, nameAt(t)))) t += 1;
  const file = path.join(dir, nameAt(t));
  // Through the request connection (server/db/online-backup.ts: the store's groups wait).
  const pages = await onlineBackup(ctx.store, file);
  if (!(pages > 0) || !fs.existsSync(file)) throw new Error(`数据库备份失败：未写出 ${file}`);
  const old = fs.readdirSync(dir).filter((f) => BACKUP_NAME.test(f)).sort().reverse().slice(keep);
  for (const f of old) fs.rmSync(path.join(dir, f), { force: true });
  return `数据库已备份到 ${file}，删除旧备份 ${old.length} 个`;
}

const backupTask: Record<string, TaskHandler> = {
  backup: {
    params: ['String', 'Integer'], description: "在线备份数据库到数据目录下的文件夹并保留最新 N 份，例：backupTask.backup('backups', 7)",
    check: ([folder, keep]) => backupFolderProblem(folder) ?? (between(keep, 1, 100) ? undefined : '保留份数须在 1-100 之间'),
    run: (ctx, [folder, keep]) => backup(ctx, folder as string, keep as number),
  },
};

/** The registry the server uses. */
export const defaultRegistry: HandlerRegistry = makeRegistry({ ryTask, logTask, sessionTask, backupTask });

/**
 * 抄送 reads (issue 16): a user's 抄送我的 list, marking copies read, whether a user received a
 * copy of an instance (the participant rule of server/modules/flowable/common/access.service.ts), and
 * the copies of an instance per task (the flow record). Display names are the module's job.
 */
import type Database from 'better-sqlite3';
import { rawStmt, stmt } from '../store/rows';
import { fmt, like, LIKE_ESCAPED, limits, PAGE_SQL, type Page, type PageQuery } from './common';

export interface CcFilter extends PageQuery {
  userId: string;
  /** LIKE on the process definition name. */
  name?: string;
  /** '0' unread only, '1' read only. */
  read?: '0' | '1';
}

export interface CcRowView {
  id: number; procInsId: string; taskId: string | null; taskDefKey: string; taskName: string; kind: 'node' | 'manual'; message: string;
  senderId: string | null; createTime: string | null; readTime: string | null; procDefId: string; procDefName: string; procDefVersion: number;
  deployId: string; category: string; startUserId: string | null; instanceEnded: boolean;
}

/** The copies `userId` received, newest first (one row per copy). */
export function ccList(db: Database.Database, q: CcFilter): Page<CcRowView> {
  const parts = ['c.user_id = ?'];
  const params: unknown[] = [String(q.userId)];
  if (q.read === '0') parts.push('c.read_time IS NULL');
  if (q.read === '1') parts.push('c.read_time IS NOT NULL');
  if (q.name) { parts.push(`d.name ${LIKE_ESCAPED}`); params.push(like(q.name)); }
  const from = `FROM wf_cc c JOIN wf_instance i ON i.id = c.instance_id JOIN wf_definition d ON d.id = i.definition_id WHERE ${parts.join(' AND ')}`;
  const { limit, offset } = limits(q);
  const rows = rawStmt(db, `SELECT c.id, c.instance_id, c.task_id, c.task_def_key, c.task_name, c.kind, c.message, c.sender_id, c.create_time,
      c.read_time, d.id, d.name, d.version, d.deployment_id, d.category, i.start_user_id, i.end_time
    ${from} ORDER BY c.create_time DESC, c.id DESC ${PAGE_SQL}`).all(...params, limit, offset);
  const total = (stmt(db, `SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }).n;
  return {
    total,
    rows: rows.map((r) => ({
      id: r[0] as number, procInsId: r[1] as string, taskId: r[2] as string | null, taskDefKey: r[3] as string, taskName: r[4] as string,
      kind: r[5] as 'node' | 'manual', message: r[6] as string, senderId: r[7] as string | null, createTime: fmt(r[8] as number),
      readTime: fmt(r[9] as number | null), procDefId: r[10] as string, procDefName: r[11] as string, procDefVersion: r[12] as number,
      deployId: r[13] as string, category: r[14] as string, startUserId: r[15] as string | null, instanceEnded: r[16] !== null,
    })),
  };
}

/** How many copies `userId` has not opened yet. */
export function ccUnread(db: Database.Database, userId: string): number {
  return (stmt(db, 'SELECT COUNT(*) AS n FROM wf_cc WHERE user_id = ? AND read_time IS NULL').get(String(userId)) as { n: number }).n;
}

/**
 * Marks read, at `now`, the copies of instance `instanceId` that `userId` received (opening the
 * instance reads them all) → how many changed. Others' copies are never touched.
 */
export function ccMarkRead(db: Database.Database, q: { instanceId: string; userId: string; now: number }): number {
  return stmt(db, 'UPDATE wf_cc SET read_time = ? WHERE instance_id = ? AND user_id = ? AND read_time IS NULL').run(q.now, q.instanceId, String(q.userId)).changes;
}

/** True when `userId` received a copy of the instance. */
export function isCcRecipient(db: Database.Database, instanceId: string, userId: string): boolean {
  return stmt(db, 'SELECT 1 AS x FROM wf_cc WHERE instance_id = ? AND user_id = ? LIMIT 1').get(instanceId, String(userId)) !== undefined;
}

/** The copies of an instance: `[{taskId, taskDefKey, userId, kind, read}]` in the order they were made. */
export function ccOfInstance(db: Database.Database, instanceId: string): Array<{ taskId: string | null; taskDefKey: string; userId: string; kind: string; read: boolean }> {
  return (stmt(db, 'SELECT task_id AS taskId, task_def_key AS taskDefKey, user_id AS userId, kind, read_time AS readTime FROM wf_cc WHERE instance_id = ? ORDER BY id')
    .all(instanceId) as Array<{ taskId: string | null; taskDefKey: string; userId: string; kind: string; readTime: number | null }>)
    .map(({ readTime, ...r }) => ({ ...r, read: readTime !== null }));
}

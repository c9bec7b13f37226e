/**
 * 抄送 reads (issue 16): a user's 抄送我的 list, marking copies read, whether a user received a
 * copy of an instance (the participant rule of server/modules/flowable/common/access.service.ts), and
 * the copies of an instance per task (the flow record). Display names are the module's job.
 */
import type { SqlParam, Store } from '../../db/store/port';
import { fmt, like, likeOn, limits, PAGE_SQL, type Page, type PageQuery } from './common';

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
export async function ccList(store: Store, q: CcFilter): Promise<Page<CcRowView>> {
  const parts = ['c.user_id = ?'];
  const params: SqlParam[] = [String(q.userId)];
  if (q.read === '0') parts.push('c.read_time IS NULL');
  if (q.read === '1') parts.push('c.read_time IS NOT NULL');
  if (q.name) { parts.push(`d.name ${likeOn(store.kind)}`); params.push(like(q.name)); }
  const from = `FROM wf_cc c JOIN wf_instance i ON i.id = c.instance_id JOIN wf_definition d ON d.id = i.definition_id WHERE ${parts.join(' AND ')}`;
  const { limit, offset } = limits(q);
  const rows = await store.all<Record<string, unknown>>(`SELECT c.id, c.instance_id AS "procInsId", c.task_id AS "taskId", c.task_def_key AS "taskDefKey",
      c.task_name AS "taskName", c.kind, c.message, c.sender_id AS "senderId", c.create_time AS ct, c.read_time AS rt, d.id AS "procDefId",
      d.name AS "procDefName", d.version AS "procDefVersion", d.deployment_id AS "deployId", d.category, i.start_user_id AS "startUserId", i.end_time AS ie
    ${from} ORDER BY c.create_time DESC, c.id DESC ${PAGE_SQL}`, [...params, limit, offset]);
  const total = (await store.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, params))!.n;
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id as number, procInsId: r.procInsId as string, taskId: r.taskId as string | null, taskDefKey: r.taskDefKey as string,
      taskName: r.taskName as string, kind: r.kind as 'node' | 'manual', message: r.message as string, senderId: r.senderId as string | null,
      createTime: fmt(r.ct as number), readTime: fmt(r.rt as number | null), procDefId: r.procDefId as string, procDefName: r.procDefName as string,
      procDefVersion: r.procDefVersion as number, deployId: r.deployId as string, category: r.category as string,
      startUserId: r.startUserId as string | null, instanceEnded: r.ie !== null,
    })),
  };
}

/** How many copies `userId` has not opened yet. */
export async function ccUnread(store: Store, userId: string): Promise<number> {
  return (await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM wf_cc WHERE user_id = ? AND read_time IS NULL', [String(userId)]))!.n;
}

/**
 * Marks read, at `now`, the copies of instance `instanceId` that `userId` received (opening the
 * instance reads them all) → how many changed. Others' copies are never touched. One statement
 * (its own transaction, or the caller's).
 */
export async function ccMarkRead(store: Store, q: { instanceId: string; userId: string; now: number }): Promise<number> {
  return (await store.run('UPDATE wf_cc SET read_time = ? WHERE instance_id = ? AND user_id = ? AND read_time IS NULL', [q.now, q.instanceId, String(q.userId)])).changes;
}

/** True when `userId` received a copy of the instance. */
export async function isCcRecipient(store: Store, instanceId: string, userId: string): Promise<boolean> {
  return (await store.get('SELECT 1 AS x FROM wf_cc WHERE instance_id = ? AND user_id = ? LIMIT 1', [instanceId, String(userId)])) !== undefined;
}

/** The copies of an instance: `[{taskId, taskDefKey, userId, kind, read}]` in the order they were made. */
export async function ccOfInstance(store: Store, instanceId: string): Promise<Array<{ taskId: string | null; taskDefKey: string; userId: string; kind: string; read: boolean }>> {
  const rows = await store.all<{ taskId: string | null; taskDefKey: string; userId: string; kind: string; readTime: number | null }>(
    'SELECT task_id AS "taskId", task_def_key AS "taskDefKey", user_id AS "userId", kind, read_time AS "readTime" FROM wf_cc WHERE instance_id = ? ORDER BY id', [instanceId]);
  return rows.map(({ readTime, ...r }) => ({ ...r, read: readTime !== null }));
}

/**
 * 抄送 (issue 16) around the engine (engine copy / ccList / ccMarkRead; the model's CC runs in
 * the engine when a node is passed): the task holder's ad hoc copy, the caller's 抄送我的 list
 * with display names, marking copies read, the unread count, and the recipients' names per task
 * for the flow record. A recipient may read the instance (access.service.ts).
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import type { ccListInput, copyInput } from '../../../../shared/schemas/flowable/cc';
import { actorOf, assertTaskActor } from '../common/access.service';
import { enabledUserNames, people } from '../common/names';

type Deps = Pick<AppDeps, 'store' | 'engine'>;

/**
 * 抄送 from the task screen: the task's holder copies the instance to `userIds` (comment type 8)
 * → `{ count }`. Errors: the engine's task errors (not the holder: 当前用户不是该任务的办理人，无权操作),
 * 请选择抄送人员, 用户不存在或已停用 (a recipient who is not an enabled user; nothing is sent).
 */
export async function taskCopy(deps: Deps, login: LoginUser, f: z.output<typeof copyInput>): Promise<{ count: number }> {
  await assertTaskActor(deps, login, f.taskId);
  await enabledUserNames(deps.store, f.userIds);
  return deps.engine.copy({ taskId: f.taskId, ...actorOf(login), userIds: f.userIds, comment: f.comment });
}

/** 抄送我的: the caller's copies, newest first, with 发起人 / 抄送人 names → `{ total, rows }`. */
export async function ccList(deps: Deps, login: LoginUser, q: z.output<typeof ccListInput>) {
  const page = await deps.engine.ccList({ ...q, userId: String(login.userId) });
  const who = await people(deps.store, page.rows.flatMap((r) => [r.startUserId, r.senderId]));
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...r,
      startUserName: who.get(r.startUserId ?? '')?.nickName ?? null,
      startDeptName: who.get(r.startUserId ?? '')?.deptName ?? null,
      senderName: who.get(r.senderId ?? '')?.nickName ?? null,
    })),
  };
}

/** Marks the caller's copies of `procInsId` read → `{ count }` changed (0 when none or already read). */
export async function ccRead(deps: Deps, login: LoginUser, procInsId: string): Promise<{ count: number }> {
  return { count: await deps.engine.ccMarkRead({ instanceId: procInsId, userId: String(login.userId) }) };
}

/** How many copies the caller has not opened. */
export const ccUnread = async (deps: Deps, login: LoginUser): Promise<number> => deps.engine.ccUnread(String(login.userId));

/** Recipients' nick names per task id of an instance (the flow record's `ccNames`). */
export async function ccNamesByTask(deps: Deps, procInsId: string): Promise<Map<string, string[]>> {
  const copies = await deps.engine.ccOfInstance(procInsId);
  const out = new Map<string, string[]>();
  if (!copies.length) return out;
  const who = await people(deps.store, copies.map((c) => c.userId));
  for (const c of copies) {
    if (!c.taskId) continue;
    const list = out.get(c.taskId) ?? [];
    const name = who.get(c.userId)?.nickName ?? c.userId;
    if (!list.includes(name)) list.push(name);
    out.set(c.taskId, list);
  }
  return out;
}

/**
 * 加签 / 减签 of the signed-in user on a running countersign (issue 16; engine
 * commands/sign-commands.ts). The flow record's comment (type 9 / 10) names the signer:
 * `并行加签 张三：<message>`, `向前加签 …`, `向后加签 …`, `减签 …`.
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { hasPermission, type LoginUser } from '../../../core/authz';
import type { addSignInput, removeSignInput } from '../../../../shared/schemas/flowable/sign';
import { actorOf, assertTaskActor, assertTaskReader, INSTANCE_MONITOR_PERM } from '../common/access.service';
import { enabledUserNames, people } from '../common/names';

type Deps = Pick<AppDeps, 'store' | 'engine'>;

const MODE_TEXT = { parallel: '并行加签', before: '向前加签', after: '向后加签' } as const;

const nameOf = async (deps: Deps, userId: string) => (await people(deps.store, [userId])).get(userId)?.nickName ?? userId;
const message = (label: string, name: string, comment?: string) => `${label} ${name}${comment ? `：${comment}` : ''}`;

/**
 * 加签 by the holder of `taskId` → the engine outcome. Errors: the engine's (not a countersign,
 * wrong mode for the body, already a signer, task errors); 用户不存在或已停用 for an unknown or
 * disabled user.
 */
export async function taskAddSign(deps: Deps, login: LoginUser, f: z.output<typeof addSignInput>) {
  await assertTaskActor(deps, login, f.taskId);
  const who = (await enabledUserNames(deps.store, [f.assignee])).get(f.assignee)!;
  return deps.engine.addSigner({ taskId: f.taskId, ...actorOf(login), assignee: f.assignee, mode: f.mode, comment: message(MODE_TEXT[f.mode], who, f.comment) });
}

/**
 * 减签 of `f.assignee` on the countersign of `taskId` → the engine outcome (issue 16; who may,
 * issue 38 §5). The holder of `taskId` may remove only the signers they added themselves; a holder
 * of the process-management permission INSTANCE_MONITOR_PERM (`flowable:instance:monitor`, 流程监控;
 * `*:*:*` and the admin role hold it) may remove any signer, the model's too, through any running
 * task of the body without holding it. Errors: the engine's (无权减签：只有加签人或拥有流程监控权限的
 * 用户可以减去该办理人, not a signer or already acted, oneself, the last one, not the holder);
 * nothing changes on an error.
 */
export async function taskRemoveSign(deps: Deps, login: LoginUser, f: z.output<typeof removeSignInput>) {
  await assertTaskActor(deps, login, f.taskId);
  const manager = hasPermission(login, INSTANCE_MONITOR_PERM);
  return deps.engine.removeSigner({ taskId: f.taskId, ...actorOf(login), assignee: f.assignee, manager, comment: message('减签', await nameOf(deps, f.assignee), f.comment) });
}

/**
 * The countersign of `taskId` with names (readers of the instance only):
 * `{multiInstance, sequential, signers: [{userId, state, addedBy, nickName, removable}]}`;
 * `removable`: the caller may 减签 that signer (issue 38 §5: they added them, or they hold
 * INSTANCE_MONITOR_PERM; never themselves), so the 减签 dialog offers only those.
 */
export async function taskSigners(deps: Deps, login: LoginUser, taskId: string) {
  await assertTaskReader(deps, login, taskId);
  const view = await deps.engine.signersOf(taskId);
  const who = await people(deps.store, view.signers.map((s) => s.userId));
  const self = String(login.userId);
  const manager = hasPermission(login, INSTANCE_MONITOR_PERM);
  return {
    ...view,
    signers: view.signers.map((s) => ({
      ...s, nickName: who.get(s.userId)?.nickName ?? s.userId, removable: s.userId !== self && (manager || s.addedBy === self),
    })),
  };
}

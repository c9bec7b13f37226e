/**
 * 加签 / 减签 of the signed-in user on a running countersign (issue 16; engine
 * commands/sign-commands.ts). The flow record's comment (type 9 / 10) names the signer:
 * `并行加签 张三：<message>`, `向前加签 …`, `向后加签 …`, `减签 …`.
 */
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps';
import type { LoginUser } from '../../core/authz';
import type { addSignInput, removeSignInput } from '../../../shared/schemas/flowable/sign';
import { actorOf, assertTaskActor, assertTaskReader } from './access.service';
import { enabledUserNames, people } from './names';

type Deps = Pick<AppDeps, 'db' | 'engine'>;

const MODE_TEXT = { parallel: '并行加签', before: '向前加签', after: '向后加签' } as const;

const nameOf = (deps: Deps, userId: string) => people(deps.db, [userId]).get(userId)?.nickName ?? userId;
const message = (label: string, name: string, comment?: string) => `${label} ${name}${comment ? `：${comment}` : ''}`;

/**
 * 加签 by the holder of `taskId` → the engine outcome. Errors: the engine's (not a countersign,
 * wrong mode for the body, already a signer, task errors); 用户不存在或已停用 for an unknown or
 * disabled user.
 */
export function taskAddSign(deps: Deps, login: LoginUser, f: z.output<typeof addSignInput>) {
  assertTaskActor(deps, login, f.taskId);
  const who = enabledUserNames(deps.db, [f.assignee]).get(f.assignee)!;
  return deps.engine.addSigner({ taskId: f.taskId, ...actorOf(login), assignee: f.assignee, mode: f.mode, comment: message(MODE_TEXT[f.mode], who, f.comment) });
}

/** 减签 by the holder of `taskId` → the engine outcome. Errors: the engine's (not a signer or already acted, oneself, the last one). */
export function taskRemoveSign(deps: Deps, login: LoginUser, f: z.output<typeof removeSignInput>) {
  assertTaskActor(deps, login, f.taskId);
  return deps.engine.removeSigner({ taskId: f.taskId, ...actorOf(login), assignee: f.assignee, comment: message('减签', nameOf(deps, f.assignee), f.comment) });
}

/** The countersign of `taskId` with names (readers of the instance only): `{multiInstance, sequential, signers: [{userId, state, nickName}]}`. */
export function taskSigners(deps: Deps, login: LoginUser, taskId: string) {
  assertTaskReader(deps, login, taskId);
  const view = deps.engine.signersOf(taskId);
  const who = people(deps.db, view.signers.map((s) => s.userId));
  return { ...view, signers: view.signers.map((s) => ({ ...s, nickName: who.get(s.userId)?.nickName ?? s.userId })) };
}

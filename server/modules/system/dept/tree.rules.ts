/**
 * The rules of the org trees (reference §2 Depts; RuoYi SysDeptController / SysDeptServiceImpl),
 * shared by depts (部门) and parks (园区); `noun` puts the right word into the messages.
 * Every function runs inside the caller's `store.transaction` (issue 43: on the async store, so
 * the checks and the writes of a command stay one all-or-nothing transaction).
 */
import { AppError } from '../../../core/errors';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import {
  countChildren, countEnabledBelow, enableAncestors, findNode, moveDescendants, nameTaken, type TreeTable,
} from './tree.repo';

export type TreeNoun = '部门' | '园区';

/** The unique index of each tree's rule "one live name per parent" (server/db/schema, issue 44). */
const NAME_INDEX: Record<TreeNoun, string> = { 部门: 'sys_dept_parent_name_uq', 园区: 'sys_park_parent_name_uq' };

/**
 * The name rule's message (`新增部门'x'失败，部门名称已存在`) keyed by its unique index, for
 * onUniqueViolation around the command's transaction (a write racing past nameTaken).
 */
export function treeNameMessages(noun: TreeNoun, verb: '新增' | '修改', name: string): Record<string, string> {
  return { [NAME_INDEX[noun]]: `${verb}${noun}'${name}'失败，${noun}名称已存在` };
}

/**
 * The ancestors of a new node under `parentId` (parent's ancestors + ',' + parent id; '0' for a
 * root). Errors (500): 新增部门'x'失败，部门名称已存在; 上级部门不存在; 部门停用，不允许新增.
 */
export async function checkAdd(store: Store<Db>, t: TreeTable, noun: TreeNoun, parentId: number, name: string): Promise<string> {
  if (await nameTaken(store, t, parentId, name)) throw new AppError('conflict', treeNameMessages(noun, '新增', name)[NAME_INDEX[noun]]);
  if (parentId === 0) return '0';
  const parent = await findNode(store, t, parentId);
  if (!parent) throw new AppError('notFound', `新增${noun}'${name}'失败，上级${noun}不存在`);
  if (parent.status !== '0') throw new AppError('refused', `${noun}停用，不允许新增`);
  return `${parent.ancestors},${parent.id}`;
}

/**
 * Checks an edit and moves the subtree when the parent changes; returns the node's new ancestors.
 * Errors (500): 操作失败 (no such node); 修改部门'x'失败，部门名称已存在; …上级部门不能是自己;
 * …上级部门不能是自己的下级部门 (our guard against cycles, RuoYi's UI only hides those);
 * 该部门包含未停用的子部门！ when disabling a node with enabled nodes below.
 */
export async function checkUpdate(
  store: Store<Db>, t: TreeTable, noun: TreeNoun, e: { id: number; parentId: number; name: string; status?: string },
): Promise<string> {
  const old = await findNode(store, t, e.id);
  if (!old) throw new AppError('notFound', '操作失败');
  if (await nameTaken(store, t, e.parentId, e.name, e.id)) throw new AppError('conflict', treeNameMessages(noun, '修改', e.name)[NAME_INDEX[noun]]);
  if (e.parentId === e.id) throw new AppError('invalid', `修改${noun}'${e.name}'失败，上级${noun}不能是自己`);
  if (e.status === '1' && await countEnabledBelow(store, t, e.id) > 0) throw new AppError('refused', `该${noun}包含未停用的子${noun}！`);
  if (e.parentId === old.parentId) return old.ancestors;
  let ancestors = '0';
  if (e.parentId !== 0) {
    const parent = await findNode(store, t, e.parentId);
    if (!parent) throw new AppError('notFound', `修改${noun}'${e.name}'失败，上级${noun}不存在`);
    if (`,${parent.ancestors},`.includes(`,${e.id},`)) throw new AppError('invalid', `修改${noun}'${e.name}'失败，上级${noun}不能是自己的下级${noun}`);
    ancestors = `${parent.ancestors},${parent.id}`;
  }
  await moveDescendants(store, t, e.id, `${ancestors},${e.id}`, `${old.ancestors},${e.id}`);
  return ancestors;
}

/** After an edit that leaves the node enabled: enable all its ancestors (RuoYi). */
export async function afterUpdate(store: Store<Db>, t: TreeTable, status: string | undefined, ancestors: string, by: string, when: string): Promise<void> {
  if (status === '0' && ancestors && ancestors !== '0') await enableAncestors(store, t, ancestors, by, when);
}

/** Refuses deleting a node with live children: 601 存在下级部门,不允许删除. */
export async function checkDelete(store: Store<Db>, t: TreeTable, noun: TreeNoun, id: number): Promise<void> {
  if (await countChildren(store, t, id) > 0) throw new AppError('warn', `存在下级${noun},不允许删除`);
}

/**
 * Post services (reference §2 Posts; RuoYi SysPostController / SysPostServiceImpl). On the async
 * store (issue 43): each write is one `store.transaction`.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import type { FileReply } from '../../../core/files';
import { exportSheet, NORMAL_DISABLE } from '../../common/export-file';
import {
  allPosts, countPostUsers, deletePosts, findPostById, insertPost, listPosts, postTaken, updatePost,
  type PostFilter, type PostRow,
} from './post.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

export interface PostForm {
  postCode: string;
  postName: string;
  postSort: number;
  status: '0' | '1';
  remark?: string;
}

/** `GET /system/post/list` → `{rows, total}`. Errors: 参数不符合规范，不能进行查询 (order column). */
export const postList = (deps: Deps, f: PostFilter) => listPosts(deps.store, f);

/** `GET /system/post/optionselect` → every post. */
export const postOptions = (deps: Deps) => allPosts(deps.store);

/** `GET /system/post/{postId}` → the post or null. */
export const postGet = async (deps: Deps, postId: number) => (await findPostById(deps.store, postId)) ?? null;

/** checkUnique's messages keyed by the unique index of each rule (onUniqueViolation, issue 44). */
const uniqueMessages = (verb: '新增' | '修改', postName: string) => ({
  sys_post_name_uq: `${verb}岗位'${postName}'失败，岗位名称已存在`,
  sys_post_code_uq: `${verb}岗位'${postName}'失败，岗位编码已存在`,
});

async function checkUnique(store: Deps['store'], verb: '新增' | '修改', f: Pick<PostForm, 'postName' | 'postCode'>, exceptId?: number): Promise<void> {
  const m = uniqueMessages(verb, f.postName);
  if (await postTaken(store, 'postName', f.postName, exceptId)) throw new AppError('conflict', m.sys_post_name_uq);
  if (await postTaken(store, 'postCode', f.postCode, exceptId)) throw new AppError('conflict', m.sys_post_code_uq);
}

const values = (f: PostForm) => ({ postCode: f.postCode, postName: f.postName, postSort: f.postSort, status: f.status, remark: f.remark ?? null });

/** `POST /system/post` → new postId. Errors (500): 新增岗位'x'失败，岗位名称已存在 / 岗位编码已存在. */
export function postAdd(deps: Deps, login: LoginUser, f: PostForm): Promise<number> {
  const when = nowText(deps.clock);
  return onUniqueViolation(() => deps.store.transaction(async () => {
    await checkUnique(deps.store, '新增', f);
    return insertPost(deps.store, values(f), login.userName, when);
  }), uniqueMessages('新增', f.postName));
}

/** `POST /system/post/update`. Errors (500): 修改岗位'x'失败，岗位名称已存在 / 岗位编码已存在; 操作失败. */
export async function postUpdate(deps: Deps, login: LoginUser, f: Omit<PostForm, 'status'> & { postId: number; status?: '0' | '1' }): Promise<void> {
  const when = nowText(deps.clock);
  await onUniqueViolation(() => deps.store.transaction(async () => {
    await checkUnique(deps.store, '修改', f, f.postId);
    if (await updatePost(deps.store, f.postId, { postCode: f.postCode, postName: f.postName, postSort: f.postSort, status: f.status, remark: f.remark }, login.userName, when) === 0) throw new AppError('notFound', '操作失败');
  }), uniqueMessages('修改', f.postName));
}

/**
 * `POST /system/post/delete/{postIds}`: all or nothing. Errors (500): `<postName>已分配,不能删除`
 * (RuoYi `%1$s已分配,不能删除`); 操作失败 when none exists.
 */
export async function postRemove(deps: Deps, postIds: number[]): Promise<void> {
  await deps.store.transaction(async () => {
    for (const id of postIds) {
      const post = await findPostById(deps.store, id);
      if (post && await countPostUsers(deps.store, id) > 0) throw new AppError('refused', `${post.postName}已分配,不能删除`);
    }
    if (await deletePosts(deps.store, postIds) === 0) throw new AppError('notFound', '操作失败');
  });
}

/** `POST /system/post/export` → `data_{timestamp}.xlsx` of the matching posts (sheet 岗位数据). */
export async function postExport(deps: Deps, f: PostFilter): Promise<FileReply> {
  return exportSheet<PostRow>('岗位数据', [
    { header: '岗位序号', value: 'postId' },
    { header: '岗位编码', value: 'postCode' },
    { header: '岗位名称', value: 'postName' },
    { header: '岗位排序', value: 'postSort' },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
  ], (await listPosts(deps.store, f)).rows, deps.clock.now());
}

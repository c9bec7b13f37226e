/**
 * Error kinds on both transports (server/core/errors.ts, issue 42): over tRPC each kind answers
 * its own code (a missing row NOT_FOUND, a duplicate CONFLICT, a refused rule
 * UNPROCESSABLE_CONTENT, bad input BAD_REQUEST, 601 PRECONDITION_FAILED) with `data.appCode`, the
 * envelope code the browser reads; over REST the reply is RuoYi's as before: `{code: 500, msg}`
 * for every ServiceException (601 for the warning), HTTP 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

/** One unbatched tRPC mutation over HTTP, as the browser's httpLink sends it. */
async function trpcMutation(path: string, input: unknown) {
  const res = await t.app.inject({
    method: 'POST', url: `/caishui-api/trpc/${path}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
  return { status: res.statusCode, error: (res.json() as { error: { message: string; data: { code: string; httpStatus: number; appCode: number } } }).error };
}

const missingPost = { postId: 999_999, postCode: 'nobody', postName: '不存在的岗位', postSort: 1, status: '0' };

describe('error kinds', () => {
  it('a missing row: tRPC NOT_FOUND (HTTP 404, appCode 500), REST {code: 500, msg} as before', async () => {
    const trpc = await trpcMutation('system.post.update', missingPost);
    expect(trpc.status).toBe(404);
    expect(trpc.error.message).toBe('操作失败');
    expect(trpc.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, appCode: 500 });
    const rest = await call(t.app, 'PUT', '/system/post', admin, missingPost);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ code: 500, msg: '操作失败' });
  });

  it('a duplicate: tRPC CONFLICT, REST code 500 with the same message', async () => {
    const dup = { postCode: 'dup-code', postName: '董事长', postSort: 9, status: '0' };
    const trpc = await trpcMutation('system.post.add', dup);
    expect(trpc.error).toMatchObject({ message: "新增岗位'董事长'失败，岗位名称已存在", data: { code: 'CONFLICT', httpStatus: 409, appCode: 500 } });
    expect((await call(t.app, 'POST', '/system/post', admin, dup)).body).toEqual({ code: 500, msg: "新增岗位'董事长'失败，岗位名称已存在" });
  });

  it('a refused rule: tRPC UNPROCESSABLE_CONTENT, REST code 500 with the same message', async () => {
    // Post 1 (董事长) is held by admin in the seed.
    const trpc = await trpcMutation('system.post.remove', { ids: [1] });
    expect(trpc.error).toMatchObject({ message: '董事长已分配,不能删除', data: { code: 'UNPROCESSABLE_CONTENT', httpStatus: 422, appCode: 500 } });
    expect((await call(t.app, 'DELETE', '/system/post/1', admin)).body).toEqual({ code: 500, msg: '董事长已分配,不能删除' });
  });

  it('bad input (zod): tRPC BAD_REQUEST, REST code 500', async () => {
    const trpc = await trpcMutation('system.post.add', { postCode: 'x', postSort: 1 });
    expect(trpc.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, appCode: 500 });
    const rest = await call(t.app, 'POST', '/system/post', admin, { postCode: 'x', postSort: 1 });
    expect(rest.body).toMatchObject({ code: 500 });
    expect(rest.body.msg).toBe(trpc.error.message);
  });

  it('the warning 601: tRPC PRECONDITION_FAILED (appCode 601), REST code 601', async () => {
    // Menu 1 (系统管理) has sub-menus.
    const trpc = await trpcMutation('system.menu.remove', { menuId: 1 });
    expect(trpc.error).toMatchObject({ message: '存在子菜单,不允许删除', data: { code: 'PRECONDITION_FAILED', httpStatus: 412, appCode: 601 } });
    expect((await call(t.app, 'DELETE', '/system/menu/1', admin)).body).toEqual({ code: 601, msg: '存在子菜单,不允许删除' });
  });
});

/**
 * Uniqueness across nodes (issue 44): two apps over one PostgreSQL database stand for two nodes;
 * 10 creates of the same user name / role key / dict type / config key / post code / dept name
 * are sent at once, alternating between the nodes. Exactly one succeeds, every other answers the
 * spec message of the read-first check (whether the check saw the winner's row or the unique
 * index refused the write: server/core/unique-violation.ts), and the table holds one such row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { freshDatabase } from './fresh-db';

const N = 10;
let a: TestApp;
let b: TestApp;
const tokens: string[] = [];

beforeAll(async () => {
  const url = await freshDatabase('node_unique');
  a = await makeTestApp({ DATABASE_URL: url });
  b = await makeTestApp({ DATABASE_URL: url });
  tokens.push(await login(a.app), await login(b.app));
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
});

/** `N` POSTs of `body(i)` to `url` at once, request i on node i % 2; the envelopes. */
async function burst(url: string, body: (i: number) => unknown): Promise<Array<{ code: number; msg: string }>> {
  const nodes = [a, b];
  return Promise.all(Array.from({ length: N }, (_, i) => call(nodes[i % 2].app, 'POST', url, tokens[i % 2], body(i)).then((r) => r.body as { code: number; msg: string })));
}

/** Exactly one 200, the rest code 500 with one of `messages` (the message may name the request's own name). */
function expectOneWinner(replies: Array<{ code: number; msg: string }>, message: (i: number) => string) {
  expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
  replies.forEach((r, i) => { if (r.code !== 200) expect(r).toEqual({ code: 500, msg: message(i) }); });
}

const rows = async (sql: string) => Number((await a.app.deps.store.get<{ n: number | string }>(`SELECT count(*) AS n FROM ${sql}`))!.n);

describe('concurrent creates of one name on two nodes', () => {
  it('user name', async () => {
    const replies = await burst('/system/user', (i) => ({ userName: 'racer', nickName: `赛${i}`, password: 'secret1', deptId: 105 }));
    expectOneWinner(replies, () => "新增用户'racer'失败，登录账号已存在");
    expect(await rows(`sys_user WHERE user_name = 'racer' AND del_flag = '0'`)).toBe(1);
  });

  it('user phone (different names)', async () => {
    const replies = await burst('/system/user', (i) => ({ userName: `phone${i}`, nickName: `话${i}`, password: 'secret1', phonenumber: '13911112222' }));
    expectOneWinner(replies, (i) => `新增用户'phone${i}'失败，手机号码已存在`);
    expect(await rows(`sys_user WHERE phonenumber = '13911112222'`)).toBe(1);
  });

  it('role key (different names)', async () => {
    const replies = await burst('/system/role', (i) => ({ roleName: `赛跑${i}`, roleKey: 'racer', roleSort: 9, menuIds: [] }));
    expectOneWinner(replies, (i) => `新增角色'赛跑${i}'失败，角色权限已存在`);
    expect(await rows(`sys_role WHERE role_key = 'racer'`)).toBe(1);
  });

  it('dict type', async () => {
    const replies = await burst('/system/dict/type', (i) => ({ dictName: `赛跑${i}`, dictType: 'racer_type' }));
    expectOneWinner(replies, (i) => `新增字典'赛跑${i}'失败，字典类型已存在`);
    expect(await rows(`sys_dict_type WHERE dict_type = 'racer_type'`)).toBe(1);
  });

  it('config key', async () => {
    const replies = await burst('/system/config', (i) => ({ configName: `赛跑${i}`, configKey: 'racer.key', configValue: String(i) }));
    expectOneWinner(replies, (i) => `新增参数'赛跑${i}'失败，参数键名已存在`);
    expect(await rows(`sys_config WHERE config_key = 'racer.key'`)).toBe(1);
  });

  it('post code', async () => {
    const replies = await burst('/system/post', (i) => ({ postCode: 'racer', postName: `赛跑岗${i}`, postSort: 9 }));
    expectOneWinner(replies, (i) => `新增岗位'赛跑岗${i}'失败，岗位编码已存在`);
    expect(await rows(`sys_post WHERE post_code = 'racer'`)).toBe(1);
  });

  it('dept name under one parent', async () => {
    const replies = await burst('/system/dept', () => ({ parentId: 100, deptName: '赛跑部', orderNum: 9 }));
    expectOneWinner(replies, () => "新增部门'赛跑部'失败，部门名称已存在");
    expect(await rows(`sys_dept WHERE dept_name = '赛跑部' AND parent_id = 100`)).toBe(1);
  });
});

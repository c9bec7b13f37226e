import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { ajaxOutput, dataOrMsgOutput, msgOutput } from './output';

describe('ajaxOutput (the answer of an ajax REST row)', () => {
  const schema = ajaxOutput<Record<string, unknown>>();

  it('passes a plain object and answers the same reference (nothing copied)', () => {
    const answer = { token: 't', nested: { rows: [1, 2] } };
    expect(schema.parse(answer)).toBe(answer);
    const empty = {};
    expect(schema.parse(empty)).toBe(empty);
    const withMsg = { msg: '导入成功', data: [1] };
    expect(schema.parse(withMsg)).toBe(withMsg);
  });

  it('refuses arrays, null, non-objects, a `code` key and a non-string msg', () => {
    for (const v of [[], [{ a: 1 }], null, undefined, 'x', 1, true]) expect(schema.safeParse(v).success, String(v)).toBe(false);
    expect(schema.safeParse({ code: 200 }).success).toBe(false);
    expect(schema.safeParse({ code: undefined, data: 1 }).success).toBe(false);
    expect(schema.safeParse({ msg: 1 }).success).toBe(false);
    expect(schema.safeParse({ msg: null }).success).toBe(false);
    expect(schema.safeParse({ msg: { text: 'x' } }).success).toBe(false);
  });

  it('as a procedure output: the answer passes through untouched, a bad one fails the call', async () => {
    const t = initTRPC.create();
    const answer = { publicKey: 'k' };
    const appRouter = t.router({
      good: t.procedure.output(ajaxOutput<{ publicKey: string }>()).query(() => answer),
      bad: t.procedure.output(ajaxOutput<object>()).query(() => ({ code: 500 })),
    });
    const caller = t.createCallerFactory(appRouter)({});
    expect(await caller.good()).toBe(answer);
    await expect(caller.bad()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
  });

  it('msgOutput and dataOrMsgOutput (ajax rows too) refuse a `code` key as well', () => {
    const msg = { msg: '退出成功' };
    expect(msgOutput.parse(msg)).toBe(msg);
    expect(msgOutput.safeParse({ msg: '退出成功', code: 500 }).success).toBe(false);
    const data = { data: [1] };
    expect(dataOrMsgOutput<number[]>().parse(data)).toBe(data);
    expect(dataOrMsgOutput<number[]>().safeParse({ data: [1], code: 500 }).success).toBe(false);
    expect(dataOrMsgOutput<number[]>().safeParse({ msg: '流程已完结!', code: 500 }).success).toBe(false);
  });
});

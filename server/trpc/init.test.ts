import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors';
import { describeError, trpcErrorReply, UNKNOWN_ERROR_MESSAGE } from './init';

const FAILED = '操作失败，数据未能保存，请重试';
const failed = () => new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: FAILED });
const shape = (path: string, message = FAILED) => ({
  error: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path, appCode: 500 } },
});
const body = (rest: string, method: string, error: TRPCError = failed()) => JSON.parse(trpcErrorReply(rest, method, error).body);

describe('trpcErrorReply (tRPC answers built outside a procedure)', () => {
  it('answers one error for a single call and one per call of a batch, with tRPC status', () => {
    expect(trpcErrorReply('/system.post.add', 'POST', failed()).status).toBe(500);
    expect(body('/system.post.add', 'POST')).toEqual(shape('system.post.add'));
    expect(body('/system.post.add?batch=1', 'POST')).toEqual([shape('system.post.add')]);
    expect(body('/system.user.list,system.post.list?batch=1&input=%7B%7D', 'GET'))
      .toEqual([shape('system.user.list'), shape('system.post.list')]);
  });

  it("takes an AppError cause's message and code through the error formatter", () => {
    const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'x', cause: new AppError('warn', '数据不存在') });
    const reply = trpcErrorReply('/a.b', 'GET', error);
    expect(reply.status).toBe(500);
    expect(JSON.parse(reply.body)).toEqual({ error: { message: '数据不存在', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'a.b', appCode: 601 } } });
    expect(trpcErrorReply('/a.b', 'GET', new TRPCError({ code: 'BAD_REQUEST', message: 'bad' })).status).toBe(400);
  });

  it('never throws on a malformed path: the names stay as sent', () => {
    expect(body('/bad%E0%A4%A?batch=1', 'POST')).toEqual([shape('bad%E0%A4%A')]);
    expect(body('', 'POST')).toEqual(shape(''));
  });
});

describe('describeError (issue 38 §2: no server path in an answer)', () => {
  const wrap = (cause: Error) => new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: cause.message, cause });

  it("answers the spec's unknown-error message for an operating-system error and any text naming the working folder", () => {
    const sys = Object.assign(new Error(`ENOENT: no such file or directory, lstat '/srv/app/x'`), { errno: -2, syscall: 'lstat', code: 'ENOENT' });
    expect(describeError(wrap(sys))).toEqual({ appCode: 500, message: UNKNOWN_ERROR_MESSAGE });
    expect(describeError(wrap(new Error(`cannot read ${process.cwd()}/server/app.ts`)))).toEqual({ appCode: 500, message: UNKNOWN_ERROR_MESSAGE });
  });

  it('keeps AppError messages and other texts as they are', () => {
    expect(describeError(wrap(new AppError('internal', `路径 ${process.cwd()}`)))).toEqual({ appCode: 500, message: `路径 ${process.cwd()}` });
    expect(describeError(wrap(new Error('Maximum call stack size exceeded')))).toEqual({ appCode: 500, message: 'Maximum call stack size exceeded' });
  });
});

/**
 * The error kinds' one table (errors.ts, issue 42): each kind's REST envelope code (RuoYi's: 500
 * for every ServiceException, 401 / 403 / 601 as before) and its distinct tRPC code; errors tRPC
 * raises itself map back through the same table.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import {
  AppError, appCodeOfTrpc, conflict, ERROR_KINDS, forbidden, internal, invalid, kindOfTrpc, notFound, refused, trpcCodeOf,
  unauthorized, warn, type AppErrorKind,
} from './errors';

describe('ERROR_KINDS', () => {
  it.each([
    ['unauthorized', 401, 'UNAUTHORIZED', 401],
    ['forbidden', 403, 'FORBIDDEN', 403],
    ['notFound', 500, 'NOT_FOUND', 404],
    ['invalid', 500, 'BAD_REQUEST', 400],
    ['conflict', 500, 'CONFLICT', 409],
    ['refused', 500, 'UNPROCESSABLE_CONTENT', 422],
    ['warn', 601, 'PRECONDITION_FAILED', 412],
    ['internal', 500, 'INTERNAL_SERVER_ERROR', 500],
  ] as const)('%s → envelope %i, tRPC %s (HTTP %i)', (kind, appCode, trpc, status) => {
    expect(ERROR_KINDS[kind]).toEqual({ appCode, trpc });
    const error = new AppError(kind, '消息');
    expect(error).toMatchObject({ kind, code: appCode, message: '消息', name: 'AppError' });
    expect(trpcCodeOf(error)).toBe(trpc);
    expect(getHTTPStatusCodeFromError(new TRPCError({ code: trpc }))).toBe(status);
    // read backwards: the tRPC code names this kind again
    expect(kindOfTrpc(trpc)).toBe(kind);
    expect(appCodeOfTrpc(trpc)).toBe(appCode);
  });

  it('gives every kind its own tRPC code', () => {
    const codes = Object.values(ERROR_KINDS).map((k) => k.trpc);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('maps the codes tRPC raises itself and no kind names to internal (envelope 500)', () => {
    for (const code of ['PARSE_ERROR', 'METHOD_NOT_SUPPORTED', 'TIMEOUT', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_REQUESTS'] as const) {
      expect(kindOfTrpc(code)).toBe('internal');
      expect(appCodeOfTrpc(code)).toBe(500);
    }
  });
});

describe('shorthands', () => {
  it('build the kind with the message given, the spec\'s default texts for 401 / 403', () => {
    const made: [AppError, AppErrorKind, string][] = [
      [unauthorized(), 'unauthorized', '认证失败，无法访问系统资源'],
      [forbidden(), 'forbidden', '没有权限，请联系管理员授权'],
      [notFound('用户不存在'), 'notFound', '用户不存在'],
      [invalid('文件格式不正确'), 'invalid', '文件格式不正确'],
      [conflict('登录账号已存在'), 'conflict', '登录账号已存在'],
      [refused('已分配,不能删除'), 'refused', '已分配,不能删除'],
      [warn('存在子菜单,不允许删除'), 'warn', '存在子菜单,不允许删除'],
      [internal('生成代码失败：无法写入生成路径'), 'internal', '生成代码失败：无法写入生成路径'],
    ];
    for (const [error, kind, message] of made) {
      expect(error).toBeInstanceOf(AppError);
      expect(error.kind).toBe(kind);
      expect(error.message).toBe(message);
    }
  });
});

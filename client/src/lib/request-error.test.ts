import { TRPCClientError } from '@trpc/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('./modal/toaster', () => ({
  msgError: (m: string) => calls.push(`error:${m}`),
  msgWarning: (m: string) => calls.push(`warning:${m}`),
  notifyError: (m: string) => calls.push(`notify:${m}`),
}));
vi.mock('./modal/confirm', () => ({
  confirm: (o: { title: string; message: string; confirmText: string; cancelText: string }) => {
    calls.push(`confirm:${o.title}|${o.message}|${o.confirmText}|${o.cancelText}`);
    return Promise.resolve(false);
  },
}));

const { describeRequestError, handleRequestError } = await import('./request-error');

function serverError(appCode: number, message: string) {
  return TRPCClientError.from({ error: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, appCode } } });
}

describe('describeRequestError', () => {
  it('uses the code table before the server message', () => {
    expect(describeRequestError(serverError(500, '用户不存在/密码错误'))).toMatchObject({ code: 500, message: '用户不存在/密码错误' });
    expect(describeRequestError(serverError(403, 'x')).message).toBe('当前操作没有权限');
  });
  it('maps transport failures to the network texts', () => {
    const network = new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') });
    expect(describeRequestError(network)).toMatchObject({ message: '后端接口连接异常', transport: true });
    const timeout = new TRPCClientError('The operation timed out.', { cause: new DOMException('The operation timed out.', 'TimeoutError') });
    expect(describeRequestError(timeout).message).toBe('系统接口请求超时');
  });
  it('keeps the text of errors raised before sending (duplicate submit)', () => {
    const repeat = TRPCClientError.from(new Error('数据正在处理，请勿重复提交'));
    expect(describeRequestError(repeat).message).toBe('数据正在处理，请勿重复提交');
  });
});

describe('handleRequestError', () => {
  beforeEach(() => {
    calls.length = 0;
  });
  it('shows each code the way spec §8 says', async () => {
    handleRequestError(serverError(500, '操作失败'));
    handleRequestError(serverError(601, '存在子菜单,不允许删除'));
    handleRequestError(serverError(403, 'x'));
    handleRequestError(serverError(401, 'x'));
    handleRequestError(serverError(401, 'x'));
    await Promise.resolve();
    expect(calls).toEqual([
      'error:操作失败',
      'warning:存在子菜单,不允许删除',
      'notify:当前操作没有权限',
      'confirm:系统提示|登录状态已过期，您可以继续留在该页面，或者重新登录|重新登录|取消',
    ]);
  });
});

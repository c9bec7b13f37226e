import { describe, expect, it } from 'vitest';
import { ERROR_CODE, messageOf, networkMessage } from './error-code';

describe('ERROR_CODE', () => {
  it('holds the spec texts', () => {
    expect(ERROR_CODE).toEqual({
      '401': '认证失败，无法访问系统资源',
      '403': '当前操作没有权限',
      '404': '访问资源不存在',
      default: '系统未知错误，请反馈给管理员',
    });
  });
});

describe('messageOf', () => {
  it('prefers the table', () => {
    expect(messageOf(401)).toBe('认证失败，无法访问系统资源');
    expect(messageOf(403, 'server says')).toBe('当前操作没有权限');
    expect(messageOf(404, 'x')).toBe('访问资源不存在');
  });
  it('falls back to the server msg, then the default', () => {
    expect(messageOf(500, '用户名已存在')).toBe('用户名已存在');
    expect(messageOf(601, '')).toBe('系统未知错误，请反馈给管理员');
    expect(messageOf(500)).toBe('系统未知错误，请反馈给管理员');
  });
  it('does not pick up inherited object keys', () => {
    expect(messageOf(NaN, 'msg')).toBe('msg');
  });
});

describe('networkMessage', () => {
  it('maps connection failures', () => {
    expect(networkMessage({ message: 'Network Error' })).toBe('后端接口连接异常');
    expect(networkMessage({ message: 'Failed to fetch' })).toBe('后端接口连接异常');
  });
  it('maps timeouts', () => {
    expect(networkMessage({ message: 'timeout of 15000ms exceeded' })).toBe('系统接口请求超时');
    expect(networkMessage({ message: 'The operation was aborted due to timeout' })).toBe('系统接口请求超时');
  });
  it('maps status failures from the message or the status', () => {
    expect(networkMessage({ message: 'Request failed with status code 502' })).toBe('系统接口502异常');
    expect(networkMessage({ message: 'Request failed with status code 500', status: 500 })).toBe('系统接口500异常');
    expect(networkMessage({ status: 503 })).toBe('系统接口503异常');
    expect(networkMessage({ message: 'Bad Gateway', status: 502 })).toBe('系统接口502异常');
  });
  it('keeps other messages and defaults when there is none', () => {
    expect(networkMessage({ message: 'boom' })).toBe('boom');
    expect(networkMessage({})).toBe('系统未知错误，请反馈给管理员');
  });
});

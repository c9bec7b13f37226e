/**
 * Error messages (platform spec §8 "Error catalogue").
 *
 * - `ERROR_CODE`: default HTTP messages by reply code, plus `default`.
 * - `messageOf(code, serverMsg)`: table entry, else the server msg, else the default.
 * - `networkMessage(err)`: transport failures → user text
 *     'Network Error' (axios) / 'Failed to fetch' (fetch)  → 后端接口连接异常
 *     message containing 'timeout' (case-insensitive)      → 系统接口请求超时
 *     'Request failed with status code NNN' or err.status  → 系统接口NNN异常
 *     anything else → the message, else the default text.
 */

export const ERROR_CODE: Record<string, string> = {
  '401': '认证失败，无法访问系统资源',
  '403': '当前操作没有权限',
  '404': '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
};

/** @example messageOf(403) // '当前操作没有权限'; messageOf(500, '库存不足') // '库存不足' */
export function messageOf(code: number, serverMsg?: string): string {
  return (Object.hasOwn(ERROR_CODE, String(code)) && ERROR_CODE[String(code)]) || serverMsg || ERROR_CODE.default;
}

const STATUS_FAILED = 'Request failed with status code';

/** @example networkMessage({ message: 'Request failed with status code 502' }) // '系统接口502异常' */
export function networkMessage(err: { message?: string; status?: number }): string {
  const message = err?.message ?? '';
  if (message === 'Network Error' || message === 'Failed to fetch') return '后端接口连接异常';
  if (/timeout/i.test(message)) return '系统接口请求超时';
  if (message.includes(STATUS_FAILED)) {
    const status = typeof err.status === 'number' ? String(err.status) : message.slice(STATUS_FAILED.length).trim();
    return `系统接口${status}异常`;
  }
  if (typeof err?.status === 'number' && Number.isFinite(err.status)) return `系统接口${err.status}异常`;
  return message || ERROR_CODE.default;
}

/**
 * redactSecrets (issue 11 §4): one rule for the operation log and the pino log, over every body
 * form — objects at any depth, arrays, JSON text, form-encoded text, multipart fields.
 */
import { describe, expect, it } from 'vitest';
import { isSecretKey, maskQuerySecrets, maskQuerySecretsInJson, redactSecrets } from './redact';

describe('isSecretKey', () => {
  it('names secrets without case, `_` or `-`', () => {
    for (const k of ['password', 'Password', 'PASSWORD', 'oldPassword', 'newPassword', 'confirmPassword', 'new_password',
      'secret', 'JWT_SECRET', 'clientSecret', 'token', 'Token', 'access_token', 'refreshToken', 'Authorization', 'authorization',
      'cookie', 'privateKey', 'x-api-key', 'pwd', 'user_pwd', 'newPwd', 'oldPasswd']) expect(isSecretKey(k), k).toBe(true);
    for (const k of ['username', 'userName', 'tokenId', 'passwordHint2', 'pwdUpdateDate', 'remark', 'configKey', 'dictType']) expect(isSecretKey(k), k).toBe(false);
  });
});

describe('redactSecrets', () => {
  it('drops secret keys of nested objects and arrays of objects, keeping the rest', () => {
    const input = { userName: 'a', password: 'p1', user: { Password: 'p2', nick: 'n', deeper: [{ token: 't1', keep: 1 }] }, list: [{ oldPassword: 'p3', newPassword: 'p4', id: 2 }] };
    expect(redactSecrets(input)).toEqual({ userName: 'a', user: { nick: 'n', deeper: [{ keep: 1 }] }, list: [{ id: 2 }] });
    // the input is not changed
    expect(input.password).toBe('p1');
  });

  it('replaces them by the censor when one is given', () => {
    expect(redactSecrets({ Authorization: 'Bearer abc', headers: { authorization: 'Bearer def', cookie: 'sid=1' }, x: 1 }, '[REDACTED]'))
      .toEqual({ Authorization: '[REDACTED]', headers: { authorization: '[REDACTED]', cookie: '[REDACTED]' }, x: 1 });
  });

  it('redacts a string body that is JSON (object, array, nested string)', () => {
    expect(redactSecrets('{"username":"admin","password":"Plain-pw-1"}')).toBe('{"username":"admin"}');
    expect(redactSecrets(' [{"userId":2,"confirmPassword":"x"},{"secret":"s"}] ')).toBe('[{"userId":2},{}]');
    expect(redactSecrets({ data: '{"a":{"token":"t"}}' }, '*')).toEqual({ data: '{"a":{"token":"*"}}' });
  });

  it('redacts form-encoded text, bracket keys and encoded names included', () => {
    expect(redactSecrets('username=admin&password=Plain-pw-2&code=1')).toBe('username=admin&code=1');
    expect(redactSecrets('oldPassword=a&newPassword=b&x=1', '[REDACTED]')).toBe('oldPassword=[REDACTED]&newPassword=[REDACTED]&x=1');
    expect(redactSecrets('user[password]=a&user%5BPassWord%5D=b&u=c')).toBe('u=c');
    expect(redactSecrets(['password=a', 'plain text', 5])).toEqual(['', 'plain text', 5]);
  });

  it('finds names that escapes or separators hide in string bodies, as in object keys', () => {
    // Each of these keys is a secret by isSecretKey (case, `_`, `-` ignored); the body's own
    // encoding (percent, JSON \u escapes, separators, the Kelvin sign) must not hide it.
    expect(redactSecrets('u=a&%70assword=x')).toBe('u=a');
    expect(redactSecrets('u=a&to_ken=x&coo-kie=y')).toBe('u=a');
    expect(redactSecrets('u=a&api\u212Aey=x')).toBe('u=a');
    expect(redactSecrets('{"to_ken":"x","u":1}')).toBe('{"u":1}');
    expect(redactSecrets('{"\\u0070assword":"x","u":1}')).toBe('{"u":1}');
    expect(redactSecrets('{"pass\\tword":"x","u":1}')).toBe('{"u":1}');
    expect(redactSecrets({ body: '{"a":"{\\"\\\\u0074oken\\":\\"t\\"}"}' })).toEqual({ body: '{"a":"{}"}' });
    // Text that only looks encoded stays as it is.
    for (const s of ['提交', '2026-11-27 10:00:00', 'a+b=c&d%20e=f', '{"x_y":"\\u4e2d"}']) expect(redactSecrets(s)).toBe(s);
  });

  it('redacts multipart fields as the adapter hands them over (strings and files)', () => {
    const file = { fieldname: 'file', filename: 'a.xlsx', mimetype: 'x', data: Buffer.from('abc') };
    const out = redactSecrets({ file, password: 'p', updateSupport: 'true', extra: 'token=abc&x=1' });
    expect(out).toEqual({ file, updateSupport: 'true', extra: 'x=1' });
    expect((out as { file: typeof file }).file.data).toBe(file.data);
  });

  it('leaves other values, class instances and text without secrets untouched', () => {
    const err = new Error('boom');
    const date = new Date(0);
    expect(redactSecrets({ err, date, n: 1, b: true, s: 'a=b&c=d', nil: null })).toEqual({ err, date, n: 1, b: true, s: 'a=b&c=d', nil: null });
    expect(redactSecrets('not {json} password')).toBe('not {json} password');
    expect(redactSecrets(undefined)).toBeUndefined();
  });

  it('follows toJSON, survives cycles and absurd depth', () => {
    expect(redactSecrets({ f: { toJSON: () => ({ fileName: 'a', token: 't' }) } })).toEqual({ f: { fileName: 'a' } });
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(redactSecrets(loop)).toEqual({ a: 1, self: '[Circular]' });
    let deep: unknown = { password: 'x' };
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(JSON.stringify(redactSecrets(deep))).not.toContain('"x"');
  });
});

describe('maskQuerySecrets / maskQuerySecretsInJson (issue 38 §7)', () => {
  it('redactSecrets drops *pwd* keys from objects and form text', () => {
    expect(redactSecrets({ user_pwd: 'a', newPwd: 'b', keep: 1 })).toEqual({ keep: 1 });
    expect(redactSecrets('user_pwd=a&x=1&%70wd=b')).toBe('x=1');
  });

  it('masks *password*, *pwd*, *token*, *secret* query values in any case and encoding, keeps the rest', () => {
    expect(maskQuerySecrets('/system/user/profile/updatePwd?oldPassword=a1&newPassword=b2')).toBe('/system/user/profile/updatePwd?oldPassword=[REDACTED]&newPassword=[REDACTED]');
    expect(maskQuerySecrets('/a?USER_PWD=1&page=2&client-secret=3&%70wd=4&x%5Btoken%5D=5&q=pwd')).toBe('/a?USER_PWD=[REDACTED]&page=2&client-secret=[REDACTED]&%70wd=[REDACTED]&x%5Btoken%5D=[REDACTED]&q=pwd');
    expect(maskQuerySecrets('Route GET:/x?password=p;q#r not found')).toBe('Route GET:/x?password=[REDACTED] not found');
    expect(maskQuerySecrets('/a?pageNum=1&b=%ZZ')).toBe('/a?pageNum=1&b=%ZZ');
  });

  it('keeps a JSON line valid and masks escapes inside the value', () => {
    const line = JSON.stringify({ url: '/a?token=t"x\\y&k=1', msg: 'GET /b?newPassword=n m' });
    const masked = maskQuerySecretsInJson(line);
    expect(JSON.parse(masked)).toEqual({ url: '/a?token=[REDACTED]&k=1', msg: 'GET /b?newPassword=[REDACTED] m' });
  });
});

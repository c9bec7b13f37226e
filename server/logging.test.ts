/**
 * Logging (issue 7): JSON lines with request ids, and no password, token or authorization
 * header in them, whatever the route logs.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggingOptions, maskUrl, requestId } from './logging';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { lines, stream };
}

describe('loggingOptions', () => {
  it('redacts secrets from logged objects and request URLs, and tags lines with the request id', async () => {
    const { lines, stream } = capture();
    const opts = loggingOptions('info');
    const app = Fastify({ ...opts, logger: { ...(opts.logger as object), stream } });
    app.post('/login', async (req) => {
      req.log.info({ body: req.body, headers: req.headers }, 'login attempt');
      req.log.info({ input: { user: { password: 'deep-secret' } }, token: 'tok-123' }, 'nested');
      return { ok: true };
    });
    await app.inject({
      method: 'POST', url: '/login?Authorization=Bearer%20abc.def&x=1',
      headers: { authorization: 'Bearer abc.def', cookie: 'sid=s3cr3t', 'x-request-id': 'lb-42' },
      payload: { username: 'admin', password: 'admin123', newPassword: 'n3w-pass' },
    });
    await app.close();
    const text = JSON.stringify(lines);
    for (const secret of ['admin123', 'n3w-pass', 'abc.def', 's3cr3t', 'deep-secret', 'tok-123']) expect(text).not.toContain(secret);
    expect(text).toContain('[REDACTED]');
    const attempt = lines.find((l) => l.msg === 'login attempt') as { reqId: string; body: Record<string, string> };
    expect(attempt.reqId).toBe('lb-42');
    expect(attempt.body.username).toBe('admin');
    const incoming = lines.find((l) => l.msg === 'incoming request') as { req: { url: string } };
    expect(incoming.req.url).toBe('/login?Authorization=[REDACTED]&x=1');
  });

  it('redacts secrets in string bodies (JSON or form text), arrays and deep fields (issue 11 §4)', async () => {
    const { lines, stream } = capture();
    const app = Fastify(loggingOptions('info', true, stream));
    app.post('/x', async (req) => {
      req.log.info({ body: req.body }, 'body');
      return { ok: true };
    });
    app.post('/deep', async (req) => {
      req.log.warn({ a: { b: { c: { Authorization: 'Bearer deep-1' } } }, list: [[{ newPassword: 'deep-2' }]] }, 'deep');
      return { ok: true };
    });
    const text = { 'content-type': 'text/plain' };
    await app.inject({ method: 'POST', url: '/x', headers: text, payload: 'username=admin&password=form-secret-1' });
    await app.inject({ method: 'POST', url: '/x', headers: text, payload: '{"username":"admin","password":"json-secret-2"}' });
    await app.inject({ method: 'POST', url: '/x', payload: [{ userId: 2, PASSWORD: 'array-secret-3' }, 'token=array-secret-4'] });
    await app.inject({ method: 'POST', url: '/deep', payload: {} });
    await app.close();
    const all = JSON.stringify(lines);
    for (const secret of ['form-secret-1', 'json-secret-2', 'array-secret-3', 'array-secret-4', 'deep-1', 'deep-2']) expect(all).not.toContain(secret);
    const bodies = lines.filter((l) => l.msg === 'body').map((l) => l.body);
    expect(bodies).toEqual([
      'username=admin&password=[REDACTED]',
      '{"username":"admin","password":"[REDACTED]"}',
      [{ userId: 2, PASSWORD: '[REDACTED]' }, 'token=[REDACTED]'],
    ]);
  });

  it('turns logging off for silent', () => {
    expect(loggingOptions('silent').logger).toBe(false);
    expect(loggingOptions('info', false).logger).toBe(false);
  });
});

describe('requestId / maskUrl', () => {
  it('keeps a sane caller id and makes a UUID otherwise', () => {
    expect(requestId({ headers: { 'x-request-id': 'abc-1.2:3' } })).toBe('abc-1.2:3');
    expect(requestId({ headers: { 'x-request-id': 'bad id\n' } })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('masks token-like query values only', () => {
    expect(maskUrl('/a?token=x&password=y&page=2&access_token=z')).toBe('/a?token=[REDACTED]&password=[REDACTED]&page=2&access_token=[REDACTED]');
    expect(maskUrl('/a?pageNum=1')).toBe('/a?pageNum=1');
  });
});

import { describe, expect, it } from 'vitest';
import { trpcFailure, WRITE_TURN_FAILED } from './write-turns';

const shape = (path: string) => ({
  error: { message: WRITE_TURN_FAILED, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path, appCode: 500 } },
});

describe('trpcFailure (the tRPC answer of a failed write turn)', () => {
  it('answers one error for a single call and one per call of a batch', () => {
    expect(JSON.parse(trpcFailure('/system.post.add', 'POST'))).toEqual(shape('system.post.add'));
    expect(JSON.parse(trpcFailure('/system.post.add?batch=1', 'POST'))).toEqual([shape('system.post.add')]);
    expect(JSON.parse(trpcFailure('/system.user.list,system.post.list?batch=1&input=%7B%7D', 'GET')))
      .toEqual([shape('system.user.list'), shape('system.post.list')]);
  });

  it('never throws on a malformed path: the names stay as sent', () => {
    expect(JSON.parse(trpcFailure('/bad%E0%A4%A?batch=1', 'POST'))).toEqual([shape('bad%E0%A4%A')]);
    expect(JSON.parse(trpcFailure('', 'POST'))).toEqual(shape(''));
  });
});

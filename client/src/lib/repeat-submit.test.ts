import { describe, expect, it } from 'vitest';
import { createRepeatGuard } from './repeat-submit';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createRepeatGuard', () => {
  it('rejects the same url and data inside the 1 s window', () => {
    const c = clock();
    const guard = createRepeatGuard({ now: c.now });
    guard.check('/system/user', { userName: 'a' });
    c.advance(999);
    expect(() => guard.check('/system/user', { userName: 'a' })).toThrow('数据正在处理，请勿重复提交');
  });
  it('accepts the same request at or after the window', () => {
    const c = clock();
    const guard = createRepeatGuard({ now: c.now });
    guard.check('/a', { x: 1 });
    c.advance(1000);
    expect(() => guard.check('/a', { x: 1 })).not.toThrow();
    c.advance(5000);
    expect(() => guard.check('/a', { x: 1 })).not.toThrow();
  });
  it('measures the window from the last accepted request, not the rejected one', () => {
    const c = clock();
    const guard = createRepeatGuard({ now: c.now });
    guard.check('/a', 1);
    c.advance(600);
    expect(() => guard.check('/a', 1)).toThrow();
    c.advance(400); // 1000 ms after the accepted one
    expect(() => guard.check('/a', 1)).not.toThrow();
  });
  it('accepts different url or data inside the window', () => {
    const c = clock();
    const guard = createRepeatGuard({ now: c.now });
    guard.check('/a', { x: 1 });
    expect(() => guard.check('/b', { x: 1 })).not.toThrow();
    expect(() => guard.check('/b', { x: 2 })).not.toThrow();
    // only the last request is remembered (as RuoYi): /a is no longer the last one
    expect(() => guard.check('/a', { x: 1 })).not.toThrow();
  });
  it('compares string data as is and undefined data as empty', () => {
    const c = clock();
    const guard = createRepeatGuard({ now: c.now });
    guard.check('/s', 'a=1&b=2');
    expect(() => guard.check('/s', 'a=1&b=2')).toThrow();
    guard.check('/u', undefined);
    expect(() => guard.check('/u', undefined)).toThrow();
  });
  it('honours a custom interval', () => {
    const c = clock();
    const guard = createRepeatGuard({ interval: 200, now: c.now });
    guard.check('/a', {});
    c.advance(199);
    expect(() => guard.check('/a', {})).toThrow();
    c.advance(1);
    expect(() => guard.check('/a', {})).not.toThrow();
  });
  it('skips (never throws, never records) requests over the size cap', () => {
    const c = clock();
    const guard = createRepeatGuard({ maxSize: 100, now: c.now });
    const big = { blob: 'x'.repeat(200) };
    guard.check('/small', { a: 1 });
    guard.check('/big', big);
    expect(() => guard.check('/big', big)).not.toThrow();
    // the big one was not recorded, so /small is still the last request
    expect(() => guard.check('/small', { a: 1 })).toThrow();
  });
  it('counts bytes, not characters, against the cap', () => {
    const c = clock();
    // {"url":"/c","data":"中中中中中中中中中中"} is 36 characters but 56 bytes
    const guard = createRepeatGuard({ maxSize: 50, now: c.now });
    guard.check('/c', '中'.repeat(10));
    expect(() => guard.check('/c', '中'.repeat(10))).not.toThrow();
  });
  it('uses the 5 MiB default cap', () => {
    const guard = createRepeatGuard();
    const huge = 'x'.repeat(5 * 1024 * 1024);
    guard.check('/up', huge);
    expect(() => guard.check('/up', huge)).not.toThrow();
    guard.check('/small', 'y');
    expect(() => guard.check('/small', 'y')).toThrow();
  });
});

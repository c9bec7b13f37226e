import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { sqliteStore } from '../../db/store/sqlite';
import { CaptchaStore, drawCaptcha, mathChallenge } from './captcha.service';

const seq = (...v: number[]) => { let i = 0; return () => v[i++]; };

describe('mathChallenge (reference §1: ×, ÷ when divisible else +, − larger minus smaller)', () => {
  it('multiplies', () => expect(mathChallenge(seq(0.3, 0.4, 0))).toEqual({ text: '3*4=?', answer: '12' }));
  it('divides only when divisible and the divisor is not 0', () => {
    expect(mathChallenge(seq(0.8, 0.2, 0.5))).toEqual({ text: '8/2=?', answer: '4' });
    expect(mathChallenge(seq(0.7, 0.2, 0.5))).toEqual({ text: '7+2=?', answer: '9' });
    expect(mathChallenge(seq(0.7, 0, 0.5))).toEqual({ text: '7+0=?', answer: '7' });
  });
  it('subtracts the smaller from the larger', () => expect(mathChallenge(seq(0.2, 0.9, 0.9))).toEqual({ text: '9-2=?', answer: '7' }));
});

/** A store over a migrated in-memory SQLite database (sys_captcha, issue 44). */
const stores: Array<{ close(): void }> = [];
function dbStore() {
  const db = openDatabase({ url: ':memory:' });
  stores.push({ close: () => db.$client.close() });
  return sqliteStore(db, { ownsConnection: false, lingerTurns: 0 });
}
afterEach(() => { while (stores.length) stores.pop()!.close(); });

describe('CaptchaStore (answers in sys_captcha)', () => {
  it('draws a 111×36 PNG of a few KB (issue 41 §2: RuoYi shows it as data:image/gif) and checks once, case-insensitively trimmed', async () => {
    const store = new CaptchaStore(dbStore());
    const c = await drawCaptcha(store, 1000);
    const png = Buffer.from(c.img, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 111, height: 36 });
    expect(png.length).toBeGreaterThan(500);
    expect(png.length).toBeLessThan(8 * 1024);
    await expect(store.verify(c.uuid, ` ${c.answer} `, 2000)).resolves.toBeUndefined();
    await expect(store.verify(c.uuid, c.answer, 2000)).rejects.toThrow('验证码已失效');
    expect(store.stats()).toEqual({ hits: 1, misses: 1 });
  });
  it('expires after 2 minutes and refuses a missing uuid; a wrong answer uses the challenge up', async () => {
    const store = new CaptchaStore(dbStore());
    const c = await store.create(0);
    await expect(store.verify(c.uuid, c.answer, 120_000)).rejects.toThrow('验证码已失效');
    await expect(store.verify('', '1', 0)).rejects.toThrow('验证码已失效');
    const d = await store.create(0);
    await expect(store.verify(d.uuid, 'x', 1)).rejects.toThrow('验证码错误');
    await expect(store.verify(d.uuid, d.answer, 1)).rejects.toThrow('验证码已失效');
  });
  it('is shared by two processes over one database: made by one, checked once by the other', async () => {
    const db = dbStore();
    const a = new CaptchaStore(db);
    const b = new CaptchaStore(db);
    const c = await a.create(0);
    await expect(b.verify(c.uuid, c.answer, 1)).resolves.toBeUndefined();
    await expect(a.verify(c.uuid, c.answer, 1)).rejects.toThrow('验证码已失效');
  });
  it('holds at most its cap, dropping the ones that expire first, and prunes expired ones', async () => {
    const store = new CaptchaStore(dbStore(), 5);
    const first = await store.create(0);
    for (let i = 0; i < 5; i++) await store.create(1);
    expect((await store.pending()).size).toBe(5);
    expect((await store.pending()).has(first.uuid)).toBe(false);
    const last = await store.create(120_001);
    expect((await store.pending()).size).toBe(1);
    await expect(store.verify(last.uuid, last.answer, 120_002)).resolves.toBeUndefined();
  });
  it('clears one challenge or all', async () => {
    const store = new CaptchaStore(dbStore());
    const c = await store.create(0);
    const d = await store.create(0);
    await store.clear(c.uuid);
    expect([...(await store.pending(0)).keys()]).toEqual([d.uuid]);
    await store.clear();
    expect((await store.pending()).size).toBe(0);
  });
});

/**
 * Issue 38 §7 "upload quota": a per-user and a total quota (config keys `sys.upload.userQuota`,
 * `sys.upload.totalQuota`, in MB; defaults 200 and 10240) refuse an upload with a Chinese message
 * before anything is written, for the common upload rows and the avatar alike. Driven over REST
 * by a role-less user.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, multipartPayload, TINY_PNG } from '../helpers/factories';
import { sysConfig } from '../../server/db/schema';

let t: TestApp;
let dir: string;
let nobody: string;
let other: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-quota-'));
  t = await makeTestApp({ UPLOAD_DIR: dir });
  await makeUser(t.app, { userName: 'noRole1' });
  await makeUser(t.app, { userName: 'noRole2' });
  nobody = await login(t.app, 'noRole1', 'admin123');
  other = await login(t.app, 'noRole2', 'admin123');
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
/** Every file under UPLOAD_DIR (relative paths). */
const files = (): string[] => (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort() : []);
const setConfig = async (key: string, value: string) => await t.app.deps.store.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, key));
const send = async (url: string, field: string, filename: string, data: Buffer, token: string) => {
  const { payload, headers } = multipartPayload({ [field]: { filename, data } });
  const res = await t.app.inject({ method: 'POST', url: `/caishui-api${url}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return res.json() as { code: number; msg: string };
};
/** A PNG of `bytes` bytes (the tiny image followed by padding). */
const png = (bytes: number) => Buffer.concat([TINY_PNG, Buffer.alloc(bytes - TINY_PNG.length)]);

it('seeds both keys with their documented defaults', async () => {
  const rows = await t.app.deps.store.db.select().from(sysConfig);
  const byKey = Object.fromEntries(rows.map((r) => [r.configKey, r.configValue]));
  expect(byKey['sys.upload.userQuota']).toBe('200');
  expect(byKey['sys.upload.totalQuota']).toBe('10240');
});

it('a role-less user cannot store more than the per-user quota: refused with a Chinese message, nothing written', async () => {
  await setConfig('sys.upload.userQuota', '1');
  expect((await send('/common/uploadFile', 'file', 'a.txt', Buffer.alloc(600 * 1024, 97), nobody)).code).toBe(200);
  const before = files();
  const refused = await send('/common/uploadFile', 'file', 'b.txt', Buffer.alloc(600 * 1024, 98), nobody);
  expect(refused.code).toBe(500);
  expect(refused.msg).toMatch(/^上传失败：超出个人上传空间限额（已用 0\.59MB，本次 0\.59MB，限额 1MB）$/);
  expect(files()).toEqual(before);
  // The image row and the avatar count against the same quota.
  expect((await send('/common/upload', 'file', 'c.png', png(600 * 1024), nobody)).code).toBe(500);
  expect((await send('/system/user/profile/avatar', 'avatarfile', 'me.png', png(600 * 1024), nobody)).msg).toMatch(/超出个人上传空间限额/);
  expect(files()).toEqual(before);
  // Another user still has room; what fits still fits.
  expect((await send('/common/uploadFile', 'file', 'd.txt', Buffer.alloc(600 * 1024, 99), other)).code).toBe(200);
  expect((await send('/common/uploadFile', 'file', 'e.txt', Buffer.alloc(300 * 1024, 100), nobody)).code).toBe(200);
});

it('a replaced avatar frees its size; the total quota refuses when all users together would exceed it', async () => {
  await setConfig('sys.upload.userQuota', '2');
  // noRole1 holds 0.88 MB: two 0.5 MB avatars one after the other fit, as the first is replaced.
  expect((await send('/system/user/profile/avatar', 'avatarfile', 'me.png', png(MB / 2), nobody)).code).toBe(200);
  expect((await send('/system/user/profile/avatar', 'avatarfile', 'me.png', png(MB / 2), nobody)).code).toBe(200);
  expect((await send('/system/user/profile/avatar', 'avatarfile', 'me.png', png(MB / 2), nobody)).code).toBe(200);
  // In total 0.88 + 0.59 + 0.5 = 1.96 MB are kept; a total quota of 2 MB refuses 0.1 MB more.
  await setConfig('sys.upload.totalQuota', '2');
  const before = files();
  const refused = await send('/common/uploadFile', 'file', 'f.txt', Buffer.alloc(MB / 10, 101), other);
  expect(refused).toEqual({ code: 500, msg: '上传失败：超出系统上传空间总限额（已用 1.96MB，本次 0.1MB，限额 2MB）' });
  expect(files()).toEqual(before);
  // An invalid value falls back to the default (10240 MB).
  await setConfig('sys.upload.totalQuota', 'lots');
  expect((await send('/common/uploadFile', 'file', 'f.txt', Buffer.alloc(MB / 10, 101), other)).code).toBe(200);
});

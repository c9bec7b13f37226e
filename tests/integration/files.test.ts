/**
 * Uploads and downloads over REST (platform spec §5, §7; reference §2 Files): allowed and refused
 * extensions (nothing stored), stored names under UPLOAD_DIR/upload/yyyy/MM/dd, served files with
 * `?Authorization=`, `/common/download` and `/common/download/resource`, and every path-traversal
 * attempt refused (`..`, absolute, encoded, NUL, backslash, symlinks out of UPLOAD_DIR).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms, multipartPayload, TINY_PNG } from '../helpers/factories';
import { MOV, OLE, ooxml, SVG } from '../helpers/file-samples';
import { storeUpload } from '../../server/modules/common/file.service';
import { restRoutes } from '../../server/rest/routes';

let t: TestApp;
let admin: string;
let dir: string;
let outside: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-files-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
  t = await makeTestApp({ UPLOAD_DIR: dir });
  admin = await login(t.app);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const day = path.join('upload', '2026', '11', '22');
const stored = () => (fs.existsSync(path.join(dir, day)) ? fs.readdirSync(path.join(dir, day)).sort() : []);
const upload = async (url: string, filename: string, data: Buffer, token = admin) => {
  const { payload, headers } = multipartPayload({ file: { filename, data } });
  const res = await t.app.inject({ method: 'POST', url: `/caishui-api${url}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return res.json() as Record<string, any>;
};
const get = (url: string, token: string | null = admin) =>
  t.app.inject({ method: 'GET', url: `/caishui-api${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('uploads', () => {
  it('stores an image under upload/yyyy/MM/dd with a unique name and answers its names', async () => {
    const r = await upload('/common/upload', '发票 scan.png', TINY_PNG);
    expect(r).toMatchObject({ code: 200, msg: '操作成功', originalFilename: '发票 scan.png', oldFilename: '发票 scan.png' });
    expect(r.newFileName).toMatch(/^发票_scan_\d{14}[0-9a-f]{6}\.png$/);
    expect(r.fileName).toBe(`/profile/upload/2026/11/22/${r.newFileName}`);
    expect(r.url).toBe(`/caishui-api${r.fileName}`);
    expect(fs.readFileSync(path.join(dir, day, r.newFileName))).toEqual(TINY_PNG);
    const second = await upload('/common/upload', '发票 scan.png', TINY_PNG);
    expect(second.newFileName).not.toBe(r.newFileName);
  });

  it('serves a stored file with the token in the header or ?Authorization=, never without', async () => {
    const r = await upload('/common/upload', 'logo.png', TINY_PNG);
    const viaQuery = await get(`${r.fileName}?Authorization=${encodeURIComponent(`Bearer ${admin}`)}`, null);
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.headers['content-type']).toBe('image/png');
    expect(viaQuery.rawPayload).toEqual(TINY_PNG);
    expect((await get(r.fileName)).rawPayload.length).toBe(TINY_PNG.length);
    expect((await get(r.fileName, null)).json().code).toBe(401);
    const res = await get(`/common/download/resource?resource=${encodeURIComponent(r.fileName)}`);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${r.newFileName}`);
    expect(res.rawPayload).toEqual(TINY_PNG);
  });

  it('refuses other extensions and fake images with 文件格式不正确, storing nothing', async () => {
    const before = stored();
    for (const name of ['a.exe', 'a.svg', 'a.pdf', 'noext', 'a.png.sh']) {
      expect(await upload('/common/upload', name, TINY_PNG), name).toEqual({ code: 500, msg: '文件格式不正确' });
    }
    expect(await upload('/common/upload', 'fake.png', Buffer.from('<script>alert(1)</script>'))).toEqual({ code: 500, msg: '文件格式不正确' });
    expect(await upload('/common/uploadFile', 'run.sh', Buffer.from('rm -rf /'))).toEqual({ code: 500, msg: '文件格式不正确' });
    expect(await upload('/common/uploadFile', 'a.php', Buffer.from('<?php'))).toEqual({ code: 500, msg: '文件格式不正确' });
    expect((await upload('/common/upload', `${'x'.repeat(101)}.png`, TINY_PNG)).msg).toBe('上传的文件名最长100个字符');
    expect((await call(t.app, 'POST', '/common/upload', admin, { file: 'x' })).body).toEqual({ code: 500, msg: '上传文件不能为空' });
    expect(stored()).toEqual(before);
  });

  it('accepts the spec §5 document list (MOV included) and keeps path parts out of the name', async () => {
    const files: [string, Buffer][] = [['报表.xlsx', ooxml('xlsx')], ['clip.MOV', MOV], ['clip.mov', MOV], ['note.txt', Buffer.from('data')],
      ['deck.pptx', ooxml('pptx')], ['doc.wps', OLE], ['pic.svg', SVG]];
    for (const [name, data] of files) {
      expect((await upload('/common/uploadFile', name, data)).code, name).toBe(200);
    }
    const r = await upload('/common/uploadFile', '../../../evil.txt', Buffer.from('x'));
    expect(r.code).toBe(200);
    expect(r.newFileName).toMatch(/^evil_\d+[0-9a-f]+\.txt$/);
    expect(fs.existsSync(path.join(dir, day, r.newFileName))).toBe(true);
  });

  it('stores names with dot runs so that they download again (issue 11 §4)', async () => {
    for (const [name, stem] of [['report..final.txt', 'report.final'], ['季度...报表..v2.pdf', '季度.报表.v2'], ['a. .b.txt', 'a._.b']]) {
      const body = Buffer.from(`${name.endsWith('.pdf') ? '%PDF-1.4\n' : ''}bytes of ${name}`);
      const r = await upload('/common/uploadFile', name, body);
      expect(r.code, name).toBe(200);
      expect(r.originalFilename).toBe(name);
      expect(r.newFileName).toMatch(new RegExp(`^${stem.replace(/\./g, '\\.')}_\\d{14}[0-9a-f]{6}\\.${name.split('.').pop()}$`));
      expect(r.fileName).not.toContain('..');
      const served = await get(r.fileName);
      expect(served.statusCode, name).toBe(200);
      expect(served.rawPayload).toEqual(body);
      const viaResource = await get(`/common/download/resource?resource=${encodeURIComponent(r.fileName)}`);
      expect(viaResource.rawPayload).toEqual(body);
    }
  });

  it('refuses a file over the size limit', async () => {
    await expect(storeUpload(t.app.deps, { fieldname: 'file', filename: 'big.txt', mimetype: 'text/plain', data: Buffer.alloc(2048) }, 'file', 1024))
      .rejects.toThrow('上传的文件大小超出限制的文件大小！');
  });
});

describe('downloads', () => {
  it('sends download/<fileName> under a timestamped name and deletes it when asked', async () => {
    fs.mkdirSync(path.join(dir, 'download'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'download', 'a1b2_月报.xlsx'), 'xlsx-bytes');
    const res = await get(`/common/download?fileName=${encodeURIComponent('a1b2_月报.xlsx')}&delete=false`);
    expect(res.rawPayload.toString()).toBe('xlsx-bytes');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${t.clock.now()}月报.xlsx`));
    expect(fs.existsSync(path.join(dir, 'download', 'a1b2_月报.xlsx'))).toBe(true);
    await get(`/common/download?fileName=${encodeURIComponent('a1b2_月报.xlsx')}&delete=true`);
    expect(fs.existsSync(path.join(dir, 'download', 'a1b2_月报.xlsx'))).toBe(false);
    expect((await get('/common/download?fileName=gone.xlsx')).json()).toEqual({ code: 500, msg: '文件不存在' });
  });

  it('refuses traversal, absolute, encoded, NUL, backslash and disallowed names', async () => {
    const illegal = (name: string) => ({ code: 500, msg: `文件名称(${name})非法，不允许下载。` });
    const cases: [string, string][] = [
      ['../../etc/passwd', '../../etc/passwd'],
      ['..%2F..%2Fetc%2Fpasswd.txt', '../../etc/passwd.txt'],
      ['%2e%2e/%2e%2e/secret.txt', '../../secret.txt'],
      ['/etc/passwd', '/etc/passwd'],
      ['%2Fetc%2Fhosts.txt', '/etc/hosts.txt'],
      ['C:%5Cwindows%5Cwin.ini', 'C:\\windows\\win.ini'],
      ['..%5C..%5Csecret.txt', '..\\..\\secret.txt'],
      ['a%00.txt', 'a\0.txt'],
      ['run.sh', 'run.sh'],
      ['passwd', 'passwd'],
    ];
    for (const [query, name] of cases) {
      expect((await get(`/common/download?fileName=${query}`)).json(), query).toEqual(illegal(name));
    }
    // double-encoded dots stay literal text: no such file, nothing outside is read
    expect((await get('/common/download?fileName=%252e%252e%252fsecret.txt')).json()).toEqual({ code: 500, msg: '文件不存在' });
    expect((await get('/common/download')).json()).toEqual({ code: 500, msg: '文件名称不能为空' });
  });

  it('refuses resources outside /profile or with traversal, and served paths with traversal', async () => {
    const bad = (r: string) => ({ code: 500, msg: `资源文件(${r})非法，不允许下载。` });
    expect((await get('/common/download/resource?resource=/etc/passwd')).json()).toEqual(bad('/etc/passwd'));
    expect((await get('/common/download/resource?resource=/profile/../../etc/passwd.txt')).json()).toEqual(bad('/profile/../../etc/passwd.txt'));
    expect((await get('/common/download/resource?resource=/profile//etc/hosts.txt')).json()).toEqual(bad('/profile//etc/hosts.txt'));
    expect((await get(`/common/download/resource?resource=${encodeURIComponent(`/profile${outside}/secret.txt`)}`)).json().msg).toMatch(/非法|不存在/);
    for (const url of ['/profile/..%2F..%2Fetc%2Fpasswd', '/profile/upload/..%2F..%2F..%2Fsecret.txt', '/profile/upload/%00.png']) {
      expect((await get(url)).json(), url).toEqual({ code: 500, msg: expect.stringMatching(/非法，不允许下载。$/) });
    }
    // dot segments are resolved before routing: the request leaves /profile and finds no route
    for (const url of ['/profile/%2e%2e/%2e%2e/etc/passwd.txt', '/profile/../../etc/passwd.txt']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('root:');
    }
  });

  it('never follows a symlink out of UPLOAD_DIR', async () => {
    fs.mkdirSync(path.join(dir, 'upload'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'upload', 'link.txt'));
    fs.symlinkSync(outside, path.join(dir, 'upload', 'linkdir'));
    for (const url of ['/profile/upload/link.txt', '/profile/upload/linkdir/secret.txt', '/common/download/resource?resource=/profile/upload/linkdir/secret.txt']) {
      const res = await get(url);
      expect(res.json(), url).toEqual({ code: 500, msg: '文件不存在' });
    }
  });

  it('needs a session on every file row, and no permission string', async () => {
    await makeUserWithPerms(t.app, 'plain', []);
    const plain = await login(t.app, 'plain');
    expect((await upload('/common/upload', 'p.png', TINY_PNG, plain)).code).toBe(200);
    const rows = restRoutes.filter((r) => r.path.startsWith('/common') || r.path.startsWith('/profile'));
    expect(rows.length).toBe(5);
    for (const r of rows) {
      const res = await t.app.inject({ method: r.method, url: `/caishui-api${r.path.replace('*', 'upload/x.png')}?fileName=x.txt&resource=/profile/x.png` });
      expect(res.json().code, r.path).toBe(401);
    }
  });
});

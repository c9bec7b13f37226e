/**
 * Issue 41 §4 (second bullet): `POST /common/upload` takes RuoYi's DEFAULT_ALLOWED_EXTENSION list
 * (images, office files, text, archives, video, pdf), and both upload rows store a file only when
 * its bytes are of its extension's family (server/modules/common/file-content.ts): tiny synthetic
 * files of each family pass; a mismatch answers 文件格式不正确, stores nothing and leaves the
 * uploader's quota as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, type TestApp } from '../helpers/app';
import { multipartPayload, TINY_PNG } from '../helpers/factories';
import { hex, MOV, MP4, OLE, ooxml, pad, SAMPLES, SVG } from '../helpers/file-samples';
import { totalUploadBytes } from '../../server/modules/common/upload-quota.repo';

let t: TestApp;
let admin: string;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-content-'));
  t = await makeTestApp({ UPLOAD_DIR: dir });
  admin = await login(t.app);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const send = async (url: string, filename: string, data: Buffer) => {
  const { payload, headers } = multipartPayload({ file: { filename, data } });
  const res = await t.app.inject({ method: 'POST', url: `/caishui-api${url}`, payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
  return res.json() as Record<string, any>;
};
const storedFiles = (): string[] =>
  (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort() : []);

describe('POST /common/upload takes RuoYi DEFAULT_ALLOWED_EXTENSION, checked by content', () => {
  it('stores one real sample of each extension, serves its bytes back, and still refuses extensions outside the list', async () => {
    for (const [ext, data] of Object.entries(SAMPLES)) {
      const r = await send('/common/upload', `样例.${ext}`, data);
      expect(r.code, `${ext}: ${r.msg}`).toBe(200);
      expect(r.url).toMatch(new RegExp(`^/caishui-api/profile/upload/\\d{4}/\\d{2}/\\d{2}/样例_\\d{14}[0-9a-f]{6}\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url: r.url, headers: { authorization: `Bearer ${admin}` } });
      expect(served.rawPayload, ext).toEqual(data);
    }
    for (const name of ['a.exe', 'a.svg', 'a.mp3', 'a.wps', 'a.tiff', 'a.MOV', 'noext']) {
      expect(await send('/common/upload', name, SAMPLES.txt), name).toEqual({ code: 500, msg: '文件格式不正确' });
    }
  });

  it('takes GBK text, UTF-8 with a BOM, UTF-16 with a BOM and an empty .txt', async () => {
    const gbk = Buffer.from('c4e3bac3a3acb9abcbbe0d0a', 'hex'); // 你好，公司\r\n in GBK
    const bom8 = Buffer.concat([Buffer.from('efbbbf', 'hex'), Buffer.from('含BOM的文本')]);
    const utf16 = Buffer.concat([Buffer.from('fffe', 'hex'), Buffer.from('UTF-16 文本', 'utf16le')]);
    for (const [name, data] of [['gbk.txt', gbk], ['bom.txt', bom8], ['utf16.txt', utf16], ['empty.txt', Buffer.alloc(0)]] as const) {
      expect((await send('/common/upload', name, data)).code, name).toBe(200);
    }
  });

  it('refuses bytes of another family on both rows with 文件格式不正确, storing nothing and leaving the quota as it was', async () => {
    const exe = pad(Buffer.concat([Buffer.from('MZ'), Buffer.from('90000300000004000000ffff0000', 'hex')]), 200);
    const cases: [string, Buffer][] = [
      ['invoice.pdf', TINY_PNG], // a png called .pdf
      ['setup.docx', exe], // a program renamed .docx
      ['notes.txt', Buffer.from('line one\0line two')], // NUL bytes
      ['plain.docx', SAMPLES.zip], // a zip that is no Word document
      ['sheet.docx', ooxml('xlsx')], // a workbook called .docx
      ['deck.ppt', SAMPLES.pdf], // a pdf called .ppt
      ['movie.mp4', SAMPLES.avi],
      ['archive.rar', SAMPLES.zip],
      ['page.html', TINY_PNG],
      ['fake.png', Buffer.from('<script>alert(1)</script>')],
      ['control.txt', Buffer.from('bell\x07ring')],
    ];
    const files = storedFiles();
    const bytes = await totalUploadBytes(t.app.deps.store);
    for (const [name, data] of cases) {
      for (const row of ['/common/upload', '/common/uploadFile']) {
        expect(await send(row, name, data), `${row} ${name}`).toEqual({ code: 500, msg: '文件格式不正确' });
      }
    }
    expect(storedFiles()).toEqual(files);
    expect(await totalUploadBytes(t.app.deps.store)).toBe(bytes);
  });
});

describe('POST /common/uploadFile applies the same content rule to its longer list', () => {
  it('takes each family, svg as text with an <svg> element, the extras by their own signatures, and refuses their mismatches', async () => {
    const extras: [string, Buffer][] = [
      ['报表.xlsx', SAMPLES.xlsx], ['合同.docx', SAMPLES.docx], ['扫描.pdf', SAMPLES.pdf], ['说明.txt', SAMPLES.txt],
      ['logo.svg', SVG],
      ['scan.tiff', hex('49492a0008000000')], ['voice.mp3', hex('fffb9064', 400)], ['旧文档.wps', OLE],
      ['clip.MOV', MOV], ['clip.mov', MP4],
    ];
    for (const [name, data] of extras) expect((await send('/common/uploadFile', name, data)).code, name).toBe(200);
    const before = storedFiles();
    for (const [name, data] of [['a.svg', Buffer.from('just text')], ['a.tiff', TINY_PNG], ['a.wps', SAMPLES.docx], ['a.mp3', SAMPLES.txt]] as const) {
      expect(await send('/common/uploadFile', name, data), name).toEqual({ code: 500, msg: '文件格式不正确' });
    }
    expect(storedFiles()).toEqual(before);
  });
});

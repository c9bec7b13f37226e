/**
 * SEA asset extraction (issue 7) with an in-memory asset source: first start writes and marks
 * the folder, later starts reuse it, damaged or foreign folders are handled, bad assets refused.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPLETE_MARKER, MANIFEST_KEY, extractionFolderName, type SeaManifest } from './assets';
import { extractAssets, type AssetSource } from './extract';

const roots: string[] = [];
afterEach(() => { for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true }); });

function tmpRoot(): string {
  const r = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-extract-test-'));
  roots.push(r);
  return r;
}

function source(files: Record<string, string>, tamper?: string): AssetSource & { reads: number } {
  const entries: SeaManifest['files'] = {};
  const h = crypto.createHash('sha256');
  for (const [key, text] of Object.entries(files)) {
    const sha256 = crypto.createHash('sha256').update(text).digest('hex');
    entries[key] = { size: Buffer.byteLength(text), sha256 };
    h.update(`${key} ${sha256}\n`);
  }
  const manifest: SeaManifest = { name: 'caishui', version: '1.0.0', hash: h.digest('hex'), files: entries };
  const all: Record<string, string> = { ...files, [MANIFEST_KEY]: JSON.stringify(manifest) };
  if (tamper) all[tamper] = `${all[tamper]}!`;
  const src = {
    reads: 0,
    getRawAsset(key: string): ArrayBuffer {
      if (key !== MANIFEST_KEY) src.reads += 1;
      const b = Buffer.from(all[key]);
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;
    },
  };
  return src;
}

const FILES = {
  'better_sqlite3.node': 'addon bytes',
  'fonts/Comismsh.ttf': 'font',
  'resvg/index_bg.wasm': 'wasm',
  'web/index.html': '<!doctype html>',
  'web/assets/app.js': 'console.log(1)',
  'drizzle/0000_init.sql': 'CREATE TABLE t (id integer);',
  'drizzle/meta/_journal.json': '{"entries":[]}',
};

describe('extractAssets', () => {
  it('extracts once into <tmp>/caishui-<hash>/ with a .complete marker, then reuses the folder', () => {
    const root = tmpRoot();
    const src = source(FILES);
    const first = extractAssets(src, root);
    expect(first.extracted).toBe(true);
    expect(path.basename(first.dir)).toBe(extractionFolderName(first.manifest));
    expect(path.basename(first.dir)).toMatch(/^caishui-[0-9a-f]{16}$/);
    expect(fs.readFileSync(path.join(first.webDir, 'assets/app.js'), 'utf8')).toBe('console.log(1)');
    expect(fs.readFileSync(path.join(first.migrationsFolder, 'meta/_journal.json'), 'utf8')).toBe('{"entries":[]}');
    expect(fs.readFileSync(first.addonPath, 'utf8')).toBe('addon bytes');
    expect(fs.readFileSync(first.captchaFontPath, 'utf8')).toBe('font');
    expect(fs.readFileSync(first.resvgWasmPath, 'utf8')).toBe('wasm');
    expect(fs.readFileSync(path.join(first.dir, COMPLETE_MARKER), 'utf8').trim()).toBe(first.manifest.hash);
    expect(fs.statSync(first.dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(root)).toEqual([path.basename(first.dir)]); // no staging folder left

    const reads = src.reads;
    const second = extractAssets(src, root);
    expect(second).toMatchObject({ dir: first.dir, extracted: false });
    expect(src.reads).toBe(reads);
  });

  it('extracts again when a file went missing (a tmp cleaner) or the marker is absent', () => {
    const root = tmpRoot();
    const src = source(FILES);
    const first = extractAssets(src, root);
    fs.rmSync(path.join(first.webDir, 'index.html'));
    expect(extractAssets(src, root).extracted).toBe(true);
    expect(fs.existsSync(path.join(first.webDir, 'index.html'))).toBe(true);
    fs.rmSync(path.join(first.dir, COMPLETE_MARKER));
    expect(extractAssets(src, root)).toMatchObject({ dir: first.dir, extracted: true });
  });

  it('does not use a folder of that name that others may write to', () => {
    const root = tmpRoot();
    const src = source(FILES);
    const dir = path.join(root, extractionFolderName(JSON.parse(Buffer.from(src.getRawAsset(MANIFEST_KEY) as ArrayBuffer).toString())));
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o777);
    const got = extractAssets(src, root);
    expect(got.dir).toBe(`${dir}-u${process.getuid!()}`);
    expect(got.extracted).toBe(true);
  });

  it('refuses an asset that does not match the manifest and leaves nothing behind', () => {
    const root = tmpRoot();
    expect(() => extractAssets(source(FILES, 'web/index.html'), root)).toThrow('asset web/index.html does not match the manifest');
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('refuses manifest keys that leave the folder', () => {
    const root = tmpRoot();
    expect(() => extractAssets(source({ '../evil': 'x' }), root)).toThrow('bad asset key');
  });
});

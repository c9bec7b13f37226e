/**
 * Extraction of the single binary's SEA assets (issue 7, stack-notes §6 step 3).
 *
 * `extractAssets(source, tmpRoot)` makes sure `<tmpRoot>/caishui-<hash>/` holds every asset of
 * the manifest and returns its paths. The first start of a build writes the files into a private
 * staging folder (mode 0700), checks each against the manifest's sha256, writes `.complete` and
 * renames the staging folder into place (atomic; two processes starting at once both succeed, one
 * of them keeps the other's folder). Later starts only check that the folder is the current
 * user's, not writable by others, marked complete, and that every file still has its size (a tmp
 * cleaner may have removed files: then it extracts again).
 *
 * A folder of the same name that belongs to another user (a shared /tmp) is never used: the
 * files then go to `caishui-<hash>-u<uid>/` instead.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ADDON_KEY, SQLITE_MODULE_KEY, TODO_WORKER_KEY, CAPTCHA_FONT_KEY, RESVG_WASM_KEY, COMPLETE_MARKER, MANIFEST_KEY, MIGRATIONS_PREFIX, PG_MIGRATIONS_PREFIX, WEB_PREFIX,
  extractionFolderName, type SeaManifest,
} from './assets';

/** The part of `node:sea` extraction needs (tests pass a map). */
export interface AssetSource {
  getRawAsset(key: string): string | ArrayBuffer;
}

export interface ExtractedAssets {
  dir: string;
  /** true when this start wrote the files, false when a previous start had. */
  extracted: boolean;
  manifest: SeaManifest;
  addonPath: string;
  /** better-sqlite3's bundled JavaScript (for the checkpointer's worker thread). */
  sqliteModulePath: string;
  /** The to-do reader's bundled worker program. */
  todoWorkerPath: string;
  webDir: string;
  migrationsFolder: string;
  /** PostgreSQL's migrations (drizzle-pg/). */
  pgMigrationsFolder: string;
  captchaFontPath: string;
  /** @resvg/resvg-wasm's WebAssembly (the captcha's PNG rasteriser). */
  resvgWasmPath: string;
}

function bytesOf(raw: string | ArrayBuffer): Buffer {
  return typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw);
}

export function readManifest(source: AssetSource): SeaManifest {
  const manifest = JSON.parse(bytesOf(source.getRawAsset(MANIFEST_KEY)).toString('utf8')) as SeaManifest;
  if (manifest?.name !== 'caishui' || typeof manifest.hash !== 'string' || !manifest.files) throw new Error('the binary has no valid asset manifest');
  for (const key of Object.keys(manifest.files)) {
    if (path.isAbsolute(key) || key.split('/').includes('..')) throw new Error(`bad asset key in the manifest: ${key}`);
  }
  return manifest;
}

const getuid = () => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** A folder this user may trust: a real directory (no symlink) owned by us, writable only by us. */
function trusted(dir: string): boolean {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch {
    return false;
  }
  const uid = getuid();
  return st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0;
}

function complete(dir: string, manifest: SeaManifest): boolean {
  try {
    if (fs.readFileSync(path.join(dir, COMPLETE_MARKER), 'utf8').trim() !== manifest.hash) return false;
    return Object.entries(manifest.files).every(([key, f]) => fs.statSync(path.join(dir, key)).size === f.size);
  } catch {
    return false;
  }
}

function writeAll(source: AssetSource, manifest: SeaManifest, dir: string): void {
  for (const [key, f] of Object.entries(manifest.files)) {
    const bytes = bytesOf(source.getRawAsset(key));
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    if (bytes.length !== f.size || sha256 !== f.sha256) throw new Error(`asset ${key} does not match the manifest`);
    const file = path.join(dir, key);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, bytes, { mode: key === ADDON_KEY ? 0o700 : 0o600 });
  }
  fs.writeFileSync(path.join(dir, COMPLETE_MARKER), `${manifest.hash}\n`, { mode: 0o600 });
}

function result(dir: string, manifest: SeaManifest, extracted: boolean): ExtractedAssets {
  return {
    dir, extracted, manifest,
    addonPath: path.join(dir, ADDON_KEY),
    sqliteModulePath: path.join(dir, SQLITE_MODULE_KEY),
    todoWorkerPath: path.join(dir, TODO_WORKER_KEY),
    webDir: path.join(dir, WEB_PREFIX),
    migrationsFolder: path.join(dir, MIGRATIONS_PREFIX),
    pgMigrationsFolder: path.join(dir, PG_MIGRATIONS_PREFIX),
    captchaFontPath: path.join(dir, CAPTCHA_FONT_KEY),
    resvgWasmPath: path.join(dir, RESVG_WASM_KEY),
  };
}

/** See the file header. Throws when the files cannot be written (full or read-only tmp). */
export function extractAssets(source: AssetSource, tmpRoot: string, manifest = readManifest(source)): ExtractedAssets {
  const name = extractionFolderName(manifest);
  let dir = path.join(tmpRoot, name);
  if (fs.existsSync(dir) && !trusted(dir)) dir = path.join(tmpRoot, `${name}-u${getuid() ?? 'x'}`);
  if (trusted(dir) && complete(dir, manifest)) return result(dir, manifest, false);

  fs.mkdirSync(tmpRoot, { recursive: true });
  const staging = fs.mkdtempSync(path.join(tmpRoot, `${name}.staging-`));
  try {
    writeAll(source, manifest, staging);
    try {
      fs.renameSync(staging, dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
      // Another start finished first, or an incomplete/damaged folder of ours is in the way.
      if (trusted(dir) && complete(dir, manifest)) return result(dir, manifest, false);
      if (!trusted(dir)) throw new Error(`${dir} exists and is not this user's private folder`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(staging, dir);
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return result(dir, manifest, true);
}

/**
 * `npm run build:binary` (issue 7, stack-notes §6): builds `dist/caishui`, a Node single
 * executable application for the platform it runs on (Linux x64 is the supported target).
 *
 * Steps: `vite build` (the client into dist/client) → esbuild bundle of server/sea/entry.ts
 * (CJS, platform node, target node20; the LAZY_MODULES of server/sea/assets.ts each bundled
 * alone as an asset; the to-do reader's worker program as its own bundle) → SEA assets (client
 * files, drizzle migrations, better_sqlite3.node, the worker bundles, svg-captcha's font, the resvg
 * wasm that rasterises the captcha, the lazy modules, manifest.json) → `node
 * --experimental-sea-config` → copy of this node binary → postject. Prints the sizes and times.
 *
 *   npm run build:binary                 # everything
 *   tsx scripts/build-binary.ts --skip-client   # reuse an existing dist/client
 *
 * Work files go to dist/sea/. Fails (exit 1) on any error, including esbuild warnings about
 * `import.meta` or unresolved requires, which would break the binary at run time.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import {
  ADDON_KEY, SQLITE_MODULE_KEY, TODO_WORKER_KEY, CAPTCHA_FONT_GLOBAL, CAPTCHA_FONT_KEY, RESVG_WASM_KEY, LAZY_MODULES, LAZY_REQUIRE_GLOBAL, MANIFEST_KEY, MIGRATIONS_PREFIX, PG_MIGRATIONS_PREFIX, WEB_PREFIX,
  lazyModuleKey, type SeaManifest,
} from '../server/sea/assets';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BINARY = path.join(ROOT, 'dist', 'caishui');
const WORK = path.join(ROOT, 'dist', 'sea');
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** svg-captcha reads its font next to its sources at load time; the bundle reads the extracted one. */
const CAPTCHA_FONT_EXPR = "path.join(__dirname, '../fonts/Comismsh.ttf')";

export interface BuildResult {
  binary: string;
  bytes: number;
  ms: number;
  bundleBytes: number;
  assetBytes: number;
  assetCount: number;
}

function run(cmd: string, args: string[], label: string): void {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const noise = /Can't find string offset for section name|^\s*$|Unknown user config "nodedir"/;
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').filter((l) => !noise.test(l));
  if (r.status !== 0) {
    process.stderr.write(`${out.join('\n')}\n`);
    throw new Error(`${label} failed (exit ${r.status ?? r.signal})`);
  }
  console.log(`  ${label}: ${Math.round(performance.now() - t0)} ms`);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

/** The esbuild bundle of the SEA entry; returns its path. */
async function bundle(version: string): Promise<string> {
  const outfile = path.join(WORK, 'caishui.cjs');
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'server/sea/entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    legalComments: 'none',
    logLevel: 'silent',
    // The sources are ESM and use import.meta.url only for default paths the binary overrides.
    define: { 'import.meta.url': '__caishui_import_meta_url' },
    banner: { js: `"use strict";var __caishui_import_meta_url=require("node:url").pathToFileURL(__filename).href;/* caishui ${version} */` },
    plugins: [{
      // A dynamic import() of a LAZY_MODULES package becomes a require of its own asset file.
      name: 'sea-lazy-modules',
      setup(build) {
        const filter = new RegExp(`^(${LAZY_MODULES.map((m) => m.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
        build.onResolve({ filter }, (args) => {
          if (args.kind !== 'dynamic-import') {
            return { errors: [{ text: `${args.path} is in LAZY_MODULES (server/sea/assets.ts) but ${args.importer} imports it statically` }] };
          }
          return { path: args.path, namespace: 'sea-lazy' };
        });
        build.onLoad({ filter: /./, namespace: 'sea-lazy' }, (args) => ({
          contents: `module.exports = globalThis.${LAZY_REQUIRE_GLOBAL}(${JSON.stringify(lazyModuleKey(args.path))});`, loader: 'js',
        }));
      },
    }, {
      name: 'svg-captcha-font',
      setup(build) {
        build.onLoad({ filter: /svg-captcha[\\/]lib[\\/]option-manager\.js$/ }, (args) => {
          const src = fs.readFileSync(args.path, 'utf8');
          if (!src.includes(CAPTCHA_FONT_EXPR)) {
            return { errors: [{ text: `svg-captcha changed: ${CAPTCHA_FONT_EXPR} not found in ${args.path}; update scripts/build-binary.ts` }] };
          }
          return { contents: src.replace(CAPTCHA_FONT_EXPR, `(globalThis.${CAPTCHA_FONT_GLOBAL} || ${CAPTCHA_FONT_EXPR})`), loader: 'js' };
        });
      },
    }],
  });
  for (const w of result.warnings) console.warn(`  esbuild warning: ${w.text} (${w.location?.file ?? ''}:${w.location?.line ?? ''})`);
  const fatal = result.warnings.filter((w) => /import\.meta|require call|could not be resolved/i.test(w.text));
  if (fatal.length) throw new Error(`esbuild: ${fatal.length} warning(s) that break the binary`);
  fs.writeFileSync(outfile, asciiOnly(fs.readFileSync(outfile, 'utf8')));
  return outfile;
}

/**
 * `src` with every non-ASCII UTF-16 unit written as `\uXXXX`. esbuild's default `charset: 'ascii'`
 * escapes strings, templates, identifiers and comments but leaves regular expression literals as
 * UTF-8 (`/^部署失败: …/`, `/表$/`). One such character makes V8 hold the whole main script as a
 * two-byte string: the 10 MB bundle became a 19 MB string on the heap for the life of the process.
 * In a regular expression `\uXXXX` matches the same character (surrogate pairs included, with or
 * without the `u` flag); only the literal's `.source` spells it escaped.
 */
export function asciiOnly(src: string): string {
  return src.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * better-sqlite3's JavaScript as one CommonJS file (module.exports = Database) for the WAL
 * checkpointer's worker thread, which loads it from the extraction folder; returns its path.
 */
async function bundleSqliteModule(): Promise<string> {
  const outfile = path.join(WORK, SQLITE_MODULE_KEY);
  await esbuild.build({
    entryPoints: [createRequire(import.meta.url).resolve('better-sqlite3')],
    outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', minifyWhitespace: true, legalComments: 'none', logLevel: 'silent',
  });
  return outfile;
}

/**
 * The to-do reader's worker program (server/modules/flowable/task/todo-worker.ts) as one CommonJS file
 * with everything it imports (better-sqlite3's JavaScript too; its addon comes as workerData),
 * ASCII only like the main bundle; returns its path.
 */
async function bundleTodoWorker(): Promise<string> {
  const outfile = path.join(WORK, TODO_WORKER_KEY);
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'server/modules/flowable/task/todo-worker.ts')],
    outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', minifyWhitespace: true, minifySyntax: true, keepNames: true,
    legalComments: 'none', logLevel: 'silent', define: { 'import.meta.url': '__caishui_import_meta_url' },
    banner: { js: '"use strict";var __caishui_import_meta_url=require("node:url").pathToFileURL(__filename).href;' },
  });
  const fatal = result.warnings.filter((w) => /import\.meta|require call|could not be resolved/i.test(w.text));
  if (fatal.length) throw new Error(`esbuild (to-do worker): ${fatal.map((w) => w.text).join('; ')}`);
  fs.writeFileSync(outfile, asciiOnly(fs.readFileSync(outfile, 'utf8')));
  return outfile;
}

/** Each LAZY_MODULES package bundled alone as CommonJS (`module.exports = require(name)`); asset key → file. */
async function bundleLazyModules(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of LAZY_MODULES) {
    const outfile = path.join(WORK, lazyModuleKey(name));
    const result = await esbuild.build({
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: ROOT, loader: 'js' },
      outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', minifyWhitespace: true, minifySyntax: true, keepNames: true, legalComments: 'none', logLevel: 'silent',
    });
    const fatal = result.warnings.filter((w) => /import\.meta|require call|could not be resolved/i.test(w.text));
    if (fatal.length) throw new Error(`esbuild (${name}): ${fatal.map((w) => w.text).join('; ')}`);
    fs.writeFileSync(outfile, asciiOnly(fs.readFileSync(outfile, 'utf8')));
    out[lazyModuleKey(name)] = outfile;
  }
  return out;
}

/** Writes the asset files list and manifest; returns the sea-config `assets` map. */
function collectAssets(version: string, sqliteModule: string, todoWorker: string, lazyModules: Record<string, string>): { assets: Record<string, string>; bytes: number } {
  const assets: Record<string, string> = {};
  const clientDir = path.join(ROOT, 'dist', 'client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error('dist/client/index.html missing: run vite build');
  for (const f of filesUnder(clientDir)) assets[WEB_PREFIX + f] = path.join(clientDir, f);
  const drizzleDir = path.join(ROOT, 'drizzle');
  for (const f of filesUnder(drizzleDir)) {
    if (f.endsWith('.sql') || f === 'meta/_journal.json') assets[MIGRATIONS_PREFIX + f] = path.join(drizzleDir, f);
  }
  if (!assets[`${MIGRATIONS_PREFIX}meta/_journal.json`]) throw new Error('drizzle/meta/_journal.json missing');
  const pgDir = path.join(ROOT, 'drizzle-pg');
  for (const f of filesUnder(pgDir)) {
    if (f.endsWith('.sql') || f === 'meta/_journal.json') assets[PG_MIGRATIONS_PREFIX + f] = path.join(pgDir, f);
  }
  if (!assets[`${PG_MIGRATIONS_PREFIX}meta/_journal.json`]) throw new Error('drizzle-pg/meta/_journal.json missing');
  assets[ADDON_KEY] = path.join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  assets[SQLITE_MODULE_KEY] = sqliteModule;
  assets[TODO_WORKER_KEY] = todoWorker;
  assets[CAPTCHA_FONT_KEY] = path.join(ROOT, 'node_modules/svg-captcha/fonts/Comismsh.ttf');
  assets[RESVG_WASM_KEY] = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
  Object.assign(assets, lazyModules);

  const files: SeaManifest['files'] = {};
  let bytes = 0;
  const hash = crypto.createHash('sha256').update(`caishui ${version}\n`);
  for (const key of Object.keys(assets).sort()) {
    const data = fs.readFileSync(assets[key]);
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    files[key] = { size: data.length, sha256 };
    hash.update(`${key} ${data.length} ${sha256}\n`);
    bytes += data.length;
  }
  const manifest: SeaManifest = { name: 'caishui', version, hash: hash.digest('hex'), files };
  const manifestFile = path.join(WORK, MANIFEST_KEY);
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  return { assets: { ...assets, [MANIFEST_KEY]: manifestFile }, bytes };
}

export async function buildBinary(options: { skipClient?: boolean } = {}): Promise<BuildResult> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.warn(`  note: building for ${process.platform}-${process.arch}; only linux-x64 is tested`);
  }
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 12)) throw new Error(`Node ${process.versions.node}: SEA assets need Node >= 20.12`);
  if (!fs.readFileSync(process.execPath).includes(SEA_FUSE)) throw new Error(`${process.execPath} has no SEA fuse; use an official Node build`);

  const t0 = performance.now();
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  console.log(`building dist/caishui ${version} with node ${process.versions.node} (${process.platform}-${process.arch})`);

  if (!options.skipClient) run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], 'vite build');

  const tb = performance.now();
  const bundleFile = await bundle(version);
  const bundleBytes = fs.statSync(bundleFile).size;
  console.log(`  esbuild bundle: ${(bundleBytes / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - tb)} ms`);

  const { assets, bytes: assetBytes } = collectAssets(version, await bundleSqliteModule(), await bundleTodoWorker(), await bundleLazyModules());
  const blob = path.join(WORK, 'sea-prep.blob');
  const config = { main: bundleFile, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, useSnapshot: false, assets };
  const configFile = path.join(WORK, 'sea-config.json');
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  run(process.execPath, ['--experimental-sea-config', configFile], 'sea blob');

  const tmpBinary = path.join(WORK, 'caishui');
  fs.copyFileSync(process.execPath, tmpBinary);
  fs.chmodSync(tmpBinary, 0o755);
  run(process.execPath, [path.join(ROOT, 'node_modules/postject/dist/cli.js'), tmpBinary, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], 'postject');
  fs.renameSync(tmpBinary, BINARY);

  const bytes = fs.statSync(BINARY).size;
  const ms = Math.round(performance.now() - t0);
  console.log(`dist/caishui: ${(bytes / 1e6).toFixed(1)} MB (${Object.keys(assets).length} assets, ${(assetBytes / 1e6).toFixed(1)} MB), built in ${(ms / 1000).toFixed(1)} s`);
  return { binary: BINARY, bytes, ms, bundleBytes, assetBytes, assetCount: Object.keys(assets).length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildBinary({ skipClient: process.argv.includes('--skip-client') }).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

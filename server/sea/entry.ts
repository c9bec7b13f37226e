/**
 * Entry of the single binary (issue 7, stack-notes §6): esbuild bundles this file (CJS, no
 * top-level await) and `node --experimental-sea-config` embeds it. It runs the same CLI as
 * `tsx server/main.ts`; for the commands that touch the database or serve (not --help/--version)
 * it first:
 * 1. extracts the SEA assets once into `os.tmpdir()/caishui-<hash>/` (server/sea/extract.ts);
 * 2. points the bundled svg-captcha at the extracted font (before the app module is loaded), the
 *    captcha's PNG rasteriser at the extracted resvg wasm, and the bundle's lazy modules (server/sea/assets.ts `LAZY_MODULES`) at their extracted files;
 * 3. loads better-sqlite3's addon with `process.dlopen` and passes it as `nativeBinding`;
 * 4. hands the extracted web client and migrations folders to buildApp, and the extracted
 *    better-sqlite3 bundle and addon to the WAL checkpointer's worker thread.
 * Not meant to run outside a SEA build (it exits with a message).
 */
import './v8-flags';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as sea from 'node:sea';
import { performance } from 'node:perf_hooks';
import { runCli, type CliRuntime } from '../cli';
import { CAPTCHA_FONT_GLOBAL, LAZY_REQUIRE_GLOBAL, RESVG_WASM_GLOBAL } from './assets';
import { extractAssets } from './extract';

function prepare(): CliRuntime {
  const t0 = performance.now();
  const assets = extractAssets(sea, os.tmpdir());
  (globalThis as Record<string, unknown>)[CAPTCHA_FONT_GLOBAL] = assets.captchaFontPath;
  (globalThis as Record<string, unknown>)[RESVG_WASM_GLOBAL] = assets.resvgWasmPath;
  // The packages the build kept out of the main script (LAZY_MODULES), required on first use.
  const requireAsset = createRequire(path.join(assets.dir, 'lazy', 'index.cjs'));
  (globalThis as Record<string, unknown>)[LAZY_REQUIRE_GLOBAL] = (key: string) => requireAsset(path.join(assets.dir, key));
  const addon: { exports: unknown } = { exports: {} };
  try {
    process.dlopen(addon, assets.addonPath);
  } catch (err) {
    throw new Error(
      `cannot load ${assets.addonPath} (${(err as Error).message}). If ${os.tmpdir()} is mounted noexec, ` +
      'set TMPDIR to a folder on a filesystem that allows executables.',
    );
  }
  return {
    webDir: assets.webDir,
    migrationsFolder: assets.migrationsFolder,
    pgMigrationsFolder: assets.pgMigrationsFolder,
    nativeBinding: addon.exports,
    checkpointer: { modulePath: assets.sqliteModulePath, addonPath: assets.addonPath },
    todoReader: { scriptPath: assets.todoWorkerPath, addonPath: assets.addonPath },
    info: { assets: assets.dir, assetsExtracted: assets.extracted, assetsMs: Math.round(performance.now() - t0) },
  };
}

async function main(): Promise<void> {
  if (!sea.isSea()) {
    process.stderr.write('server/sea/entry.ts runs inside the single binary only; use `tsx server/main.ts`.\n');
    process.exit(1);
  }
  // In a single executable argv is [binary, binary, ...arguments].
  const code = await runCli(process.argv.slice(2), prepare);
  if (code !== undefined) process.exitCode = code;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

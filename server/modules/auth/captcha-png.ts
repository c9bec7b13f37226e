/**
 * The captcha as a raster image (issue 41 §2): RuoYi's Login.vue shows `"data:image/gif;base64,"
 * + img`; browsers sniff a PNG or JPEG behind that type but never decode SVG, so the SVG that
 * svg-captcha draws (glyphs as paths: no system font needed) is rasterised to PNG with
 * @resvg/resvg-wasm (resvg compiled to WebAssembly: no native addon, same bytes on every platform).
 *
 * The WebAssembly (~2.5 MB) is compiled once, on the first captcha, not at start: a server with
 * the captcha off never loads it. Its file comes from node_modules, or in the single binary from
 * the extracted SEA asset named by the global `RESVG_WASM_GLOBAL` (server/sea/assets.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { RESVG_WASM_GLOBAL } from '../../sea/assets';

let ready: Promise<void> | undefined;

/** Where the wasm file is: the single binary's extracted asset, else the package's own file. */
function wasmPath(): string {
  const extracted = (globalThis as Record<string, unknown>)[RESVG_WASM_GLOBAL];
  if (typeof extracted === 'string' && extracted) return extracted;
  return createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
}

/**
 * Keeps WebAssembly on V8's baseline compiler (Liftoff): optimising resvg's hot functions with
 * TurboFan grew the process by ~50 MB over a few hundred captchas (RSS 51 → 122 MB in a bare
 * process) for ~10 % less CPU per render (1.5 vs 1.7 ms); on Liftoff alone it stays at ~+22 MB,
 * which keeps the single binary under its 150 MB target with the captcha on. Set before the
 * first compile; this process compiles no other WebAssembly.
 */
function keepWasmOnBaselineTier(): void {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * Compiles and instantiates resvg's WebAssembly once per process; concurrent first callers share
 * one promise. A failure (file missing) is not remembered: the next call tries again.
 */
function ensureRenderer(): Promise<void> {
  if (!ready) keepWasmOnBaselineTier();
  ready ??= fs.promises.readFile(wasmPath()).then((bytes) => initWasm(bytes)).catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}

/**
 * `svg` (an SVG document whose text is drawn as paths) → PNG bytes at the SVG's own width and
 * height, no system fonts loaded. One 111×36 captcha: about 3 KB, about 1-2 ms of CPU once the
 * wasm is ready (the first call also compiles it: about 100 ms). Throws what resvg throws for SVG
 * it cannot parse.
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  await ensureRenderer();
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
  try {
    const image = resvg.render();
    try {
      return Buffer.from(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * What the single binary embeds as SEA assets and where it extracts them (issue 7, stack-notes
 * §6). Shared by the build (scripts/build-binary.ts) and the runtime (server/sea/extract.ts).
 *
 * Asset keys (also the paths below the extraction folder):
 * - `manifest.json`: `SeaManifest`, the list of every other key with its size and sha256;
 * - `better_sqlite3.node`: better-sqlite3's native addon, loaded with `process.dlopen`;
 * - `better-sqlite3.cjs`: better-sqlite3's JavaScript, bundled, for the WAL checkpointer's worker
 *   thread (server/db/checkpointer.ts), which cannot reach the modules inside the main bundle;
 * - `todo-worker.cjs`: the to-do reader's worker program (server/modules/flowable/task/todo-worker.ts),
 *   bundled with what it imports, better-sqlite3's JavaScript included (the addon is passed in);
 * - `fonts/Comismsh.ttf`: svg-captcha's font (svg-captcha reads it when it is first loaded);
 * - `resvg/index_bg.wasm`: @resvg/resvg-wasm's WebAssembly, which rasterises the captcha to PNG
 *   (read on the first captcha, server/modules/auth/captcha-png.ts);
 * - `lazy/<name>.cjs`: the packages of `LAZY_MODULES`, each bundled alone (CommonJS), required from
 *   the extraction folder on their first dynamic `import()` instead of living in the main script;
 * - `web/<path>`: the Vite build of the client (dist/client);
 * - `drizzle/<file>.sql`, `drizzle/meta/_journal.json`: the migrations;
 * - `drizzle-pg/<file>.sql`, `drizzle-pg/meta/_journal.json`: PostgreSQL's (`caishui copy`, issue 43).
 */

export const MANIFEST_KEY = 'manifest.json';
export const ADDON_KEY = 'better_sqlite3.node';
export const SQLITE_MODULE_KEY = 'better-sqlite3.cjs';
export const TODO_WORKER_KEY = 'todo-worker.cjs';
export const CAPTCHA_FONT_KEY = 'fonts/Comismsh.ttf';
export const RESVG_WASM_KEY = 'resvg/index_bg.wasm';
export const WEB_PREFIX = 'web/';
export const MIGRATIONS_PREFIX = 'drizzle/';
export const PG_MIGRATIONS_PREFIX = 'drizzle-pg/';
/** Written last into a fully extracted folder; holds the manifest hash. */
export const COMPLETE_MARKER = '.complete';

/**
 * The global the bundled svg-captcha reads its font path from (the build rewrites svg-captcha's
 * `path.join(__dirname, '../fonts/Comismsh.ttf')` to prefer it). Set before the app is loaded.
 */
export const CAPTCHA_FONT_GLOBAL = '__CAISHUI_CAPTCHA_FONT__';

/**
 * The global holding the path of the extracted `RESVG_WASM_KEY` file in the single binary (set by
 * server/sea/entry.ts); unset, the captcha rasteriser reads the wasm from node_modules.
 */
export const RESVG_WASM_GLOBAL = '__CAISHUI_RESVG_WASM__';

/**
 * Packages the server only ever loads with a dynamic `import()` (code generator, create table,
 * Excel) and that are large: the build leaves them out of the main script and embeds each as the
 * asset `lazyModuleKey(name)` (issue 15). The main script's source stays on the V8 heap and its
 * pages in the binary stay resident for the life of the process; these ~5 MB are read only when
 * first used. A static import of one of them fails the build; `import type` is fine.
 */
export const LAZY_MODULES = ['node-sql-parser', 'prettier/standalone', 'prettier/plugins/typescript', 'prettier/plugins/estree', 'exceljs'] as const;

export const lazyModuleKey = (name: string): string => `lazy/${name.replace(/\//g, '__')}.cjs`;

/** The global through which the bundle requires a lazy module: `(assetKey) => module.exports`. Set by server/sea/entry.ts. */
export const LAZY_REQUIRE_GLOBAL = '__CAISHUI_LAZY_REQUIRE__';

export interface SeaManifest {
  name: 'caishui';
  version: string;
  /** sha256 (hex) over the version and every file's key, size and sha256: names the folder. */
  hash: string;
  files: Record<string, { size: number; sha256: string }>;
}

/** The extraction folder's name for a manifest: `caishui-<first 16 hex digits of its hash>`. */
export function extractionFolderName(manifest: Pick<SeaManifest, 'hash'>): string {
  return `caishui-${manifest.hash.slice(0, 16)}`;
}

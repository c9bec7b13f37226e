/**
 * The code generator's manifest (issue 38 §2 "keep a manifest of what it wrote"): one JSON file
 * under the project root, `server/modules/generated.manifest.json`, beside the registry the
 * generator owns. It lists every file 生成代码 wrote (project-relative, '/'-separated) with the
 * module key `<module>.<business>` that wrote it ('*' for the two registries, which every module
 * shares) and every folder it created. gen-write.ts lets a write replace only files listed here
 * for the same module and put module folders only where none exists or the generator made one.
 * Not a database table: the files live with the checkout, and a copied project keeps its record.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../core/errors';

/** Project-relative path of the manifest. */
export const MANIFEST_PATH = 'server/modules/generated.manifest.json';
/** Owner of a file every generated module shares (the registries). */
export const SHARED_OWNER = '*';

/** What the generator wrote: file → owner key, and the folders it created. */
export interface GenManifest {
  files: Map<string, string>;
  dirs: Set<string>;
}

const MANIFEST_BROKEN = `代码生成清单格式错误：${MANIFEST_PATH}`;

const isStringRecord = (v: unknown): v is Record<string, string> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/**
 * Reads the manifest under `rootReal` (the project root, symlinks resolved). A missing file is
 * an empty manifest (nothing is the generator's yet). Errors (500): 代码生成清单格式错误：<path>
 * when it is not `{version: 1, files: {path: owner}, dirs: [path]}` (nothing is written then).
 */
export function readManifest(rootReal: string): GenManifest {
  let text: string;
  try {
    text = fs.readFileSync(path.join(rootReal, MANIFEST_PATH), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { files: new Map(), dirs: new Set() };
    throw new AppError('internal', MANIFEST_BROKEN);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError('internal', MANIFEST_BROKEN);
  }
  const d = data as { version?: unknown; files?: unknown; dirs?: unknown };
  if (!d || d.version !== 1 || !isStringRecord(d.files) || !Array.isArray(d.dirs) || !d.dirs.every((x) => typeof x === 'string')) {
    throw new AppError('internal', MANIFEST_BROKEN);
  }
  return { files: new Map(Object.entries(d.files)), dirs: new Set(d.dirs as string[]) };
}

/**
 * Writes `m` under `rootReal` (sorted, so the file changes only with its content), through a
 * temporary file renamed into place. Errors: the file system's (the caller hides their paths).
 */
export function writeManifest(rootReal: string, m: GenManifest): void {
  const target = path.join(rootReal, MANIFEST_PATH);
  const files = Object.fromEntries([...m.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const text = `${JSON.stringify({ version: 1, files, dirs: [...m.dirs].sort() }, null, 2)}\n`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, target);
}

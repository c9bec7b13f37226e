/**
 * 生成代码 to a path (reference §2 `GET /tool/gen/genCode/{tableName}` "write to configured path";
 * issue 38 §2 "the code generator overwrites the product's own source"). Rules, all checked
 * before anything is written:
 * - Only the admin user or a holder of the admin role writes (gen-admin.ts, as 创建表).
 * - 生成路径 holds no control character, stays inside PROJECT_ROOT (also through symlinks), never
 *   lies in or passes `.git` or `node_modules` (any case), passes no symlink inside the project,
 *   and is the project root, a folder not there yet, a folder the generator created, or an empty one.
 * - Each file lies in a generator area below 生成路径: a module folder of `server/modules`,
 *   `client/src/routes` or `shared/schemas` (`<area>/<folder>/…`), a single file of
 *   `tests/integration`, or the registry (server/modules/generated.ts). A module folder
 *   that exists must be one the generator created; an existing file must be one it wrote for the
 *   same `<module>.<business>` (the registry: any module; at the project root it is the
 *   generator's by design). What it writes and creates is recorded in gen-manifest.ts.
 * Errors never carry server paths: file-system failures answer 生成代码失败：无法写入生成路径.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { GEN_PATH_LABEL } from '../../../../shared/schemas/tool/gen';
import { controlCharsMessage, isOneLine } from '../../../../shared/schemas/text';
import { requireGenAdmin } from './gen-admin';
import { MANIFEST_PATH, readManifest, SHARED_OWNER, writeManifest, type GenManifest } from './gen-manifest';
import { renderChain, tableByName } from './gen-output';
import { REGISTRY_PATHS } from './templates';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'env'>;

/** The write path's messages (issue 38 §2); paths in them are project-relative. */
export const GEN_WRITE_MSG = {
  outsideRoot: '生成路径不能超出项目目录',
  controlChars: controlCharsMessage(GEN_PATH_LABEL),
  protectedDir: '生成路径不能位于 .git 或 node_modules 目录',
  symlink: (rel: string) => `生成路径不能经过符号链接：${rel}`,
  base: (rel: string) => `生成路径必须是项目根目录、新目录或代码生成器创建的目录：${rel}`,
  outsideArea: (rel: string) => `生成代码只能写入生成模块的目录：${rel}`,
  foreignFolder: (rel: string) => `生成代码不能写入已有的非生成模块目录：${rel}`,
  foreignFile: (rel: string) => `生成代码不能覆盖非代码生成器创建的文件：${rel}`,
  writeFailed: '生成代码失败：无法写入生成路径',
} as const;

/** Folders whose sub-folders are module folders (templates/naming.ts: server dir, client views, schemas). */
const MODULE_AREAS = ['server/modules', 'client/src/routes', 'shared/schemas'];
/** Folders holding one file per module (templates/naming.ts: the module's test; its REST rows are on its procedures). */
const FILE_AREAS = ['tests/integration'];
const PROTECTED = new Set(['.git', 'node_modules']);

/** A path the write rules refuse (the messages above). */
const refusal = (msg: string) => new AppError('refused', msg);
const join = (...parts: string[]) => parts.filter(Boolean).join('/');
const within = (root: string, p: string) => {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};
/** lstat of `p`, or undefined when it is missing or cannot be (a parent that is a file). */
const lstat = (p: string) => {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
};

/**
 * Whether `target` stays under `rootReal` both as written and once its deepest existing part
 * (which may be the target itself, or a dangling symlink) is resolved through symlinks.
 */
function staysInside(rootReal: string, rootGiven: string, target: string): boolean {
  if (!within(rootReal, target) && !within(rootGiven, target)) return false;
  for (let probe = target; ; probe = path.dirname(probe)) {
    if (lstat(probe)) {
      try {
        return within(rootReal, fs.realpathSync(probe));
      } catch {
        return false;
      }
    }
    if (path.dirname(probe) === probe) return false;
  }
}

/** Refuses a project-relative path with a `.git` or `node_modules` part, in any case. */
function refuseProtected(rel: string): void {
  if (rel.split('/').some((part) => PROTECTED.has(part.toLowerCase()))) throw refusal(GEN_WRITE_MSG.protectedDir);
}

/**
 * Walks `rel` (relative to `from`, whose project-relative path is `fromRel`) part by part: an
 * existing part that is a symlink is refused; an existing part before the last must be a folder
 * (`notDir` gives the error). Returns the project-relative paths of the folders that are missing
 * (to be created), and whether the last part exists.
 */
function walk(from: string, fromRel: string, rel: string, lastIsFile: boolean, notDir: (rel: string) => AppError): { missing: string[]; exists: boolean } {
  const parts = rel === '' ? [] : rel.split('/');
  const missing: string[] = [];
  let exists = true;
  parts.forEach((_part, i) => {
    const sub = parts.slice(0, i + 1).join('/');
    const st = exists ? lstat(path.join(from, sub)) : undefined;
    if (!st) {
      exists = false;
      if (!(lastIsFile && i === parts.length - 1)) missing.push(join(fromRel, sub));
      return;
    }
    if (st.isSymbolicLink()) throw refusal(GEN_WRITE_MSG.symlink(join(fromRel, sub)));
    const isLast = i === parts.length - 1;
    if ((!isLast || !lastIsFile) && !st.isDirectory()) throw notDir(join(fromRel, sub));
    if (isLast && lastIsFile && !st.isFile()) throw refusal(GEN_WRITE_MSG.foreignFile(join(fromRel, sub)));
  });
  return { missing, exists: exists && parts.length > 0 };
}

/** A planned write: project-relative path, content and owner recorded in the manifest. */
interface Planned { rel: string; target: string; content: string; owner: string }

/**
 * Checks one rendered file `relInBase` (relative to the base folder `base`, project-relative
 * `baseRel`) against the area, folder and ownership rules; adds the folders to create to `dirs`.
 */
function planFile(base: string, baseRel: string, relInBase: string, key: string, manifest: GenManifest, dirs: Set<string>): { rel: string; owner: string } {
  const rel = join(baseRel, relInBase);
  refuseProtected(rel);
  if (relInBase.toLowerCase() === MANIFEST_PATH) throw refusal(GEN_WRITE_MSG.foreignFile(rel));
  const isRegistry = (Object.values(REGISTRY_PATHS) as string[]).includes(relInBase);
  if (!isRegistry) {
    const below = (area: string) => (relInBase.startsWith(`${area}/`) ? relInBase.slice(area.length + 1).split('/') : []);
    const moduleArea = MODULE_AREAS.find((a) => below(a).length >= 2);
    if (!moduleArea && !FILE_AREAS.some((a) => below(a).length === 1)) throw refusal(GEN_WRITE_MSG.outsideArea(rel));
    if (moduleArea) {
      // the module folder, `<area>/<folder>`: new, or one the generator created
      const folder = `${moduleArea}/${below(moduleArea)[0]}`;
      const st = walk(base, baseRel, folder, false, (r) => refusal(GEN_WRITE_MSG.foreignFolder(r)));
      if (st.exists && !manifest.dirs.has(join(baseRel, folder))) throw refusal(GEN_WRITE_MSG.foreignFolder(join(baseRel, folder)));
    }
  }
  const { missing, exists } = walk(base, baseRel, relInBase, true, (r) => refusal(GEN_WRITE_MSG.foreignFolder(r)));
  const owner = isRegistry ? SHARED_OWNER : key;
  const mayReplace = manifest.files.get(rel) === owner || (isRegistry && baseRel === '');
  if (exists && !mayReplace) throw refusal(GEN_WRITE_MSG.foreignFile(rel));
  for (const d of missing) dirs.add(d);
  return { rel, owner };
}

/**
 * The base folder of 生成路径 as project-relative path, checked: control characters, outside the
 * project, `.git`/`node_modules`, symlinks, and an existing folder that is neither the root, the
 * generator's nor empty. Adds the folders to create (or an empty one adopted) to `dirs`.
 */
function planBase(rootReal: string, rootGiven: string, given: string, manifest: GenManifest, dirs: Set<string>): string {
  if (!isOneLine(given)) throw refusal(GEN_WRITE_MSG.controlChars);
  const genPath = given.trim();
  const base = genPath === '' || genPath === '/' ? rootReal : path.isAbsolute(genPath) ? path.resolve(genPath) : path.resolve(rootReal, genPath);
  if (!staysInside(rootReal, rootGiven, base)) throw refusal(GEN_WRITE_MSG.outsideRoot);
  const baseRel = path.relative(within(rootReal, base) ? rootReal : rootGiven, base).split(path.sep).join('/');
  if (baseRel === '') return '';
  refuseProtected(baseRel);
  const { missing, exists } = walk(rootReal, '', baseRel, false, (r) => refusal(GEN_WRITE_MSG.base(r)));
  if (exists && !manifest.dirs.has(baseRel)) {
    if (fs.readdirSync(path.join(rootReal, baseRel)).length > 0) throw refusal(GEN_WRITE_MSG.base(baseRel));
    dirs.add(baseRel);
  }
  for (const d of missing) dirs.add(d);
  return baseRel;
}

/**
 * `GET /tool/gen/genCode/{tableName}`: writes the table's files under PROJECT_ROOT/genPath ('/'
 * is the project root; a relative genPath is below it; an absolute one must lie inside it), by
 * the rules of this file's header, and records them in the manifest. Returns `{files}` relative
 * to the project root. Errors: 403 没有权限，请联系管理员授权 (not admin); 500 表<name>尚未导入,
 * the GEN_WRITE_MSG messages, the templates' 生成代码失败：…; 代码生成清单格式错误：….
 */
export async function genToPath(deps: Deps, login: Pick<LoginUser, 'userId' | 'roleKeys'>, tableName: string): Promise<{ files: string[] }> {
  requireGenAdmin(login);
  const t = await tableByName(deps.store, tableName);
  if (!isOneLine(t.genPath ?? '')) throw refusal(GEN_WRITE_MSG.controlChars);
  try {
    const rootGiven = path.resolve(deps.env.PROJECT_ROOT);
    const rootReal = fs.realpathSync(rootGiven);
    if (!fs.statSync(rootReal).isDirectory()) throw new AppError('internal', GEN_WRITE_MSG.writeFailed);
    // Checked once before rendering (a bad path answers at once) and again with the files.
    planBase(rootReal, rootGiven, t.genPath ?? '', readManifest(rootReal), new Set());
    const files = await renderChain(deps, [t]);
    const manifest = readManifest(rootReal);
    const dirs = new Set<string>();
    const baseRel = planBase(rootReal, rootGiven, t.genPath ?? '', manifest, dirs);
    const base = path.join(rootReal, baseRel);
    const key = `${t.moduleName}.${t.businessName}`;
    const planned: Planned[] = files.map((f) => {
      const target = path.resolve(base, f.path);
      if (path.isAbsolute(f.path) || !staysInside(rootReal, rootGiven, target)) throw refusal(GEN_WRITE_MSG.outsideRoot);
      const { rel, owner } = planFile(base, baseRel, path.relative(base, target).split(path.sep).join('/'), key, manifest, dirs);
      return { rel, target, content: f.content, owner };
    });
    walk(rootReal, '', MANIFEST_PATH, true, (r) => refusal(GEN_WRITE_MSG.foreignFolder(r)));
    for (const p of planned) manifest.files.set(p.rel, p.owner);
    for (const d of dirs) manifest.dirs.add(d);
    writeManifest(rootReal, manifest);
    for (const p of planned) {
      fs.mkdirSync(path.dirname(p.target), { recursive: true });
      fs.writeFileSync(p.target, p.content);
    }
    return { files: planned.map((p) => p.rel) };
  } catch (e) {
    // File-system errors name absolute paths: answer without them (issue 38 §2).
    throw e instanceof AppError ? e : new AppError('internal', GEN_WRITE_MSG.writeFailed);
  }
}

/**
 * The registry the generator re-emits (issue 14; issue 42 "the code generator appends to that
 * list"): `server/modules/generated.ts`, `generatedDomains`, one domain manifest
 * (modules/manifest.ts) per generated module name, with its routers (`<module>.<business>.*`; the
 * REST rows are on the procedures, `.meta({ rest })`) and install steps; server/modules/index.ts
 * lists them after the built-in domains. Each business is listed by import lines that end with a
 * marker comment `// gen:<module>.<business>`; `parse*` reads those lines back, `emit*` writes the
 * whole file from the entries, sorted by key, so the output depends only on the set of modules.
 */
import type { GenTableModel } from '../gen-model';
import { importPath, namesOf } from './naming';

/** One module listed in the registries. */
export interface RegistryEntry {
  /** `biz.customer`. */
  key: string;
  moduleName: string;
  businessName: string;
  /** Export name and import path (from server/modules/generated.ts) of the router. */
  router: { name: string; alias: string; from: string };
  install: { name: string; alias: string; from: string };
}

const MODULES_FILE = 'server/modules/generated.ts';

/** Marked import lines: `import { a as b } from './x'; // gen:m.b` (Prettier may wrap the braces). */
const MARKED = /import\s*\{\s*(\w+)(?:\s+as\s+(\w+))?\s*,?\s*\}\s*from\s*'([^']+)';\s*\/\/\s*gen:(\w+)\.(\w+)/g;

interface Marked { name: string; alias: string; from: string; moduleName: string; businessName: string }

function marked(text: string | null): Marked[] {
  if (!text) return [];
  return [...text.matchAll(MARKED)].map((m) => ({ name: m[1], alias: m[2] ?? m[1], from: m[3], moduleName: m[4], businessName: m[5] }));
}

/**
 * The modules listed in the current registry text (null = file absent). Errors: a module with a
 * router but no install step, i.e. a hand-edited registry.
 */
export function parseRegistries(modules: string | null): RegistryEntry[] {
  const byKey = new Map<string, Partial<RegistryEntry> & { key: string; moduleName: string; businessName: string }>();
  const entry = (m: Marked) => {
    const key = `${m.moduleName}.${m.businessName}`;
    if (!byKey.has(key)) byKey.set(key, { key, moduleName: m.moduleName, businessName: m.businessName });
    return byKey.get(key)!;
  };
  for (const m of marked(modules)) {
    const e = entry(m);
    if (m.name.endsWith('Router')) e.router = { name: m.name, alias: m.alias, from: m.from };
    else if (m.name.endsWith('Install')) e.install = { name: m.name, alias: m.alias, from: m.from };
    else throw new Error(`无法识别的生成模块导入: ${m.name} (gen:${e.key})`);
  }
  return [...byKey.values()].map((e) => {
    if (!e.router || !e.install) throw new Error(`生成模块登记不完整: ${e.key}（${MODULES_FILE}）`);
    return e as RegistryEntry;
  }).sort(byKeyOrder);
}

const byKeyOrder = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The registry entry of a model. */
export function entryOf(model: GenTableModel): RegistryEntry {
  const n = namesOf(model);
  return {
    key: n.key,
    moduleName: n.moduleName,
    businessName: n.businessName,
    router: { name: n.routerConst, alias: n.routerAlias, from: importPath(MODULES_FILE, n.routerFile) },
    install: { name: n.installConst, alias: n.installAlias, from: importPath(MODULES_FILE, n.installFile) },
  };
}

/** `entries` with `entry` added, or replacing the entry of the same key; sorted. */
export function withEntry(entries: RegistryEntry[], entry: RegistryEntry): RegistryEntry[] {
  return [...entries.filter((e) => e.key !== entry.key), entry].sort(byKeyOrder);
}

const spec = (x: { name: string; alias: string }) => (x.name === x.alias ? x.name : `${x.name} as ${x.alias}`);

/** The whole `server/modules/generated.ts` for `entries` (unformatted): one manifest per module name. */
export function emitModulesRegistry(entries: RegistryEntry[]): string {
  const sortedEntries = [...entries].sort(byKeyOrder);
  const imports = sortedEntries.flatMap((e) => [
    `import { ${spec(e.router)} } from '${e.router.from}'; // gen:${e.key}`,
    `import { ${spec(e.install)} } from '${e.install.from}'; // gen:${e.key}`,
  ]);
  const modules = [...new Set(sortedEntries.map((e) => e.moduleName))];
  const domains = modules.map((m) => {
    const mine = sortedEntries.filter((e) => e.moduleName === m);
    const inner = mine.map((e) => `${e.businessName}: ${e.router.alias}`);
    return `defineDomain({ name: '${m}', routers: { ${m}: router({ ${inner.join(', ')} }) }, installs: [${mine.map((e) => e.install.alias).join(', ')}] })`;
  });
  return `/**
 * Modules written by the code generator (issue 14; tool/gen). The generator owns this file: when
 * it writes a module it re-emits the file from the modules already listed here plus the new one
 * (\`server/modules/tool/gen/templates/registry.ts\`), so keep hand edits out of it. Each module
 * name is one domain (modules/manifest.ts), listed after the built-in ones by
 * server/modules/index.ts: its tRPC routers (served at \`<module>.<business>.*\`, their REST rows on
 * their procedures) and its install steps (table and menu, run once per database by
 * \`runModuleInstalls\`).
 */
${entries.length ? `import { router } from '../trpc/init';\nimport { defineDomain } from './manifest';\n` : ''}${imports.join('\n')}

/** The generated domains, one per module name, sorted (appended to server/modules/index.ts's list). */
export const generatedDomains = [${domains.join(', ')}] as const;
`;
}

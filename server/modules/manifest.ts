/**
 * The domain manifest (issue 42 "A domain manifest per domain"): what one domain of server/modules
 * brings to the app, in one place, `server/modules/<domain>/index.ts`. The ordered list of the
 * manifests is server/modules/index.ts (`domains`, the built-in ones then the code generator's,
 * server/modules/generated.ts); the composition root iterates it:
 * - server/trpc/router.ts merges every manifest's `routers` into the app router (`routersOf`),
 *   and the REST adapter walks that router for the rows on its procedures (`.meta({ rest })`,
 *   server/rest/table.ts), so a domain's REST rows come with its routers;
 * - server/app.ts (buildApp) seeds the database with the manifests' `listeners`
 *   (`seedListenersOf`), runs their `installs` (`installsOf`) and registers their
 *   `engineHandlers` with the engine (`engineHandlersOf`).
 */
import type { AnyRouter } from '@trpc/server';
import type { Db } from '../db/client';
import type { Store } from '../db/store/port';
import type { SeedListener } from '../db/seed';
import type { EngineHandlers } from '../engine';
import type { ModuleInstall } from './tool/gen/module-install';

/** A domain's routers, by their top-level key in the app router (`auth`, `system`, …). */
export type DomainRouters = Record<string, AnyRouter>;

/**
 * One domain: its routers (top-level keys of the app router; two domains never share a key, so a
 * domain that serves procedures under another's key, as flowable serves `system.deployment`,
 * hands that router to the owner of the key, which lists it), and optionally the install steps
 * run at every boot (`runModuleInstalls`, modules/tool/gen/module-install.ts: the generated
 * modules' tables and menus), the handlers it registers with the workflow engine (built over the
 * app's store) and the listener library rows of a new database (server/db/seed).
 */
export interface DomainManifest<R extends DomainRouters = DomainRouters> {
  /** The domain's folder under server/modules (`auth`, `flowable`, or a generated module's name). */
  name: string;
  routers: R;
  installs?: readonly ModuleInstall[];
  engineHandlers?: (store: Store<Db>) => EngineHandlers;
  listeners?: readonly SeedListener[];
}

/** `manifest` as given, its routers' exact types kept (so the app router's type names every procedure). */
export const defineDomain = <const R extends DomainRouters>(manifest: DomainManifest<R>): DomainManifest<R> => manifest;

/** The routers of a tuple of manifests, one object type (the intersection of their records, flattened). */
export type RoutersOf<T extends readonly DomainManifest[]> = Flatten<IntersectRouters<T>>;
type IntersectRouters<T extends readonly DomainManifest[]> =
  T extends readonly [infer H extends DomainManifest, ...infer Rest extends readonly DomainManifest[]] ? H['routers'] & IntersectRouters<Rest> : unknown;
type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * Every manifest's routers in one record, in the list's order (the app router's input).
 * Errors: throws `路由键重复: <key>（<domain> 与 <domain>）` when two domains contribute the same
 * top-level key (a merge would silently drop one of them).
 */
export function routersOf<const T extends readonly DomainManifest[]>(domains: T): RoutersOf<T> {
  const merged: Record<string, AnyRouter> = {};
  const owner = new Map<string, string>();
  for (const d of domains) {
    for (const [key, r] of Object.entries(d.routers)) {
      if (owner.has(key)) throw new Error(`路由键重复: ${key}（${owner.get(key)} 与 ${d.name}）`);
      owner.set(key, d.name);
      merged[key] = r;
    }
  }
  return merged as RoutersOf<T>;
}

/** The install steps of every manifest, in the list's order (buildApp runs them after the seed). */
export function installsOf(domains: readonly DomainManifest[]): ModuleInstall[] {
  return domains.flatMap((d) => d.installs ?? []);
}

/** The listener library rows of a new database (流程监听), in the list's order. */
export function seedListenersOf(domains: readonly DomainManifest[]): SeedListener[] {
  return domains.flatMap((d) => d.listeners ?? []);
}

/**
 * The engine's handlers over `store` (SQLite or PostgreSQL): one domain's as it builds them; several domains' merged
 * (listeners, beans and services by name; at most one `usersOfGroups`). Errors: a name
 * registered by two domains, or two `usersOfGroups`, throws (a boot error naming it).
 */
export function engineHandlersOf(domains: readonly DomainManifest[], store: Store<Db>): EngineHandlers {
  const all = domains.flatMap((d) => (d.engineHandlers ? [d.engineHandlers(store)] : []));
  if (all.length <= 1) return all[0] ?? {};
  const byName = <V>(part: 'listeners' | 'beans' | 'services') => {
    const out: Record<string, V> = {};
    for (const h of all) {
      for (const [name, v] of Object.entries((h[part] ?? {}) as Record<string, V>)) {
        if (name in out) throw new Error(`流程处理器重复注册: ${part}.${name}`);
        out[name] = v;
      }
    }
    return out;
  };
  const groups = all.flatMap((h) => (h.usersOfGroups ? [h.usersOfGroups] : []));
  if (groups.length > 1) throw new Error('流程处理器重复注册: usersOfGroups');
  return { listeners: byName('listeners'), beans: byName('beans'), services: byName('services'), usersOfGroups: groups[0] };
}

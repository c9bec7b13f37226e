/**
 * The REST adapter's table (design.md "Rules that keep this picture true"), derived from the
 * procedures: each procedure says under which REST paths it is served in its meta
 * (`.meta({ rest: { method, path, … } })`, core/rest-meta.ts; issue 42, as documenso derives its
 * REST surface from its procedures). `restRoutesOf` walks a router's procedures and returns one
 * row per REST meta, carrying the procedure itself: no row names a procedure by string.
 */
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { ProcedureMeta } from '../trpc/init';
import type { RestMeta } from '../core/rest-meta';

export type { Envelope, HttpMethod, InputSource, RestMeta } from '../core/rest-meta';
/** The file shapes live in core so services need not import this transport; re-exported here. */
export type { FileReply, UploadedFile } from '../core/files';

/** One REST row with the procedure it serves: its dotted path (as tRPC and the operation log name it) and the procedure. */
export interface RestRoute extends RestMeta {
  /** Dotted tRPC path of the procedure, e.g. `system.user.list` (its operation-log `method`). */
  procedure: string;
  /** The procedure the row calls (./invoke.ts runs its middleware chain). */
  target: AnyProcedure;
}

/** The first segment of a REST path (`/flowable/expression/list` → `flowable`). */
const headOf = (path: string) => path.split('/')[1] ?? '';

/**
 * Every REST row of `router`'s procedures, in the router's procedure order (then the order of a
 * procedure's rows). Throws when two rows claim the same method and path (Fastify would refuse
 * the second at registration anyway; this names both procedures).
 *
 * A procedure mounted at several dotted paths (the expression and listener libraries are both
 * `flowable.expression.*` and `system.expression.*`: modules/flowable/flowable.router.ts) serves
 * its rows once, under the path whose first segment is the REST path's first segment
 * (`/flowable/expression/list` → `flowable.expression.list`), else under its first path. That path
 * is what its middlewares see (the operation log's `method`), as when rows named it by string.
 */
export function restRoutesOf(router: AnyRouter): RestRoute[] {
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  const pathsOf = new Map<AnyProcedure, string[]>();
  for (const [dotted, procedure] of Object.entries(procedures)) {
    const paths = pathsOf.get(procedure);
    if (paths) paths.push(dotted);
    else pathsOf.set(procedure, [dotted]);
  }
  const rows: RestRoute[] = [];
  const seen = new Map<string, string>();
  for (const [target, paths] of pathsOf) {
    const rest = (target._def.meta as ProcedureMeta | undefined)?.rest;
    if (!rest) continue;
    for (const meta of Array.isArray(rest) ? rest : [rest]) {
      const procedure = paths.find((p) => p.split('.')[0] === headOf(meta.path)) ?? paths[0];
      for (const { method, path } of [meta, ...(meta.aliases ?? [])]) {
        const key = `${method} ${path}`;
        const other = seen.get(key);
        if (other) throw new Error(`REST row ${key} is claimed by ${other} and ${procedure}`);
        seen.set(key, procedure);
      }
      rows.push({ ...meta, procedure, target });
    }
  }
  return rows;
}

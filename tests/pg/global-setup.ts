/**
 * The PostgreSQL test tiers' global setup (vitest projects `pg`, `workflow-pg`, `integration-pg`,
 * `integration-pg:mocked`, `cluster`; issues 43 and 44): ONE throwaway cluster per vitest run
 * (scripts/pg-cluster.ts), shared by every project of the run that asks for it (`npm test` runs
 * them all in one `vitest run`), stopped when the last of them tears down. Tests get its URL with
 * `inject('pgUrl')` and a database of their own with tests/pg/fresh-db.ts freshDatabase().
 *
 * The teardown stops the server without a checkpoint and leaves the folder (several GB after a
 * tier) to a detached `rm -rf`, so the run does not wait ~10 s for the removal.
 *
 * Without PostgreSQL binaries the run fails with pgBinDir()'s message (apt-get install -y
 * postgresql, or set PG_BIN): the tiers are asked for by name, so a missing server is an error,
 * never a skip.
 */
import type { TestProject } from 'vitest/node';
import { pgBinDir, startPgCluster, type PgCluster } from '../../scripts/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://caishui@127.0.0.1:<port>/caishui`, the run's cluster (role caishui, trust auth). */
    pgUrl: string;
  }
}

/** The run's cluster and how many projects hold it; on globalThis, so every project's copy of this module sees one. */
const SHARED = Symbol.for('caishui.test.pgCluster');
type Holder = { [SHARED]?: { cluster: Promise<PgCluster>; users: number } };

export default async function setup(project: TestProject): Promise<() => void> {
  pgBinDir();
  const holder = globalThis as Holder;
  const shared = (holder[SHARED] ??= { cluster: startPgCluster(), users: 0 });
  shared.users++;
  const cluster = await shared.cluster;
  project.provide('pgUrl', cluster.url);
  return () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    cluster.stop({ immediate: true, background: true });
  };
}

/**
 * The PostgreSQL test tier's global setup (vitest project `pg`, issue 43): ONE throwaway cluster per
 * run (scripts/pg-cluster.ts), stopped and removed in the teardown. Tests get its URL with
 * `inject('pgUrl')` and a database of their own with tests/pg/fresh-db.ts freshDatabase().
 *
 * Without PostgreSQL binaries the run fails with pgBinDir()'s message (apt-get install -y
 * postgresql, or set PG_BIN): the tier is asked for by name, so a missing server is an error, never
 * a skip.
 */
import type { TestProject } from 'vitest/node';
import { pgBinDir, startPgCluster } from '../../scripts/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://caishui@127.0.0.1:<port>/caishui`, the run's cluster (role caishui, trust auth). */
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  pgBinDir();
  const cluster = await startPgCluster();
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}

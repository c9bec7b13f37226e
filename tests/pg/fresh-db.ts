/**
 * A database of its own for a PostgreSQL test (issue 43's test tier): on the run's cluster
 * (tests/pg/global-setup.ts, `inject('pgUrl')`), connecting to its `postgres` database as the
 * cluster's admin role `caishui`, `CREATE DATABASE <unique name> OWNER caishui`. The cluster is
 * thrown away after the run, so databases are not dropped.
 */
import pg from 'pg';
import { inject } from 'vitest';

let created = 0;

/**
 * Creates an empty database and returns its URL (`postgres://caishui@127.0.0.1:<port>/<name>`).
 * `prefix` (lower-case letters, digits, _) starts the name; the rest (process id, a counter, the
 * time) keeps names unique across files and workers. `options.template`: the name of a database
 * to copy instead (`CREATE DATABASE … TEMPLATE <name>`; e.g. one migrated once, so each test's
 * database is a fast file copy; nobody may be connected to it meanwhile).
 *
 * Errors: a bad prefix or template name; the server's error when CREATE DATABASE fails.
 */
export async function freshDatabase(prefix = 'test', options: { template?: string } = {}): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,30}$/.test(prefix)) throw new Error(`database prefix ${prefix}: lower-case letters, digits and _ only`);
  if (options.template !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.template)) throw new Error(`template database ${options.template}: lower-case letters, digits and _ only`);
  const name = `${prefix}_${process.pid}_${++created}_${Date.now().toString(36)}`;
  const admin = new URL(inject('pgUrl'));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} OWNER caishui${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

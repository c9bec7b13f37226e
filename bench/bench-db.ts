/**
 * The database a bench runs over (issue 43 "Done means": both benches also run on PostgreSQL).
 * `BENCH_DB` picks it: unset or `sqlite`, the benches' own SQLite files (nothing here is used);
 * `postgres` (or `pg`, `postgresql`), a PostgreSQL server:
 * - by default a throwaway cluster (scripts/pg-cluster.ts `startPgCluster`: fsync,
 *   synchronous_commit and full_page_writes off; `BENCH_PG_DURABLE=1` keeps them on), stopped and
 *   removed by `stop` (or `stopNow` from a signal handler);
 * - with `BENCH_DATABASE_URL=postgres://…`, that server: each run gets its own database created
 *   through that URL (`bench_…`, its role needs CREATEDB) and dropped by `stop`; when the server
 *   refuses CREATE DATABASE, every run uses the URL's database itself (a note says so).
 * `seedUsersPg` is http-helpers.ts `seedUsers` for PostgreSQL: the same rows, one transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startPgCluster, type PgCluster } from '../scripts/pg-cluster';

export type BenchDbKind = 'sqlite' | 'postgres';

/** BENCH_DB read: 'sqlite' (default) or 'postgres'. Error: any other value. */
export function benchDbKind(): BenchDbKind {
  const v = (process.env.BENCH_DB ?? '').trim().toLowerCase();
  if (v === '' || v === 'sqlite') return 'sqlite';
  if (v === 'postgres' || v === 'pg' || v === 'postgresql') return 'postgres';
  throw new Error(`BENCH_DB=${process.env.BENCH_DB}: sqlite (default) or postgres`);
}

/** The PostgreSQL server of a bench run. */
export interface PgBench {
  /** `PostgreSQL 16.4, throwaway cluster (fsync=off, …)` or `…, BENCH_DATABASE_URL <host:port>`. */
  describe: string;
  /** A new empty database (see the module comment); its URL. */
  freshDatabase(prefix: string): Promise<string>;
  /** Bytes of the database `url` names (pg_database_size). */
  databaseBytes(url: string): Promise<number>;
  /**
   * CPU seconds (user + system) the throwaway cluster's processes have used so far (the
   * postmaster, its live children and the children it has reaped), from /proc; null over
   * BENCH_DATABASE_URL (another machine's processes, perhaps).
   */
  serverCpuSeconds(): number | null;
  /** Drops the databases it created (BENCH_DATABASE_URL) or stops and removes the cluster. Idempotent. */
  stop(): Promise<string>;
  /** Synchronous `stop` for signal handlers: stops the cluster; created databases are left. */
  stopNow(): void;
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return (await client.query(sql)).rows as T[]; } finally { await client.end(); }
}

/** CPU seconds of `pid` from /proc/<pid>/stat: utime + stime (+ cutime + cstime when `reaped`). */
function procCpu(fields: string[], reaped: boolean): number {
  const n = (i: number) => Number(fields[i]);
  return (n(11) + n(12) + (reaped ? n(13) + n(14) : 0)) / 100;
}

/** The postmaster's and its children's CPU seconds (see PgBench.serverCpuSeconds). */
function clusterCpuSeconds(postmaster: number): number {
  let total = 0;
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    let fields: string[];
    try { fields = fs.readFileSync(`/proc/${e}/stat`, 'utf8').split(') ')[1].split(' '); } catch { continue; }
    if (Number(e) === postmaster) total += procCpu(fields, true);
    else if (Number(fields[1]) === postmaster) total += procCpu(fields, false);
  }
  return total;
}

/** Starts the run's PostgreSQL (see the module comment). Errors: the cluster or the server's. */
export async function startPgBench(): Promise<PgBench> {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  let cluster: PgCluster | undefined;
  let adminUrl: string;
  let where: string;
  if (given) {
    adminUrl = given;
    const u = new URL(given);
    where = `BENCH_DATABASE_URL ${u.host}${u.pathname}`;
  } else {
    const durable = process.env.BENCH_PG_DURABLE === '1';
    cluster = await startPgCluster({ durable });
    adminUrl = cluster.url;
    where = `throwaway cluster on 127.0.0.1:${cluster.port} (${durable ? 'fsync and synchronous_commit on' : 'fsync=off, synchronous_commit=off, full_page_writes=off'})`;
  }
  const postmaster = cluster ? Number(fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) : 0;
  let version = '?';
  try {
    version = (await query<{ server_version: string }>(adminUrl, 'SHOW server_version'))[0].server_version.split(' ')[0];
  } catch (err) {
    cluster?.stop();
    throw err;
  }
  const created: string[] = [];
  let shared = false, count = 0, stopped = false;
  const bench: PgBench = {
    describe: `PostgreSQL ${version}, ${where}`,
    async freshDatabase(prefix) {
      if (shared) return adminUrl;
      const name = `${prefix}_${process.pid}_${++count}`;
      if (cluster) return cluster.createDatabase(name);
      try {
        await query(adminUrl, `CREATE DATABASE ${name}`);
      } catch (err) {
        shared = true;
        console.log(`  (BENCH_DATABASE_URL: CREATE DATABASE refused (${(err as Error).message}); every run uses its database itself, whose rows accumulate)`);
        return adminUrl;
      }
      created.push(name);
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      return u.toString();
    },
    async databaseBytes(url) {
      return Number((await query<{ bytes: string }>(url, 'SELECT pg_database_size(current_database()) AS bytes'))[0].bytes);
    },
    serverCpuSeconds: () => (cluster ? clusterCpuSeconds(postmaster) : null),
    async stop() {
      if (stopped) return 'PostgreSQL already stopped';
      stopped = true;
      if (cluster) {
        cluster.stop();
        return `PostgreSQL cluster stopped, ${cluster.dir} removed`;
      }
      const left: string[] = [];
      for (const name of created) {
        try { await query(adminUrl, `DROP DATABASE IF EXISTS ${name}`); } catch (err) { left.push(`${name} (${(err as Error).message})`); }
      }
      return `dropped ${created.length - left.length} database(s)${left.length ? `; not dropped: ${left.join(', ')}` : ''}`;
    },
    stopNow() {
      if (!stopped && cluster) { stopped = true; cluster.stop(); }
    },
  };
  return bench;
}

/**
 * Inserts `n` users (`bench_u0001`…, dept 103) into the PostgreSQL database `url` in one
 * transaction, the rows http-helpers.ts `seedUsers` writes into a SQLite file, while the server
 * runs. Returns how many sys_user rows there are afterwards.
 */
export async function seedUsersPg(url: string, n: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await client.query('BEGIN');
    for (let i = 1; i <= n; i++) {
      const id = String(i).padStart(4, '0');
      await client.query({
        name: 'bench-seed-user',
        text: `INSERT INTO sys_user (dept_id, user_name, nick_name, email, phonenumber, sex, status, del_flag, create_by, create_time, remark)
          VALUES (103, $1, $2, $3, $4, $5, '0', '0', 'bench', $6, 'bench:http')`,
        values: [`bench_u${id}`, `压测用户${id}`, `bench${id}@example.com`, `139${String(i).padStart(8, '0')}`, String(i % 2), now],
      });
    }
    await client.query('COMMIT');
    return Number((await client.query('SELECT count(*) AS n FROM sys_user')).rows[0].n);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * A throwaway PostgreSQL cluster (issue 43 "How it starts"): Debian's `postgresql` binaries, a new
 * data folder under the OS temp folder, listening on 127.0.0.1 and a unix socket inside that folder,
 * trust authentication for the role `caishui`, and one database `caishui`. For `npm run pg:dev`
 * (scripts/pg-dev.ts) and the PostgreSQL test tier (tests/pg/global-setup.ts); never for a real
 * install (fsync is off unless `durable`).
 *
 * Run as root (CI, these machines), the server refuses to start, so initdb and pg_ctl run as the
 * `postgres` user (`runuser -u postgres`) and the folder is handed to it.
 *
 * Errors: throws with the tool's output when no PostgreSQL binaries are found (install with
 * `apt-get install -y postgresql`), or initdb / pg_ctl / CREATE DATABASE fail.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface PgCluster {
  /** `postgres://caishui@127.0.0.1:<port>/caishui` */
  url: string;
  port: number;
  /** The cluster's folder (data, socket, log). */
  dir: string;
  /** A new empty database owned by `caishui`; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /**
   * Stops the server and removes the folder. Default: a fast shutdown (clients cut, a final
   * checkpoint), the folder removed before it returns. `immediate`: no checkpoint (the data is
   * thrown away anyway); `background`: the folder is removed by a detached `rm -rf` that outlives
   * this process, so a test run does not wait for it (a tier's folder reaches several GB: 9–11 s
   * of removal).
   */
  stop(options?: { immediate?: boolean; background?: boolean }): void;
}

export interface PgClusterOptions {
  port?: number;
  /** Keep fsync and synchronous_commit on (default off: a throwaway cluster). */
  durable?: boolean;
  /** Parent of the cluster's folder (default the OS temp folder). */
  parent?: string;
}

/** The folder of initdb / pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin, else `pg_config --bindir`. */
export function pgBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length) return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (r.status === 0 && fs.existsSync(path.join(r.stdout.trim(), 'initdb'))) return r.stdout.trim();
  throw new Error('no PostgreSQL server binaries found (apt-get install -y postgresql, or set PG_BIN)');
}

/** Runs a PostgreSQL tool, as `postgres` when this process is root. */
function runTool(bin: string, tool: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  try {
    return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${tool} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** Starts a new cluster; see the module comment. */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  const dir = fs.mkdtempSync(path.join(options.parent ?? os.tmpdir(), 'caishui-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const port = options.port ?? await freePort();
  let started = false;
  const stop = (how: { immediate?: boolean; background?: boolean } = {}) => {
    if (started) {
      started = false;
      try { runTool(bin, 'pg_ctl', ['-D', data, '-m', how.immediate ? 'immediate' : 'fast', '-w', 'stop']); } catch { /* already stopped */ }
    }
    const remove = () => fs.rmSync(dir, { recursive: true, force: true });
    // No `rm` to spawn: removed here after all (an unhandled 'error' would take the test run down).
    if (how.background) spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).on('error', remove).unref();
    else remove();
  };
  try {
    runTool(bin, 'initdb', ['-D', data, '-U', 'caishui', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const settings = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
    if (!options.durable) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
    runTool(bin, 'pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', settings.join(' '), 'start']);
    started = true;
    const admin = `postgres://caishui@127.0.0.1:${port}/postgres`;
    const createDatabase = async (name: string) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: lower-case letters, digits and _ only`);
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try { await client.query(`CREATE DATABASE ${name} OWNER caishui`); } finally { await client.end(); }
      return `postgres://caishui@127.0.0.1:${port}/${name}`;
    };
    const url = await createDatabase('caishui');
    return { url, port, dir, createDatabase, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

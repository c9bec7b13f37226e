/**
 * Helpers of `npm run bench:http` (bench/http.bench.ts, issue 15): child processes (the app as
 * `npm start` runs it, the bare Fastify route), free ports, readiness polling, RSS from /proc,
 * seeding users straight into the SQLite file, and the login page's gzip JavaScript weight.
 * Nothing here measures throughput; the load itself is autocannon's, driven from the bench.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
export { freePort } from '../scripts/free-port';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A spawned node process: its output lines (kept for error messages) and a promise of its exit. */
export interface Child {
  name: string;
  proc: ChildProcess;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  gone: () => boolean;
}

/** Every child still running, killed with SIGKILL if the bench fails half-way. */
export const children = new Set<Child>();

/**
 * Runs a bench's `main` and exits with its code; a throw kills every child still running
 * (`children`), prints `<label> FAILED (broken request flow): <stack>` and exits 1.
 */
export function runBench(label: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      for (const c of children) c.proc.kill('SIGKILL');
      console.error(`\n${label} FAILED (broken request flow): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    },
  );
}

/**
 * The Node flags `npm start` gives the server: those between `tsx` and `server/main.ts` in
 * package.json's `start` script (e.g. `--v8-pool-size=1`), read from there so the bench runs
 * what users run (`root`: another checkout's, for bench/compare.ts). Error: when the script no
 * longer has that shape.
 */
export function startScriptNodeFlags(root = ROOT): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const m = /\btsx((?:\s+--[\w-]+(?:=\S+)?)*)\s+server\/main\.ts\b/.exec(pkg.scripts.start);
  if (!m) throw new Error(`package.json start script not understood: ${pkg.scripts.start}`);
  return m[1].trim().split(/\s+/).filter(Boolean);
}

/**
 * Runs `node <flags> --import tsx <script>` from the project root (or `cwd`: another checkout), so
 * the child's pid is the node process that serves (no npx / tsx wrapper in between: its
 * /proc/<pid>/status is the server's memory). `flags`: Node flags before the script (the bench
 * gives both servers `npm start`'s).
 */
export function startNode(name: string, script: string, env: Record<string, string>, flags: string[] = [], cwd = ROOT): Child {
  return startProcess(name, process.execPath, [...flags, '--import', 'tsx', script], { ...process.env, ...env }, cwd);
}

/** Spawns `command args` in `cwd` (default the project root) with exactly `env`; output kept as lines. */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Child {
  const proc = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (prefix: string) => (d: Buffer) => {
    for (const l of d.toString('utf8').split('\n')) if (l.trim()) lines.push(prefix + l);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  proc.stdout!.on('data', keep(''));
  proc.stderr!.on('data', keep('[stderr] '));
  let isGone = false;
  const child: Child = {
    name, proc, lines, gone: () => isGone,
    exited: new Promise((resolve) => proc.once('exit', (code, signal) => {
      isGone = true;
      children.delete(child);
      resolve({ code, signal });
    })),
  };
  children.add(child);
  return child;
}

/** Polls `url` until it answers 200 (and `ok(text)`), the child exits, or `timeoutMs` passes. */
export async function waitReady(child: Child, url: string, timeoutMs = 60_000, ok: (body: string) => boolean = () => true): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (child.gone()) throw new Error(`${child.name} exited before it was ready:\n${child.lines.join('\n')}`);
    if (performance.now() - t0 > timeoutMs) throw new Error(`${child.name} not ready after ${timeoutMs / 1000} s:\n${child.lines.join('\n')}`);
    try {
      const res = await fetch(url);
      if (res.status === 200 && ok(await res.text())) return performance.now() - t0;
    } catch { /* not listening yet */ }
    await sleep(50);
  }
}

/** SIGTERM, then up to 15 s for a graceful exit, then SIGKILL. Resolves with how it ended. */
export async function stopChild(child: Child): Promise<string> {
  if (child.gone()) return 'already exited';
  child.proc.kill('SIGTERM');
  const r = await Promise.race([child.exited, sleep(15_000).then(() => undefined)]);
  if (r) return r.signal ? `signal ${r.signal}` : `exit ${r.code}`;
  child.proc.kill('SIGKILL');
  await child.exited;
  return 'SIGKILL after 15 s';
}

/** Resident set size (VmRSS) of `pid` in MB (1 MB = 2^20 bytes), from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for pid ${pid}`);
  return kb / 1024;
}

/** CPU time (user + system, all threads) `pid` has used so far, in seconds, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/**
 * CPU time (user + system) of one thread `tid` of process `pid` (default its main thread, whose id
 * is the pid: the server's request thread), in seconds, from /proc/<pid>/task/<tid>/stat.
 */
export function threadCpuSeconds(pid: number, tid = pid): number {
  const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Peak resident set size (VmHWM) of `pid` in MB, from /proc/<pid>/status. */
export function hwmMb(pid: number): number {
  return Number(/^VmHWM:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/**
 * Inserts `n` users (`bench_u0001`…) in dept 103 (研发部门, seeded) into the live database file in
 * one transaction, as another process sharing the file would (WAL mode: the server keeps serving).
 * Returns how many sys_user rows there are afterwards.
 */
export function seedUsers(file: string, n: number): number {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const insert = db.prepare(`INSERT INTO sys_user (dept_id, user_name, nick_name, email, phonenumber, sex, status, del_flag, create_by, create_time, remark)
      VALUES (103, ?, ?, ?, ?, ?, '0', '0', 'bench', ?, 'bench:http')`);
    db.transaction(() => {
      for (let i = 1; i <= n; i++) {
        const id = String(i).padStart(4, '0');
        insert.run(`bench_u${id}`, `压测用户${id}`, `bench${id}@example.com`, `139${String(i).padStart(8, '0')}`, String(i % 2), now);
      }
    })();
    return Number(db.prepare('SELECT count(*) FROM sys_user').pluck().get());
  } finally {
    db.close();
  }
}

/** Newest modification time (ms) of any file under `p` (a file or a folder), 0 if missing. */
export function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) max = Math.max(max, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return max;
}

export interface PageWeight {
  /** Where the built client came from. */
  source: string;
  /** Entry script(s) + `<link rel="modulepreload">` files of index.html: [file, gzip bytes]. */
  statics: [string, number][];
  /** The lazy `Login` route chunk and the chunks it maps to that are not already static. */
  lazy: [string, number][];
}

/**
 * The login page's JavaScript, gzip level 9 per file. Uses dist/client when it is newer than every
 * file under client/, shared/ and vite.config.ts; otherwise builds the client into `tmpDir`
 * (`vite build --outDir`, dist/ is left alone). Static part: what index.html loads (entry scripts
 * and modulepreloads). Lazy part: the router loads the Login page with `import()`, so a browser
 * also fetches `Login-*.js` and the dependencies Vite's `__vite__mapDeps` lists for that import.
 */
export function loginPageWeight(tmpDir: string): PageWeight {
  let dir = path.join(ROOT, 'dist', 'client');
  const html = path.join(dir, 'index.html');
  const srcNewest = Math.max(newestMtime(path.join(ROOT, 'client')), newestMtime(path.join(ROOT, 'shared')), newestMtime(path.join(ROOT, 'vite.config.ts')));
  let source = 'dist/client (up to date)';
  if (!fs.existsSync(html) || fs.statSync(html).mtimeMs < srcNewest) {
    dir = path.join(tmpDir, 'client');
    const r = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
    source = `fresh vite build in the temp folder (dist/client ${fs.existsSync(html) ? 'older than the sources' : 'missing'})`;
  }
  const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const toFile = (url: string) => url.replace(/^\/caishui\//, '').replace(/^\.?\//, '');
  const gz = (rel: string): [string, number] => [path.basename(rel), gzipSync(fs.readFileSync(path.join(dir, rel)), { level: 9 }).length];
  const urls = [
    ...[...index.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...index.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  const statics = [...new Set(urls.map(toFile))].map(gz);
  const lazy: [string, number][] = [];
  const entry = urls[0] ? toFile(urls[0]) : '';
  const entrySrc = entry ? fs.readFileSync(path.join(dir, entry), 'utf8') : '';
  const list = /__vite__mapDeps=\([^)]*m\.f=(\[[^\]]*\])/.exec(entrySrc)?.[1];
  const call = /import\(`\.\/(Login-[\w-]+\.js)`\),__vite__mapDeps\(\[([\d,]*)\]\)/.exec(entrySrc)
    ?? /import\(["']\.\/(Login-[\w-]+\.js)["']\),__vite__mapDeps\(\[([\d,]*)\]\)/.exec(entrySrc);
  if (list && call) {
    const deps = (JSON.parse(list) as string[]);
    const have = new Set(statics.map(([f]) => f));
    const files = [`assets/${call[1]}`, ...call[2].split(',').filter(Boolean).map((i) => deps[Number(i)])];
    for (const f of files) {
      if (!f || !f.endsWith('.js') || have.has(path.basename(f))) continue;
      have.add(path.basename(f));
      lazy.push(gz(f));
    }
  }
  return { source, statics, lazy };
}

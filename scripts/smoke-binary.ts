/**
 * `npm run test:binary` (issue 7): builds dist/caishui, then checks the binary as an administrator
 * would use it. Not part of `vitest run` (it builds a 100 MB file); CI runs it after `npm test`.
 *
 *  1. `--version` prints package.json's version, `--help` the usage;
 *  2. started from an empty folder with a fresh TMPDIR and no other environment (cold start: the
 *     assets are extracted), it creates ./data/caishui.db and answers /caishui-api/health UP;
 *  3. REST login as admin/admin123, getInfo; the libraries the binary keeps as separate assets
 *     (server/sea/assets.ts LAZY_MODULES) load: Excel export, create table, code preview;
 *  4. Chromium (playwright-core, Debian's /usr/bin/chromium) loads /caishui/ and shows the login
 *     page, then signs in;
 *  5. `caishui backup <file>` while the server runs: the copy has the same rows (sys_user,
 *     sys_logininfor, sys_config) as the live database;
 *  6. SIGTERM while a request is in flight: new connections are refused, the request still gets
 *     its answer, the process exits 0, the WAL is truncated and `PRAGMA integrity_check` is ok;
 *  7. the log is JSON lines with request ids, without the password or the token;
 *  8. restore: the backup copied into another empty folder as data/caishui.db serves again
 *     (warm start: assets already extracted), the captcha draws (its embedded font), and a second
 *     signal exits at once (code 130);
 *  9. `caishui migrate` on a new and on a migrated database.
 * 10. `caishui copy` of the database into a throwaway PostgreSQL cluster (issue 43; Debian's postgresql).
 * Prints the binary size, build time, cold and warm start times.
 *
 *   npm run test:binary                  # build, then test
 *   tsx scripts/smoke-binary.ts --no-build   # test the existing dist/caishui
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { BINARY, ROOT, buildBinary } from './build-binary';
import { startPgCluster } from './pg-cluster';

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const figures: [string, string][] = [];
const children = new Set<ChildProcess>();

function step(name: string): void {
  console.log(`• ${name}`);
}


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); -1 elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in 1/100 s
  } catch {
    return -1;
  }
}

/** A start time for the figures: wall time, and the CPU time that is independent of the machine's load. */
const startFigure = (s: Server) =>
  `${s.readyMs} ms wall, ${s.readyCpuMs} ms CPU (server's own count: ${String(s.ready.startupMs)} ms; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`;

interface Server {
  proc: ChildProcess;
  port: number;
  base: string;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readyMs: number;
  readyCpuMs: number;
  ready: Record<string, unknown>;
}

/** Starts the binary in `cwd` with only the given environment; resolves once /health is UP. */
async function startServer(cwd: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(BINARY, [], { cwd, env: { PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(proc);
  const lines: string[] = [];
  let buf = '';
  proc.stdout!.on('data', (d: Buffer) => {
    buf += d.toString('utf8');
    const parts = buf.split('\n');
    buf = parts.pop()!;
    lines.push(...parts.filter((l) => l.trim()));
  });
  proc.stderr!.on('data', (d: Buffer) => lines.push(`[stderr] ${d.toString('utf8').trimEnd()}`));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => { children.delete(proc); resolve({ code, signal }); });
  });
  let gone = false;
  void exited.then(() => { gone = true; });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (gone) throw new Error(`the binary exited before it was ready:\n${lines.join('\n')}`);
    if (performance.now() - t0 > 60_000) throw new Error(`not ready after 60 s:\n${lines.join('\n')}`);
    try {
      const res = await fetch(`${base}/caishui-api/health`);
      if (res.status === 200) break;
    } catch { /* not listening yet */ }
    await sleep(10);
  }
  const readyMs = Math.round(performance.now() - t0);
  const readyCpuMs = cpuMs(proc.pid);
  await sleep(50);
  const readyLine = lines.find((l) => l.includes('"ready"') || l.includes(' ready"'));
  const ready = readyLine ? (JSON.parse(readyLine) as Record<string, unknown>) : {};
  return { proc, port, base, lines, exited, readyMs, readyCpuMs, ready };
}

function runBinary(args: string[], cwd: string, env: Record<string, string> = {}) {
  const t0 = performance.now();
  const r = spawnSync(BINARY, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: Math.round(performance.now() - t0) };
}

async function json(res: Response): Promise<Record<string, any>> {
  return (await res.json()) as Record<string, any>;
}

async function restLogin(base: string): Promise<string> {
  const res = await fetch(`${base}/caishui-api/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const body = await json(res);
  assert.equal(body.code, 200, `login: ${JSON.stringify(body)}`);
  assert.equal(typeof body.token, 'string');
  return body.token as string;
}

/** A login request whose body is held back: headers sent now, `finish()` sends the rest. */
async function slowRequest(port: number) {
  const payload = JSON.stringify({ username: 'admin', password: 'admin123' });
  const sock = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => { sock.once('connect', resolve); sock.once('error', reject); });
  let response = '';
  sock.on('data', (d) => { response += d.toString('utf8'); });
  sock.on('error', () => { /* reported through `closed` */ });
  const closed = new Promise<void>((r) => sock.once('close', () => r()));
  sock.write(`POST /caishui-api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n`);
  sock.write(payload.slice(0, 10));
  return {
    /** Sends the rest of the body (no FIN: a half-closed socket aborts the request) and waits until the server closes. */
    finish: async () => {
      sock.write(payload.slice(10));
      await closed;
      return response;
    },
    destroy: () => sock.destroy(),
  };
}

function counts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const n = (t: string) => Number(db.prepare(`SELECT count(*) FROM ${t}`).pluck().get());
    return { sys_user: n('sys_user'), sys_logininfor: n('sys_logininfor'), sys_config: n('sys_config') };
  } finally {
    db.close();
  }
}

function integrity(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const build = process.argv.includes('--no-build') ? undefined : await buildBinary();
  if (!fs.existsSync(BINARY)) throw new Error(`${BINARY} missing: run npm run build:binary`);
  const bytes = fs.statSync(BINARY).size;
  figures.push(['binary size', `${(bytes / 1e6).toFixed(1)} MB (${bytes} bytes)`]);
  if (build) figures.push(['build time (vite + esbuild + SEA + postject)', `${(build.ms / 1000).toFixed(1)} s`]);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-smoke-'));
  const tmp = path.join(work, 'tmp');
  const home = path.join(work, 'site');
  fs.mkdirSync(tmp);
  fs.mkdirSync(home);
  console.log(`work folder ${work}`);

  step('--version and --help');
  const v = runBinary(['--version'], home);
  assert.equal(v.code, 0);
  assert.equal(v.stdout.trim(), VERSION);
  const h = runBinary(['--help'], home);
  assert.equal(h.code, 0);
  assert.match(h.stdout, /caishui backup <file>/);
  assert.equal(runBinary(['frobnicate'], home).code, 2);
  assert.deepEqual(fs.readdirSync(tmp), [], '--version/--help must not extract anything');

  step('cold start from an empty folder (fresh TMPDIR: assets extracted)');
  const env = { CAPTCHA_ENABLED: 'false', TMPDIR: tmp };
  const s1 = await startServer(home, env);
  figures.push(['cold start (spawn → /health 200, incl. extraction, first migration and seed)', `${startFigure(s1)}, extraction ${String(s1.ready.assetsMs)} ms`]);
  assert.equal(s1.ready.assetsExtracted, true);
  const dbFile = path.join(home, 'data', 'caishui.db');
  assert.ok(fs.existsSync(dbFile), './data/caishui.db created');

  step('health');
  const health = await fetch(`${s1.base}/caishui-api/health`);
  assert.equal(health.status, 200);
  const hb = await json(health);
  assert.equal(hb.status, 'UP');
  assert.equal(hb.version, VERSION);
  assert.equal(typeof hb.uptimeSeconds, 'number');
  assert.equal(hb.db.ok, true);
  assert.equal(hb.db.walMode, true);
  assert.equal(hb.db.kind, 'sqlite');
  assert.ok(hb.db.sizeBytes > 0);
  // WAL checkpoints run in a worker thread that loads the extracted better-sqlite3 bundle and addon.
  let checkpoints = hb.db.checkpoints;
  for (let i = 0; i < 50 && checkpoints === 'starting'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    checkpoints = (await json(await fetch(`${s1.base}/caishui-api/health`))).db.checkpoints;
  }
  assert.equal(checkpoints, 'worker', 'the WAL checkpointer runs in its worker thread');

  step('REST login as admin/admin123');
  const token = await restLogin(s1.base);
  const info = await json(await fetch(`${s1.base}/caishui-api/getInfo`, { headers: { authorization: `Bearer ${token}` } }));
  assert.equal(info.code, 200);
  assert.equal(info.user?.userName, 'admin');

  step('libraries loaded from their own assets on first use: Excel export, create table, code preview');
  const auth = { authorization: `Bearer ${token}` };
  const api = `${s1.base}/caishui-api`;
  const xlsx = await fetch(`${api}/system/user/export`, { method: 'POST', headers: auth });
  assert.equal(xlsx.status, 200);
  assert.equal(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString(), 'PK', 'exceljs wrote an xlsx (a zip)');
  const ddl = encodeURIComponent('CREATE TABLE biz_smoke (id INTEGER PRIMARY KEY, title TEXT)');
  const created = await json(await fetch(`${api}/tool/gen/createTable?sql=${ddl}`, { method: 'POST', headers: auth }));
  assert.equal(created.code, 200, `createTable (node-sql-parser): ${JSON.stringify(created)}`);
  const gens = await json(await fetch(`${api}/tool/gen/list?pageNum=1&pageSize=10&tableName=biz_smoke`, { headers: auth }));
  const tableId = (gens.rows as { tableName: string; tableId: number }[] | undefined)?.find((r) => r.tableName === 'biz_smoke')?.tableId;
  const preview = await json(await fetch(`${api}/tool/gen/preview/${tableId}`, { headers: auth }));
  assert.equal(preview.code, 200, `preview (prettier): ${JSON.stringify(preview).slice(0, 300)}`);
  assert.ok(Object.keys(preview.data ?? {}).some((f) => f.endsWith('.ts')), 'the preview has formatted TypeScript files');

  step('Chromium loads /caishui/ and shows the login page');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ locale: 'zh-CN' });
    const t = performance.now();
    await page.goto(`${s1.base}/caishui/`);
    await page.getByTestId('login-form').waitFor({ timeout: 30_000 });
    await page.getByText('账号密码登录').waitFor();
    figures.push(['first page load in Chromium (login form visible)', `${Math.round(performance.now() - t)} ms`]);
    await page.getByPlaceholder('账号').fill('admin');
    await page.getByPlaceholder('密码').fill('admin123');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.waitForURL(/#\/index$/, { timeout: 30_000 });
  } finally {
    await browser.close();
  }

  step('backup while the server runs');
  const backupFile = path.join(work, 'backups', 'caishui-backup.db');
  const b = runBinary(['backup', backupFile], home, env);
  assert.equal(b.code, 0, `backup failed: ${b.stderr}`);
  assert.match(b.stdout, /quick_check ok/);
  figures.push(['backup (online, while serving)', `${b.ms} ms for ${fs.statSync(backupFile).size} bytes`]);
  const live = counts(dbFile);
  assert.ok(live.sys_logininfor > 0);
  assert.deepEqual(counts(backupFile), live);
  assert.equal(runBinary(['backup', backupFile], home, env).code, 1, 'backup refuses to overwrite');

  step('SIGTERM with a request in flight');
  const slow = await slowRequest(s1.port);
  await sleep(200);
  const tStop = performance.now();
  s1.proc.kill('SIGTERM');
  await sleep(500);
  assert.equal(s1.proc.exitCode, null, 'still running while a request is in flight');
  await assert.rejects(fetch(`${s1.base}/caishui-api/health`), 'new connections are refused while stopping');
  const response = await slow.finish();
  assert.match(response, /^HTTP\/1\.1 200/, `in-flight request answered: ${response.slice(0, 200)}`);
  assert.match(response, /"token":"/);
  const exit1 = await Promise.race([s1.exited, sleep(15_000).then(() => undefined)]);
  assert.deepEqual(exit1, { code: 0, signal: null }, 'exits 0 after SIGTERM');
  figures.push(['graceful stop (SIGTERM → exit, incl. the held request)', `${Math.round(performance.now() - tStop)} ms`]);
  assert.ok(s1.lines.some((l) => l.includes('shutting down')) && s1.lines.some((l) => l.includes('"stopped"')));
  const wal = `${dbFile}-wal`;
  assert.equal(fs.existsSync(wal) ? fs.statSync(wal).size : 0, 0, 'WAL checkpointed');
  assert.equal(integrity(dbFile), 'ok');
  assert.ok(counts(dbFile).sys_logininfor >= live.sys_logininfor);

  step('logs: JSON lines with request ids, no secrets');
  const parsed = s1.lines.map((l) => { try { return JSON.parse(l) as Record<string, unknown>; } catch { throw new Error(`not a JSON log line: ${l}`); } });
  assert.ok(parsed.some((o) => o.msg === 'incoming request' && typeof o.reqId === 'string'));
  const logText = s1.lines.join('\n');
  assert.ok(!logText.includes('admin123'), 'password not logged');
  assert.ok(!logText.includes(token), 'token not logged');

  step('restore the backup into another empty folder; warm start; captcha; second signal');
  const site2 = path.join(work, 'restored');
  fs.mkdirSync(path.join(site2, 'data'), { recursive: true });
  fs.copyFileSync(backupFile, path.join(site2, 'data', 'caishui.db'));
  const s2 = await startServer(site2, { TMPDIR: tmp, CAPTCHA_ENABLED: 'true' });
  figures.push(['warm start (assets already extracted, existing database)', startFigure(s2)]);
  assert.equal(s2.ready.assetsExtracted, false);
  const captcha = await json(await fetch(`${s2.base}/caishui-api/captchaImage`));
  assert.equal(captcha.captchaEnabled, true);
  // A PNG (issue 41 §2) rasterised by the embedded resvg wasm: signature, then IHDR 111×36.
  const png = Buffer.from(String(captcha.img), 'base64');
  assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a');
  assert.deepEqual([png.toString('latin1', 12, 16), png.readUInt32BE(16), png.readUInt32BE(20)], ['IHDR', 111, 36]);
  const h2 = await json(await fetch(`${s2.base}/caishui-api/health`));
  assert.equal(h2.status, 'UP');
  const held = await slowRequest(s2.port);
  await sleep(200);
  s2.proc.kill('SIGINT');
  await sleep(300);
  s2.proc.kill('SIGINT');
  const exit2 = await Promise.race([s2.exited, sleep(5_000).then(() => undefined)]);
  held.destroy();
  assert.deepEqual(exit2, { code: 130, signal: null }, 'second signal exits at once');
  assert.equal(integrity(path.join(site2, 'data', 'caishui.db')), 'ok');

  step('migrate');
  const site3 = path.join(work, 'migrate');
  fs.mkdirSync(site3);
  const m1 = runBinary(['migrate'], site3, { TMPDIR: tmp });
  assert.equal(m1.code, 0, m1.stderr);
  assert.match(m1.stdout, /[1-9]\d* migration\(s\) applied/);
  const m2 = runBinary(['migrate'], home, { TMPDIR: tmp });
  assert.equal(m2.code, 0, m2.stderr);
  assert.match(m2.stdout, / 0 migration\(s\) applied/);

  step('copy into PostgreSQL');
  const cluster = await startPgCluster();
  try {
    const c = runBinary(['copy', path.join(home, 'data', 'caishui.db'), cluster.url], home, { TMPDIR: tmp });
    assert.equal(c.code, 0, c.stderr);
    assert.match(c.stdout, /^copied \d+ rows in \d+ tables \(sqlite → postgres/);
  } finally {
    cluster.stop();
  }

  fs.rmSync(work, { recursive: true, force: true });
  console.log('\nbinary smoke test passed');
  for (const [k, val] of figures) console.log(`  ${k}: ${val}`);
}

main().catch((err) => {
  for (const c of children) c.kill('SIGKILL');
  console.error(`\nbinary smoke test FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});

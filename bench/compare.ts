/**
 * Side-by-side benchmark of two checkouts of this project (`npm run bench:compare -- <base dir>`):
 * THIS checkout ("head") against another one ("base": the first argument or BENCH_BASE), measured
 * in ONE run, turn and turn about, so a refactoring can be shown to keep speed within 5 %. A
 * measurement, never a test: ratios outside ±5 % are marked "(outside 5 %)" and the exit code stays
 * 0; only a broken request flow (a reply without code 200, a failed start) exits 1.
 *
 *   git worktree add /tmp/base <rev> && ln -s $PWD/node_modules /tmp/base/node_modules
 *   npm run bench:compare -- /tmp/base          # or BENCH_BASE=/tmp/base npm run bench:compare
 *   git worktree remove /tmp/base               # afterwards (the symlink goes with it)
 *
 *  1. starts both servers as bench/http.bench.ts does (`node <the checkout's start-script Node
 *     flags> --import tsx server/main.ts`, cwd that checkout), each over its own SQLite file and
 *     UPLOAD_DIR in one temp folder, CAPTCHA_ENABLED=false, LOG_LEVEL=warn, HOST=127.0.0.1, free
 *     ports; seeds 2,000 users into each file and signs in as admin/admin123 on each;
 *  2. BENCH_ROUNDS rounds (default 3) of autocannon (16 connections, BENCH_DURATION s per run,
 *     default 5; a 1 s warm-up before each target's first run): per route (user list page of 10,
 *     getInfo, dict data type sys_user_sex, health) base then head, the order reversed every
 *     other round (ABBA), so a drift of the machine's speed hits both alike; req/s (mean of the
 *     per-second samples) and the serving process's CPU µs per request;
 *  3. the REST workflow round (bench/rest-round.ts, the two-task process saved on each server):
 *     BENCH_ROUNDS rounds, base and head in alternating order; instances/s and server CPU ms per
 *     instance;
 *     (BENCH_ROUTES=health,getInfo keeps the routes whose label contains one of the words;
 *     BENCH_SKIP_WORKFLOW=1 skips the workflow round)
 *  4. with both servers stopped, `npx tsx bench/engine.bench.ts` in each checkout, base, head,
 *     base, head … (BENCH_ENGINE_RUNS pairs, default 2; BENCH_SKIP_ENGINE=1 skips it; its own
 *     BENCH_ROUNDS is BENCH_ENGINE_ROUNDS, default its own 3; BENCH_N etc. pass through); its
 *     headline lines (instances/s, instances per CPU-second, query ms per model) are compared,
 *     lines it prints that do not parse are shown raw, base next to head;
 *  5. a table per part: base median, head median, ratio head/base (geometric mean of the
 *     per-round ratios: over ABBA rounds it cancels the bias of running second), each round's ratio.
 *
 * The load generator shares the machine with the servers; on a busy machine run more rounds
 * (BENCH_ROUNDS=5) rather than longer ones. Comparing a checkout with itself shows the noise.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { API, CONNECTIONS, DICT, HEALTH, INFO, LIST, USERS } from './binary-helpers';
import { Measures, checkCheckout, describeCheckout, killEngines, parseEngine, printSideBySide, printTable, runEngine, type Side } from './compare-helpers';
import { children, cpuSeconds, freePort, ROOT, seedUsers, sleep, startNode, startScriptNodeFlags, stopChild, waitReady, type Child } from './http-helpers';
import { TWO_TASKS, call, workflowRound } from './rest-round';

const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 5) || 5);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)) || 3);
const ENGINE_RUNS = Math.max(1, Math.round(Number(process.env.BENCH_ENGINE_RUNS ?? 2)) || 2);
const SKIP_ENGINE = process.env.BENCH_SKIP_ENGINE === '1';
/** BENCH_ROUTES=health,getInfo: only the routes whose label contains one of the words (default all). */
const ONLY = (process.env.BENCH_ROUTES ?? '').split(',').map((w) => w.trim()).filter(Boolean);
/** BENCH_SKIP_WORKFLOW=1 skips the REST workflow round. */
const SKIP_WORKFLOW = process.env.BENCH_SKIP_WORKFLOW === '1';
/**
 * BENCH_PIN=1 (2+ CPUs, Linux `taskset`): the servers (all their threads) on the last CPU, this
 * process (autocannon) on the others, so the load generator and the server do not take each
 * other's core turn by turn; without it the per-round ratios of a route swing ±25 % on 2 cores.
 */
const PIN = process.env.BENCH_PIN === '1';
const SIDES: Side[] = ['base', 'head'];
/** Round k's order: base first in even rounds, head first in odd ones (ABBA over two rounds). */
const order = (k: number): Side[] => (k % 2 === 0 ? SIDES : [...SIDES].reverse());

/** Reasons the run counts as broken (exit 1), printed at the end. */
const broken: string[] = [];

function must(what: string, r: Record<string, any>): Record<string, any> {
  if (r.code !== 200) throw new Error(`${what}: ${JSON.stringify(r).slice(0, 300)}`);
  return r;
}

/** One side's running server, signed in, with the bench process saved. */
interface Server { side: Side; dir: string; child: Child; url: string; pid: number; token: string; users: number; flags: string[]; procDefId: string }

/** Starts `dir`'s server over `<tmp>/<side>/caishui.db`, seeds USERS users, signs in, saves TWO_TASKS. */
async function startServer(side: Side, dir: string, tmp: string): Promise<Server> {
  const flags = startScriptNodeFlags(dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const own = path.join(tmp, side);
  fs.mkdirSync(own);
  const dbFile = path.join(own, 'caishui.db');
  const child = startNode(`${side} server`, 'server/main.ts', {
    DATABASE_URL: dbFile, PORT: String(port), HOST: '127.0.0.1', CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', UPLOAD_DIR: path.join(own, 'uploads'),
  }, flags, dir);
  const readyMs = await waitReady(child, url + HEALTH, 90_000, (b) => b.includes('"status":"UP"'));
  const users = seedUsers(dbFile, USERS);
  const token = String(must(`${side} login`, await call(url, 'POST', `${API}/login`, undefined, { username: 'admin', password: 'admin123' })).token);
  const list = must(`${side} user list`, await call(url, 'GET', LIST, token));
  if (list.total !== users || list.rows?.length !== 10) throw new Error(`${side} user list: total ${list.total}, ${list.rows?.length} rows (expected ${users}, 10)`);
  must(`${side} getInfo`, await call(url, 'GET', INFO, token));
  must(`${side} dict`, await call(url, 'GET', DICT, token));
  const name = '压测两步';
  must(`${side} definition/save`, await call(url, 'POST', `${API}/flowable/definition/save`, token, { name, category: 'oa', xml: TWO_TASKS }));
  const defs = must(`${side} definition/list`, await call(url, 'GET', `${API}/flowable/definition/list?pageNum=1&pageSize=10&name=${encodeURIComponent(name)}`, token));
  const procDefId = (defs.rows as { id: string; name: string }[]).find((d) => d.name === name)?.id;
  if (!procDefId) throw new Error(`${side} definition/list: ${name} not found`);
  const pid = child.proc.pid!;
  if (PIN) pin(pid, os.cpus().length - 1);
  console.log(`${side} server: node ${[...flags, ''].join(' ')}--import tsx server/main.ts in ${dir}, pid ${pid}, /health after ${Math.round(readyMs)} ms; ${users} users; db ${dbFile}`);
  return { side, dir, child, url, pid, token, users, flags, procDefId };
}

/** Moves every thread of `pid` to CPU `cpu` (BENCH_PIN); throws when taskset fails. */
function pin(pid: number, cpu: number | string): void {
  const r = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`taskset for ${pid}: ${r.stderr || r.error}`);
}

/** A route of the request table, per server. */
interface Route { label: string; path: string; auth: boolean; ok: (b: string) => boolean }
const code200 = (b: string) => b.includes('"code":200');
const ALL_ROUTES: Route[] = [
  { label: `user list (page 1 of 10, ${USERS}+ users)`, path: LIST, auth: true, ok: code200 },
  { label: 'getInfo', path: INFO, auth: true, ok: code200 },
  { label: 'dict data type sys_user_sex', path: DICT, auth: true, ok: code200 },
  { label: 'health (no token)', path: HEALTH, auth: false, ok: (b) => b.includes('"status":"UP"') },
];
const ROUTES = ALL_ROUTES.filter((r) => !ONLY.length || ONLY.some((w) => r.label.includes(w)));

/** DURATION s of `route` on `s` (after a 1 s warm-up when `warm`); req/s and CPU µs per request. */
async function load(s: Server, route: Route, warm: boolean): Promise<{ r: AutocannonResult; cpuUs: number }> {
  const opts = { url: s.url + route.path, connections: CONNECTIONS, headers: (route.auth ? { authorization: `Bearer ${s.token}` } : {}) as Record<string, string>, verifyBody: route.ok };
  if (warm) await autocannon({ ...opts, duration: 1 });
  const cpu0 = cpuSeconds(s.pid);
  const r = await autocannon({ ...opts, duration: DURATION });
  return { r, cpuUs: ((cpuSeconds(s.pid) - cpu0) / Math.max(1, r.requests.total)) * 1e6 };
}

async function measureHttp(servers: Record<Side, Server>, m: Measures): Promise<void> {
  const bad = new Map<string, number>();
  for (let k = 0; k < ROUNDS; k++) {
    for (const route of ROUTES) {
      for (const side of order(k)) {
        const { r, cpuUs } = await load(servers[side], route, k === 0);
        m.add(route.label, 'req/s', false, side, k, r.requests.mean);
        m.add(route.label, 'CPU µs/req', true, side, k, cpuUs);
        const n = r.errors + r.timeouts + r.non2xx + r.mismatches;
        if (n > 0) bad.set(`${side} ${route.label}`, (bad.get(`${side} ${route.label}`) ?? 0) + n);
      }
    }
    console.log(`  request round ${k + 1} of ${ROUNDS} done (${order(k).join(' → ')} per route)`);
  }
  for (const [what, n] of bad) broken.push(`${what}: ${n} errors, timeouts or replies without code 200`);
  if (SKIP_WORKFLOW) return;

  for (const side of SIDES) await workflowRound(servers[side].url, servers[side].token, servers[side].procDefId, 1, CONNECTIONS); // warm-up
  for (let k = 0; k < ROUNDS; k++) {
    for (const side of order(k)) {
      const s = servers[side];
      const wf = await workflowRound(s.url, s.token, s.procDefId, DURATION, CONNECTIONS, s.pid);
      m.add('REST workflow round (2 tasks)', 'instances/s', false, side, k, wf.perSec);
      m.add('REST workflow round (2 tasks)', 'CPU ms/instance', true, side, k, wf.cpuMsPerInstance ?? NaN);
      if (wf.failures > 0 || wf.errors > 0 || wf.completed === 0) broken.push(`${side} workflow round ${k + 1}: ${wf.failures} failures, ${wf.errors} connection errors, ${wf.completed} completed; first: ${wf.firstFailure}`);
    }
    console.log(`  workflow round ${k + 1} of ${ROUNDS} done (${order(k).join(' → ')})`);
  }
}

async function measureEngine(dirs: Record<Side, string>, m: Measures): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.BENCH_ROUNDS;
  if (process.env.BENCH_ENGINE_ROUNDS) env.BENCH_ROUNDS = process.env.BENCH_ENGINE_ROUNDS;
  const notes: string[] = [];
  let models: string[] = [];
  for (let k = 0; k < ENGINE_RUNS; k++) {
    const runs = {} as Record<Side, { lines: string[]; unparsed: string[]; parsed: number; error: boolean; code: number | null }>;
    for (const side of SIDES) {
      const run = await runEngine(dirs[side], env);
      const p = parseEngine(run.lines);
      if (p.models.length) models = p.models;
      for (const f of p.figures) m.add(`engine ${f.name}`, f.unit, f.lowerIsBetter, side, k, f.value);
      runs[side] = { lines: run.lines, unparsed: p.unparsed, parsed: p.figures.length, error: p.error, code: run.code };
      console.log(`  engine run ${k + 1} of ${ENGINE_RUNS}, ${side}: ${p.figures.length} figures in ${(run.ms / 1000).toFixed(1)} s${run.code !== 0 ? `, exit ${run.code}` : ''}`);
      if (run.code !== 0) broken.push(`engine bench (${side}, run ${k + 1}) exited with ${run.code}`);
      else if (p.error) notes.push(`engine bench (${side}, run ${k + 1}) printed an error (see its lines)`);
    }
    const { base, head } = runs;
    if (base.parsed === 0 || head.parsed === 0 || base.code !== 0 || head.code !== 0) printSideBySide(`engine run ${k + 1}: output not understood, both outputs in full:`, base.lines, head.lines);
    else if (base.unparsed.length || head.unparsed.length) printSideBySide(`engine run ${k + 1}: lines not understood:`, base.unparsed, head.unparsed);
  }
  models.forEach((label, i) => console.log(`  m${i + 1} = ${label}`));
  return notes;
}

let tmp: string | undefined;
function cleanUp(): void {
  for (const c of children) c.proc.kill('SIGKILL');
  killEngines();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}

async function main(): Promise<number> {
  const arg = process.argv[2] ?? process.env.BENCH_BASE;
  if (!arg) throw new Error('usage: npm run bench:compare -- <base checkout dir>   (or BENCH_BASE=<dir>)');
  const dirs: Record<Side, string> = { base: fs.realpathSync(path.resolve(arg)), head: ROOT };
  for (const dir of Object.values(dirs)) checkCheckout(dir);
  const cpus = os.cpus().length, loadAvg = os.loadavg()[0];
  console.log(`compare benchmark, node ${process.version}; machine: ${cpus} CPU(s), load average ${loadAvg.toFixed(2)}${loadAvg > cpus ? ' (busy: figures noisy)' : ''}`);
  for (const side of SIDES) console.log(`  ${side}: ${dirs[side]} at ${describeCheckout(dirs[side])}`);
  if (dirs.base === dirs.head) console.log('  (base is this checkout: an A/A run, it shows the noise)');
  console.log(`autocannon: ${CONNECTIONS} connections, ${ROUNDS} round${ROUNDS > 1 ? 's' : ''} of ${DURATION} s per route and side (1 s warm-up before each target's first run); engine bench: ${SKIP_ENGINE ? 'skipped' : `${ENGINE_RUNS} pair${ENGINE_RUNS > 1 ? 's' : ''} of runs`}`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-compare-'));
  const m = new Measures();
  const notes: string[] = [];
  const stopped: string[] = [];
  const started: Server[] = [];
  try {
    for (const side of SIDES) started.push(await startServer(side, dirs[side], tmp));
    if (PIN) {
      if (cpus < 2) throw new Error('BENCH_PIN=1 needs 2 CPUs or more');
      pin(process.pid, cpus === 2 ? 0 : `0-${cpus - 2}`);
      console.log(`pinned: servers on CPU ${cpus - 1}, this process (autocannon) on the others`);
    }
    const [base, head] = started;
    await sleep(500);
    await measureHttp({ base, head }, m);
  } finally {
    for (const s of started) stopped.push(`${s.side} server ${await stopChild(s.child)}`);
  }
  const httpCount = m.list.length;
  if (!SKIP_ENGINE) notes.push(...await measureEngine(dirs, m));

  console.log(`\nratio = geometric mean of the per-round ratios head/base (↑: higher is faster, ↓: lower is faster); base and head: medians`);
  const marked = printTable(`HTTP (${ROUNDS} round${ROUNDS > 1 ? 's' : ''}, ABBA order):`, m.list.slice(0, httpCount));
  // Engine figures per model, its rates before its query times (the bench prints the queries first).
  const rank = (name: string) => `${/^engine (m\d+)/.exec(name)?.[1] ?? ''}${name.includes(' query ') ? 1 : 0}`;
  const engine = m.list.slice(httpCount).map((x, i) => ({ x, i })).sort((a, b) => rank(a.x.name).localeCompare(rank(b.x.name)) || a.i - b.i).map(({ x }) => x);
  if (!SKIP_ENGINE) marked.push(...printTable(`engine bench (${ENGINE_RUNS} pair${ENGINE_RUNS > 1 ? 's' : ''} of runs, base first):`, engine));
  console.log(`\nstopped: ${stopped.join(', ')}`);
  console.log(`summary: ${marked.length ? `${marked.length} of ${m.list.length} measures outside 5 % (marked above)` : `all ${m.list.length} measures within 5 %`}`
    + `${notes.length ? `; notes: ${notes.join('; ')}` : ''}${broken.length ? `; BROKEN: ${broken.join('; ')}` : ''}`);
  return broken.length ? 1 : 0;
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    cleanUp();
    console.error(`\nbench:compare: ${sig}, children killed, ${tmp ?? 'no temp folder'} removed`);
    process.exit(1);
  });
}

main().then(
  (code) => { cleanUp(); if (tmp) console.log(`removed ${tmp}`); process.exit(code); },
  (err) => {
    cleanUp();
    const usage = err instanceof Error && /^usage:|: no /.test(err.message);
    console.error(`\nbench:compare FAILED (${usage ? 'no base checkout' : 'broken request flow'}): ${err instanceof Error ? (usage ? err.message : (err.stack ?? err.message)) : String(err)}`);
    process.exit(1);
  },
);

/**
 * HTTP benchmark of issue 15 (`npm run bench:http`): the cost of a signed-in request next to a bare
 * Fastify route. A measurement, never a test: a missed target prints MISS and the exit code stays
 * 0; only a broken request flow (a reply without code 200, a failed start) exits 1.
 *
 *  1. starts the app as `npm start` does minus the client build (`node <its Node flags> --import tsx
 *     server/main.ts`, so the child's pid is the serving node process; the flags are read from
 *     package.json's start script and given to the bare server too) over a file database in a temp folder, with
 *     CAPTCHA_ENABLED=false, LOG_LEVEL=warn, HOST=127.0.0.1, and waits for /caishui-api/health;
 *  2. seeds 2,000 users straight into the file (better-sqlite3, one transaction, WAL) while it runs;
 *  3. signs in as admin/admin123 (REST);
 *  4. memory: the server's RSS at start and after 10,000 mixed requests (user list, getInfo, dict);
 *  5. starts bench/bare-server.ts in its own process, answering the user list's exact body;
 *  6. autocannon, 16 connections, in ROUNDS rounds (default 3) of one 5 s run per route, one after
 *     the other (a 1 s warm-up before each route's first run): the bare route, the user list (page
 *     of 10), getInfo, a dictionary lookup, /health; prints per route the medians over the rounds of
 *     req/s (mean of the per-second samples), p99 latency and of the ratio to the same round's bare
 *     route, the ratio of each round, and errors;
 *  7. the REST workflow round (bench/rest-round.ts): autocannon request sequences on 16
 *     connections for 5 s of start → todo → complete → todo → complete of a two-task process (both
 *     tasks `${INITIATOR}`), in ROUNDS rounds; completed instances/s of each and their median, and
 *     the ceilings each round's CPU per instance allowed (request thread alone; all cores);
 *  8. the login page's JavaScript, gzip -9 (bench/http-helpers.ts `loginPageWeight`);
 *  9. the single binary (bench/binary-helpers.ts): dist/caishui, built first when it is missing or
 *     older than its sources, over its own database file with the same environment and 2,000
 *     users: its RSS at start and after 10,000 mixed requests, against the < 150 MB target.
 *
 * The load generator shares the machine (2 cores here) with the servers, as wrk did in the issue.
 *   BENCH_DURATION=10 npm run bench:http   # seconds per measured run (default 5)
 *   BENCH_ROUNDS=5 npm run bench:http      # rounds of the request table (default 3)
 *   BENCH_DB=postgres npm run bench:http   # the app over PostgreSQL (issue 43), see below
 *
 * PostgreSQL mode (BENCH_DB=postgres; bench/bench-db.ts): a throwaway cluster (scripts/pg-cluster.ts;
 * fsync off unless BENCH_PG_DURABLE=1), or the server of BENCH_DATABASE_URL, a new database in place
 * of the file (DATABASE_URL=postgres://…); the 2,000 users go in over `pg` (one transaction); steps
 * 3 to 8 as above, with "PostgreSQL" in the headings and, per workflow round, the cluster's own CPU
 * time per instance (its processes, from /proc; not over BENCH_DATABASE_URL), which the server's CPU
 * figures leave out. Step 9 (the single binary runs over SQLite only) is skipped with a note. The
 * cluster is stopped at the end, on failure too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { API, CONNECTIONS, DICT, HEALTH, INFO, LIST, MIXED, RSS_TARGET_MB, USERS, ensureBinary, measureBinary, mixedRequests } from './binary-helpers';
import { TWO_TASKS, call, workflowRound } from './rest-round';
import { benchDbKind, seedUsersPg, startPgBench, type PgBench } from './bench-db';
import { children, runBench, cpuSeconds, freePort, hwmMb, loginPageWeight, rssMb, seedUsers, sleep, startNode, startScriptNodeFlags, stopChild, waitReady, type Child } from './http-helpers';

const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 5) || 5);
/** Rounds of the request table (BENCH_ROUNDS, default 3): each measures every route once. */
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)) || 3);

/** Reasons the run counts as broken (exit 1), printed at the end. */
const broken: string[] = [];

function must(what: string, r: Record<string, any>): Record<string, any> {
  if (r.code !== 200) throw new Error(`${what}: ${JSON.stringify(r).slice(0, 300)}`);
  return r;
}

/** A route to load; `pid` is the serving process, whose CPU time is read around each run. */
interface Target { label: string; url: string; headers: Record<string, string>; ok: (b: string) => boolean; pid: number }
/** Per round: autocannon's result and the server's CPU µs per request (all its threads). */
interface Row { label: string; runs: AutocannonResult[]; cpuUs: number[]; bad: number }

/** DURATION s of `t` (after a 1 s warm-up when `warm`); a reply whose body fails `ok` counts as a mismatch. */
async function load(t: Target, warm: boolean): Promise<{ r: AutocannonResult; cpuUs: number }> {
  const opts = { url: t.url, connections: CONNECTIONS, headers: t.headers, verifyBody: t.ok };
  if (warm) await autocannon({ ...opts, duration: 1 });
  const cpu0 = cpuSeconds(t.pid);
  const r = await autocannon({ ...opts, duration: DURATION });
  return { r, cpuUs: ((cpuSeconds(t.pid) - cpu0) / Math.max(1, r.requests.total)) * 1e6 };
}

/**
 * ROUNDS rounds, each measuring every target once in order (the bare route first), so a drift of
 * the machine's speed (a shared VM: the same route measured twice minutes apart differs by up to
 * 30 % here) touches the bare route and the app's routes alike. Every target is warmed once.
 */
async function measureRounds(targets: Target[]): Promise<Row[]> {
  const rows: Row[] = targets.map((t) => ({ label: t.label, runs: [], cpuUs: [], bad: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const { r, cpuUs } = await load(t, round === 0);
      rows[i].runs.push(r);
      rows[i].cpuUs.push(cpuUs);
    }
  }
  for (const row of rows) {
    const sum = (f: (r: AutocannonResult) => number) => row.runs.reduce((n, r) => n + f(r), 0);
    row.bad = sum((r) => r.errors + r.timeouts + r.non2xx + r.mismatches);
    if (row.bad > 0) broken.push(`${row.label}: ${sum((r) => r.errors)} errors, ${sum((r) => r.timeouts)} timeouts, ${sum((r) => r.non2xx)} non-2xx, ${sum((r) => r.mismatches)} replies without code 200`);
  }
  return rows;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const verdict = (ok: boolean) => (ok ? 'met' : 'MISS');
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));
const lpad = (s: string, n: number) => ' '.repeat(Math.max(0, n - s.length)) + s;

async function main(): Promise<number> {
  const cpus = os.cpus().length;
  const loadAvg = os.loadavg()[0];
  console.log(`HTTP benchmark (issue 15), node ${process.version}; machine: ${cpus} CPU(s), load average ${loadAvg.toFixed(2)}${loadAvg > cpus ? ' (busy: figures understate)' : ''}`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per route (1 s warm-up before the first); load generator on the same machine`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-httpbench-'));
  let app: Child | undefined, bare: Child | undefined, pgb: PgBench | undefined;
  try {
    if (benchDbKind() === 'postgres') {
      pgb = await startPgBench();
      for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => { for (const c of children) c.proc.kill('SIGKILL'); pgb?.stopNow(); process.exit(1); });
      console.log(`database (BENCH_DB=postgres): ${pgb.describe}; issue 43 sets no PostgreSQL targets yet: the targets shown are SQLite's`);
    }
    /** The database kind in the headings: empty on SQLite (its headings as they always were). */
    const over = pgb ? ' over PostgreSQL' : '';
    // 0. The single binary of step 9, built now so the build does not overlap a measurement (SQLite only).
    if (!pgb) console.log(await ensureBinary());

    // 1. The app as `npm start` runs it (without the client build, with its Node flags), over a file database.
    const nodeFlags = startScriptNodeFlags();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dbFile = path.join(tmp, 'caishui.db');
    const dbUrl = pgb ? await pgb.freshDatabase('bench_http') : dbFile;
    app = startNode('app server', 'server/main.ts', {
      DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', UPLOAD_DIR: path.join(tmp, 'uploads'),
    }, nodeFlags);
    const readyMs = await waitReady(app, base + HEALTH, 60_000, (b) => b.includes('"status":"UP"'));
    await sleep(500);
    const pid = app.proc.pid!;
    const rssStart = rssMb(pid);
    console.log(`app server: node ${[...nodeFlags, ''].join(' ')}--import tsx server/main.ts, pid ${pid}, /health 200 after ${Math.round(readyMs)} ms; db ${dbUrl}`);

    // 2. 2,000 users straight into the live file (PostgreSQL: the live database).
    const t = performance.now();
    const total = pgb ? await seedUsersPg(dbUrl, USERS) : seedUsers(dbFile, USERS);
    console.log(`seeded ${USERS} users (dept 103) in ${Math.round(performance.now() - t)} ms while the server runs: sys_user has ${total} rows`);

    // 3. Sign in.
    const token = String(must('login', await call(base, 'POST', `${API}/login`, undefined, { username: 'admin', password: 'admin123' })).token);
    const auth = { authorization: `Bearer ${token}` };
    const list = await fetch(base + LIST, { headers: auth });
    const listBody = await list.text();
    const listJson = must('user list', JSON.parse(listBody) as Record<string, any>);
    if (listJson.total !== total || listJson.rows?.length !== 10) throw new Error(`user list: total ${listJson.total}, ${listJson.rows?.length} rows (expected ${total}, 10)`);
    must('getInfo', await call(base, 'GET', INFO, token));
    must('dict', await call(base, 'GET', DICT, token));
    const code200 = (b: string) => b.includes('"code":200');

    // 4. Memory after 10,000 mixed requests (list, getInfo, dict in rotation on every connection).
    const mixed = await mixedRequests(base, token, pid);
    if (mixed.bad > 0) broken.push(`mixed requests: ${mixed.bad} failed replies`);

    // 5. The bare route in its own process, same body.
    const barePort = await freePort();
    const bodyFile = path.join(tmp, 'user-list.json');
    fs.writeFileSync(bodyFile, listBody);
    bare = startNode('bare server', 'bench/bare-server.ts', { PORT: String(barePort), BARE_PATH: `${API}/system/user/list`, BARE_BODY_FILE: bodyFile }, nodeFlags);
    await waitReady(bare, `http://127.0.0.1:${barePort}${LIST}`, 30_000, (b) => b === listBody);

    // 6. Side by side.
    const rows = await measureRounds([
      { label: 'bare Fastify route (same body, own process)', url: `http://127.0.0.1:${barePort}${LIST}`, headers: {}, ok: code200, pid: bare.proc.pid! },
      { label: `user list (page 1 of 10, ${total} users)`, url: base + LIST, headers: auth, ok: code200, pid },
      { label: 'getInfo', url: base + INFO, headers: auth, ok: code200, pid },
      { label: 'dict data type sys_user_sex', url: base + DICT, headers: auth, ok: code200, pid },
      { label: 'health (no token)', url: base + HEALTH, headers: {}, ok: (b) => b.includes('"status":"UP"'), pid },
    ]);
    const targets: (string | null)[] = [null, '≥ 0.25 (goal 0.5)', '≥ 0.5', '≥ 0.5', null];
    const mins = [0, 0.25, 0.5, 0.5, 0];
    // Per round: the route's mean req/s over its per-second samples, and its ratio to that round's bare route.
    const rate = (row: Row, k: number) => row.runs[k].requests.mean;
    const ratios = rows.map((row) => row.runs.map((_, k) => rate(row, k) / rate(rows[0], k)));
    console.log(`\nrequests${over} (autocannon; ${ROUNDS} rounds of every route in turn; medians over the rounds of req/s, p99, the serving process's CPU time per request and the ratio to the same round's bare route):`);
    console.log(`  ${pad('route', 46)}${lpad('req/s', 9)}${lpad('p99 ms', 9)}${lpad('CPU µs', 8)}${lpad('errors', 8)}${lpad('ratio', 8)}  target   (ratio per round)`);
    const misses: string[] = [];
    rows.forEach((row, i) => {
      const ratio = median(ratios[i]);
      const tgt = targets[i];
      const v = tgt ? ` ${tgt}: ${verdict(ratio >= mins[i])}` : '';
      if (tgt && ratio < mins[i]) misses.push(row.label);
      const reqs = median(row.runs.map((r) => r.requests.mean));
      const p99 = median(row.runs.map((r) => r.latency.p99));
      console.log(`  ${pad(row.label, 46)}${lpad(reqs.toFixed(0), 9)}${lpad(p99.toFixed(1), 9)}${lpad(median(row.cpuUs).toFixed(0), 8)}${lpad(String(row.bad), 8)}${lpad(ratio.toFixed(3), 8)} ${v}   (${ratios[i].map((x) => x.toFixed(2)).join(', ')})`);
    });
    if (median(ratios[1]) < 0.5) console.log('  (user list goal 0.5: not reached)');

    // 7. The REST workflow round.
    const name = '压测两步';
    must('definition/save', await call(base, 'POST', `${API}/flowable/definition/save`, token, { name, category: 'oa', xml: TWO_TASKS }));
    const defs = must('definition/list', await call(base, 'GET', `${API}/flowable/definition/list?pageNum=1&pageSize=10&name=${encodeURIComponent(name)}`, token));
    const procDefId = (defs.rows as { id: string; name: string }[]).find((d) => d.name === name)?.id;
    if (!procDefId) throw new Error(`definition/list: ${name} not found: ${JSON.stringify(defs).slice(0, 300)}`);
    await workflowRound(base, token, procDefId, 1, CONNECTIONS); // warm-up
    // ROUNDS rounds (this VM's speed drifts from minute to minute): the median round is reported.
    const wfRounds = [];
    const pgMs: number[] = []; // PostgreSQL's processes' CPU ms per instance, per round (throwaway cluster)
    for (let r = 0; r < ROUNDS; r++) {
      const pg0 = pgb?.serverCpuSeconds() ?? null;
      wfRounds.push(await workflowRound(base, token, procDefId, DURATION, CONNECTIONS, pid));
      if (pg0 !== null) pgMs.push(((pgb!.serverCpuSeconds()! - pg0) * 1000) / Math.max(1, wfRounds[r].completed));
    }
    const wf = [...wfRounds].sort((a, b) => a.perSec - b.perSec)[Math.floor(wfRounds.length / 2)];
    const perRound = wfRounds.map((x) => `${x.perSec.toFixed(0)}/s at ${x.cpuMsPerInstance?.toFixed(2)} ms`).join(', ');
    console.log(`\nREST workflow round${over} (autocannon, ${CONNECTIONS} connections × ${DURATION} s of start → todoList → complete → todoList → complete, two \${INITIATOR} tasks; ${ROUNDS} rounds, the median shown):`);
    console.log(`  ${wf.completed} instances in ${(wf.ms / 1000).toFixed(2)} s = ${wf.perSec.toFixed(0)} instances/s (${wf.requests} requests: ${((wf.requests / wf.ms) * 1000).toFixed(0)} req/s); target ≥ 800: ${verdict(wf.perSec >= 800)}   (rounds: ${perRound})`);
    console.log(`  server CPU: ${wf.cpuMsPerInstance?.toFixed(2)} ms per completed instance (all its threads, ${pgb ? "PostgreSQL's processes not included" : 'WAL checkpoints included'})`);
    console.log(`    of it the request thread: ${wf.requestThreadMsPerInstance?.toFixed(2)} ms, busy ${((wf.requestThreadBusy ?? 0) * 100).toFixed(0)} % of the round (near 100 %: it is the limit); the load generator (this process): ${wf.generatorMsPerInstance.toFixed(2)} ms per instance`);
    if (pgMs.length) console.log(`  PostgreSQL's processes: ${pgMs.map((x) => x.toFixed(2)).join(', ')} ms of CPU per completed instance (per round; left-over tasks finished after each round included)`);
    // What each round's costs per instance allowed at most: the request thread busy all the time,
    // and every core busy with the server's threads and the load generator (work split evenly).
    const cores = os.availableParallelism();
    const ceilings = wfRounds.map((x) => `${(1000 / (x.requestThreadMsPerInstance ?? NaN)).toFixed(0)} / ${((cores * 1000) / ((x.cpuMsPerInstance ?? NaN) + x.generatorMsPerInstance)).toFixed(0)}`).join(', ');
    console.log(`  ceilings at each round's costs, instances/s (request thread busy 100 % / all ${cores} cores busy with server and generator): ${ceilings}`);
    const failures = wfRounds.reduce((n, x) => n + x.failures, 0), errors = wfRounds.reduce((n, x) => n + x.errors, 0);
    const firstFailure = wfRounds.find((x) => x.firstFailure)?.firstFailure;
    console.log(`  failures: ${failures}${firstFailure ? ` (first: ${firstFailure})` : ''}, connection errors: ${errors}; cut off by the time limit and finished afterwards: ${wfRounds.map((x) => x.leftOver).join(', ')} tasks; admin's open to-do rows afterwards: ${wf.openAfter}`);
    if (wf.perSec < 800) misses.push('REST workflow');
    if (failures > 0 || errors > 0 || wfRounds.some((x) => x.completed === 0)) broken.push(`workflow: ${failures} failures, ${wfRounds.map((x) => x.completed).join('/')} completed; first: ${firstFailure}`);

    // Memory figures (read at their moments above; the end figure after everything).
    const rssEnd = rssMb(pid);
    console.log(`\nmemory of the \`npm start\` server${over} (node ${[...nodeFlags, ''].join(' ')}--import tsx server/main.ts; VmRSS of its pid, MB = 2^20 bytes):`);
    console.log(`  at start (after /health): ${rssStart.toFixed(1)} MB`);
    console.log(`  after ${MIXED} mixed requests (list, getInfo, dict in rotation; ${mixed.reqPerSec.toFixed(0)} req/s, ${mixed.bad} failed): ${mixed.rss.toFixed(1)} MB`);
    console.log(`  at the end of the run: ${rssEnd.toFixed(1)} MB (peak VmHWM ${hwmMb(pid).toFixed(1)} MB)`);
    console.log(`  (the < ${RSS_TARGET_MB} MB target is the single binary's, below; tsx and unbundled sources are not part of it)`);

    // 8. Login page weight.
    const w = loginPageWeight(tmp);
    const kb = (xs: [string, number][]) => xs.reduce((s, [, b]) => s + b, 0) / 1024;
    const staticKb = kb(w.statics), lazyKb = kb(w.lazy);
    console.log(`\nlogin page JavaScript, gzip -9 per file, KB = 1,024 bytes (${w.source}):`);
    console.log(`  index.html entry + modulepreload (${w.statics.length} files): ${staticKb.toFixed(1)} KB; target ≤ 250 KB: ${verdict(staticKb <= 250)}`);
    for (const [f, b] of [...w.statics].sort((a, b2) => b2[1] - a[1]).slice(0, 5)) console.log(`    ${f}: ${(b / 1024).toFixed(1)} KB`);
    console.log(`  + the lazy Login route chunk and its other deps (${w.lazy.length} files, ${lazyKb.toFixed(1)} KB): ${(staticKb + lazyKb).toFixed(1)} KB as the browser loads /login; ≤ 250 KB: ${verdict(staticKb + lazyKb <= 250)}`);
    if (staticKb > 250) misses.push('login page JS');

    // 9. The single binary: same environment, its own database file, 2,000 users, same mixed load.
    if (pgb) console.log('\nsingle binary: skipped (BENCH_DB=postgres; dist/caishui runs over SQLite only: its figures are the SQLite mode\'s)');
    else {
      const bin = await measureBinary(tmp);
      console.log(`\nmemory of the single binary (dist/caishui, pid ${bin.pid}, /health 200 after ${Math.round(bin.readyMs)} ms, ${bin.users} users; VmRSS, MB = 2^20 bytes):`);
      console.log(`  at start (after /health): ${bin.rssStart.toFixed(1)} MB`);
      console.log(`  after ${MIXED} mixed requests (${bin.mixed.reqPerSec.toFixed(0)} req/s, ${bin.mixed.bad} failed): ${bin.mixed.rss.toFixed(1)} MB (peak VmHWM ${bin.hwm.toFixed(1)} MB); target < ${RSS_TARGET_MB} MB: ${verdict(bin.mixed.rss < RSS_TARGET_MB)}`);
      console.log(`  stopped: ${bin.stopped}`);
      if (bin.mixed.rss >= RSS_TARGET_MB) misses.push('RSS (single binary)');
      if (bin.mixed.bad > 0) broken.push(`single binary, mixed requests: ${bin.mixed.bad} failed replies`);
    }

    console.log(`\nsummary${over}: ${misses.length ? `MISS ${misses.join(', ')}` : 'all targets met'}${broken.length ? `; BROKEN: ${broken.join('; ')}` : ''}`);
    return broken.length ? 1 : 0;
  } finally {
    const how: string[] = [];
    if (bare) how.push(`bare server ${await stopChild(bare)}`);
    if (app) how.push(`app server ${await stopChild(app)}`);
    if (pgb) how.push(await pgb.stop());
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`stopped: ${how.join(', ')}; removed ${tmp}`);
  }
}

runBench('bench:http', main);

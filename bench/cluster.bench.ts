/**
 * Several app nodes on one PostgreSQL (issue 44, "Proof": `npm run bench:cluster`). A measurement,
 * never a test: a missed target prints MISS and the exit code stays 0; only a broken request flow
 * (a failed start, a reply without code 200, a workflow failure) exits 1.
 *
 *  1. starts one app node over a SQLite file and three app nodes over ONE PostgreSQL database, as
 *     bench/http.bench.ts starts its server (`node <npm start's Node flags> --import tsx
 *     server/main.ts`, CAPTCHA_ENABLED=false, LOG_LEVEL=warn, HOST=127.0.0.1, free ports, UPLOAD_DIR
 *     shared by the PostgreSQL nodes). PostgreSQL (bench/bench-db.ts): a throwaway cluster
 *     (scripts/pg-cluster.ts; fsync off unless BENCH_PG_DURABLE=1), or BENCH_DATABASE_URL's server.
 *     The PostgreSQL nodes start one after the other (the first one migrates and seeds), each with
 *     the same DATABASE_POOL_MAX, sized as the README's operations section says (about twice the
 *     database server's cores in all, here this machine's: the throwaway cluster runs on it; at
 *     least 2 per node; BENCH_POOL_MAX sets another, e.g. 10 for the server's default);
 *  2. seeds 2,000 users into each database (bench/http-helpers.ts `seedUsers`, bench-db.ts
 *     `seedUsersPg`), signs in as admin on each database (one session serves all its nodes),
 *     saves the two-task process of bench/rest-round.ts;
 *  3. warm-up: each node alone (the SQLite node, PostgreSQL nodes 1, 2 and 3, the control's, the
 *     SQLite processes') takes the full load for BENCH_WARMUP s (default 10; workflow round then
 *     user list), then each configuration for 2 s, none of it recorded: JIT is per process, and a
 *     node that had seen less traffic than node 1 went on compiling during the rounds of 2 and 3
 *     nodes;
 *  4. seven configurations: SQLite 1 node, PostgreSQL 1, 2 and 3 nodes, the control, three
 *     more PostgreSQL nodes each over a database of its own in the same cluster
 *     (./cluster-control.ts: what three nodes cost beyond one with nothing shared between them,
 *     against what sharing one database adds), and SQLite on 2 and on 3 processes, each over a
 *     file of its own (like for like: what n processes cost beyond one on this machine with no
 *     database server, and PostgreSQL on n nodes against them); no target applies to the last
 *     three (./cluster-report.ts) (the idle nodes keep
 *     running, their background CPU is printed once and not counted). BENCH_ROUNDS rounds (default
 *     3; the order of the configurations reversed every other round against the machine's drift)
 *     of, per configuration, BENCH_DURATION s (default 5) of the REST workflow round (rest-round.ts
 *     `workflowRound`, 16 connections) then BENCH_DURATION s of the user list (page of 10, 16
 *     connections, autocannon). The load generator spreads the connections round-robin over the
 *     configuration's nodes itself (connection i to node i mod n; no proxy, whose CPU would count);
 *  5. CPU per workflow instance and per list request: the app nodes' = the sum over the loaded node
 *     processes of /proc/<pid>/stat utime+stime (http-helpers.ts `cpuSeconds`), read before and
 *     after; PostgreSQL's = bench-db.ts `serverCpuSeconds`: utime+stime of the postmaster and of
 *     every live child (backends, checkpointer, walwriter …) plus the postmaster's cutime+cstime
 *     (children it has reaped: backends that came and went), read before and after (not over
 *     BENCH_DATABASE_URL: another machine's processes, perhaps);
 *  6. prints per configuration the medians over the rounds: instances/s, req/s, p99 of a complete
 *     and of every reply, errors, app and PostgreSQL CPU ms per instance, the app nodes' context
 *     switches per instance (/proc/<pid>/status, voluntary + involuntary); the user list's req/s,
 *     p99, CPU µs per request; PostgreSQL's commits, rollbacks (a retried 40001/40P01 transaction
 *     rolls back once) and deadlocks over the run (pg_stat_database, read after stopping its
 *     nodes); then the issue's targets, met or MISS. The two that compare configurations pair
 *     each round with the same round of the other (CPU: each PostgreSQL sum against SQLite's;
 *     throughput: 2 and 3 nodes against 1) and take the geometric mean of those ratios; so do
 *     the control's two lines (3 nodes over one database against the control, the control
 *     against 1 node) and the like-for-like ones (SQLite's 2 and 3 processes against its 1 node,
 *     PostgreSQL's 2 and 3 nodes against them).
 *
 * These 2 cores hold every node, the database and the load generator: throughput cannot scale
 * with nodes here; CPU per instance and contention can be measured.
 *   BENCH_DURATION=3 BENCH_ROUNDS=1 npm run bench:cluster   # a short run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { API, CONNECTIONS, LIST, HEALTH, USERS } from './binary-helpers';
import { benchDbKind, seedUsersPg, startPgBench, type PgBench } from './bench-db';
import { children, runBench, cpuSeconds, freePort, seedUsers, sleep, startNode, startScriptNodeFlags, stopChild, waitReady, type Child } from './http-helpers';
import { TWO_TASKS, call, workflowRound } from './rest-round';
import { parkInstances, userListOfParts, workflowRoundOfParts, type ControlPart } from './cluster-control';
import { emptyFigures, report, type Config } from './cluster-report';

const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 5) || 5);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)) || 3);
/** Seconds of full load each node takes alone before the rounds (BENCH_WARMUP, default 10). */
const WARMUP = Math.max(1, Number(process.env.BENCH_WARMUP ?? 10) || 10);
/** BENCH_POOL_MAX when it is a pool size the server takes (an integer 1–100), else undefined. */
const ASKED_POOL = ((n) => (Number.isInteger(n) && n >= 1 && n <= 100 ? n : undefined))(Number(process.env.BENCH_POOL_MAX || NaN));
/**
 * DATABASE_POOL_MAX of every PostgreSQL node: ASKED_POOL, else the README's sizing for the 3 nodes
 * over a database on this machine's cores (`availableParallelism`): 2 × cores ÷ 3, at least 2.
 */
const POOL_MAX = ASKED_POOL ?? Math.max(2, Math.round((2 * os.availableParallelism()) / 3));
/** Nodes each over a database (or SQLite file) of its own, as one configuration (./cluster-control.ts). */
interface PartSet { label: string; pg: boolean; nodes: { child: Child; base: string }[]; parts: ControlPart[] }

const broken: string[] = [];
const must = (what: string, r: Record<string, any>) => { if (r.code !== 200) throw new Error(`${what}: ${JSON.stringify(r).slice(0, 300)}`); return r; };
const sumCpu = (pids: number[]) => pids.reduce((s, p) => s + cpuSeconds(p), 0);
/** Context switches (voluntary + involuntary) of the processes so far, from /proc/<pid>/status. */
const switches = (pids: number[]) => pids.reduce((s, p) => s + [...fs.readFileSync(`/proc/${p}/status`, 'utf8').matchAll(/ctxt_switches:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0), 0);

/** Starts one app node over `dbUrl`; resolves when /health says UP. */
async function startAppNode(name: string, dbUrl: string, tmp: string, flags: string[], extra: Record<string, string> = {}): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startNode(name, 'server/main.ts', {
    DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', UPLOAD_DIR: path.join(tmp, 'uploads'), ...extra,
  }, flags);
  const ms = await waitReady(child, base + HEALTH, 90_000, (b) => b.includes('"status":"UP"'));
  console.log(`  ${name}: pid ${child.proc.pid}, ${base}, /health UP after ${Math.round(ms)} ms`);
  return { child, base };
}

/** Signs in as admin on `base`, checks the user list's total, saves TWO_TASKS; the token and definition id. */
async function prepare(base: string, users: number): Promise<{ token: string; procDefId: string }> {
  const token = String(must('login', await call(base, 'POST', `${API}/login`, undefined, { username: 'admin', password: 'admin123' })).token);
  const list = must('user list', await call(base, 'GET', LIST, token));
  if (list.total !== users || list.rows?.length !== 10) throw new Error(`user list: total ${list.total}, ${list.rows?.length} rows (expected ${users}, 10)`);
  const name = '压测两步';
  must('definition/save', await call(base, 'POST', `${API}/flowable/definition/save`, token, { name, category: 'oa', xml: TWO_TASKS }));
  const defs = must('definition/list', await call(base, 'GET', `${API}/flowable/definition/list?pageNum=1&pageSize=10&name=${encodeURIComponent(name)}`, token));
  const procDefId = (defs.rows as { id: string; name: string }[]).find((d) => d.name === name)?.id;
  if (!procDefId) throw new Error(`definition/list: ${name} not found`);
  return { token, procDefId };
}

/** One round of `c`: the workflow round, then the user list; figures appended to `c.f`. */
async function measure(c: Config, pgb: PgBench, seconds = DURATION, record = true): Promise<void> {
  const pgCpu = () => (c.pg ? pgb.serverCpuSeconds() : null);
  let app0 = sumCpu(c.pids), pg0 = pgCpu();
  const sw0 = switches(c.pids);
  const wf = c.parts ? await workflowRoundOfParts(c.parts, seconds, CONNECTIONS) : await workflowRound(c.bases, c.token, c.procDefId, seconds, CONNECTIONS);
  const perInstance = (s: number) => (s * 1000) / Math.max(1, wf.completed);
  const switchesPerInstance = (switches(c.pids) - sw0) / Math.max(1, wf.completed);
  const appMs = perInstance(sumCpu(c.pids) - app0);
  const pg1 = pgCpu();
  const pgMs = pg0 === null || pg1 === null ? NaN : perInstance(pg1 - pg0);
  app0 = sumCpu(c.pids); pg0 = pgCpu();
  const list = c.parts ? await userListOfParts(c.parts, LIST, seconds, CONNECTIONS) : await autocannon({
    url: c.bases.map((b) => b + LIST), connections: CONNECTIONS, duration: seconds,
    headers: { authorization: `Bearer ${c.token}` }, verifyBody: (b) => b.includes('"code":200'),
  });
  const perReq = (s: number) => (s * 1e6) / Math.max(1, list.requests.total);
  const listAppUs = perReq(sumCpu(c.pids) - app0);
  const pg2 = pgCpu();
  const listPgUs = pg0 === null || pg2 === null ? NaN : perReq(pg2 - pg0);
  const bad = wf.failures + wf.errors + list.errors + list.timeouts + list.non2xx + list.mismatches;
  if (wf.failures + wf.errors > 0 || (record && wf.completed === 0)) broken.push(`${c.label} workflow: ${wf.failures} failures, ${wf.errors} connection errors, ${wf.completed} completed; first: ${wf.firstFailure}`);
  if (bad - wf.failures - wf.errors > 0) broken.push(`${c.label} user list: ${list.errors} errors, ${list.timeouts} timeouts, ${list.non2xx} non-2xx, ${list.mismatches} replies without code 200`);
  if (!record) return;
  const f = c.f;
  f.perSec.push(wf.perSec); f.wfReqPerSec.push((wf.requests / wf.ms) * 1000); f.completeP99.push(wf.completeP99); f.p99.push(wf.p99);
  f.appMs.push(appMs); f.pgMs.push(pgMs); f.switches.push(switchesPerInstance); f.listReqPerSec.push(list.requests.mean); f.listP99.push(list.latency.p99);
  f.listAppUs.push(listAppUs); f.listPgUs.push(listPgUs); f.errors += bad;
}

async function main(): Promise<number> {
  if (benchDbKind() !== 'postgres' && process.env.BENCH_DB) throw new Error('bench:cluster always runs SQLite and PostgreSQL: leave BENCH_DB unset');
  if (process.env.BENCH_POOL_MAX && ASKED_POOL === undefined) throw new Error(`BENCH_POOL_MAX=${process.env.BENCH_POOL_MAX}: an integer from 1 to 100, as DATABASE_POOL_MAX`);
  const loadAvg = os.loadavg()[0];
  console.log(`cluster benchmark (issue 44), node ${process.version}; machine: ${os.cpus().length} CPU(s), load average ${loadAvg.toFixed(2)}; load generator (autocannon) in this process`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-clusterbench-'));
  const nodes: Child[] = [];
  let pgb: PgBench | undefined;
  try {
    pgb = await startPgBench();
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => { for (const c of children) c.proc.kill('SIGKILL'); pgb?.stopNow(); process.exit(1); });
    console.log(`database: ${pgb.describe}`);
    console.log(`PostgreSQL nodes: DATABASE_POOL_MAX=${POOL_MAX} each${ASKED_POOL ? ' (BENCH_POOL_MAX)' : ` (the README's sizing: about 2 × the database's ${os.availableParallelism()} cores in all over 3 nodes, at least 2 each; BENCH_POOL_MAX sets another)`}`);
    const flags = startScriptNodeFlags();
    const dbFile = path.join(tmp, 'caishui.db');
    const lite = await startAppNode('SQLite node', dbFile, path.join(tmp, 'sqlite'), flags);
    nodes.push(lite.child);
    const liteUsers = seedUsers(dbFile, USERS);
    const dbUrl = await pgb.freshDatabase('bench_cluster');
    const pgNodes: { child: Child; base: string }[] = [];
    let pgUsers = 0;
    for (let i = 1; i <= 3; i++) {
      pgNodes.push(await startAppNode(`PostgreSQL node ${i}`, dbUrl, tmp, flags, { DATABASE_POOL_MAX: String(POOL_MAX) }));
      nodes.push(pgNodes[i - 1].child);
      if (i === 1) pgUsers = await seedUsersPg(dbUrl, USERS);
    }
    // The control (three PostgreSQL nodes over databases of their own) and SQLite on 2 and 3
    // processes over files of their own (like for like): each node with its own sign-in, saved
    // process and parked instances (./cluster-control.ts).
    const sets: PartSet[] = [];
    for (const [label, n, pgOwn] of [['3 nodes, own databases', 3, true], ['SQLite, 2 processes', 2, false], ['SQLite, 3 processes', 3, false]] as const) {
      const set: PartSet = { label, pg: pgOwn, nodes: [], parts: [] };
      for (let i = 1; i <= n; i++) {
        const name = pgOwn ? `control node ${i} (own database)` : `SQLite process ${i} of ${n} (own file)`;
        const dir = path.join(tmp, `${pgOwn ? 'control' : `sqlite${n}-`}${i}`);
        const url = pgOwn ? await pgb.freshDatabase(`bench_control${i}`) : path.join(tmp, `caishui-${n}-${i}.db`);
        const node = await startAppNode(name, url, dir, flags, pgOwn ? { DATABASE_POOL_MAX: String(POOL_MAX) } : {});
        set.nodes.push(node);
        nodes.push(node.child);
        set.parts.push({ bases: [node.base], ...(await prepare(node.base, pgOwn ? await seedUsersPg(url, USERS) : seedUsers(url, USERS))), parked: new Set() });
      }
      await parkInstances(set.parts, CONNECTIONS);
      sets.push(set);
    }
    console.log(`seeded ${USERS} users into each database: sys_user has ${liteUsers} rows (SQLite), ${pgUsers} (PostgreSQL)`);
    const liteAuth = await prepare(lite.base, liteUsers);
    const configs: Config[] = [{ label: 'SQLite, 1 node', bases: [lite.base], pids: [lite.child.proc.pid!], pg: false, ...liteAuth, f: emptyFigures() }];
    const pgAuth = await prepare(pgNodes[0].base, pgUsers);
    for (let n = 1; n <= 3; n++) {
      const sel = pgNodes.slice(0, n);
      configs.push({ label: `PostgreSQL, ${n} node${n > 1 ? 's' : ''}`, bases: sel.map((x) => x.base), pids: sel.map((x) => x.child.proc.pid!), pg: true, ...pgAuth, f: emptyFigures() });
    }
    for (const set of sets) configs.push({ label: set.label, ...set.parts[0], pids: set.nodes.map((x) => x.child.proc.pid!), pg: set.pg, f: emptyFigures(), parts: set.parts });
    // Idle background: every node and the cluster over 2 s with no load.
    const idle0 = nodes.map((c) => cpuSeconds(c.proc.pid!)), idlePg0 = pgb.serverCpuSeconds();
    await sleep(2000);
    const idleMs = nodes.map((c, i) => ((cpuSeconds(c.proc.pid!) - idle0[i]) * 1000) / 2);
    const idlePg = idlePg0 === null ? NaN : ((pgb.serverCpuSeconds()! - idlePg0) * 1000) / 2;
    console.log(`idle background, CPU ms per second: nodes ${idleMs.map((x) => x.toFixed(1)).join(', ')} (SQLite first); PostgreSQL ${Number.isFinite(idlePg) ? idlePg.toFixed(1) : '–'} (idle nodes are not counted in the figures below)`);
    // Warm-up: every node alone takes the full load for WARMUP s, so each node's JIT has seen the
    // same traffic before any round. JIT is per process: with only the 2 s per configuration below,
    // nodes 2 and 3 (a half and a third of the load) were still optimising during the rounds, V8's
    // compiler thread 20 % of a second node's samples against 5 % of the first's (perf; RESULTS
    // "Eleventh session"). Then each configuration for 2 s (its round-robin), unrecorded too.
    // The nodes over databases (files) of their own each alone too.
    for (const [i, c] of configs.slice(0, 4).entries()) {
      const alone = i === 0 ? c : { ...c, label: `PostgreSQL node ${i} alone`, bases: [pgNodes[i - 1].base], pids: [pgNodes[i - 1].child.proc.pid!] };
      await measure(alone, pgb, WARMUP, false);
    }
    for (const set of sets) {
      for (const [i, part] of set.parts.entries()) {
        await measure({ label: `${set.label}: node ${i + 1} alone`, ...part, pids: [set.nodes[i].child.proc.pid!], pg: set.pg, f: emptyFigures(), parts: [part] }, pgb, WARMUP, false);
      }
    }
    for (const c of configs) await measure(c, pgb, 2, false); // a busy machine may finish no instance in it
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? configs : [...configs].reverse();
      for (const c of order) await measure(c, pgb);
      console.log(`  round ${r + 1}/${ROUNDS} done: ${configs.map((c) => `${c.label} ${c.f.perSec[r].toFixed(0)} inst/s`).join('; ')}`);
    }
    // The database's own transaction counts over the whole run, read once the PostgreSQL nodes are
    // stopped (a backend reports its counts when it exits; an idle one may hold them up to 10 s).
    for (const x of pgNodes) await stopChild(x.child);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const st = (await client.query('SELECT xact_commit, xact_rollback, deadlocks FROM pg_stat_database WHERE datname = current_database()')).rows[0];
    await client.end();
    report(configs, ROUNDS, DURATION, broken, `PostgreSQL over the whole run (pg_stat_database, setup and warm-ups included): ${st.xact_commit} commits, ${st.xact_rollback} rollbacks (retried or failed transactions, and any other), ${st.deadlocks} deadlocks`);
    return broken.length ? 1 : 0;
  } finally {
    const how: string[] = [];
    for (const c of nodes) how.push(`${c.name} ${await stopChild(c)}`);
    if (pgb) how.push(await pgb.stop());
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`stopped: ${how.join(', ')}; removed ${tmp}`);
  }
}

runBench('bench:cluster', main);

/**
 * Engine benchmark (issue 5 "Proof"; issue 13 adds a second model with a sub-process and inclusive
 * gateways): N instances (default 2,000; BENCH_N) of each model, first
 * start → user task → exclusive gateway → user task → end, through the workflow services
 * (server/modules/flowable: definitionSave, definitionStart, taskComplete as seed users admin and
 * ry) of an app built by buildApp, as `npm start` does, on a file
 * database in WAL mode (temp dir) with the server's settings (1 KiB pages, WAL checkpoints in a
 * worker thread: server/db/checkpointer.ts), then the same model run by the `bpmn-engine` package in the
 * same process. Prints instances/s for both and the ratio (target ≥ 1,000/s and ≥ 10×).
 * Not a test: it never fails (exit code 0 whatever the numbers).
 *
 *   npm run bench            # BENCH_N=5000 npm run bench
 *   BENCH_SYNC=FULL npm run bench   # SQLite synchronous=FULL instead of NORMAL
 *   BENCH_N_THEIRS=2000 npm run bench   # as many bpmn-engine runs (default min(N, 500))
 *   BENCH_ROUNDS=5 npm run bench    # rounds of N on the file database (default 3; median and best printed)
 *   BENCH_INLINE_CHECKPOINT=1 npm run bench   # WAL checkpoints inside commits, not in the worker thread
 *   BENCH_DB=postgres npm run bench   # PostgreSQL instead of the SQLite file (issue 43), see below
 *
 * PostgreSQL mode (BENCH_DB=postgres; bench/bench-db.ts): a throwaway cluster (scripts/pg-cluster.ts;
 * fsync off unless BENCH_PG_DURABLE=1), or the server of BENCH_DATABASE_URL, a new database per run
 * in place of the file; the rest as above (the :memory: SQLite run and bpmn-engine included), with
 * "PostgreSQL" in the headings and figures, the database's size from pg_database_size, and per round
 * the cluster's own CPU time (its processes, from /proc; not over BENCH_DATABASE_URL), which the
 * per-CPU-second figures (this process only) leave out. The cluster is stopped at the end.
 * Each figure is given as wall-clock instances/s and instances per CPU-second (process.cpuUsage:
 * user + system time of this process), since the machine may be shared with other work.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { buildApp } from '../server/app';
import { NEW_FILE_PAGE_SIZE } from '../server/db/client';
import { findUserById } from '../server/modules/auth/auth.repo';
import { loadLoginUser } from '../server/modules/auth/session.service';
import * as wf from '../server/modules/flowable/definition/definition.service';
import * as tv from '../server/modules/flowable/task/task-view.service';
import * as ts from '../server/modules/flowable/task/task.service';
import { taskListInput } from '../shared/schemas/flowable';
import { benchDbKind, startPgBench, type PgBench } from './bench-db';

const N = Math.max(1, Number(process.env.BENCH_N ?? 2000) || 2000);
/** bpmn-engine is ~50–100× slower: it runs fewer instances by default (rates are per instance). */
const N_THEIRS = Math.max(1, Number(process.env.BENCH_N_THEIRS ?? Math.min(N, 500)) || 500);
const ROUNDS = Math.max(1, Math.min(20, Number(process.env.BENCH_ROUNDS ?? 3) || 3));
const SYNC = (process.env.BENCH_SYNC ?? 'NORMAL').toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL';
/** BENCH_DB=postgres: the run's PostgreSQL (bench/bench-db.ts), started in main; undefined on SQLite. */
let pgb: PgBench | undefined;

const ours = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
<process id="bench" name="基准" isExecutable="true">
<startEvent id="start"/>
<userTask id="approve" name="审批" flowable:assignee="\${INITIATOR}"/>
<exclusiveGateway id="xor" default="toEnd"/>
<userTask id="review" name="复核" flowable:candidateGroups="2"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
<sequenceFlow id="f2" sourceRef="approve" targetRef="xor"/>
<sequenceFlow id="f3" sourceRef="xor" targetRef="review"><conditionExpression xsi:type="tFormalExpression">\${amount > 1000}</conditionExpression></sequenceFlow>
<sequenceFlow id="toEnd" sourceRef="xor" targetRef="end"/>
<sequenceFlow id="f4" sourceRef="review" targetRef="end"/>
</process></definitions>`;

/**
 * The second model (issue 13): an approval, then a sub-process whose inclusive gateway forks a
 * review (amount > 1000) and an archive step (always) and joins them; 4 commands per instance.
 */
const oursScoped = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
<process id="benchScoped" name="基准子流程" isExecutable="true">
<startEvent id="start"/>
<userTask id="approve" name="审批" flowable:assignee="\${INITIATOR}"/>
<subProcess id="sub" name="复核归档">
<startEvent id="subStart"/>
<inclusiveGateway id="fork"/>
<userTask id="review" name="复核" flowable:candidateGroups="2"/>
<userTask id="archive" name="归档" flowable:assignee="\${INITIATOR}"/>
<inclusiveGateway id="join"/>
<endEvent id="subEnd"/>
<sequenceFlow id="s1" sourceRef="subStart" targetRef="fork"/>
<sequenceFlow id="s2" sourceRef="fork" targetRef="review"><conditionExpression xsi:type="tFormalExpression">\${amount > 1000}</conditionExpression></sequenceFlow>
<sequenceFlow id="s3" sourceRef="fork" targetRef="archive"><conditionExpression xsi:type="tFormalExpression">\${always}</conditionExpression></sequenceFlow>
<sequenceFlow id="s4" sourceRef="review" targetRef="join"/>
<sequenceFlow id="s5" sourceRef="archive" targetRef="join"/>
<sequenceFlow id="s6" sourceRef="join" targetRef="subEnd"/>
</subProcess>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
<sequenceFlow id="f2" sourceRef="approve" targetRef="sub"/>
<sequenceFlow id="f3" sourceRef="sub" targetRef="end"/>
</process></definitions>`;

// bpmn-engine's default expressions have no operators (bpmn-engines.md §1.4): a boolean variable.
const forBpmnEngine = (xml: string) => xml
  .replaceAll('flowable:assignee="${INITIATOR}"', '')
  .replaceAll('flowable:candidateGroups="2"', '')
  .replaceAll('${amount > 1000}', '${environment.variables.needsReview}')
  .replaceAll('${always}', '${environment.variables.always}');
const theirs = forBpmnEngine(ours);
const theirsScoped = forBpmnEngine(oursScoped);

/** A benchmarked model: our XML, bpmn-engine's XML, and one instance's commands through the services. */
interface Model { label: string; xml: string; theirs: string; commands: number }
const MODELS: Model[] = [
  { label: 'start → user task → XOR → user task → end', xml: ours, theirs, commands: 3 },
  { label: 'user task → sub-process (inclusive fork: review + archive, inclusive join) → end', xml: oursScoped, theirs: theirsScoped, commands: 4 },
];

interface Result { n: number; ms: number; cpuMs: number; perSec: number; cpuPerSec: number }

/** Wall-clock and CPU-time rates (CPU time is what a busy shared machine distorts least). */
function measure(n: number, ms: number, cpu: NodeJS.CpuUsage): Result {
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { n, ms, cpuMs, perSec: (n / ms) * 1000, cpuPerSec: (n / cpuMs) * 1000 };
}

/** `n instances in 1.23 s wall = 812/s; 0.98 CPU-s = 1020 per CPU-second`. */
function line(r: Result): string {
  return `${r.n} instances in ${(r.ms / 1000).toFixed(2)} s wall = ${r.perSec.toFixed(0)} instances/s; `
    + `${(r.cpuMs / 1000).toFixed(2)} CPU-s = ${r.cpuPerSec.toFixed(0)} instances per CPU-second`;
}

/** The median wall rate's round, with the median CPU time and rate over the rounds (taken separately). */
function median(rs: Result[]): Result {
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const byWall = [...rs].sort((a, b) => a.perSec - b.perSec)[Math.floor(rs.length / 2)];
  return { ...byWall, cpuPerSec: mid(rs.map((r) => r.cpuPerSec)), cpuMs: mid(rs.map((r) => r.cpuMs)) };
}

async function benchOurs(model: Model, inMemory = false, rounds = 1): Promise<{ rounds: Result[]; dbBytes: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-'));
  const file = path.join(dir, 'bench.db');
  const url = inMemory ? ':memory:' : pgb ? await pgb.freshDatabase('bench_engine') : file;
  // The server as `npm start` builds it (seeded, WAL checkpoints in a worker thread unless
  // BENCH_INLINE_CHECKPOINT=1), without listening: the commands go through the workflow services.
  const app = await buildApp({
    rawEnv: {}, env: { DATABASE_URL: url, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-0123456789abcdef' },
    logger: false, checkpointer: process.env.BENCH_INLINE_CHECKPOINT === '1' ? false : undefined, todoReader: false,
  });
  const { deps } = app;
  if (!inMemory && !pgb) deps.db!.$client.pragma(`synchronous = ${SYNC}`); // SQLite file only
  const login = async (userId: number) => loadLoginUser(deps, (await findUserById(deps.store, userId))!, `bench-${userId}`);
  // Seed users: admin (1, 超级管理员) and ry (2, 普通角色 = role 2, the review's candidate group).
  const users = [await login(1), await login(2)];
  const reviewer = users[1];
  const { definitionId } = await wf.definitionSave(deps, { name: 'bench', xml: model.xml });
  const run = async (i: number) => {
    const initiator = users[i % 2];
    const s = await wf.definitionStart(deps, initiator, definitionId, { amount: 5000, always: true, title: `申请 ${i}` });
    const approve = await ts.taskComplete(deps, initiator, { taskId: s.tasks[0].taskId, comment: '同意' });
    if (model.commands === 3) {
      const done = await ts.taskComplete(deps, reviewer, { taskId: approve.tasks[0].taskId, comment: '复核通过' });
      if (!done.ended) throw new Error('instance did not end');
      return;
    }
    // Sub-process: the review (group 2) and the archive (initiator) are open together.
    const review = approve.tasks.find((t) => t.taskDefKey === 'review');
    const archive = approve.tasks.find((t) => t.taskDefKey === 'archive');
    if (!review || !archive) throw new Error(`sub-process did not fork: ${approve.tasks.map((t) => t.taskDefKey).join(',')}`);
    await ts.taskComplete(deps, reviewer, { taskId: review.taskId, comment: '复核通过' });
    const done = await ts.taskComplete(deps, initiator, { taskId: archive.taskId, comment: '归档' });
    if (!done.ended) throw new Error('instance did not end');
  };
  for (let i = 0; i < Math.min(200, N); i++) await run(i); // warm-up (JIT, statement cache)
  const results: Result[] = [];
  for (let r = 0; r < rounds; r++) {
    const pg0 = inMemory ? null : pgb?.serverCpuSeconds() ?? null;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await run(i);
    const ms = performance.now() - t0;
    results.push(measure(N, ms, process.cpuUsage(c0)));
    if (!inMemory) console.log(`    round ${r + 1}: ${line(results[r])}`);
    if (pg0 !== null) {
      const pgCpu = pgb!.serverCpuSeconds()! - pg0;
      console.log(`      PostgreSQL's processes: ${pgCpu.toFixed(2)} CPU-s = ${((pgCpu * 1000) / N).toFixed(2)} ms per instance; `
        + `this process and PostgreSQL together: ${(N / (results[r].cpuMs / 1000 + pgCpu)).toFixed(0)} instances per CPU-second`);
    }
  }
  if (!inMemory) {
    // Leave some open work, then time the list queries over the accumulated history.
    for (let i = 0; i < 200; i++) await wf.definitionStart(deps, users[i % 2], definitionId, { amount: 5000, always: true });
    const q = async (label: string, f: () => unknown) => {
      const t = performance.now();
      for (let i = 0; i < 20; i++) await f();
      console.log(`    query ${label}: ${((performance.now() - t) / 20).toFixed(2)} ms`);
    };
    const page = taskListInput.parse({});
    await q('todoList (ry, page 1)', () => tv.todoList(deps, reviewer, page));
    await q(`finishedList (ry, page 1 of ~${2 * N * rounds})`, () => tv.finishedList(deps, reviewer, page));
    await q('myProcess (admin, name filter)', () => tv.myProcess(deps, users[0], { ...page, name: '基准' }));
  }
  const dbBytes = inMemory ? 0 : pgb ? await pgb.databaseBytes(url)
    : fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { rounds: results, dbBytes };
}

async function benchBpmnEngine(model: Model, n: number): Promise<Result> {
  const { Engine } = (await import('bpmn-engine')) as unknown as { Engine: new (o: Record<string, unknown>) => {
    execute(o: Record<string, unknown>): Promise<unknown>; waitFor(e: string): Promise<unknown>;
  } };
  const runOne = async (i: number) => {
    const engine = new Engine({ name: `bench-${i}`, source: model.theirs });
    const listener = new EventEmitter();
    listener.on('wait', (api: { signal: (m?: unknown) => void }) => api.signal({ approved: true }));
    const end = engine.waitFor('end');
    await engine.execute({ listener, variables: { needsReview: true, always: true, amount: 5000 } });
    await end;
  };
  for (let i = 0; i < Math.min(50, n); i++) await runOne(i);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await runOne(i);
  const ms = performance.now() - t0;
  return measure(n, ms, process.cpuUsage(c0));
}

async function main() {
  const cpus = os.cpus().length;
  const load = os.loadavg()[0];
  console.log(`workflow engine benchmark (node ${process.version}); machine: ${cpus} CPU(s), load average ${load.toFixed(2)}${load > cpus ? ' (busy: wall-clock figures understate; see per-CPU-second)' : ''}`);
  if (benchDbKind() === 'sqlite') {
    for (const model of MODELS) await benchModel(model);
    return;
  }
  pgb = await startPgBench();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => { pgb?.stopNow(); process.exit(1); });
  console.log(`database (BENCH_DB=postgres): ${pgb.describe}; issue 43 sets no PostgreSQL targets yet: the targets shown are SQLite's`);
  try {
    for (const model of MODELS) await benchModel(model);
  } finally {
    console.log(await pgb.stop());
  }
}

/** One model: ours on a file (rounds), ours over :memory:, bpmn-engine, the ratio and the targets. */
async function benchModel(model: Model) {
  console.log(`model: ${model.label}, ${model.commands} commands per instance`);
  const ckpt = process.env.BENCH_INLINE_CHECKPOINT === '1' ? 'checkpoints inline' : 'checkpoints in a worker thread';
  const where = pgb ? 'PostgreSQL' : 'file';
  if (pgb) console.log(`  ours (workflow services, ${pgb.describe}), ${ROUNDS} round(s) of ${N}:`);
  else console.log(`  ours (workflow services, SQLite file, ${NEW_FILE_PAGE_SIZE}-byte pages, WAL, synchronous=${SYNC}, ${ckpt}), ${ROUNDS} round(s) of ${N}:`);
  const f = await benchOurs(model, false, ROUNDS);
  const a = median(f.rounds);
  const best = f.rounds.reduce((x, y) => (y.perSec > x.perSec ? y : x));
  console.log(`  ours, ${where}, medians (wall and CPU each over the rounds): ${line(a)}  (db ${(f.dbBytes / 1e6).toFixed(1)} MB)`);
  console.log(`  ours, ${where}, best round:   ${line(best)}`);
  const m = median((await benchOurs(model, true)).rounds);
  console.log(`  ours, same services over :memory: SQLite (CPU cost without disk): ${line(m)}`);
  let b: Result | null = null;
  try {
    b = await benchBpmnEngine(model, N_THEIRS);
    console.log(`  bpmn-engine (in memory, no persistence): ${line(b)}`);
  } catch (e) {
    console.log(`  bpmn-engine run failed: ${(e as Error).message}`);
  }
  if (b) {
    console.log(`  ratio ours (${where}, median) / bpmn-engine: ${(a.perSec / b.perSec).toFixed(1)}× wall, ${(a.cpuPerSec / b.cpuPerSec).toFixed(1)}× per CPU-second (target ≥ 10×)`);
  }
  console.log(`  target ≥ 1000 instances/s (${where}, median): ${a.perSec >= 1000 ? 'met' : 'not met'} wall (${a.perSec.toFixed(0)}/s), `
    + `${a.cpuPerSec >= 1000 ? 'met' : 'not met'} per CPU-second (${a.cpuPerSec.toFixed(0)})`);
}

main().catch((e) => console.log(`benchmark error (ignored): ${(e as Error).stack ?? e}`)).finally(() => process.exit(0));

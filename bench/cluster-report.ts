/**
 * What `npm run bench:cluster` prints once its rounds are done (issue 44, "Proof"): the tables of
 * every configuration, the issue's targets (met or MISS), and two comparisons no target applies to:
 * the control (three PostgreSQL nodes over databases of their own) and "like for like" (PostgreSQL
 * on n nodes against SQLite on n processes, each over a file of its own).
 */
import { CONNECTIONS, USERS } from './binary-helpers';
import { geometricMean, median, TOLERANCE } from './compare-helpers';
import type { ControlPart } from './cluster-control';

/** One configuration's figures per round. */
export interface Figures {
  perSec: number[]; wfReqPerSec: number[]; completeP99: number[]; p99: number[]; appMs: number[]; pgMs: number[]; switches: number[];
  listReqPerSec: number[]; listP99: number[]; listAppUs: number[]; listPgUs: number[]; errors: number;
}

/** Figures with no round yet. */
export const emptyFigures = (): Figures => ({ perSec: [], wfReqPerSec: [], completeP99: [], p99: [], appMs: [], pgMs: [], switches: [], listReqPerSec: [], listP99: [], listAppUs: [], listPgUs: [], errors: 0 });

/**
 * A set of nodes over one database, signed in, with the bench's process saved; or, with `parts`,
 * nodes each over a database of its own (./cluster-control.ts; `bases`, `token` and `procDefId`
 * are then its first part's): the control when `pg`, else SQLite processes over files of their own.
 */
export interface Config { label: string; bases: string[]; pids: number[]; pg: boolean; token: string; procDefId: string; f: Figures; parts?: ControlPart[] }

/** The issue's targets. */
export const CPU_RATIO_MAX = 3, COMPLETE_P99_MAX_MS = 50;

const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));
const lpad = (s: string, n: number) => ' '.repeat(Math.max(0, n - [...s].length)) + s;
const fmt = (x: number) => (!Number.isFinite(x) ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(2));
const verdict = (ok: boolean) => (ok ? 'met' : 'MISS');

/** App + database CPU ms per instance of each round (app only where the database is SQLite). */
const sums = (c: Config) => c.f.appMs.map((x, k) => x + (Number.isFinite(c.f.pgMs[k]) ? c.f.pgMs[k] : 0));
const total = (c: Config) => median(sums(c));
/** `a`'s CPU per instance against `b`'s, each round against the same round, as a geometric mean. */
const cpuRatio = (a: Config, b: Config) => geometricMean(sums(a).map((x, k) => x / sums(b)[k]));
/** `a`'s instances/s against `b`'s, paired by round, as a geometric mean. */
const rateRatio = (a: Config, b: Config) => geometricMean(a.f.perSec.map((x, k) => x / b.f.perSec[k]));

/**
 * Prints the tables, `note` (a line under them), the comparisons, the targets and a summary line
 * (the targets missed, and `broken`: the request flows that failed). `configs` starts with SQLite's one node and PostgreSQL's 1, 2
 * and 3 nodes; configurations with `parts` follow. `rounds` and `seconds` describe the run.
 */
export function report(configs: Config[], rounds: number, seconds: number, broken: readonly string[], note: string): void {
  const [lite, pg1] = configs;
  const measured = configs.filter((c) => !c.parts);
  const control = configs.find((c) => c.parts && c.pg);
  const liteParts = configs.filter((c) => c.parts && !c.pg);
  console.log(`\nREST workflow round (start → todoList → complete → todoList → complete; ${CONNECTIONS} connections round-robin over the nodes; medians of ${rounds} round(s) of ${seconds} s):`);
  console.log(`  ${pad('configuration', 30)}${lpad('inst/s', 8)}${lpad('req/s', 8)}${lpad('p99 compl', 11)}${lpad('p99 all', 9)}${lpad('app ms/inst', 13)}${lpad('pg ms/inst', 12)}${lpad('sum', 7)}${lpad('errors', 8)}${lpad('ctx sw', 8)}  (inst/s per round)`);
  for (const c of configs) {
    const f = c.f;
    console.log(`  ${pad(c.label, 30)}${lpad(fmt(median(f.perSec)), 8)}${lpad(fmt(median(f.wfReqPerSec)), 8)}${lpad(fmt(median(f.completeP99)), 11)}${lpad(fmt(median(f.p99)), 9)}${lpad(fmt(median(f.appMs)), 13)}${lpad(c.pg ? fmt(median(f.pgMs)) : '–', 12)}${lpad(fmt(total(c)), 7)}${lpad(String(f.errors), 8)}${lpad(median(f.switches).toFixed(0), 8)}  (${f.perSec.map((x) => x.toFixed(0)).join(', ')})`);
  }
  console.log(`\nuser list (page 1 of 10 over ${USERS}+ users; ${CONNECTIONS} connections round-robin over the nodes; medians):`);
  console.log(`  ${pad('configuration', 30)}${lpad('req/s', 8)}${lpad('p99 ms', 8)}${lpad('app µs/req', 12)}${lpad('pg µs/req', 11)}${lpad('sum', 7)}  (req/s per round)`);
  for (const c of configs) {
    const f = c.f, app = median(f.listAppUs), db = c.pg ? median(f.listPgUs) : NaN;
    console.log(`  ${pad(c.label, 30)}${lpad(fmt(median(f.listReqPerSec)), 8)}${lpad(fmt(median(f.listP99)), 8)}${lpad(fmt(app), 12)}${lpad(fmt(db), 11)}${lpad(fmt(app + (Number.isFinite(db) ? db : 0)), 7)}  (${f.listReqPerSec.map((x) => x.toFixed(0)).join(', ')})`);
  }
  console.log(`\n${note}`);
  if (control) {
    const shared = measured[measured.length - 1];
    console.log(`\nthe control (not a target; each of its databases holds parked instances, so that its to-do page lists 16 rows as the shared one does): app + database CPU per instance, geometric means of the rounds:`);
    console.log(`  ${shared.label} against ${control.label}: ×${cpuRatio(shared, control).toFixed(2)}: what sharing one database costs (locks, waits, retries, cache traffic between nodes)`);
    console.log(`  ${control.label} against ${pg1.label}: ×${cpuRatio(control, pg1).toFixed(2)}: what three processes cost beyond one on this machine with nothing shared`);
  }
  if (liteParts.length) {
    console.log(`\nlike for like (not a target): SQLite on as many processes as PostgreSQL has nodes, each over a file of its own with parked instances (to-do pages of 16 rows, as the control's); CPU per instance and instances/s, geometric means of the rounds paired:`);
    for (const s of liteParts) console.log(`  ${s.label} against ${lite.label}: CPU ×${cpuRatio(s, lite).toFixed(2)}, instances/s ×${rateRatio(s, lite).toFixed(3)}: what ${s.parts!.length} processes cost beyond one on this machine, with no database server`);
    for (const s of liteParts) {
      const pgN = measured.find((c) => c.pg && c.bases.length === s.parts!.length);
      if (pgN) console.log(`  ${pgN.label} against ${s.label}: CPU ×${cpuRatio(pgN, s).toFixed(2)}: PostgreSQL against SQLite with the same number of processes`);
    }
  }
  const misses: string[] = [];
  const check = (ok: boolean, what: string) => { if (!ok) misses.push(what); return verdict(ok); };
  console.log('\ntargets (issue 44):');
  for (const c of measured.slice(1)) {
    // Each round's sum against SQLite's in the same round (the order reversed every other round),
    // as the throughput target pairs its rounds: the VM's slow and fast phases last minutes, and
    // a ratio of medians taken from different rounds mixes them.
    const ratios = sums(c).map((x, k) => x / sums(lite)[k]);
    const ratio = geometricMean(ratios);
    const known = c.f.pgMs.every(Number.isFinite);
    console.log(`  ${c.label}: app + database CPU per instance ${fmt(total(c))} ms against SQLite's ${fmt(total(lite))} ms (medians: ${(total(c) / total(lite)).toFixed(2)}×); ×${ratio.toFixed(2)} as the geometric mean of the rounds (${ratios.map((x) => x.toFixed(2)).join(', ')}); ≤ ${CPU_RATIO_MAX}×: ${known ? check(ratio <= CPU_RATIO_MAX, `CPU ratio (${c.label})`) : 'not measured (BENCH_DATABASE_URL: PostgreSQL CPU unknown)'}`);
  }
  for (const c of measured.slice(2)) {
    const ratios = c.f.perSec.map((x, k) => x / pg1.f.perSec[k]);
    const r = geometricMean(ratios);
    console.log(`  ${c.label} against ${pg1.label}: instances/s ×${r.toFixed(3)} (geometric mean of the rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')}); no loss (≥ ${1 - TOLERANCE}, the ±${TOLERANCE * 100} % noise band): ${check(r >= 1 - TOLERANCE, `throughput (${c.label})`)}`);
  }
  for (const c of measured.slice(1)) console.log(`  ${c.label}: p99 of a complete ${fmt(median(c.f.completeP99))} ms (rounds: ${c.f.completeP99.map(fmt).join(', ')}); ≤ ${COMPLETE_P99_MAX_MS} ms: ${check(median(c.f.completeP99) <= COMPLETE_P99_MAX_MS, `p99 complete (${c.label})`)}`);
  const errors = configs.reduce((n, c) => n + c.f.errors, 0);
  console.log(`  errors over every configuration and round: ${errors}; 0: ${check(errors === 0, 'errors')}`);
  console.log(`\nsummary: ${misses.length ? `MISS ${misses.join(', ')}` : 'all targets met'}${broken.length ? `; BROKEN: ${broken.join('; ')}` : ''}`);
}

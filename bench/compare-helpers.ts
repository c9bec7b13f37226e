/**
 * Helpers of `npm run bench:compare` (bench/compare.ts): the table of paired figures (base and
 * head per round, medians, ratio head/base as the geometric mean of the rounds', the ±5 % mark), the engine bench of a checkout run in
 * its own process group (`npx tsx bench/engine.bench.ts`, cwd that checkout) and the parsing of
 * its printed figures, and a one-line description of a checkout (git revision, changed files).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './http-helpers';

export type Side = 'base' | 'head';
/** Allowed deviation of head from base before a ratio is marked. */
export const TOLERANCE = 0.05;

/** One compared figure: the value of each side per round (index k = round or engine pair k). */
export interface Measure { name: string; unit: string; lowerIsBetter: boolean; base: number[]; head: number[] }

/** The measures in the order they were first recorded. */
export class Measures {
  readonly list: Measure[] = [];
  add(name: string, unit: string, lowerIsBetter: boolean, side: Side, round: number, value: number): void {
    let m = this.list.find((x) => x.name === name && x.unit === unit);
    if (!m) this.list.push((m = { name, unit, lowerIsBetter, base: [], head: [] }));
    m[side][round] = value;
  }
}

export function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const fmt = (x: number) => (!Number.isFinite(x) ? '–' : Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));
const lpad = (s: string, n: number) => ' '.repeat(Math.max(0, n - [...s].length)) + s;
const outside = (ratio: number) => Number.isFinite(ratio) && Math.abs(ratio - 1) > TOLERANCE;

/**
 * Geometric mean of the finite ratios, NaN when none. The headline ratio of a measure: over an
 * even number of ABBA rounds it cancels the bias of running second (measured on /health against
 * issue 42's base: 1.209, 0.822, 1.055, 0.930 per round, the second runner winning each time;
 * ratio of the medians 0.878, geometric mean 0.994), which a ratio of the two medians keeps.
 */
export function geometricMean(ratios: number[]): number {
  const ok = ratios.filter((r) => Number.isFinite(r) && r > 0);
  return ok.length ? Math.exp(ok.reduce((sum, r) => sum + Math.log(r), 0) / ok.length) : NaN;
}

/**
 * Prints one row per measure: base median, head median, the ratio head/base (the geometric mean
 * of the paired rounds' ratios, marked "(outside 5 %)" beyond ±5 %) and the ratio of each round
 * (head_k / base_k). Returns the names of the measures outside the tolerance.
 */
export function printTable(title: string, measures: Measure[]): string[] {
  const marked: string[] = [];
  const w = Math.max(30, ...measures.map((m) => [...m.name].length)) + 2;
  console.log(`\n${title}`);
  console.log(`  ${pad('measure', w)}${pad('unit', 16)}${lpad('base', 9)}${lpad('head', 9)}${lpad('head/base', 11)}  (ratio per round)`);
  for (const m of measures) {
    const b = median(m.base), h = median(m.head);
    const rounds = m.base.map((x, k) => (m.head[k] ?? NaN) / x);
    if (m.head.length > m.base.length) for (let k = m.base.length; k < m.head.length; k++) rounds.push(NaN);
    const ratio = geometricMean(rounds);
    const flag = outside(ratio) ? ' (outside 5 %)' : '';
    if (flag) marked.push(`${m.name} [${m.unit}]`);
    const unit = `${m.unit} ${m.lowerIsBetter ? '↓' : '↑'}`;
    console.log(`  ${pad(m.name, w)}${pad(unit, 16)}${lpad(fmt(b), 9)}${lpad(fmt(h), 9)}${lpad(Number.isFinite(ratio) ? ratio.toFixed(3) : '–', 11)}  (${rounds.map((r) => (Number.isFinite(r) ? r.toFixed(3) : '–')).join(', ')})${flag}`);
  }
  return marked;
}

/** `abc1234 (+3 changed files)` for a git checkout (read-only: no optional locks), else a note. */
export function describeCheckout(dir: string): string {
  const git = (...args: string[]) => spawnSync('git', ['--no-optional-locks', '-C', dir, ...args], { encoding: 'utf8' });
  const rev = git('rev-parse', '--short', 'HEAD');
  if (rev.status !== 0) return 'not a git checkout';
  const changed = git('status', '--porcelain', '--untracked-files=no').stdout.split('\n').filter(Boolean).length;
  return `${rev.stdout.trim()}${changed ? ` (+${changed} changed files)` : ''}`;
}

/** Throws unless `dir` looks like a checkout of this project with its dependencies at hand. */
export function checkCheckout(dir: string): void {
  for (const f of ['package.json', 'server/main.ts', 'bench/engine.bench.ts']) {
    if (!fs.existsSync(path.join(dir, f))) throw new Error(`${dir}: no ${f} (not a checkout of this project?)`);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules', 'tsx'))) {
    throw new Error(`${dir}: no node_modules/tsx; install its dependencies or link them: ln -s ${path.join(ROOT, 'node_modules')} ${path.join(dir, 'node_modules')}`);
  }
}

/** Engine bench processes running now (each the leader of its own process group). */
const engines = new Set<ChildProcess>();

/** SIGKILL to every running engine bench's process group (npx, tsx and the node under it). */
export function killEngines(): void {
  for (const p of engines) try { process.kill(-p.pid!, 'SIGKILL'); } catch { /* gone */ }
}

export interface EngineRun { code: number | null; ms: number; lines: string[] }

/** `npx tsx bench/engine.bench.ts` in `dir` with `env`; its output lines (stderr marked). */
export function runEngine(dir: string, env: NodeJS.ProcessEnv, timeoutMs = 20 * 60_000): Promise<EngineRun> {
  const t0 = performance.now();
  const proc = spawn('npx', ['--no-install', 'tsx', 'bench/engine.bench.ts'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  engines.add(proc);
  let out = '', err = '';
  proc.stdout!.on('data', (d: Buffer) => { out += d.toString('utf8'); });
  proc.stderr!.on('data', (d: Buffer) => { err += d.toString('utf8'); });
  const timer = setTimeout(() => { try { process.kill(-proc.pid!, 'SIGKILL'); } catch { /* gone */ } }, timeoutMs);
  return new Promise((resolve) => {
    const done = (code: number | null) => {
      clearTimeout(timer);
      engines.delete(proc);
      const lines = [...out.split('\n'), ...err.split('\n').map((l) => (l.trim() ? `[stderr] ${l}` : ''))].filter((l) => l.trim());
      resolve({ code, ms: performance.now() - t0, lines });
    };
    proc.once('error', (e) => { err += String(e); done(-1); });
    proc.once('close', (code) => done(code));
  });
}

/** A figure read from the engine bench's output. */
export interface EngineFigure { name: string; unit: string; lowerIsBetter: boolean; value: number }
export interface EngineFigures { figures: EngineFigure[]; models: string[]; unparsed: string[]; error: boolean }

/**
 * The headline figures of engine.bench.ts's output, per model (`m1`, `m2`, … in the order of its
 * `model: <label>, …` lines): every `<label>: N instances in S s wall = R instances/s; C CPU-s = P
 * instances per CPU-second` line (except the single rounds and the best round) gives instances/s
 * and instances per CPU-second; every `query <label>: X ms` line gives ms per query. Lines that
 * look like figures but do not parse, and error lines, are returned as `unparsed`.
 */
export function parseEngine(lines: string[]): EngineFigures {
  const figures: EngineFigure[] = [], models: string[] = [], unparsed: string[] = [];
  let error = false, prefix = '';
  const clean = (label: string) => label.replace(/\s*\([^()]*\)/g, '').replace(/\s+/g, ' ').trim();
  for (const raw of lines) {
    const l = raw.trim();
    const model = /^model: (.+?)(?:, \d+ commands per instance)?$/.exec(l);
    if (model) { models.push(model[1]); prefix = `m${models.length} `; continue; }
    if (/^round \d+:/.test(l) || /best round/.test(l) || /^target\b/.test(l)) continue;
    const rate = /^(.+?):\s+(\d+) instances in ([\d.]+) s wall = ([\d.]+) instances\/s; ([\d.]+) CPU-s = ([\d.]+) instances per CPU-second/.exec(l);
    if (rate) {
      const name = prefix + clean(rate[1]);
      figures.push({ name, unit: 'instances/s', lowerIsBetter: false, value: Number(rate[4]) });
      figures.push({ name, unit: 'inst/CPU-s', lowerIsBetter: false, value: Number(rate[6]) });
      continue;
    }
    const query = /^query (.+):\s+([\d.]+) ms$/.exec(l);
    if (query) { figures.push({ name: `${prefix}query ${clean(query[1]).replace(/~\d+/, '~N')}`, unit: 'ms', lowerIsBetter: true, value: Number(query[2]) }); continue; }
    if (/error|failed/i.test(l)) error = true;
    if (/error|failed|^\[stderr\]/i.test(l)) { unparsed.push(raw); continue; }
    if (/instances\/s|^query\b|\d+(?:\.\d+)? ms\b/.test(l)) unparsed.push(raw);
  }
  return { figures, models, unparsed, error };
}

/** Prints two outputs' lines next to each other (base line, then head line, pair by pair). */
export function printSideBySide(title: string, base: string[], head: string[]): void {
  console.log(`  ${title}`);
  for (let i = 0; i < Math.max(base.length, head.length); i++) {
    console.log(`    base: ${base[i]?.trim() ?? '(none)'}`);
    console.log(`    head: ${head[i]?.trim() ?? '(none)'}`);
  }
}

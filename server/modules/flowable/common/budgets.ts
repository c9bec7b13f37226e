/**
 * The workflow's budgets (issue 38 §6 "One request stalls the server"), read from sys_config
 * (参数设置; through the config cache, so a change applies to the next command) with these
 * defaults when a key is missing or not a positive integer:
 * - `flowable.multiInstance.maxInstances` (1000): most instances of one multi-instance body
 *   (countersign signers, loopCardinality);
 * - `flowable.variable.maxBytes` (1048576 = 1 MB): largest JSON text of one process variable;
 * - `flowable.simulate.maxSeconds` (10): 流程模拟's wall-clock budget, checked while it runs.
 * 流程模拟 also runs at most SIMULATE_AGENDA_STEPS engine operations per command and
 * SIMULATE_MAX_EXECUTIONS tokens per instance (fixed).
 */
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { ENGINE_LIMIT_DEFAULTS, type EngineLimits } from '../../../engine';
// Synchronous on purpose (issue 43): on SQLite the engine reads these inside its synchronous command transactions.
import { getConfigValue } from '../../system/config/config-sync.repo';
import { configValue, findConfigValue } from '../../system/config/config.repo';
import { tableVersionsOf } from '../../../db/table-versions';

export const MI_MAX_KEY = 'flowable.multiInstance.maxInstances';
export const VARIABLE_MAX_BYTES_KEY = 'flowable.variable.maxBytes';
export const SIMULATE_MAX_SECONDS_KEY = 'flowable.simulate.maxSeconds';
export const SIMULATE_DEFAULT_SECONDS = 10;
/** Engine operations one simulated command may run (the app's commands: ENGINE_LIMIT_DEFAULTS.maxAgendaSteps). */
export const SIMULATE_AGENDA_STEPS = 20_000;
/** Executions one simulated instance may hold. */
export const SIMULATE_MAX_EXECUTIONS = 2_000;
/** How old (ms) PostgreSQL's snapshot of the engine's budgets may get while `sys_config`'s changes cannot be followed. */
export const PG_LIMITS_REFRESH_MS = 1000;

/** `raw` when it is a positive integer (at most 12 digits), else `fallback`. */
const positive = (raw: string | undefined, fallback: number): number => {
  const text = raw?.trim();
  const n = text && /^\d{1,12}$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** The positive integer stored under `key`, else `fallback` (SQLite's synchronous reader, through the config cache). */
export function positiveConfig(db: Db, key: string, fallback: number): number {
  return positive(getConfigValue(db, key), fallback);
}

/** `positiveConfig` through the async store, on either database (through the config cache: config.repo.ts configValue). */
export async function positiveConfigOf(store: Pick<Store<Db>, 'kind' | 'db' | 'inTransaction'>, key: string, fallback: number): Promise<number> {
  return positive(await configValue(store, key), fallback);
}

/** The engine's limits of an app and how to keep them current (server/app.ts). */
export interface EngineBudgets {
  /** What createEngine takes (`limits`): read when the engine asks, once per command. */
  limits: EngineLimits;
  /**
   * PostgreSQL: re-reads the snapshot when `sys_config` changed since it was read (a synchronous
   * check of the table versions; a Promise only then), so a change made through 参数设置 applies
   * to the next request's command; the app calls it before each request. A failed re-read keeps
   * the last values (never rejects). SQLite: nothing to do (undefined).
   */
  fresh(): Promise<void> | undefined;
}

/**
 * The engine's limits over the real database (server/app.ts passes them to createEngine), so a
 * change of either key applies to the next command:
 * - SQLite: read synchronously over the store's connection when the engine asks, through the
 *   config cache (a hit costs no SQLite call);
 * - PostgreSQL (the engine asks synchronously, the store answers asynchronously): from a snapshot
 *   of both keys, read at boot and again when `sys_config`'s table version moved (server/db/
 *   table-versions.ts: this process's writes and other processes' notified ones): before each
 *   request (`fresh`), and in the background when a command asks (timer commands run outside
 *   requests); every PG_LIMITS_REFRESH_MS while the versions cannot be followed.
 * Errors: rejects when the boot read fails.
 */
export async function engineLimits(store: Store<Db>): Promise<EngineBudgets> {
  if (store.kind === 'sqlite') {
    const db = store.db;
    return {
      limits: {
        maxMultiInstances: () => positiveConfig(db, MI_MAX_KEY, ENGINE_LIMIT_DEFAULTS.maxMultiInstances),
        maxVariableBytes: () => positiveConfig(db, VARIABLE_MAX_BYTES_KEY, ENGINE_LIMIT_DEFAULTS.maxVariableBytes),
      },
      fresh: () => undefined,
    };
  }
  // The pool's handle, taken here (at boot, outside any transaction): a re-read started inside a
  // command must not run on that command's connection, which may be gone by then.
  const pool = { db: store.db };
  const versions = tableVersionsOf(store);
  versions.watch({ sys_config: undefined });
  /** sys_config's version now; undefined when other processes' writes cannot be followed. */
  const stamp = () => {
    const other = versions.otherCommits(Date.now());
    return other === undefined ? undefined : `${other}:${versions.localWrites(['sys_config'])}`;
  };
  const read = async () => {
    const at = { stamp: stamp(), time: Date.now() }; // before the reads: a write meanwhile moves it again
    return {
      ...at,
      maxMultiInstances: positive(await findConfigValue(pool, MI_MAX_KEY), ENGINE_LIMIT_DEFAULTS.maxMultiInstances),
      maxVariableBytes: positive(await findConfigValue(pool, VARIABLE_MAX_BYTES_KEY), ENGINE_LIMIT_DEFAULTS.maxVariableBytes),
    };
  };
  let values = await read();
  let reading: Promise<void> | undefined;
  const fresh = (): Promise<void> | undefined => {
    if (reading) return reading;
    const now = stamp();
    if (now !== undefined ? now === values.stamp : Date.now() - values.time < PG_LIMITS_REFRESH_MS) return undefined;
    reading = read().then((v) => { values = v; }, () => { values = { ...values, time: Date.now() }; }).finally(() => { reading = undefined; });
    return reading;
  };
  const current = () => {
    void fresh();
    return values;
  };
  return { limits: { maxMultiInstances: () => current().maxMultiInstances, maxVariableBytes: () => current().maxVariableBytes }, fresh };
}

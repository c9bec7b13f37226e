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
import { ENGINE_LIMIT_DEFAULTS, type EngineLimits } from '../../../engine';
// Synchronous on purpose (issue 43): the engine reads these inside its synchronous command transactions.
import { getConfigValue } from '../../system/config/config-sync.repo';

export const MI_MAX_KEY = 'flowable.multiInstance.maxInstances';
export const VARIABLE_MAX_BYTES_KEY = 'flowable.variable.maxBytes';
export const SIMULATE_MAX_SECONDS_KEY = 'flowable.simulate.maxSeconds';
export const SIMULATE_DEFAULT_SECONDS = 10;
/** Engine operations one simulated command may run (the app's commands: ENGINE_LIMIT_DEFAULTS.maxAgendaSteps). */
export const SIMULATE_AGENDA_STEPS = 20_000;
/** Executions one simulated instance may hold. */
export const SIMULATE_MAX_EXECUTIONS = 2_000;

/** The positive integer stored under `key`, else `fallback`. */
export function positiveConfig(db: Db, key: string, fallback: number): number {
  const raw = getConfigValue(db, key)?.trim();
  const n = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/** The engine's limits over the real database (server/app.ts passes them to createEngine). */
export function engineLimits(db: Db): EngineLimits {
  return {
    maxMultiInstances: () => positiveConfig(db, MI_MAX_KEY, ENGINE_LIMIT_DEFAULTS.maxMultiInstances),
    maxVariableBytes: () => positiveConfig(db, VARIABLE_MAX_BYTES_KEY, ENGINE_LIMIT_DEFAULTS.maxVariableBytes),
  };
}

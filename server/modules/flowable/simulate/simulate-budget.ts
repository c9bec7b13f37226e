/**
 * 流程模拟's budget (issue 38 §6: token doubling or a large multi-instance ran 39–73 s): the
 * scratch engine runs with the app's multi-instance and variable limits (budgets.ts) plus at most
 * SIMULATE_AGENDA_STEPS engine operations per command, SIMULATE_MAX_EXECUTIONS tokens per
 * instance, and a wall-clock budget of `flowable.simulate.maxSeconds` (default 10) checked every
 * 256 engine operations and before each task completion, so a run stops while it runs, not after.
 */
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../core/errors';
import { ENGINE_LIMIT_DEFAULTS, type EngineLimits } from '../../../engine';
import {
  MI_MAX_KEY, positiveConfigOf, SIMULATE_AGENDA_STEPS, SIMULATE_DEFAULT_SECONDS, SIMULATE_MAX_EXECUTIONS, SIMULATE_MAX_SECONDS_KEY, VARIABLE_MAX_BYTES_KEY,
} from '../common/budgets';

/** The engine's refusals that mean "a budget was spent" (runtime/context.ts, agenda.ts, multi-instance.ts). */
const BUDGET_REFUSAL = /^(流程执行步数超过上限|流程实例的执行分支数超过上限|多实例节点「.*」的实例数 \d+ 超过上限)/;

export interface SimulationBudget {
  /** Limits for the scratch engine (createEngine `limits`). */
  limits: EngineLimits;
  /** Text of the time refusal: `流程模拟超过时间上限 <n> 秒，已停止`. */
  timeMessage: string;
  /** True once the wall-clock budget is spent. */
  timeUp(): boolean;
  /** True when `e` is a budget refusal (steps, tokens, multi-instance size, time). */
  exceeded(e: AppError): boolean;
}

/**
 * A new budget starting now, read from sys_config through the store (either database; see the
 * file comment): the time budget and the multi-instance and variable limits are read once, when
 * the simulation starts. `now` is the wall clock in ms (performance.now; a test passes its own).
 */
export async function simulationBudget(deps: Pick<AppDeps, 'store'>, now: () => number = () => performance.now()): Promise<SimulationBudget> {
  const seconds = await positiveConfigOf(deps.store, SIMULATE_MAX_SECONDS_KEY, SIMULATE_DEFAULT_SECONDS);
  const maxMultiInstances = await positiveConfigOf(deps.store, MI_MAX_KEY, ENGINE_LIMIT_DEFAULTS.maxMultiInstances);
  const maxVariableBytes = await positiveConfigOf(deps.store, VARIABLE_MAX_BYTES_KEY, ENGINE_LIMIT_DEFAULTS.maxVariableBytes);
  const deadline = now() + seconds * 1000;
  const timeMessage = `流程模拟超过时间上限 ${seconds} 秒，已停止`;
  const timeUp = () => now() > deadline;
  return {
    limits: {
      maxMultiInstances: () => maxMultiInstances,
      maxVariableBytes: () => maxVariableBytes,
      maxAgendaSteps: SIMULATE_AGENDA_STEPS,
      maxExecutions: SIMULATE_MAX_EXECUTIONS,
      checkpoint: () => { if (timeUp()) throw new AppError('refused', timeMessage); },
    },
    timeMessage,
    timeUp,
    exceeded: (e) => e.message === timeMessage || BUDGET_REFUSAL.test(e.message),
  };
}

/**
 * 流程模拟's wall-clock budget (issue 38 §6, simulate-budget.ts) with a fake clock: the engine's
 * checkpoint stops a run once `flowable.simulate.maxSeconds` have passed, with the time message,
 * and that refusal counts as a spent budget; the step and token caps are the simulation's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import { makeTestApp, type TestApp } from '../../../../tests/helpers/app';
import { simulationBudget } from './simulate-budget';
import { SIMULATE_AGENDA_STEPS, SIMULATE_MAX_EXECUTIONS } from '../common/budgets';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.app.close(); });

describe('simulationBudget', () => {
  it('stops at the checkpoint once the configured seconds have passed', async () => {
    await t.app.deps.store.run("UPDATE sys_config SET config_value = '3' WHERE config_key = 'flowable.simulate.maxSeconds'"); // the seeded row
    let ms = 1000;
    const budget = await simulationBudget(t.app.deps, () => ms);
    expect(budget.limits).toMatchObject({ maxAgendaSteps: SIMULATE_AGENDA_STEPS, maxExecutions: SIMULATE_MAX_EXECUTIONS });
    ms += 2999;
    expect(() => budget.limits.checkpoint!()).not.toThrow();
    expect(budget.timeUp()).toBe(false);
    ms += 2;
    expect(budget.timeUp()).toBe(true);
    let thrown: unknown;
    try { budget.limits.checkpoint!(); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).message).toBe('流程模拟超过时间上限 3 秒，已停止');
    expect(budget.exceeded(thrown as AppError)).toBe(true);
    expect(budget.exceeded(new AppError('refused', '流程执行步数超过上限 20000 (模型中可能存在无等待节点的死循环)'))).toBe(true);
    expect(budget.exceeded(new AppError('refused', '当前用户不是该任务的办理人，无权操作'))).toBe(false);
  });
});

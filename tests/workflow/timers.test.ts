/**
 * Timers (wf_timer): intermediate catch, interrupting / non-interrupting boundary, cycles, timer
 * start events and versions, event sub-processes, return to a task with a boundary timer. The
 * firing rules (downtime, races, retries) are in timers-firing.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, names, snapshot, completeByName } from './helpers';
import { boundaryTimerXml, catchTimerXml, eventSubProcessXml, returnTimerXml, timerStartXml } from './event-models';

const MIN = 60_000;
const HOUR = 60 * MIN;

async function fire(ctx: Awaited<ReturnType<typeof makeEngine>>, owner = 'test') {
  return await ctx.engine.fireDueTimers({ now: ctx.clock.now(), owner });
}

describe('intermediate timer catch event', () => {
  it('waits until the due time, then the token leaves', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: catchTimerXml('PT10M') });
    const t0 = clock.now();
    const { instanceId, tasks } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    expect(tasks).toEqual([]);
    const waits = await engine.eventWaits({ instanceId });
    expect(waits.timers).toHaveLength(1);
    expect(waits.timers[0]).toMatchObject({ activityId: 'wait', dueTime: t0 + 10 * MIN, retries: 3, repeat: null });
    clock.advance(10 * MIN - 1);
    expect(await fire(ctx)).toEqual({ fired: 0, failed: 0 });
    expect(await names(engine, instanceId)).toEqual([]);
    clock.advance(1);
    expect(await fire(ctx)).toEqual({ fired: 1, failed: 0 });
    expect(await snapshot(engine, instanceId)).toEqual(['之后|1||']);
    expect((await engine.eventWaits({ instanceId })).timers).toEqual([]);
    expect((await engine.flowRecord(instanceId)).length).toBeGreaterThan(0);
    expect(await fire(ctx)).toEqual({ fired: 0, failed: 0 });
  });

  it('a timeDate expression is evaluated in the instance scope when the wait begins', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: catchTimerXml('${dueAt}', 'timeDate') });
    const { instanceId } = await ctx.engine.start({ definitionId: d.definitionId, userId: '1', variables: { dueAt: '2026-02-01T00:00:00Z' } });
    expect((await ctx.engine.eventWaits({ instanceId })).timers[0].dueTime).toBe(Date.UTC(2026, 1, 1));
  });

  it('a bad timer value fails the command naming the element; nothing is stored', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: catchTimerXml('${wait}') });
    await expect(ctx.engine.start({ definitionId: d.definitionId, userId: '1', variables: { wait: 'soon' } })).rejects
      .toThrow('定时器 wait (intermediateCatchEvent) 的 timeDuration 值无效: "soon"');
    expect(await ctx.store.get('SELECT count(*) AS n FROM wf_instance')).toEqual({ n: 0 });
  });
});

describe('boundary timers on a user task', () => {
  it('interrupting: the task is cancelled and the escalation task created', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: boundaryTimerXml('R1/PT2H') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    expect((await engine.eventWaits({ instanceId })).timers.map((t) => t.activityId).sort()).toEqual(['escalateTimer', 'remindTimer']);
    clock.advance(HOUR);
    expect((await fire(ctx)).fired).toBe(1);
    expect(await snapshot(engine, instanceId)).toEqual(['升级审批|boss||']);
    // The host's other timer went with it.
    expect((await engine.eventWaits({ instanceId })).timers).toEqual([]);
    expect((await engine.flowRecord(instanceId)).find((r) => r.taskName === '审批')?.deleteReason).toMatch(/escalateTimer/);
    expect((await engine.todoList({ userId: 'a' })).total).toBe(0);
    expect((await engine.todoList({ userId: 'boss' })).rows.map((r) => r.taskName)).toEqual(['升级审批']);
    await completeByName(engine, instanceId, '升级审批');
    expect((await engine.getInstance(instanceId))?.endTime).not.toBeNull();
  });

  it('non-interrupting: a reminder token, the original task stays', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: boundaryTimerXml('R1/PT30M') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    clock.advance(30 * MIN);
    expect((await fire(ctx)).fired).toBe(1);
    expect(await names(engine, instanceId)).toEqual(['催办', '审批']);
    expect((await engine.eventWaits({ instanceId })).timers.map((t) => t.activityId)).toEqual(['escalateTimer']);
    await completeByName(engine, instanceId, '审批');
    expect(await names(engine, instanceId)).toEqual(['催办']);
    expect((await engine.eventWaits({ instanceId })).timers).toEqual([]);
  });

  it('cycle R2/PT10M fires twice, then stops', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: boundaryTimerXml('R2/PT10M', 'PT5H') });
    const t0 = clock.now();
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    const remind = async () => (await engine.eventWaits({ instanceId })).timers.filter((t) => t.activityId === 'remindTimer');
    expect(await remind()).toMatchObject([{ dueTime: t0 + 10 * MIN, repeat: 'R1/PT10M' }]);
    clock.advance(10 * MIN);
    expect((await fire(ctx)).fired).toBe(1);
    expect(await remind()).toMatchObject([{ dueTime: t0 + 20 * MIN, repeat: null }]);
    clock.advance(10 * MIN);
    expect((await fire(ctx)).fired).toBe(1);
    expect(await remind()).toEqual([]);
    clock.advance(60 * MIN);
    expect((await fire(ctx)).fired).toBe(0);
    expect(await names(engine, instanceId)).toEqual(['催办', '催办', '审批']);
  });

  it('the timers are removed when the task completes first', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: boundaryTimerXml() });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    await completeByName(engine, instanceId, '审批');
    expect((await engine.getInstance(instanceId))?.endTime).not.toBeNull();
    expect(await ctx.store.get('SELECT count(*) AS n FROM wf_timer')).toEqual({ n: 0 });
    clock.advance(5 * HOUR);
    expect(await fire(ctx)).toEqual({ fired: 0, failed: 0 });
  });

  it('a task returned to gets its timer again (reminders not lost after return)', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: returnTimerXml });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    expect((await engine.eventWaits({ instanceId })).timers.map((t) => t.activityId)).toEqual(['firstTimer']);
    await completeByName(engine, instanceId, '填写');
    expect((await engine.eventWaits({ instanceId })).timers).toEqual([]);
    clock.advance(30 * MIN);
    const second = (await engine.instanceTasks(instanceId))[0];
    await engine.returnTo({ taskId: second.taskId, userId: 'b', targetKey: 'first' });
    const timers = (await engine.eventWaits({ instanceId })).timers;
    expect(timers).toMatchObject([{ activityId: 'firstTimer', dueTime: clock.now() + HOUR }]);
    const exec = await ctx.store.get<{ e: string }>("SELECT execution_id AS e FROM wf_task WHERE instance_id = ? AND task_def_key = 'first'", [instanceId]);
    expect(timers[0].executionId).toBe(exec!.e);
    clock.advance(HOUR);
    expect((await fire(ctx)).fired).toBe(1);
    expect(await snapshot(engine, instanceId)).toEqual(['超时处理|boss||']);
  });
});

describe('event sub-processes (process level)', () => {
  it('a non-interrupting message start runs beside the main task and keeps listening; an interrupting timer start cancels the rest', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: eventSubProcessXml });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    const waits = await engine.eventWaits({ instanceId });
    expect(waits.timers).toMatchObject([{ activityId: 'timeoutStart', executionId: null, dueTime: clock.now() + 2 * HOUR }]);
    expect(waits.subscriptions).toMatchObject([{ activityId: 'paidStart', eventName: 'paid', executionId: null }]);
    await engine.correlateMessage({ messageName: 'paid', instanceId });
    expect(await names(engine, instanceId)).toEqual(['主任务', '登记付款']);
    expect((await engine.eventWaits({ instanceId })).subscriptions).toHaveLength(1);
    clock.advance(2 * HOUR);
    expect((await fire(ctx)).fired).toBe(1);
    expect(await snapshot(engine, instanceId)).toEqual(['超时处理|boss||']);
    await completeByName(engine, instanceId, '超时处理');
    expect((await engine.getInstance(instanceId)).endTime).not.toBeNull();
    expect(await engine.eventWaits({ instanceId })).toEqual({ timers: [], subscriptions: [] });
  });
});

describe('timer start events', () => {
  it('create instances on each cycle fire; a new version replaces the old version\'s start timer', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const t0 = clock.now();
    const v1 = await engine.deploy({ xml: timerStartXml('R2/PT1H') });
    expect((await engine.eventWaits({ definitionId: v1.definitionId })).timers).toMatchObject([{ instanceId: null, dueTime: t0 + HOUR, repeat: 'R1/PT1H' }]);
    const instances = () => ctx.store.all<{ id: string; d: string; u: string | null }>('SELECT id, definition_id AS d, start_user_id AS u FROM wf_instance ORDER BY start_time, id');
    clock.advance(HOUR);
    expect((await fire(ctx)).fired).toBe(1);
    expect(await instances()).toMatchObject([{ d: v1.definitionId, u: null }]);
    expect(await names(engine, (await instances())[0].id)).toEqual(['定时任务']);
    expect((await engine.eventWaits({ definitionId: v1.definitionId })).timers).toMatchObject([{ dueTime: t0 + 2 * HOUR, repeat: null }]);
    const v2 = await engine.deploy({ xml: timerStartXml('R/PT30M', 'timeCycle', '新版定时任务') });
    expect((await engine.eventWaits({ definitionId: v1.definitionId })).timers).toEqual([]);
    expect((await engine.eventWaits({ definitionId: v2.definitionId })).timers).toMatchObject([{ dueTime: clock.now() + 30 * MIN, repeat: 'R/PT30M' }]);
    clock.advance(HOUR);
    // Only the new version's timer fires; the occurrence missed meanwhile (+60 min = now) is skipped.
    expect((await fire(ctx)).fired).toBe(1);
    expect((await instances()).map((i) => i.d)).toEqual([v1.definitionId, v2.definitionId]);
    expect((await fire(ctx)).fired).toBe(0);
    clock.advance(30 * MIN);
    expect((await fire(ctx)).fired).toBe(1);
    expect((await instances()).map((i) => i.d)).toEqual([v1.definitionId, v2.definitionId, v2.definitionId]);
    expect((await engine.eventWaits({ definitionId: v2.definitionId })).timers).toMatchObject([{ dueTime: clock.now() + 30 * MIN }]);
    // Deleting the newest deployment gives the start timer back to the previous version.
    await engine.deleteDeployment(v2.deploymentId);
    expect((await engine.eventWaits({ definitionId: v1.definitionId })).timers).toHaveLength(1);
  });

  it('a bad start timer value refuses the deploy naming the element; nothing is stored', async () => {
    const ctx = await makeEngine();
    await expect(ctx.engine.deploy({ xml: timerStartXml('every day') })).rejects.toThrow('定时器 tstart (startEvent) 的 timeCycle 值无效: "every day"');
    expect(await ctx.store.get('SELECT (SELECT count(*) FROM wf_definition) + (SELECT count(*) FROM wf_timer) AS n')).toEqual({ n: 0 });
  });

  it('a suspended definition\'s start timer stays due until activated', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: timerStartXml('2026-01-05T02:00:00Z', 'timeDate') });
    await ctx.engine.setDefinitionState({ definitionId: d.definitionId, state: 2 });
    ctx.clock.advance(2 * HOUR);
    expect(await fire(ctx)).toEqual({ fired: 0, failed: 0 });
    await ctx.engine.setDefinitionState({ definitionId: d.definitionId, state: 1 });
    expect(await fire(ctx)).toEqual({ fired: 1, failed: 0 });
    expect((await ctx.engine.eventWaits({ definitionId: d.definitionId })).timers).toEqual([]);
  });
});

/**
 * Event sub-processes triggered by the events work (message / timer starts): a non-interrupting
 * message event sub-process at process level runs beside the main flow; an interrupting timer
 * event sub-process inside an embedded sub-process cancels that scope only and completes it.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine } from './helpers';
import { acts, done, executions, flow, hiTasks, keys, proc } from './scopes-helpers';

describe('event sub-processes', () => {
  it('non-interrupting message start at process level: runs alongside; the instance ends when both are done', async () => {
    const { engine, store } = await makeEngine();
    const xml = proc('nonint', `<startEvent id="s"/><userTask id="main"/><endEvent id="e"/>${flow('f1', 's', 'main')}${flow('f2', 'main', 'e')}
      <subProcess id="esp" triggeredByEvent="true"><startEvent id="ms" isInterrupting="false"><messageEventDefinition messageRef="m1"/></startEvent>
        <userTask id="extra"/><endEvent id="ee"/>${flow('h1', 'ms', 'extra')}${flow('h2', 'extra', 'ee')}</subProcess>`, '<message id="m1" name="补充材料"/>');
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    await engine.correlateMessage({ messageName: '补充材料', instanceId });
    expect(await keys(engine, instanceId)).toEqual(['extra', 'main']);
    const esp = (await executions(store, instanceId)).find((x) => x.activityId === 'esp')!;
    expect(esp).toMatchObject({ isScope: 1, parentId: null });
    expect((await done(engine, instanceId, 'main')).ended).toBe(false);
    expect((await done(engine, instanceId, 'extra')).ended).toBe(true);
    expect(await acts(store, instanceId)).toEqual(expect.arrayContaining(['esp:subProcess', 'ms:startEvent', 'extra:userTask']));
  });

  it('interrupting timer start inside a sub-process cancels that scope\'s tokens and then completes it', async () => {
    const { engine, store, clock } = await makeEngine();
    const xml = proc('intsub', `<startEvent id="s"/><parallelGateway id="fork"/><userTask id="outside"/>
      <subProcess id="sp"><startEvent id="ss"/><userTask id="inner"/><endEvent id="se"/>${flow('i1', 'ss', 'inner')}${flow('i2', 'inner', 'se')}
        <subProcess id="esp" triggeredByEvent="true"><startEvent id="ts"><timerEventDefinition><timeDuration>PT5M</timeDuration></timerEventDefinition></startEvent>
          <userTask id="expired"/><endEvent id="ee"/>${flow('h1', 'ts', 'expired')}${flow('h2', 'expired', 'ee')}</subProcess></subProcess>
      <userTask id="after"/><endEvent id="e"/><endEvent id="e2"/>
      ${flow('f0', 's', 'fork')}${flow('f1', 'fork', 'sp')}${flow('f1b', 'fork', 'outside')}${flow('f2', 'sp', 'after')}${flow('f3', 'after', 'e')}${flow('f4', 'outside', 'e2')}`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    clock.advance(300_001);
    expect((await engine.fireDueTimers({ now: clock.now(), owner: 't' })).fired).toBe(1);
    expect(await keys(engine, instanceId)).toEqual(['expired', 'outside']);
    expect(await hiTasks(store, instanceId)).toEqual(expect.arrayContaining(['inner:cancelled', 'outside:open', 'expired:open']));
    await done(engine, instanceId, 'expired');
    expect(await keys(engine, instanceId)).toEqual(['after', 'outside']);
  });
});

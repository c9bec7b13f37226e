/**
 * Embedded sub-processes (scope executions, nesting, gateways inside, scope variables), BPMN
 * errors (error end → error boundary / error-start event sub-process / uncaught rollback) and
 * terminate end events (Flowable semantics, reference/bpmn-engines.md).
 */
import { describe, expect, it } from 'vitest';
import { makeEngine } from './helpers';
import { acts, done, executions, flow, hiTasks, instanceRow, keys, proc, scopedVars } from './scopes-helpers';

describe('embedded sub-process', () => {
  const simple = proc('sub', `<startEvent id="s"/>
    <subProcess id="sp" name="子流程"><startEvent id="ss"/><userTask id="inner" name="Inner"/><endEvent id="se"/>
      ${flow('i1', 'ss', 'inner')}${flow('i2', 'inner', 'se')}</subProcess>
    <userTask id="after"/><endEvent id="e"/>
    ${flow('f1', 's', 'sp')}${flow('f2', 'sp', 'after')}${flow('f3', 'after', 'e')}`);

  it('the token becomes the scope, a child runs the inner flow; the last inner end leaves the sub-process', async () => {
    const { engine, store } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml: simple });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect(await keys(engine, instanceId)).toEqual(['inner']);
    const ex = await executions(store, instanceId);
    const scope = ex.find((e) => e.activityId === 'sp')!;
    expect(scope).toMatchObject({ isScope: 1, parentId: null });
    expect(ex.find((e) => e.activityId === 'inner')).toMatchObject({ parentId: scope.id, isScope: 0 });
    expect(await acts(store, instanceId)).toEqual(['s:startEvent', 'sp:subProcess:open', 'ss:startEvent', 'inner:userTask:open']);
    await done(engine, instanceId, 'inner');
    expect(await keys(engine, instanceId)).toEqual(['after']);
    expect(await executions(store, instanceId)).toEqual([expect.objectContaining({ activityId: 'after', isScope: 0, parentId: null })]);
    expect(await acts(store, instanceId)).toEqual(['s:startEvent', 'sp:subProcess', 'ss:startEvent', 'inner:userTask', 'se:endEvent', 'after:userTask:open']);
    expect((await done(engine, instanceId, 'after')).ended).toBe(true);
  });

  it('nested sub-processes and a parallel gateway inside: the outer scope waits for every inner token', async () => {
    const { engine, store } = await makeEngine();
    const xml = proc('nested', `<startEvent id="s"/>
      <subProcess id="outer"><startEvent id="os"/>
        <parallelGateway id="fork"/><userTask id="a"/>
        <subProcess id="inner"><startEvent id="is"/><userTask id="b"/><endEvent id="ie"/>${flow('n1', 'is', 'b')}${flow('n2', 'b', 'ie')}</subProcess>
        <parallelGateway id="join"/><endEvent id="oe"/>
        ${flow('o1', 'os', 'fork')}${flow('o2', 'fork', 'a')}${flow('o3', 'fork', 'inner')}${flow('o4', 'a', 'join')}${flow('o5', 'inner', 'join')}${flow('o6', 'join', 'oe')}
      </subProcess>
      <userTask id="after"/><endEvent id="e"/>${flow('f1', 's', 'outer')}${flow('f2', 'outer', 'after')}${flow('f3', 'after', 'e')}`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect(await keys(engine, instanceId)).toEqual(['a', 'b']);
    const ex = await executions(store, instanceId);
    const outer = ex.find((e) => e.activityId === 'outer')!;
    const inner = ex.find((e) => e.activityId === 'inner')!;
    expect(inner).toMatchObject({ parentId: outer.id, isScope: 1 });
    expect(ex.find((e) => e.activityId === 'b')!.parentId).toBe(inner.id);
    await done(engine, instanceId, 'b');
    expect(await keys(engine, instanceId)).toEqual(['a']);
    // The inner scope completed; its token waits at the join inside the outer scope.
    expect((await executions(store, instanceId)).find((e) => e.activityId === 'join')).toMatchObject({ parentId: outer.id });
    await done(engine, instanceId, 'a');
    expect(await keys(engine, instanceId)).toEqual(['after']);
    expect((await done(engine, instanceId, 'after')).ended).toBe(true);
  });

  it('a sub-process is a variable scope: local variables stay in it and disappear when it completes', async () => {
    const { engine, store } = await makeEngine();
    const xml = proc('vars', `<startEvent id="s"/>
      <subProcess id="sp"><extensionElements><flowable:executionListener event="start" expression="\${execution.setVariableLocal('local', 1)}"/></extensionElements>
        <startEvent id="ss"/><userTask id="inner"/><endEvent id="se"/>${flow('i1', 'ss', 'inner')}${flow('i2', 'inner', 'se')}</subProcess>
      <userTask id="after"/><endEvent id="e"/>${flow('f1', 's', 'sp')}${flow('f2', 'sp', 'after')}${flow('f3', 'after', 'e')}`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect(await scopedVars(store, instanceId)).toEqual(['local=1']);
    await done(engine, instanceId, 'inner', { local: 5, other: 7 });
    const vars = await engine.variables({ instanceId });
    expect(vars.other).toBe(7);
    expect(vars).not.toHaveProperty('local');
    expect(await scopedVars(store, instanceId)).toEqual([]);
  });
});

describe('BPMN errors', () => {
  const withBoundary = proc('err', `<startEvent id="s"/>
    <subProcess id="sp"><startEvent id="ss"/><parallelGateway id="fork"/><userTask id="check"/><userTask id="other"/>
      <exclusiveGateway id="ok"/><endEvent id="fine"/><endEvent id="bad"><errorEventDefinition errorRef="err1"/></endEvent><endEvent id="oe"/>
      ${flow('i1', 'ss', 'fork')}${flow('i2', 'fork', 'check')}${flow('i3', 'fork', 'other')}${flow('i4', 'check', 'ok')}
      ${flow('i5', 'ok', 'fine', '${pass}')}${flow('i6', 'ok', 'bad', '${!pass}')}${flow('i7', 'other', 'oe')}</subProcess>
    <boundaryEvent id="caught" attachedToRef="sp"><errorEventDefinition errorRef="err1"/></boundaryEvent>
    <userTask id="after"/><userTask id="handle"/><endEvent id="e"/><endEvent id="e2"/>
    ${flow('f1', 's', 'sp')}${flow('f2', 'sp', 'after')}${flow('f3', 'after', 'e')}${flow('f4', 'caught', 'handle')}${flow('f5', 'handle', 'e2')}`);

  it('an error end inside a sub-process is caught by the error boundary: the scope is cancelled, the boundary path runs', async () => {
    const { engine, store } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml: withBoundary });
    const ok = await engine.start({ definitionId, userId: '1' });
    await done(engine, ok.instanceId, 'check', { pass: true });
    expect(await keys(engine, ok.instanceId)).toEqual(['other']);
    await done(engine, ok.instanceId, 'other');
    expect(await keys(engine, ok.instanceId)).toEqual(['after']);

    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    await done(engine, instanceId, 'check', { pass: false });
    expect(await keys(engine, instanceId)).toEqual(['handle']);
    expect(await hiTasks(store, instanceId)).toEqual(['check:done', 'other:cancelled', 'handle:open']);
    expect(await acts(store, instanceId)).toContain('caught:boundaryEvent');
    expect(await acts(store, instanceId)).toContain('sp:subProcess:x');
    expect(await executions(store, instanceId)).toEqual([expect.objectContaining({ activityId: 'handle', parentId: null, isScope: 0 })]);
    expect((await done(engine, instanceId, 'handle')).ended).toBe(true);
    expect(await instanceRow(store, instanceId)).toMatchObject({ state: 'completed', endActivityId: 'e2' });
  });

  it('an uncaught error fails the command with Flowable\'s text and changes nothing', async () => {
    const { engine, store } = await makeEngine();
    const xml = withBoundary.replace('<errorEventDefinition errorRef="err1"/></endEvent>', '<errorEventDefinition errorRef="err2"/></endEvent>');
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    const before = await hiTasks(store, instanceId);
    await expect(done(engine, instanceId, 'check', { pass: false })).rejects
      .toThrow("No catching boundary event found for error with errorCode 'E2', neither in same process nor in parent process");
    expect(await keys(engine, instanceId)).toEqual(['check', 'other']);
    expect(await hiTasks(store, instanceId)).toEqual(before);
    expect(await engine.variables({ instanceId })).not.toHaveProperty('pass');
  });

  it('an interrupting error-start event sub-process at process level catches an inner error', async () => {
    const { engine, store } = await makeEngine();
    const xml = proc('esp', `<startEvent id="s"/>
      <subProcess id="sp"><startEvent id="ss"/><userTask id="work"/><endEvent id="boom"><errorEventDefinition errorRef="err3"/></endEvent>
        ${flow('i1', 'ss', 'work')}${flow('i2', 'work', 'boom')}</subProcess>
      <userTask id="parallelTask"/><parallelGateway id="fork"/>
      <subProcess id="handler" triggeredByEvent="true"><startEvent id="es"><errorEventDefinition errorRef="err3"/></startEvent>
        <userTask id="repair"/><endEvent id="ee"/>${flow('h1', 'es', 'repair')}${flow('h2', 'repair', 'ee')}</subProcess>
      <endEvent id="e"/><endEvent id="e2"/>
      ${flow('f0', 's', 'fork')}${flow('f1', 'fork', 'sp')}${flow('f1b', 'fork', 'parallelTask')}${flow('f2', 'sp', 'e')}${flow('f3', 'parallelTask', 'e2')}`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect(await keys(engine, instanceId)).toEqual(['parallelTask', 'work']);
    await done(engine, instanceId, 'work');
    expect(await keys(engine, instanceId)).toEqual(['repair']);
    expect(await hiTasks(store, instanceId)).toEqual(['parallelTask:cancelled', 'work:done', 'repair:open']);
    expect(await acts(store, instanceId)).toEqual(expect.arrayContaining(['handler:subProcess:open', 'es:startEvent']));
    expect((await done(engine, instanceId, 'repair')).ended).toBe(true);
    expect((await instanceRow(store, instanceId))!.state).toBe('completed');
  });
});

describe('terminate end event', () => {
  it('at process level ends every token: open tasks cancelled, instance completed', async () => {
    const { engine, store } = await makeEngine();
    const xml = proc('term', `<startEvent id="s"/><parallelGateway id="fork"/><userTask id="a"/><userTask id="b"/>
      <endEvent id="t"><terminateEventDefinition/></endEvent><endEvent id="e"/>
      ${flow('f1', 's', 'fork')}${flow('f2', 'fork', 'a')}${flow('f3', 'fork', 'b')}${flow('f4', 'a', 't')}${flow('f5', 'b', 'e')}`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect((await done(engine, instanceId, 'a')).ended).toBe(true);
    expect(await instanceRow(store, instanceId)).toMatchObject({ state: 'completed', endActivityId: 't' });
    expect(await hiTasks(store, instanceId)).toEqual(['a:done', 'b:cancelled']);
    expect(await executions(store, instanceId)).toEqual([]);
  });

  it('inside a sub-process ends the sub-process only, which then leaves normally', async () => {
    const { engine, store } = await makeEngine();
    const xml = proc('term2', `<startEvent id="s"/>
      <subProcess id="sp"><startEvent id="ss"/><parallelGateway id="fork"/><userTask id="a"/><userTask id="b"/>
        <endEvent id="t"><terminateEventDefinition/></endEvent><endEvent id="ie"/>
        ${flow('i1', 'ss', 'fork')}${flow('i2', 'fork', 'a')}${flow('i3', 'fork', 'b')}${flow('i4', 'a', 't')}${flow('i5', 'b', 'ie')}</subProcess>
      <userTask id="after"/><endEvent id="e"/>${flow('f1', 's', 'sp')}${flow('f2', 'sp', 'after')}${flow('f3', 'after', 'e')}`);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId, userId: '1' });
    expect((await done(engine, instanceId, 'a')).ended).toBe(false);
    expect(await keys(engine, instanceId)).toEqual(['after']);
    expect(await hiTasks(store, instanceId)).toEqual(['a:done', 'b:cancelled', 'after:open']);
    expect(await acts(store, instanceId)).toContain('sp:subProcess');
  });
});

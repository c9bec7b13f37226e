/**
 * Expressions inside models: `execution` facade in conditions, class-instance beans in
 * assignments, a listener expression, the initiator dialect, and hostile expressions in a model.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, lineXml } from './helpers';

class Directory {
  private readonly leaders: Record<string, string> = { d1: '100', d2: '200' };
  leaderOf(dept: unknown) { return this.leaders[String(dept)] ?? null; }
}

describe('expressions in models', () => {
  it('resolve beans (class methods), the execution facade, and fail like Flowable on unknown names', async () => {
    const { engine } = await makeEngine({ beans: { directory: new Directory() } });
    const xml = lineXml('p', [{ id: 'a', name: '领导审批', assignee: '${directory.leaderOf(dept)}' }])
      .replace('<sequenceFlow id="f2" sourceRef="a" targetRef="end"/>', `<exclusiveGateway id="x" default="d"/><userTask id="big" name="大额"/>
<sequenceFlow id="f2" sourceRef="a" targetRef="x"/><sequenceFlow id="c" sourceRef="x" targetRef="big"><conditionExpression>\${execution.getVariable('amount') > 10}</conditionExpression></sequenceFlow>
<sequenceFlow id="d" sourceRef="x" targetRef="end"/><sequenceFlow id="f9" sourceRef="big" targetRef="end"/>`);
    const d = await engine.deploy({ xml });
    const s = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { dept: 'd2', amount: 50 } });
    expect(s.tasks[0].assignee).toBe('200');
    expect((await engine.complete({ taskId: s.tasks[0].taskId, userId: '200' })).tasks.map((t) => t.name)).toEqual(['大额']);
    await expect(engine.start({ definitionId: d.definitionId, userId: '1', variables: { amount: 1 } })).rejects.toThrow('Unknown property used in expression: ${directory.leaderOf(dept)}');
  });

  it('a hostile assignee expression fails the start cleanly and changes nothing', async () => {
    const { engine } = await makeEngine({ beans: { directory: new Directory() } });
    const d = await engine.deploy({ xml: lineXml('p', [{ id: 'a', assignee: "${directory.constructor.constructor('return process')()}" }]) });
    await expect(engine.start({ definitionId: d.definitionId, userId: '1' })).rejects.toThrow(/禁止|没有|只允许/);
    expect((await engine.myProcessList({ userId: '1' })).total).toBe(0);
  });
});

/**
 * InstanceCache (issue 15): a unit is taken only at the revision it was committed at, staged units
 * enter only on commit, a rolled-back mark drops them, a moved epoch empties the cache, ended
 * instances are not kept, and the size stays bounded. The engine-level behaviour (reuse, other
 * connections, rolled-back transactions) is in tests/workflow/instance-cache.sqlite.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { InstanceCache, assertSameAsFresh } from './instance-cache';
import type { UnitOfWork } from './unit-of-work';

/** A stand-in unit: an instance id, a revision, and a count of settle calls. */
function unit(id: string, revision: number, ended = false) {
  const u = {
    instance: { id, revision, endTime: ended ? 1 : null },
    loadedRevision: revision - 1,
    settled: 0,
    settle() { u.settled++; u.loadedRevision = u.instance.revision; },
  };
  return u as typeof u & UnitOfWork;
}

describe('InstanceCache', () => {
  it('keeps a staged unit only once committed, settled, and gives it out once at its revision', () => {
    const c = new InstanceCache();
    const u = unit('a', 2);
    c.stage(u);
    expect(c.take('a', 2)).toBeUndefined();
    c.commit();
    expect(u.settled).toBe(1);
    expect(c.size).toBe(1);
    expect(c.take('a', 3)).toBeUndefined(); // another revision: dropped
    expect(c.size).toBe(0);
    c.stage(u);
    c.commit();
    expect(c.take('a', 2)).toBe(u);
    expect(c.take('a', 2)).toBeUndefined(); // the taker owns it until it stages it again
  });

  it('drops what was staged after a mark that is rolled back, and the cached unit of those instances', () => {
    const c = new InstanceCache();
    const a = unit('a', 2);
    c.stage(a);
    c.commit();
    const mark = c.mark();
    c.stage(unit('b', 2));
    c.stage(unit('a', 3));
    c.rollbackTo(mark);
    c.commit();
    expect(c.size).toBe(0);
    expect(c.take('a', 2)).toBeUndefined();
  });

  it('keeps the last unit staged per instance and none of an ended instance', () => {
    const c = new InstanceCache();
    const first = unit('a', 2);
    const second = unit('a', 3);
    c.stage(first);
    c.stage(second);
    c.stage(unit('done', 4, true));
    c.commit();
    expect(c.size).toBe(1);
    expect(c.take('a', 3)).toBe(second);
    expect(c.take('done', 4)).toBeUndefined();
  });

  it('empties itself when the epoch moved (a write turn failed to commit)', () => {
    let epoch = 0;
    const c = new InstanceCache(10, () => epoch);
    c.stage(unit('a', 2));
    c.stage(unit('b', 2));
    c.commit();
    expect(c.size).toBe(2);
    epoch++;
    expect(c.take('b', 2)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('holds at most `max` units, the least recently committed going first', () => {
    const c = new InstanceCache(3);
    for (const id of ['a', 'b', 'c', 'd', 'e']) c.stage(unit(id, 2));
    c.commit();
    expect(c.size).toBe(3);
    expect(c.take('a', 2)).toBeUndefined();
    expect(c.take('b', 2)).toBeUndefined();
    expect(c.take('e', 2)).toBeDefined();
  });

  it('assertSameAsFresh throws when a cached unit differs from a fresh load', () => {
    const state = (revision: number) => Object.assign(unit('a', revision), {
      executions: new Map(), tasks: new Map(), links: new Map(), vars: new Map(), heldHiAct: () => undefined, heldHiTask: () => undefined,
    });
    expect(() => assertSameAsFresh(state(2), () => state(2))).not.toThrow();
    expect(() => assertSameAsFresh(state(2), () => state(3))).toThrow(/out of step/);
  });
});

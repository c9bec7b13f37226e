/**
 * The committed state of recently used instances, kept between commands (issue 15): a command on
 * an instance whose row still has the revision the cached unit of work was committed at takes
 * that unit instead of reading its tokens, tasks, candidate links and variables again (four
 * statements and their rows, about a third of a task completion's engine time).
 *
 * Why the revision is enough: every command that changes an instance's runtime rows bumps
 * wf_instance.revision in the same transaction (UnitOfWork.flush's optimistic check; the
 * suspension of a definition's instances bumps it too), in this process or any other, and a
 * deleted instance has no row to match. A unit enters the cache only when what it wrote is
 * committed (`commitUnits`, called by EngineCore.command once its store transaction has
 * committed); a command or savepoint that failed drops the units it staged (`rollbackTo`), and
 * a group COMMIT that failed moves `epoch`, which empties the cache at the next `take`.
 * So a cached revision is never one that was rolled back and then reached again by other writes.
 *
 * Bounded: at most `max` units (the oldest used go first); ended instances are not kept.
 */
import type { CachedUnits, UnitOfWork } from './unit-of-work';

/** Units kept per engine (a unit of a two-task instance holds ~2–5 KB of rows). */
export const INSTANCE_CACHE_MAX = 256;

export class InstanceCache implements CachedUnits {
  private readonly units = new Map<string, UnitOfWork>();
  private staged: UnitOfWork[] = [];
  private lastEpoch: number | undefined;

  /**
   * `epoch`: a number that moves whenever writes this connection reported may have been rolled
   * back after the fact (a failed group COMMIT: table-watch forgetCount); omitted in tests.
   */
  constructor(private readonly max = INSTANCE_CACHE_MAX, private readonly epoch?: () => number) {}

  /**
   * Test hook (EngineDeps.verifyInstanceCache): called on each hit with the cached unit and a
   * fresh load of the same instance; throws when their states differ.
   */
  verify?: (cached: UnitOfWork, fresh: () => UnitOfWork) => void;

  /**
   * The cached unit of instance `id` when it was committed at `revision` (removed from the cache:
   * the command owns it now and `stage`s it again after its flush), else undefined.
   */
  take(id: string, revision: number): UnitOfWork | undefined {
    this.checkEpoch();
    const u = this.units.get(id);
    if (!u) return undefined;
    this.units.delete(id);
    return u.loadedRevision === revision ? u : undefined;
  }

  /** Records a unit just flushed inside the running command (kept only if that command commits). */
  stage(u: UnitOfWork): void {
    this.staged.push(u);
  }

  /** How many units are staged: the mark a nested transaction rolls back to. */
  mark(): number {
    return this.staged.length;
  }

  /** Drops the units staged since `mark` (their writes were rolled back). */
  rollbackTo(mark: number): void {
    for (const u of this.staged.splice(mark)) this.units.delete(u.instance.id);
  }

  /** Removes and returns the units staged since `mark` (the command's: EngineCore.command). */
  takeStaged(mark: number): UnitOfWork[] {
    return this.staged.splice(mark);
  }

  /** Forgets the instances of `units` (their command failed or may still be rolled back). */
  drop(units: readonly UnitOfWork[]): void {
    for (const u of units) this.units.delete(u.instance.id);
  }

  /**
   * The staged units become the cached state of their instances (the last staged per instance
   * wins; ended instances are dropped). Call when their writes are committed.
   */
  commit(): void {
    const staged = this.staged;
    this.staged = [];
    this.commitUnits(staged);
  }

  /** As commit, for units taken with takeStaged once their command committed. */
  commitUnits(staged: readonly UnitOfWork[]): void {
    this.checkEpoch();
    for (const u of staged) {
      const id = u.instance.id;
      this.units.delete(id);
      if (u.instance.endTime !== null) continue;
      u.settle();
      this.units.set(id, u);
      if (this.units.size > this.max) this.units.delete(this.units.keys().next().value as string);
    }
  }

  /** Instances cached now (tests). */
  get size(): number {
    return this.units.size;
  }

  /** Empties the cache when the epoch moved since the last look (a group COMMIT failed). */
  private checkEpoch(): void {
    if (!this.epoch) return;
    const e = this.epoch();
    if (e === this.lastEpoch) return;
    this.units.clear();
    this.lastEpoch = e;
  }
}

/**
 * The instance's state as unit `u` holds it, as JSON with a fixed key order: instance row, tokens
 * with their open activity rows, runtime tasks with their history rows and candidates, variables
 * (stored form).
 */
export function stateJson(u: UnitOfWork): string {
  const byId = <T extends { id: string }>(rows: Iterable<T>) => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const sorted = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  const byKey = <V>(entries: Iterable<[string, V]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify({
    instance: sorted(u.instance),
    executions: byId(u.executions.values()).map((e) => ({ ...sorted(e), act: e.actInstId === null ? null : sorted(u.heldHiAct(e.actInstId) ?? {}) })),
    tasks: byId(u.tasks.values()).map((t) => ({
      ...sorted(t), history: sorted(u.heldHiTask(t.id) ?? {}),
      users: [...(u.links.get(t.id)?.users ?? [])].sort(), groups: [...(u.links.get(t.id)?.groups ?? [])].sort(),
    })),
    vars: byKey(u.vars).filter(([, m]) => m.size > 0).map(([scope, m]) => [scope, byKey(m).map(([name, e]) => [name, e.type, JSON.stringify(e.value)])]),
  });
}

/** The verify hook of tests: a cached unit must hold exactly what a fresh load reads (stateJson). */
export function assertSameAsFresh(cached: UnitOfWork, fresh: () => UnitOfWork): void {
  const a = stateJson(cached);
  const b = stateJson(fresh());
  if (a !== b) throw new Error(`instance cache out of step with the database:\ncached ${a}\nfresh  ${b}`);
}

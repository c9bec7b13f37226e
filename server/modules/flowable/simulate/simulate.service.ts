/**
 * 流程模拟 (issue 16 "流程模拟 (dry run)"): runs the designer's model, without deploying it, on a
 * throwaway engine over a fresh `:memory:` database with the app's listeners and services
 * (simulate-trace.ts wraps them) and the REAL database's role members for 抄送 to roles (on
 * PostgreSQL a snapshot read through the store when the run starts: common/handlers.ts roleUsersOf). The model
 * is validated first (`engine.validate`: problems are answered and nothing runs), deployed on the
 * scratch engine with the latest active version of every process its call activities name (read
 * from the real engine), started as `startUserId` with `variables`, then each open user task (of
 * the instance and of the instances its call activities started) is completed, oldest first, by its chosen handler with `taskVariables[key]` until the instance
 * ends, nothing is open, the first error, `maxSteps` completions, or a budget is spent (simulate-budget.ts). Timers, messages and signals
 * do not fire: what waits for them is reported in `waiting`. Nothing is written to the real
 * database; the scratch database is closed whatever happens.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { manualClock } from '../../../core/clock';
import { openDatabase } from '../../../db/client';
import { sqliteStore } from '../../../db/store/sqlite';
import { createEngine, type ActiveTaskView, type Engine, type ModelProblem } from '../../../engine';
import { SIMULATE_DEFAULT_STEPS } from '../../../../shared/schemas/flowable/simulate';
import { userRoleIds } from '../../system/user/user.repo';
import { roleUsersOf, workflowHandlers } from '../common/handlers';
import { people, roleNames } from '../common/names';
import { locateError, tracedHandlers, type SimulateTrace } from './simulate-trace';
import { simulationBudget } from './simulate-budget';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'engine'>;
type Graph = Awaited<ReturnType<Engine['getGraph']>>;

/** The parsed input (shared/schemas/flowable/simulate.ts `simulateInput`). */
export interface SimulateOptions {
  xml: string;
  variables?: Record<string, unknown>;
  startUserId?: string;
  handlers?: Record<string, string>;
  taskVariables?: Record<string, Record<string, unknown>>;
  maxSteps?: number;
}

/** One user task the simulation created (a multi-instance node gives one per instance). */
export interface SimulatedTask {
  taskDefKey: string;
  name: string;
  /** Who received it: the assignee and candidates as created, with display names from sys_user / sys_role. */
  assignee: string | null;
  assigneeName: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  /** Nick names of the candidate users, then role names of the candidate groups (the id when unknown). */
  candidateNames: string[];
  /** Who completed it in the simulation (null: still open, or its completion failed). */
  actedBy: string | null;
  actedByName: string | null;
  /** The process a call activity started it in; null for the model's own tasks. */
  calledProcessName: string | null;
}

/** What `simulateModel` answers. */
export interface SimulateResult {
  /** True when the instance reached its end. */
  ended: boolean;
  /** Task completions made. */
  steps: number;
  /**
   * True when it stopped because `maxSteps` completions were made with tasks still open, or a
   * budget stopped it while it ran (issue 38 §6: engine steps, tokens, multi-instance size, time;
   * `error.message` then says which): the trace is the part run before.
   */
  limitReached: boolean;
  /** Node and sequence-flow ids, each once, in the order first entered (the scratch wf_hi_actinst). */
  path: string[];
  tasks: SimulatedTask[];
  /** Where tokens wait when it stopped: open tasks, timers, message / signal catches, receive tasks. */
  waiting: Array<{ activityId: string; name: string }>;
  /** The first failure: the engine's message and, when it can be told, the element it came from. */
  error?: { elementId?: string; message: string };
  /** The model's problems (`engine.validate`); set only when there are some (then nothing ran). */
  problems?: ModelProblem[];
  /** Lines `caishui.service.log` would have written. */
  logs: string[];
}

/** Deploys on `scratch` the latest active version (in `real`) of every process a call activity of `graph` names literally, recursively. */
async function copyCalledProcesses(real: Engine, scratch: Engine, graph: Graph, done = new Set<string>([graph.key])): Promise<void> {
  for (const id of graph.order) {
    const key = graph.nodes[id].callActivity?.calledElement;
    if (!key || /[$#]\{/.test(key) || done.has(key) || done.size > 20) continue;
    done.add(key);
    const row = (await real.listDefinitions({ key, latestActive: true, pageNum: 1, pageSize: 1 })).rows[0];
    if (!row) continue; // the run then fails with 流程定义不存在, as it would after deploying
    const { definitionId } = await scratch.deploy({ xml: await real.getXml({ definitionId: row.id }) });
    await copyCalledProcesses(real, scratch, await scratch.getGraph(definitionId), done);
  }
}

/** `rootId` and every instance its call activities started (any depth), callers first. */
async function instanceTree(engine: Engine, rootId: string): Promise<string[]> {
  const ids = [rootId];
  for (let i = 0; i < ids.length && ids.length < 100; i++) for (const c of await engine.childInstances(ids[i])) ids.push(c.instanceId);
  return ids;
}

/** First entries of `ids` in order, each once. */
const once = (ids: string[]) => [...new Set(ids)];

/**
 * Simulates `o.xml` as `login` (see the file comment). Handler of a user task: `o.handlers[key]`,
 * else its assignee, else its first candidate user, else the first enabled user of its first
 * candidate group, else the caller; it acts with its own roles (real sys_user_role) as groups,
 * so a handler that may not act gets the engine's 当前用户不是该任务的办理人，无权操作 as `error`.
 * Engine refusals (AppError) end the run into `error`; anything else is thrown.
 */
export async function simulateModel(deps: Deps, login: LoginUser, o: SimulateOptions): Promise<SimulateResult> {
  const scratchDb = openDatabase({ url: ':memory:' });
  // The scratch engine's own store over the scratch connection (closing it closes the connection).
  const scratchStore = sqliteStore(scratchDb);
  try {
    const trace: SimulateTrace = { logs: [] };
    const roleUsers = await roleUsersOf(deps.store);
    const budget = await simulationBudget(deps);
    const engine = createEngine({ db: scratchDb, store: scratchStore, clock: manualClock(deps.clock.now()), handlers: tracedHandlers({ ...workflowHandlers, usersOfGroups: roleUsers }, trace),
      limits: budget.limits });
    const result: SimulateResult = { ended: false, steps: 0, limitReached: false, path: [], tasks: [], waiting: [], logs: trace.logs };
    const problems = await engine.validate({ xml: o.xml });
    if (problems.length) return { ...result, problems };

    let definitionId: string;
    try {
      ({ definitionId } = await engine.deploy({ xml: o.xml }));
      await copyCalledProcesses(deps.engine, engine, await engine.getGraph(definitionId));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return { ...result, error: { message: e.message } };
    }
    const graph = await engine.getGraph(definitionId);
    const caller = String(login.userId);
    const groups = new Map<string, string[]>([[caller, login.roles.map((r) => String(r.roleId))]]);
    const groupsOf = async (userId: string) => {
      let g = groups.get(userId);
      if (!g) groups.set(userId, (g = /^\d+$/.test(userId) ? (await userRoleIds(deps.store, Number(userId))).map(String) : []));
      return g;
    };
    const handlerOf = (t: ActiveTaskView) => o.handlers?.[t.taskDefKey] ?? t.assignee ?? t.candidateUsers[0]
      ?? (t.candidateGroups[0] ? roleUsers([t.candidateGroups[0]]).map(Number).sort((a, b) => a - b).map(String)[0] : undefined) ?? caller;
    /** Runs one command; an engine refusal becomes `result.error`, located from `origin`. */
    const attempt = async <T>(origin: string | undefined, fn: () => Promise<T>): Promise<T | undefined> => {
      trace.thrownAt = undefined;
      try {
        return await fn();
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        result.error = { elementId: locateError(graph, e.message, origin, trace.thrownAt), message: e.message };
        if (budget.exceeded(e)) result.limitReached = true;
        return undefined;
      }
    };

    const starter = o.startUserId ?? caller;
    const instanceId = await attempt(graph.startId, async () => (await engine.start({ definitionId, userId: starter, groupIds: await groupsOf(starter), variables: o.variables })).instanceId);
    if (!instanceId) return result;
    const seen = new Map<string, ActiveTaskView>();
    const actedBy = new Map<string, string>();
    const maxSteps = o.maxSteps ?? SIMULATE_DEFAULT_STEPS;
    for (;;) {
      const open: ActiveTaskView[] = [];
      for (const id of await instanceTree(engine, instanceId)) open.push(...await engine.instanceTasks(id));
      for (const t of open) if (!seen.has(t.taskId)) seen.set(t.taskId, t);
      const task = open[0];
      if (!task) break;
      if (result.steps >= maxSteps) { result.limitReached = true; break; }
      if (budget.timeUp()) { result.limitReached = true; result.error = { message: budget.timeMessage }; break; }
      const userId = handlerOf(task);
      const done = await attempt(task.taskDefKey, async () => {
        await engine.complete({ taskId: task.taskId, userId, groupIds: await groupsOf(userId), variables: o.taskVariables?.[task.taskDefKey] });
        return true;
      });
      if (!done) break;
      actedBy.set(task.taskId, userId);
      result.steps++;
    }
    result.ended = (await engine.getInstance(instanceId)).endTime !== null;
    await readHistory(deps, engine, await instanceTree(engine, instanceId), seen, actedBy, result);
    return result;
  } finally {
    await scratchStore.close();
  }
}

/**
 * Fills `path` and `waiting` from the scratch history of the model's instance (`tree[0]`) and
 * `tasks` from those of every instance of `tree` (names from the real sys_user / sys_role); the
 * scratch engine's history queries (engine `activityHistory`, `historicTasks`) read it.
 */
async function readHistory(deps: Deps, scratch: Engine, tree: string[],
  seen: Map<string, ActiveTaskView>, actedBy: Map<string, string>, result: SimulateResult): Promise<void> {
  const acts = await scratch.activityHistory(tree[0]);
  result.path = once(acts.map((a) => a.activityId));
  const open = acts.filter((a) => !a.finished && a.activityType !== 'subProcess');
  result.waiting = once(open.map((a) => a.activityId)).map((id) => ({ activityId: id, name: open.find((a) => a.activityId === id)!.activityName }));

  const rows = (await scratch.historicTasks(tree)).map((r) => {
    const t = seen.get(r.taskId);
    return { id: r.taskId, taskDefKey: r.taskDefKey, name: r.name, assignee: t ? t.assignee : r.assignee,
      candidateUsers: t ? t.candidateUsers : r.candidateUsers, candidateGroups: t ? t.candidateGroups : r.candidateGroups, actedBy: actedBy.get(r.taskId) ?? null,
      calledProcessName: r.instanceId !== tree[0] ? r.processName : null };
  });
  const who = await people(deps.store, rows.flatMap((r) => [r.assignee, r.actedBy, ...r.candidateUsers]));
  const roles = await roleNames(deps.store, rows.flatMap((r) => r.candidateGroups));
  const nick = (id: string | null) => (id ? who.get(id)?.nickName ?? null : null);
  result.tasks = rows.map(({ id: _id, ...r }) => ({
    ...r, assigneeName: nick(r.assignee), actedByName: nick(r.actedBy),
    candidateNames: [...r.candidateUsers.map((u) => nick(u) ?? u), ...r.candidateGroups.map((g) => roles.get(g) ?? g)],
  }));
}

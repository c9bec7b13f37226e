/**
 * The workflow engine (design.md "The workflow engine"): a relational token engine in Flowable's
 * style whose element behaviours are XState v5 machines advanced with `transition()` inside each
 * command's transaction. No HTTP here.
 *
 *   const engine = createEngine({ store, clock, handlers: { listeners: { MyListener: (ctx) => … } } });
 *   const { definitionId } = await engine.deploy({ xml, name: '请假', category: 'oa' });
 *   const { instanceId, tasks } = await engine.start({ definitionId, userId: '1', variables: { day: 3 } });
 *   await engine.complete({ taskId: tasks[0].taskId, userId: '1', comment: '同意' });
 *
 * Every method answers a Promise (issue 43; only `definitionCache` is synchronous). Every command
 * is ONE store transaction (EngineCore.command; deploy parses first), settled after its COMMIT; any
 * error rolls all of it back and rejects with an AppError (kinds notFound / invalid / conflict / refused, envelope
 * code 500; core/errors.ts) with a Chinese message or Flowable's text.
 * Two commands racing on one instance: exactly one wins; the other answers
 * "流程实例已被其他操作更新，请刷新后重试" (optimistic `revision` on wf_instance, and SQLite's
 * snapshot conflict between connections). Times in results are `yyyy-MM-dd HH:mm:ss`.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../core/clock';
import { EngineCore, type CommandPrepare, type EngineDeps } from './core';
import * as defs from './commands/definitions';
import { startInstance } from './commands/start';
import * as tasks from './commands/task-commands';
import * as moves from './commands/move-commands';
import * as inst from './commands/instance-commands';
import * as lists from './queries/task-lists';
import * as views from './queries/instance-views';
import * as repo from './queries/repository';
import * as timers from './commands/timer-commands';
import * as events from './commands/event-commands';
import { eventWaits } from './queries/event-waits';
import * as cc from './commands/cc-commands';
import * as signs from './commands/sign-commands';
import * as ccLists from './queries/cc-lists';
import * as runHistory from './queries/run-history';
import type { EngineHandlers } from './types';
import type { Store } from '../db/store/port';
import type { Db } from '../db/client';
import { sqliteStoreOf } from '../db/store/sqlite';
import { ReplayDb } from './store/replay-db';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { registerEngineCore } from './runtime/call-activity';
import { calledInstances } from './queries/caller-of';

export type * from './types';
export type { DeployInput, DeployResult } from './commands/definitions';
export type { StartInput, StartResult } from './commands/start';
export type { Actor, ActiveTask, CompleteInput, MoveOutcome } from './commands/task-commands';
export type { ListFilter, TodoRow, FinishedRow, MyProcessRow } from './queries/task-lists';
export type { FlowRecordItem, NextNode } from './queries/instance-views';
export type { DefinitionRowView, DeploymentView, TaskView, InstanceView, ActiveTaskView, TaskFormContext } from './queries/repository';
export type { Page, PageQuery } from './queries/common';
export { CONCURRENT_UPDATE } from './store/unit-of-work';
export type { CorrelateInput, CorrelateResult, BroadcastInput, BroadcastResult, MessageTarget } from './commands/event-commands';
export type { FireInput } from './commands/timer-commands';
export { LOCK_MS as TIMER_LOCK_MS } from './commands/timer-commands';
export type { EventWaits } from './queries/event-waits';
export type { CopyInput } from './commands/cc-commands';
export type { SignInput, SignMode, SignersView } from './commands/sign-commands';
export type { CcFilter, CcRowView } from './queries/cc-lists';
export { BpmnError, ENGINE_LIMIT_DEFAULTS } from './types';
export { xmlDepth, MAX_XML_DEPTH, XML_TOO_DEEP_MESSAGE } from './parse/xml-depth';
export type { ModelProblem } from './model/problems';
export type { CalledInstanceView } from './runtime/call-activity';
export { MSG as ENGINE_MESSAGES } from './core';
// Read-only helpers for code outside the engine (issue 42: this file is the engine's only door;
// the to-do worker thread alone uses the light door queries/index.ts).
/** The to-do query through a store (queries/todo-list.ts; the worker thread's synchronous runner is the light door's todoListSync). */
export { todoList } from './queries/task-lists';
export { callerOf } from './queries/caller-of';
export { messageWaits, type MessageWaits } from './queries/message-waits';
export type { ActivityHistoryItem, HistoricTaskItem } from './queries/run-history';
export { expressionVariables } from './expression';
export { isModelInput, isOwnedName, outMappingReads } from './model/variable-names';
export type { ProcessGraph } from './model/graph';

export interface CreateEngineOptions {
  /**
   * SQLite only, instead of `store`: a Drizzle handle from openDatabase (its `$client` is used) or
   * a better-sqlite3 Database; the store is then the connection's (sqliteStoreOf).
   */
  db?: { $client: Database.Database } | Database.Database;
  /**
   * The store (the app's `deps.store`): the commands run as its transactions. SQLite: the core's
   * statements run on its connection; PostgreSQL: through a ReplayDb (store/replay-db.ts).
   */
  store?: Store;
  clock: Clock;
  handlers?: EngineHandlers;
  /** Test hook: called inside each instance command's transaction right after loading. */
  afterLoad?: (instanceId: string) => void;
  /** See EngineDeps.cacheEpoch. */
  cacheEpoch?: EngineDeps['cacheEpoch'];
  /** Test hook: EngineDeps.verifyInstanceCache. */
  verifyInstanceCache?: boolean;
  /** Budgets of each command (issue 38 §6): multi-instance size, variable size, agenda steps, executions. */
  limits?: EngineDeps['limits'];
}

/** The core's statement handle and the store of `options` (see CreateEngineOptions db / store). */
function connectionOf(options: CreateEngineOptions): { sqlite: Database.Database | ReplayDb; store: Store } {
  if (options.db) {
    const sqlite = '$client' in options.db ? options.db.$client : options.db;
    return { sqlite, store: options.store ?? sqliteStoreOf('$client' in options.db ? options.db as Db : drizzle({ client: sqlite }) as unknown as Db) };
  }
  const store = options.store;
  if (!store) throw new Error('createEngine: a store (or, on SQLite, db) is required');
  if (store.kind === 'postgres') return { sqlite: new ReplayDb(), store };
  return { sqlite: (store.db as Db).$client, store };
}

/**
 * A task command's own checks (the services' holder and form checks, issue 44): given the task's
 * form context as taskFormContext answers it, read inside the command (under the instance's lock
 * on PostgreSQL, in the lock's round trip), it answers the command's variables or throws (the
 * command then changes nothing).
 */
export type TaskPrepare = (task: repo.TaskFormContext) => Promise<Record<string, unknown> | undefined>;

/** Builds the engine API over one database. See each method's module for shapes and errors. */
export function createEngine(options: CreateEngineOptions) {
  const { sqlite, store } = connectionOf(options);
  const core = new EngineCore({ sqlite, store, clock: options.clock, handlers: options.handlers ?? {}, afterLoad: options.afterLoad, cacheEpoch: options.cacheEpoch, verifyInstanceCache: options.verifyInstanceCache, limits: options.limits });
  events.registerSignalThrower(core);
  registerEngineCore(core);
  /** A read of the synchronous core, answered as a Promise (the door is asynchronous; issue 43). */
  const read = <T>(fn: () => T): Promise<T> => core.query(fn);
  /**
   * complete / resolve with `prepare`: the caller's checks get the task's form context read in the
   * command (core.ts CommandPrepare) and answer its variables; a task that is not a runtime one
   * (or whose definition is gone) skips them and the command refuses it as missing.
   */
  const taskPrepare = (input: { taskId: string; variables?: Record<string, unknown> }, prepare: TaskPrepare): CommandPrepare => ({
    sql: repo.RUNTIME_TASK_FORM_SQL,
    taskId: input.taskId,
    run: async (row) => {
      const ctx = row && await repo.runtimeTaskFormContext(core, row);
      if (ctx) input.variables = await prepare(ctx);
    },
  });
  return {
    // ---- repository (commands/definitions.ts)
    /** Parse + lint + store a new deployment; version n+1 of the process key. */
    deploy: (input: defs.DeployInput) => defs.deploy(core, input),
    /** Every problem of a model ([] = deployable): `[{ elementId, elementName, elementType, message }]`. */
    validate: (input: { xml: string }) => defs.validate(core, input),
    /** state 2 suspends the definition and its instances, 1 activates (by definitionId or deploymentId). */
    setDefinitionState: (input: { definitionId?: string; deploymentId?: string; state: 1 | 2 }) => core.command(() => defs.setDefinitionState(core, input)),
    /** Cascade delete of deployments (definitions, instances, history). */
    deleteDeployment: (deploymentIds: string | string[]) => core.command(() => defs.deleteDeployment(core, deploymentIds)),
    updateDeployment: (input: { deploymentId: string; name?: string; category?: string }) => core.command(() => defs.updateDeployment(core, input)),
    // ---- runtime commands
    /** Start an instance (INITIATOR = userId; "流程已被挂起,请先激活流程" when suspended). */
    start: (input: Parameters<typeof startInstance>[1]) => core.command(() => startInstance(core, input)),
    /** Complete (implicit claim; resolves a PENDING delegated task to its owner, comment 4). */
    complete: (input: tasks.CompleteInput, prepare?: TaskPrepare) => core.command(() => tasks.complete(core, input), undefined, prepare && taskPrepare(input, prepare)),
    claim: (input: tasks.Actor & { taskId: string }) => core.command(() => tasks.claim(core, input)),
    unclaim: (input: tasks.Actor & { taskId: string }) => core.command(() => tasks.unclaim(core, input)),
    /** Delegate to `assignee` (owner kept, PENDING). */
    delegate: (input: tasks.Actor & { taskId: string; assignee: string; comment?: string }) => core.command(() => tasks.delegate(core, input)),
    /** Resolve a PENDING task back to its owner (comment 4). */
    resolve: (input: tasks.Actor & { taskId: string; comment?: string; variables?: Record<string, unknown> }, prepare?: TaskPrepare) =>
      core.command(() => tasks.resolve(core, input), undefined, prepare && taskPrepare(input, prepare)),
    /** Transfer (转办) to `assignee` (comment 5). */
    transfer: (input: tasks.Actor & { taskId: string; assignee: string; comment?: string }) => core.command(() => tasks.transfer(core, input)),
    /** Administrative assignment, no holder check. */
    setAssignee: (input: { taskId: string; assignee: string | null }) => core.command(() => tasks.setAssignee(core, input)),
    /** Reject: back one step (comment 3). */
    reject: (input: tasks.Actor & { taskId: string; comment?: string }) => core.command(() => moves.reject(core, input)),
    /** User tasks a task can return to (serial predecessors and upstream tasks that ran): [{id, name}]. */
    returnList: (input: { taskId: string }) => read(() => moves.returnList(core, input)),
    /** Return to one of returnList (comment 2); joins passed since get their other branches back. */
    returnTo: (input: tasks.Actor & { taskId: string; targetKey: string; comment?: string }) => core.command(() => moves.returnTo(core, input)),
    /** 撤回: the caller's own latest completed task comes back while the next tasks are untouched (comment 7). */
    revoke: (input: tasks.Actor & { instanceId: string; comment?: string }) => core.command(() => moves.revoke(core, input)),
    /** Stop: to the end (comment 6), instance state `stopped`; initiator only unless `force`. */
    stop: (input: tasks.Actor & { instanceId: string; comment?: string; force?: boolean }) => core.command(() => moves.stop(core, input)),
    /** Delete instances with their history. */
    deleteInstance: (input: { instanceIds: string | string[]; deleteReason?: string }) => core.command(() => inst.deleteInstance(core, input)),
    /** Signal a token waiting in a receive task. */
    trigger: (input: { instanceId: string; executionId?: string; activityId?: string; variables?: Record<string, unknown>; userId?: string }) => core.command(() => inst.trigger(core, input)),
    // ---- events (timers, messages, signals: commands/timer-commands.ts, commands/event-commands.ts)
    /**
     * Acquires a batch of due timers for `input.owner` (lock owner + expiry; `FOR UPDATE SKIP LOCKED`
     * on PostgreSQL), then fires each in its own claiming transaction: `{ fired, failed }` (the
     * scheduler calls it; commands/timer-commands.ts).
     */
    fireDueTimers: (input: timers.FireInput) => timers.fireDueTimers(core, input),
    /**
     * Earliest time (epoch ms) a timer with retries left can be acquired (its due time, or the end
     * of another claim on it), or null; `now` defaults to the engine's clock.
     */
    nextTimerDue: (now?: number) => timers.nextTimerDue(core, now ?? core.deps.clock.now()),
    /** Releases `owner`'s live timer claims so other nodes fire them at once (the scheduler's stop); resolves to how many. */
    releaseTimers: (owner: string) => timers.releaseTimers(core, owner),
    /** Correlate a message to a waiting instance or start one by a message start event: `{ instanceId, started }`. */
    correlateMessage: (input: events.CorrelateInput) => core.command(() => events.correlateMessage(core, input)),
    /** Where a message would go (no change): `{kind:'instance'|'start'|'ambiguous'}` or null (permission checks). */
    messageTarget: (input: Parameters<typeof events.messageTarget>[1]) => read(() => events.messageTarget(core, input)),
    /** Broadcast a signal to waiting instances (or one) and signal start events: `{ triggered, started }`. */
    broadcastSignal: (input: events.BroadcastInput) => core.command(() => events.broadcastSignal(core, input)),
    /** Timers and subscriptions of an instance, or the start-event rows of a definition. */
    eventWaits: (q: { instanceId?: string; definitionId?: string }) => eventWaits(store, q),
    // ---- 加签 / 减签 (issue 16: commands/sign-commands.ts)
    /** Adds a signer to the running countersign of `taskId` ('parallel' | 'before' | 'after'; comment 9). */
    addSigner: (input: signs.SignInput & { mode: signs.SignMode }) => core.command(() => signs.addSigner(core, input)),
    /** Removes a signer who has not acted; the completion condition is evaluated again (comment 10). */
    removeSigner: (input: signs.SignInput) => core.command(() => signs.removeSigner(core, input)),
    /** Who is in the countersign of a running task (减签 choices): `{multiInstance, sequential, signers}`. */
    signersOf: (taskId: string) => read(() => signs.signersOf(core, taskId)),
    // ---- 抄送 (issue 16: commands/cc-commands.ts, queries/cc-lists.ts; model CC: runtime/cc.ts)
    /** The task's holder copies its instance to users (comment 8): `{ count }`. */
    copy: (input: cc.CopyInput) => core.command(() => cc.copy(core, input)),
    /** A user's received copies, newest first (`name` on the process name, `read` '0'/'1'). */
    ccList: (q: ccLists.CcFilter) => ccLists.ccList(store, q),
    /** How many copies a user has not opened. */
    ccUnread: (userId: string) => ccLists.ccUnread(store, userId),
    /** Marks the user's copies of an instance read → rows changed. */
    ccMarkRead: (q: { instanceId: string; userId: string }) => ccLists.ccMarkRead(store, { ...q, now: options.clock.now() }),
    /** True when the user received a copy of the instance. */
    isCcRecipient: (instanceId: string, userId: string) => ccLists.isCcRecipient(store, instanceId, userId),
    /** Every copy of an instance with its recipient and read state. */
    ccOfInstance: (instanceId: string) => ccLists.ccOfInstance(store, instanceId),
    /** Suspend (2) / activate (1) one instance. */
    setInstanceState: (input: { instanceId: string; state: 1 | 2 }) => core.command(() => inst.setInstanceState(core, input)),
    // ---- queries
    todoList: (q: lists.ListFilter & { userId: string; groupIds?: string[] }) => lists.todoList(store, q),
    finishedList: (q: lists.ListFilter & { userId: string }) => lists.finishedList(store, q),
    myProcessList: (q: lists.ListFilter & { userId: string }) => lists.myProcessList(store, { ...q, now: options.clock.now() }),
    flowRecord: (instanceId: string) => views.flowRecord(store, instanceId),
    /** Every activity `instanceId` entered, oldest first, with `finished` (queries/run-history.ts; 流程模拟's path). */
    activityHistory: (instanceId: string) => runHistory.activityHistory(store, instanceId),
    /** The historic user tasks of `instanceIds` in creation order, candidates as created (queries/run-history.ts). */
    historicTasks: (instanceIds: readonly string[]) => runHistory.historicTasks(store, instanceIds),
    /** Initiator, start time and caller of an instance (the flow record's 发起 entry), or null. */
    instanceStart: (instanceId: string) => views.instanceStart(store, instanceId),
    /** Distinct nodes of the instance's own historic tasks the user (or a group) was assignee, owner or candidate of (withheld.ts). */
    participatedTaskKeys: (q: { instanceId: string; userId: string; groupIds?: readonly string[] }) => views.participatedTaskKeys(store, q),
    /** `[{key, completed}]` for flowXmlAndNode / flowViewer. */
    nodeData: (instanceId: string) => views.nodeData(store, instanceId),
    variables: (q: { instanceId?: string; taskId?: string }) => views.variables(store, q),
    nextFlowNode: (q: { taskId: string; variables?: Record<string, unknown> }) => views.nextFlowNode(store, core, q),
    nextFlowNodeByStart: (q: { definitionId?: string; deploymentId?: string; variables?: Record<string, unknown> }) => views.nextFlowNodeByStart(store, core, q),
    listDefinitions: (q: Parameters<typeof repo.listDefinitions>[1]) => repo.listDefinitions(store, q),
    getDefinition: (q: { definitionId?: string; deploymentId?: string }) => repo.getDefinition(store, q),
    getXml: (q: { deploymentId?: string; definitionId?: string }) => repo.getXml(store, q),
    /** Whether an instance (running or finished) of deployment `deploymentId` exists (配置主表单 changes the form only before one). */
    deploymentHasInstances: (deploymentId: string): Promise<boolean> => repo.deploymentHasInstances(store, deploymentId),
    listDeployments: (q: Parameters<typeof repo.listDeployments>[1]) => repo.listDeployments(store, q),
    getTask: (taskId: string) => repo.getTask(store, core, taskId),
    /** Deployment, node formKey, finished and unheld flags of a task (one cached statement; the per-command holder and form checks). */
    taskFormContext: (taskId: string) => repo.taskFormContext(store, core, taskId),
    /** The user task ids of a definition, in document order. */
    userTaskIds: async (definitionId: string): Promise<string[]> => { const g = await read(() => core.graph(definitionId)); return g.order.filter((id) => g.nodes[id].type === 'userTask'); },
    /** The extension attributes of node `nodeId` of a definition as written (`flowable:…` names; {} for an unknown node). */
    nodeAttributes: async (definitionId: string, nodeId: string): Promise<Readonly<Record<string, string>>> => (await read(() => core.graph(definitionId))).nodes[nodeId]?.attrs ?? {},
    /** The deployment id of a definition (cached definition row). */
    definitionDeploymentId: (definitionId: string) => repo.definitionDeploymentId(core, definitionId),
    getInstance: (instanceId: string) => repo.getInstance(store, instanceId),
    /** Instances started by the call activities of `instanceId` (direct children, oldest first). */
    childInstances: (instanceId: string) => calledInstances(store, instanceId),
    /** Runtime tasks of an instance with candidates. */
    instanceTasks: (instanceId: string) => repo.instanceTasks(store, instanceId),
    /** Initiator, assignee / owner / candidate (user or group) of any task, or comment author of the instance. */
    isParticipant: (q: { instanceId: string; userId: string; groupIds?: string[] }) => repo.isParticipant(store, q),
    /** A runtime task with no assignee and no candidates. */
    isUnheldTask: (taskId: string) => repo.isUnheldTask(store, taskId),
    /** The normalised graph of a definition (immutable). */
    getGraph: (definitionId: string) => read(() => core.graph(definitionId)),
    /** The parsed-definition cache (monitoring): entries, hit counts, clear one id or all (core.ts definitionCache). */
    definitionCache: {
      entries: () => core.definitionCache(),
      stats: () => ({ ...core.graphStats }),
      clear: (definitionId?: string) => (definitionId === undefined ? core.forgetAllGraphs() : core.forgetGraph(definitionId)),
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;

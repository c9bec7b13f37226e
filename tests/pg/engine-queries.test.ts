/**
 * The engine's read queries on PostgreSQL (issue 43 "Portable SQL"): an engine on a SQLite file
 * runs approvals of every kind the queries read (candidates and groups, returns and rejections,
 * a withdrawal and a stop, a parallel countersign with a withdrawn vote, 抄送, a call activity,
 * timers and message waits, a suspended definition, several versions); the file is copied into a
 * new PostgreSQL database (server/db/copy.ts), and every query function of server/engine/queries
 * answers on PostgreSQL exactly what it answers on the SQLite source (values and types).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { copyDatabase } from '../../server/db/copy';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import type { Engine } from '../../server/engine';
import * as cc from '../../server/engine/queries/cc-lists';
import { calledInstances, callerOf } from '../../server/engine/queries/caller-of';
import { eventWaits } from '../../server/engine/queries/event-waits';
import * as views from '../../server/engine/queries/instance-views';
import { messageWaits } from '../../server/engine/queries/message-waits';
import * as repo from '../../server/engine/queries/repository';
import * as history from '../../server/engine/queries/run-history';
import * as lists from '../../server/engine/queries/task-lists';
import { taskResults, withdrawnTaskIds } from '../../server/engine/queries/task-results';
import { todoListSync } from '../../server/engine/queries/todo-list';
import { boundaryTimerXml, messageCatchXml, messageStartXml } from '../workflow/event-models';
import { completeByName, lineXml, makeSqliteEngine, readCorpus, tempDbFile } from '../workflow/helpers';
import { flow, proc } from '../workflow/scopes-helpers';
import { freshDatabase } from './fresh-db';

let file: string;
let lite: Store;
let pgStore: Store;
let engine: Engine;
let engineDb: { $client: { close(): void } } | undefined;
let now: number;
/** The engine's graph and definition cache, for the queries that read it (the definitions are the same rows on both). */
let core: repo.DefinitionSource;
const instances: string[] = [];
const definitions: string[] = [];
const deployments: string[] = [];
/** Runtime and historic task ids. */
let taskIds: string[] = [];
const USERS = ['1', '2', '3', '5', '7', '8', 'a', 'b', 'u1', 'u4', 'nobody'];
const GROUP_SETS: string[][] = [[], ['2'], ['3', '2'], Array.from({ length: 40 }, (_, i) => String(i))];

const childXml = proc('child', `<startEvent id="cs"/><userTask id="ct" name="子任务" flowable:assignee="u4"/><endEvent id="ce"/>${flow('c1', 'cs', 'ct')}${flow('c2', 'ct', 'ce')}`);
const parentXml = proc('caller', `<startEvent id="s"/><userTask id="a" name="A" flowable:assignee="u1"/><callActivity id="call" calledElement="child"/>
  <userTask id="after" name="后" flowable:assignee="u1"/><endEvent id="e"/>${flow('f1', 's', 'a')}${flow('f2', 'a', 'call')}${flow('f3', 'call', 'after')}${flow('f4', 'after', 'e')}`);

/** Builds the approvals on the SQLite file (see the file comment). */
async function buildData(e: Engine, clock: { advance(ms: number): void }) {
  const tick = () => clock.advance(60_000);
  const leave = lineXml('leave', [
    { id: 'a', name: '申请', assignee: '${INITIATOR}' },
    { id: 'b', name: 'Manager 审批', candidateUsers: '7,8', candidateGroups: '2,3', extra: ' flowable:ccUsers="5,6" flowable:formKey="key_b"' },
    { id: 'c', name: '经理', assignee: '3' },
  ], { name: 'Leave 请假_100%', category: 'oa' });
  for (const xml of [leave, leave, childXml, parentXml, boundaryTimerXml(), messageCatchXml, messageStartXml,
    readCorpus('flowable-MultiInstanceTest.testParallelUserTasksCustomExtensions.bpmn20.xml'),
    lineXml('old', [{ id: 'x', name: '旧', assignee: '1' }], { name: 'old', category: 'hr' })]) {
    const d = await e.deploy({ xml, name: `部署 ${definitions.length}` });
    definitions.push(d.definitionId);
    deployments.push(d.deploymentId);
  }
  const start = async (definitionId: string, userId: string, variables: Record<string, unknown> = {}, businessKey?: string) => {
    tick();
    const { instanceId } = await e.start({ definitionId, userId, variables, businessKey });
    instances.push(instanceId);
    return instanceId;
  };
  const leaveId = definitions[1];
  // 1: passed a and b (b claimed by 7 with a comment), now at c; 抄送 sent at b.
  const i1 = await start(leaveId, '1', { day: 3 }, 'BK-1');
  tick(); await completeByName(e, i1, '申请', undefined, '1');
  tick(); await completeByName(e, i1, 'Manager 审批', { ok: true }, '7');
  // 2: at b (candidates), a manual copy to 8 from the holder of a.
  const i2 = await start(leaveId, '2', { day: 1 });
  const a2 = (await e.instanceTasks(i2))[0];
  await e.copy({ taskId: a2.taskId, userId: '2', userIds: ['8', '9'], comment: '请看' });
  tick(); await completeByName(e, i2, '申请', undefined, '2');
  // 3: withdrawn by 1, then rejected back, then stopped.
  const i3 = await start(leaveId, '1');
  tick(); await completeByName(e, i3, '申请', undefined, '1');
  tick(); await e.revoke({ instanceId: i3, userId: '1', comment: '撤回' });
  tick(); await completeByName(e, i3, '申请', undefined, '1');
  tick(); await e.reject({ taskId: (await e.instanceTasks(i3))[0].taskId, userId: '7', groupIds: ['2'], comment: '不全' });
  tick(); await e.stop({ instanceId: i3, userId: '1', comment: '不要了' });
  // 4: ended (all three done) on version 1.
  const i4 = await start(definitions[0], '1');
  for (const [name, user] of [['申请', '1'], ['Manager 审批', '8'], ['经理', '3']]) { tick(); await completeByName(e, i4, name, undefined, user); }
  // 5: a call activity: the child waits at ct (u4).
  const i5 = await start(definitions[3], '1');
  tick(); await completeByName(e, i5, 'A', undefined, 'u1');
  const child = (await e.childInstances(i5))[0].instanceId;
  instances.push(child);
  // 6: a timer boundary; 7: a message wait; a message start event waits on its definition.
  await start(definitions[4], 'a');
  await start(definitions[5], 'b', {}, 'ORDER-7');
  // 8: a parallel countersign, a's vote withdrawn and given again.
  const i8 = await start(definitions[7], '1', { assigneeList: ['a', 'b'] });
  const byUser = async (u: string) => (await e.instanceTasks(i8)).find((x) => x.assignee === u)!;
  tick(); await e.complete({ taskId: (await byUser('a')).taskId, userId: 'a' });
  tick(); await e.revoke({ instanceId: i8, userId: 'a', comment: '再想想' });
  tick(); await e.complete({ taskId: (await byUser('a')).taskId, userId: 'a', comment: '同意' });
  // 9: a suspended definition's instance (left out of the to-do list); the same start time as 8.
  await start(definitions[8], '1');
  await e.setDefinitionState({ definitionId: definitions[8], state: 2 });
  // Same create time for several tasks (the id breaks the tie).
  for (let k = 0; k < 3; k++) instances.push((await e.start({ definitionId: leaveId, userId: '5' })).instanceId);
}

beforeAll(async () => {
  file = tempDbFile();
  const made = makeSqliteEngine({ usersOfGroups: () => [] }, file);
  engine = made.engine;
  engineDb = made.db;
  await buildData(engine, made.clock);
  now = made.clock.now();
  core = {
    graph: (id: string) => engine.getGraph(id),
    definition: async (id: string) => ({ id, deploymentId: await engine.definitionDeploymentId(id) }),
    cachedDefinition: async (id: string) => ({ id, deploymentId: await engine.definitionDeploymentId(id) }),
  } as unknown as repo.DefinitionSource;
  const url = await freshDatabase('engine_queries');
  const copied = await copyDatabase(file, url);
  expect(copied.skipped).toEqual([]);
  pgStore = await openPostgresStore(url);
  lite = sqliteStore(openDatabase({ url: file }));
  taskIds = (await lite.all<{ id: string }>('SELECT id FROM wf_hi_taskinst ORDER BY id')).map((r) => r.id);
  expect(taskIds.length).toBeGreaterThan(20);
}, 60_000);
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
  once?.$client.close();
  engineDb?.$client.close();
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

/** `q` on both stores: the same answer (deep, with types), or the same rejection. */
async function same<T>(q: (store: Store) => Promise<T>): Promise<T> {
  const settle = (p: Promise<T>) => p.then((value) => ({ value }), (err: Error) => ({ error: `${err.name}: ${err.message}` }));
  const [a, b] = await Promise.all([settle(q(lite)), settle(q(pgStore))]);
  expect(b).toStrictEqual(a);
  if ('error' in a) return undefined as T;
  return a.value;
}

describe('the task lists on PostgreSQL', () => {
  it('todoList: every user, group set, name filter, time range and page; the synchronous runner agrees', async () => {
    let rows = 0;
    for (const userId of USERS) {
      for (const groupIds of GROUP_SETS) {
        for (const extra of [{}, { name: 'leave' }, { name: 'LEAVE 请假' }, { name: '_100%' }, { name: '不存在' }, { pageSize: 2, pageNum: 2 },
          { beginTime: '2000-01-01', endTime: '2999-12-31 23:59:59' }]) {
          const q = { userId, groupIds, ...extra };
          const page = await same((s) => lists.todoList(s, q));
          expect(todoListSync(openDatabaseOnce().$client, q)).toStrictEqual(page);
          rows += page.rows.length;
        }
      }
    }
    expect(rows).toBeGreaterThan(30);
  });

  it('finishedList and myProcessList: every user, filters and pages', async () => {
    let rows = 0;
    for (const userId of USERS) {
      for (const extra of [{}, { name: 'leave' }, { pageSize: 1, pageNum: 2 }, { pageSize: 1, pageNum: 50 }, { beginTime: '2000-01-01 00:00' }]) {
        rows += (await same((s) => lists.finishedList(s, { userId, ...extra }))).rows.length;
        rows += (await same((s) => lists.myProcessList(s, { userId, now, ...extra }))).rows.length;
      }
    }
    expect(rows).toBeGreaterThan(20);
  });

  it('task results and withdrawals', async () => {
    const hi = await lite.all<{ taskId: string; procInsId: string; assignee: string | null; deleteReason: string | null }>(
      'SELECT id AS "taskId", instance_id AS "procInsId", assignee, delete_reason AS "deleteReason" FROM wf_hi_taskinst ORDER BY id');
    const results = await same(async (s) => [...(await taskResults(s, hi))]);
    expect(results.some(([, type]) => type === '7')).toBe(true);
    expect((await same(async (s) => [...(await withdrawnTaskIds(s, instances))])).length).toBe(2);
  });
});

describe('the instance views on PostgreSQL', () => {
  it('flow record, start, node data, variables, participation, history of every instance', async () => {
    for (const id of [...instances, 'missing']) {
      await same((s) => views.flowRecord(s, id));
      await same((s) => views.instanceStart(s, id));
      await same((s) => views.nodeData(s, id));
      await same((s) => views.variables(s, { instanceId: id }));
      await same((s) => history.activityHistory(s, id));
      await same((s) => calledInstances(s, id));
      await same((s) => callerOf(s, id));
      await same((s) => eventWaits(s, { instanceId: id }));
      for (const userId of USERS) {
        for (const groupIds of GROUP_SETS.slice(0, 3)) {
          await same(async (s) => (await views.participatedTaskKeys(s, { instanceId: id, userId, groupIds })).sort());
          await same((s) => repo.isParticipant(s, { instanceId: id, userId, groupIds }));
        }
      }
    }
    expect((await same((s) => calledInstances(s, instances[4]))).length).toBe(1);
    expect(await same((s) => callerOf(s, instances[5]))).toEqual({ definitionId: definitions[3], activityId: 'call' });
    expect((await same((s) => history.historicTasks(s, instances))).length).toBe(taskIds.length);
  });

  it('tasks: details, form context, variables, the next node', async () => {
    for (const taskId of [...taskIds, 'missing']) {
      await same((s) => repo.getTask(s, core, taskId));
      await same((s) => repo.taskFormContext(s, core, taskId));
      await same((s) => repo.isUnheldTask(s, taskId));
      await same((s) => views.variables(s, { taskId }));
      await same((s) => views.nextFlowNode(s, core, { taskId, variables: { ok: true } }));
    }
    for (const definitionId of definitions) await same((s) => views.nextFlowNodeByStart(s, core, { definitionId }));
    await same((s) => views.nextFlowNodeByStart(s, core, { deploymentId: deployments[0] }));
  });

  it('the repository: definitions, deployments, XML, instances', async () => {
    for (const q of [{}, { name: 'leave' }, { name: '部署' }, { key: 'leave' }, { category: 'oa' }, { latestOnly: true }, { latestActive: true }, { pageSize: 3, pageNum: 2 }]) {
      await same((s) => repo.listDefinitions(s, q));
    }
    for (const q of [{}, { name: '部署 1' }, { category: 'oa' }, { pageSize: 4, pageNum: 2 }]) await same((s) => repo.listDeployments(s, q));
    for (const definitionId of [...definitions, 'missing']) {
      await same((s) => repo.getDefinition(s, { definitionId }));
      await same((s) => repo.getXml(s, { definitionId }));
      await same((s) => eventWaits(s, { definitionId }));
    }
    for (const deploymentId of deployments) {
      await same((s) => repo.getDefinition(s, { deploymentId }));
      await same((s) => repo.deploymentHasInstances(s, deploymentId));
    }
    for (const id of [...instances, 'missing']) {
      await same((s) => repo.getInstance(s, id));
      await same((s) => repo.instanceTasks(s, id));
    }
  });

  it('message waits', async () => {
    for (const q of [{ messageName: 'paid' }, { messageName: 'paid', businessKey: 'ORDER-7' }, { messageName: 'paid', instanceId: instances[7] },
      { messageName: 'paid', activityId: 'nowhere' }, { messageName: 'newOrder' }, { messageName: 'none' }]) {
      await same((s) => messageWaits(s, q));
    }
    expect((await same((s) => messageWaits(s, { messageName: 'newOrder' }))).starts).toHaveLength(1);
  });
});

describe('抄送 on PostgreSQL', () => {
  it('lists, counts and recipients; marking read changes the same rows', async () => {
    for (const userId of USERS.concat('6', '9')) {
      for (const extra of [{}, { read: '0' as const }, { read: '1' as const }, { name: 'LEAVE' }, { pageSize: 1, pageNum: 2 }]) await same((s) => cc.ccList(s, { userId, ...extra }));
      await same((s) => cc.ccUnread(s, userId));
      for (const id of instances) await same((s) => cc.isCcRecipient(s, id, userId));
    }
    for (const id of instances) await same((s) => cc.ccOfInstance(s, id));
    expect(await same((s) => cc.ccMarkRead(s, { instanceId: instances[1], userId: '8', now }))).toBe(1);
    await same((s) => cc.ccList(s, { userId: '8' }));
  });
});

let once: ReturnType<typeof openDatabase> | undefined;
/** A second SQLite connection to the source file, for the synchronous to-do runner. */
function openDatabaseOnce() {
  return (once ??= openDatabase({ url: file }));
}

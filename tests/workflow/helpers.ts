/**
 * Test helpers for the engine: an engine over a fresh database, the corpus folder, and short
 * readers of the active tasks.
 *
 * Two databases (issue 43, README "Two databases"): the suite runs on SQLite `:memory:` (project
 * `workflow`) or, with `CAISHUI_TEST_DB=postgres` (project `workflow-pg`, whose globalSetup starts
 * a throwaway cluster: tests/pg/global-setup.ts), each engine over an empty PostgreSQL database of
 * its own, migrated with drizzle-pg/ (the engine's tables need no seed rows). Tests read the
 * tables through `store` (`await store.all/get/run(sql, params)`, `?` placeholders, quoted
 * camelCase aliases), so they run on both. The few that are SQLite-only by nature use
 * makeSqliteEngine, in `*.sqlite.test.ts` files, which the PostgreSQL projects leave out
 * (vitest.config.ts SQLITE_ONLY), or as one check of a file that runs on both, over its own
 * SQLite engine in either project (signers.test.ts); each says why.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../../server/db/client';
import { dbKindOf, type Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import { manualClock } from '../../server/core/clock';
import { createEngine, type EngineHandlers, type Engine } from '../../server/engine';

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(here, '../..');
/** The repository's own copy of the corpus, with its sources (corpus/SOURCES.md). */
export const corpusDir = path.resolve(here, 'corpus');

export const readCorpus = (file: string) => fs.readFileSync(path.join(corpusDir, file), 'utf8');

/** True when the suite runs on PostgreSQL (`CAISHUI_TEST_DB=postgres`: the `workflow-pg` project). */
export const onPostgres = process.env.CAISHUI_TEST_DB === 'postgres';

/** What makeEngine builds: the engine, its store and its manual clock. */
export interface EngineContext {
  store: Store;
  clock: ReturnType<typeof manualClock>;
  engine: Engine;
}

/** makeSqliteEngine's context: also the SQLite connection (for SQLite-only tests). */
export interface SqliteEngineContext extends EngineContext {
  db: Db;
}

export interface MakeEngineExtra {
  /** Test hook: called inside each instance command's transaction right after loading. */
  afterLoad?: (id: string) => void;
}

/** The PostgreSQL stores makeEngine opened and has not seen closed (closeEngineStores). */
const pgStores = new Set<Store>();

/**
 * An engine over a database: `url` (a SQLite file or `:memory:`, or a `postgres://` URL of a
 * migrated database, e.g. from tempDatabase), else a fresh one of the run's kind (`:memory:`, or
 * on PostgreSQL a new migrated database). Every instance-cache hit is checked against a fresh
 * load (server/engine/store/instance-cache.ts). Returns `{ store, clock, engine }`; close with
 * `await store.close()` (it closes the connection; on PostgreSQL closeEngineStores closes the
 * rest after each file).
 */
export async function makeEngine(handlers: EngineHandlers = {}, url?: string, extra: MakeEngineExtra = {}): Promise<EngineContext> {
  const target = url ?? (onPostgres ? await freshPgDatabase() : ':memory:');
  if (dbKindOf(target) === 'sqlite') {
    const { store, clock, engine } = makeSqliteEngine(handlers, target, extra);
    return { store, clock, engine };
  }
  const { openPostgresStore } = await import('../../server/db/store/postgres');
  const store = await openPostgresStore(target);
  pgStores.add(store);
  const clock = manualClock();
  // No `db` on PostgreSQL: the engine runs on the store alone (createEngine's CreateEngineOptions).
  return { store, clock, engine: createEngine({ store, clock, handlers, afterLoad: extra.afterLoad, verifyInstanceCache: true }) };
}

/**
 * An engine over a SQLite database (`url`: a file or `:memory:`), with its connection `db`, for
 * the tests that are SQLite-only by nature (two connections on one file, statement probes, pragmas).
 * `store` is the connection's store (sqliteStore); closing it closes the connection.
 */
export function makeSqliteEngine(handlers: EngineHandlers = {}, url = ':memory:', extra: MakeEngineExtra = {}): SqliteEngineContext {
  const db: Db = openDatabase({ url });
  const store = sqliteStore(db);
  const clock = manualClock();
  const engine = createEngine({ db, store, clock, handlers, afterLoad: extra.afterLoad, verifyInstanceCache: true });
  return { db, store, clock, engine };
}

/** This process's template: a database migrated once (its name), copied by freshPgDatabase. */
let pgTemplate: Promise<string> | undefined;

/**
 * A new PostgreSQL database on the run's cluster, migrated (drizzle-pg/), holding no rows but the
 * migrations' own; its URL. A copy of this process's template database (migrating each one would
 * cost most of the suite's time).
 */
async function freshPgDatabase(): Promise<string> {
  // Imported here: fire-worker.ts (a plain Node child process) loads this module outside vitest.
  const { freshDatabase } = await import('../pg/fresh-db');
  pgTemplate ??= (async () => {
    const { migratePostgres } = await import('../../server/db/pg-schema/migrate');
    const url = await freshDatabase('workflow_template');
    await migratePostgres(url);
    return new URL(url).pathname.slice(1);
  })();
  return await freshDatabase('workflow', { template: await pgTemplate });
}

/**
 * A database that outlives one engine (restart, two engines or processes over one database): a
 * SQLite file in a temp folder, or on PostgreSQL a new migrated database. Pass it to makeEngine;
 * removeTempDatabase removes the SQLite file's folder (the PostgreSQL cluster is thrown away).
 */
export async function tempDatabase(): Promise<string> {
  return onPostgres ? await freshPgDatabase() : tempDbFile();
}

/** Removes a tempDatabase's SQLite folder; nothing for PostgreSQL. */
export function removeTempDatabase(url: string): void {
  if (dbKindOf(url) === 'sqlite') fs.rmSync(path.dirname(url), { recursive: true, force: true });
}

/** Closes the PostgreSQL stores makeEngine opened (the workflow-pg project's afterAll, tests/workflow/pg-setup.ts). */
export async function closeEngineStores(): Promise<void> {
  const stores = [...pgStores];
  pgStores.clear();
  await Promise.all(stores.map((s) => s.close()));
}

/** A SQLite file in a new temp folder. */
export function tempDbFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-engine-'));
  return path.join(dir, 'test.db');
}

/** Active tasks as `name|assignee|candUsers|candGroups`, sorted. */
export async function snapshot(engine: Engine, instanceId: string): Promise<string[]> {
  return (await engine.instanceTasks(instanceId))
    .map((t) => `${t.name}|${t.assignee ?? ''}|${t.candidateUsers.join(',')}|${t.candidateGroups.join(',')}`)
    .sort();
}

export const names = async (engine: Engine, instanceId: string) => (await engine.instanceTasks(instanceId)).map((t) => t.name).sort();

/** Completes the first active task whose name is `name` as `userId` (default: its assignee or 'admin'). */
export async function completeByName(engine: Engine, instanceId: string, name: string, variables?: Record<string, unknown>, userId?: string) {
  const t = (await engine.instanceTasks(instanceId)).find((x) => x.name === name);
  if (!t) throw new Error(`no active task ${name}; active: ${(await names(engine, instanceId)).join(', ')}`);
  return await engine.complete({ taskId: t.taskId, userId: userId ?? t.assignee ?? t.candidateUsers[0] ?? 'admin', groupIds: t.candidateGroups, variables });
}

export interface LineTask { id: string; name?: string; assignee?: string; candidateUsers?: string; candidateGroups?: string; extra?: string }

/** A straight line start → tasks… → end in the flowable: dialect (flows f1, f2, …). */
export function lineXml(key: string, tasks: LineTask[], opts: { name?: string; category?: string } = {}): string {
  const attr = (k: string, v?: string) => (v === undefined ? '' : ` flowable:${k}="${v}"`);
  const ids = ['start', ...tasks.map((t) => t.id), 'end'];
  const flows = ids.slice(1).map((id, i) => `<sequenceFlow id="f${i + 1}" sourceRef="${ids[i]}" targetRef="${id}"/>`).join('\n');
  const body = tasks.map((t) => `<userTask id="${t.id}" name="${t.name ?? t.id}"${attr('assignee', t.assignee)}${attr('candidateUsers', t.candidateUsers)}${attr('candidateGroups', t.candidateGroups)}${t.extra ?? ''}/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
<process id="${key}" name="${opts.name ?? key}"${attr('processCategory', opts.category)}>
<startEvent id="start"/>
${body}
<endEvent id="end"/>
${flows}
</process></definitions>`;
}

/** start → approve (assignee) → XOR(${pass}) → review (assignee) | end — the benchmark model. */
export const approvalXml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
<process id="approval" name="审批">
<startEvent id="start"/>
<userTask id="approve" name="审批" flowable:assignee="\${INITIATOR}"/>
<exclusiveGateway id="xor" default="toEnd"/>
<userTask id="review" name="复核" flowable:candidateGroups="2"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
<sequenceFlow id="f2" sourceRef="approve" targetRef="xor"/>
<sequenceFlow id="f3" sourceRef="xor" targetRef="review"><conditionExpression xsi:type="tFormalExpression">\${amount > 1000}</conditionExpression></sequenceFlow>
<sequenceFlow id="toEnd" sourceRef="xor" targetRef="end"/>
<sequenceFlow id="f4" sourceRef="review" targetRef="end"/>
</process></definitions>`;

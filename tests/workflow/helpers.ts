/**
 * Test helpers for the engine: an engine over a fresh in-memory (or file) database, the corpus
 * folder, and short readers of the active tasks.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../../server/db/client';
import { manualClock } from '../../server/core/clock';
import { createEngine, type EngineHandlers, type Engine } from '../../server/engine';

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(here, '../..');
/** The repository's own copy of the corpus, with its sources (corpus/SOURCES.md). */
export const corpusDir = path.resolve(here, 'corpus');

export const readCorpus = (file: string) => fs.readFileSync(path.join(corpusDir, file), 'utf8');

export function makeEngine(handlers: EngineHandlers = {}, url = ':memory:', extra: { afterLoad?: (id: string) => void } = {}) {
  const db: Db = openDatabase({ url });
  const clock = manualClock();
  // Every instance-cache hit is checked against a fresh load (server/engine/store/instance-cache.ts).
  const engine = createEngine({ db, clock, handlers, afterLoad: extra.afterLoad, verifyInstanceCache: true });
  return { db, clock, engine };
}

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

/**
 * Process-level timer / message / signal start events (Flowable: only the newest version of a
 * definition key listens). At deploy the new version's start events get their rows (timers in
 * wf_timer, message / signal subscriptions in wf_event_subscription, instance_id null) and the
 * previous versions' start rows are removed; deleting the newest deployment gives the start
 * events back to the newest remaining version.
 */
import type Database from 'better-sqlite3';
import { conflict, invalid } from '../../core/errors';
import type { GraphNode, ProcessGraph } from '../model/graph';
import { stmt, insertSql, pushValues, TIMER_COLS, SUBSCRIPTION_COLS, type SubscriptionRow, type TimerRow } from '../store/rows';
import { evaluate, mapScope } from '../expression';
import { newId } from '../runtime/context';
import { timerSchedule } from '../runtime/iso8601';
import { TIMER_RETRIES } from '../runtime/events';

/** The process-level start events with a timer / message / signal definition. */
export function eventStartNodes(graph: ProcessGraph): GraphNode[] {
  const ids = graph.eventStartIds ?? Object.keys(graph.nodes).filter((id) => {
    const n = graph.nodes[id];
    return n.type === 'startEvent' && !n.parent && !!n.event;
  });
  return ids.map((id) => graph.nodes[id]).filter((n) => n.event?.kind === 'timer' || n.event?.kind === 'message' || n.event?.kind === 'signal');
}

/** A new timer row of a start event (expressions see no variables: there is no instance yet). */
export function startTimerRow(definitionId: string, node: GraphNode, now: number): TimerRow | null {
  if (node.event?.kind !== 'timer') return null;
  const s = timerSchedule(node.event, now, { id: node.id, type: node.type }, (text) => evaluate(text, mapScope({})));
  if (!s) return null;
  return {
    id: newId(), instanceId: null, executionId: null, definitionId, activityId: node.id, dueTime: s.dueTime, repeat: s.repeat,
    lockOwner: null, lockExpiry: null, retries: TIMER_RETRIES, lastError: null, createTime: now,
  };
}

/** Inserts one timer row (start-event timers: outside any unit of work). */
export function insertTimer(db: Database.Database, row: TimerRow) {
  stmt(db, insertSql('wf_timer', TIMER_COLS)).run(pushValues([], row, TIMER_COLS));
}

/**
 * Gives the start events of `definitionId` (version of `graph.key`) their rows and removes those
 * of the key's other versions. Inside the deploy transaction. Errors: a message start event whose
 * message another process key already starts on (Flowable refuses duplicate message start names).
 */
export function registerStartEvents(db: Database.Database, definitionId: string, graph: ProcessGraph, now: number) {
  stmt(db, 'DELETE FROM wf_timer WHERE instance_id IS NULL AND definition_id IN (SELECT id FROM wf_definition WHERE key = ? AND id <> ?)').run(graph.key, definitionId);
  stmt(db, 'DELETE FROM wf_event_subscription WHERE instance_id IS NULL AND definition_id IN (SELECT id FROM wf_definition WHERE key = ? AND id <> ?)').run(graph.key, definitionId);
  const insSub = stmt(db, insertSql('wf_event_subscription', SUBSCRIPTION_COLS));
  for (const node of eventStartNodes(graph)) {
    const ev = node.event!;
    if (ev.kind === 'timer') {
      const row = startTimerRow(definitionId, node, now);
      if (row) insertTimer(db, row);
      continue;
    }
    if (ev.kind !== 'message' && ev.kind !== 'signal') continue;
    const name = ev.kind === 'message' ? ev.messageName : ev.signalName;
    if (/[$#]\{/.test(name)) throw invalid(`部署失败: 开始事件 ${node.id} (bpmn:StartEvent) 的${ev.kind === 'message' ? '消息' : '信号'}名称不能是表达式`);
    if (ev.kind === 'message') {
      const other = stmt(db, `SELECT d.key AS key FROM wf_event_subscription s JOIN wf_definition d ON d.id = s.definition_id
        WHERE s.instance_id IS NULL AND s.type = 'message' AND s.event_name = ? AND d.key <> ? LIMIT 1`).get(name, graph.key) as { key: string } | undefined;
      if (other) throw conflict(`部署失败: 开始事件 ${node.id} (bpmn:StartEvent) 的消息 ${name} 已被流程 ${other.key} 的消息开始事件使用`);
    }
    const sub: SubscriptionRow = { id: newId(), type: ev.kind, eventName: name, instanceId: null, executionId: null, definitionId, activityId: node.id, createTime: now };
    insSub.run(pushValues([], sub, SUBSCRIPTION_COLS));
  }
}

/**
 * Before deployments are deleted: their definitions' start rows go; for each key whose newest
 * version goes, the newest remaining version (not being deleted) listens again.
 */
export function unregisterStartEvents(db: Database.Database, deploymentIds: string[], graphOf: (definitionId: string) => ProcessGraph, now: number) {
  const gone = new Set<string>();
  const keys = new Set<string>();
  for (const dep of deploymentIds) {
    for (const d of stmt(db, 'SELECT id, key FROM wf_definition WHERE deployment_id = ?').all(dep) as Array<{ id: string; key: string }>) {
      gone.add(d.id);
      keys.add(d.key);
    }
  }
  if (!gone.size) return;
  for (const id of gone) {
    stmt(db, 'DELETE FROM wf_timer WHERE instance_id IS NULL AND definition_id = ?').run(id);
    stmt(db, 'DELETE FROM wf_event_subscription WHERE instance_id IS NULL AND definition_id = ?').run(id);
  }
  for (const key of keys) {
    const versions = stmt(db, 'SELECT id FROM wf_definition WHERE key = ? ORDER BY version DESC').all(key) as Array<{ id: string }>;
    const newestLeft = versions.find((v) => !gone.has(v.id));
    // Only when the newest version goes does an older one take over its start events.
    if (newestLeft && gone.has(versions[0].id)) registerStartEvents(db, newestLeft.id, graphOf(newestLeft.id), now);
  }
}

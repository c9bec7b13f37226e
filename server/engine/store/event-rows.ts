/**
 * The timers (wf_timer) and message / signal subscriptions (wf_event_subscription) of one
 * instance inside a unit of work: read on first use (only instances whose graph has such events
 * ever touch them), tracked, and written at flush with prepared statements.
 */
import type Database from 'better-sqlite3';
import { BulkInsert, columns, stmt, TIMER_COLS, SUBSCRIPTION_COLS, type SubscriptionRow, type TimerRow } from './rows';

const SQL = {
  loadTimers: `SELECT ${columns(TIMER_COLS)} FROM wf_timer WHERE instance_id = ?`,
  loadSubs: `SELECT ${columns(SUBSCRIPTION_COLS)} FROM wf_event_subscription WHERE instance_id = ?`,
  delTimer: 'DELETE FROM wf_timer WHERE id = ?',
  delSub: 'DELETE FROM wf_event_subscription WHERE id = ?',
  delTimersOf: 'DELETE FROM wf_timer WHERE instance_id = ?',
  delSubsOf: 'DELETE FROM wf_event_subscription WHERE instance_id = ?',
};
const BULK = {
  timers: new BulkInsert('wf_timer', TIMER_COLS),
  subs: new BulkInsert('wf_event_subscription', SUBSCRIPTION_COLS),
};

export class EventRows {
  private loaded = false;
  private timerRows = new Map<string, TimerRow>();
  private subRows = new Map<string, SubscriptionRow>();
  private newTimers = new Set<string>();
  private deletedTimers = new Set<string>();
  private newSubs = new Set<string>();
  private deletedSubs = new Set<string>();

  constructor(private readonly db: Database.Database, private readonly instanceId: string, isNew: boolean) {
    this.loaded = isNew;
  }

  /** Deletes every timer and subscription of an instance (it ended). */
  static deleteOfInstance(db: Database.Database, instanceId: string) {
    stmt(db, SQL.delTimersOf).run(instanceId);
    stmt(db, SQL.delSubsOf).run(instanceId);
  }

  private load() {
    if (this.loaded) return;
    this.loaded = true;
    for (const r of stmt(this.db, SQL.loadTimers).all(this.instanceId) as TimerRow[]) this.timerRows.set(r.id, r);
    for (const r of stmt(this.db, SQL.loadSubs).all(this.instanceId) as SubscriptionRow[]) this.subRows.set(r.id, r);
  }

  /** The instance's timers by id. */
  timers(): ReadonlyMap<string, TimerRow> { this.load(); return this.timerRows; }
  /** The instance's subscriptions by id. */
  subscriptions(): ReadonlyMap<string, SubscriptionRow> { this.load(); return this.subRows; }

  addTimer(t: TimerRow) { this.load(); this.timerRows.set(t.id, t); this.newTimers.add(t.id); }
  removeTimer(id: string) {
    this.load();
    if (!this.timerRows.delete(id)) return;
    if (!this.newTimers.delete(id)) this.deletedTimers.add(id);
  }
  addSubscription(s: SubscriptionRow) { this.load(); this.subRows.set(s.id, s); this.newSubs.add(s.id); }
  removeSubscription(id: string) {
    this.load();
    if (!this.subRows.delete(id)) return;
    if (!this.newSubs.delete(id)) this.deletedSubs.add(id);
  }

  /** Writes the changes (deletes, then multi-row inserts). */
  flush() {
    const db = this.db;
    const delTimer = stmt(db, SQL.delTimer);
    for (const id of this.deletedTimers) delTimer.run(id);
    if (this.newTimers.size) BULK.timers.run(db, [...this.newTimers].map((id) => this.timerRows.get(id)!));
    const delSub = stmt(db, SQL.delSub);
    for (const id of this.deletedSubs) delSub.run(id);
    if (this.newSubs.size) BULK.subs.run(db, [...this.newSubs].map((id) => this.subRows.get(id)!));
  }
}

/**
 * Seed of the workflow libraries (issue 5 "Around it"): the expression library with
 * `${INITIATOR}` (流程发起人, fixed) and `#{approval}` (审批流程指定接收人, dynamic), and the listener
 * library with the built-in handlers the engine registers (the caller passes them: buildApp gives
 * the flowable module's BUILTIN_LISTENERS, modules/flowable/common/builtin-listeners.ts; never the
 * legacy `com.ruoyi.flowable.listener.*` aliases). server/db imports no module (issue 42).
 */
import { sysExpression, sysListener } from '../schema';
import type { SeedTx } from './types';

/** A listener library row to seed (sys_listener): what modules/flowable's BuiltinListener carries besides its handler. */
export interface SeedListener {
  /** Library display name. */
  name: string;
  /** '1' task listener, '2' execution listener. */
  type: string;
  /** Default event (create / start / end …). */
  eventType: string;
  /** 'classListener' for the built-in ones. */
  valueType: string;
  /** The registered name the model writes (`flowable:class`). */
  value: string;
  remark: string;
}

export const SEED_EXPRESSIONS = [
  { id: 1, name: '流程发起人', expression: '${INITIATOR}', dataType: 'fixed', remark: '流程发起人' },
  { id: 2, name: '审批流程指定接收人', expression: '#{approval}', dataType: 'dynamic', remark: '由上一节点选择的接收人' },
] as const;

/**
 * Inserts the expression library rows and one listener library row per `listeners` entry (ids 1…n
 * in the given order), each ON CONFLICT DO NOTHING. Errors: the database's only (the caller rolls back).
 */
export async function seedWorkflow(tx: SeedTx, now: string, listeners: readonly SeedListener[]): Promise<void> {
  for (const e of SEED_EXPRESSIONS) {
    await tx.insert(sysExpression).values({ ...e, status: '0', createBy: 'admin', createTime: now }).onConflictDoNothing();
  }
  for (const [i, { name, type, eventType, valueType, value, remark }] of listeners.entries()) {
    await tx.insert(sysListener).values({ id: i + 1, name, type, eventType, valueType, value, status: '0', createBy: 'admin', createTime: now, remark }).onConflictDoNothing();
  }
}

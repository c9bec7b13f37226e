/**
 * Seed of the workflow libraries (issue 5 "Around it"): the expression library with
 * `${INITIATOR}` (流程发起人, fixed) and `#{approval}` (审批流程指定接收人, dynamic), and the listener
 * library with the built-in handlers the engine registers (core/workflow-listeners.ts; never the
 * legacy `com.ruoyi.flowable.listener.*` aliases).
 */
import { sysExpression, sysListener } from '../schema';
import { BUILTIN_LISTENERS } from '../../core/workflow-listeners';
import type { SeedTx } from './types';

export const SEED_EXPRESSIONS = [
  { id: 1, name: '流程发起人', expression: '${INITIATOR}', dataType: 'fixed', remark: '流程发起人' },
  { id: 2, name: '审批流程指定接收人', expression: '#{approval}', dataType: 'dynamic', remark: '由上一节点选择的接收人' },
] as const;

export function seedWorkflow(tx: SeedTx, now: string): void {
  for (const e of SEED_EXPRESSIONS) {
    tx.insert(sysExpression).values({ ...e, status: '0', createBy: 'admin', createTime: now }).onConflictDoNothing().run();
  }
  BUILTIN_LISTENERS.forEach(({ name, type, eventType, valueType, value, remark }, i) => {
    tx.insert(sysListener).values({ id: i + 1, name, type, eventType, valueType, value, status: '0', createBy: 'admin', createTime: now, remark }).onConflictDoNothing().run();
  });
}

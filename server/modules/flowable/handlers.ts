/**
 * Built-in listener handlers registered with the engine (by the class names tony2y's designer
 * writes). Like upstream's `UserTaskListener` / `FlowExecutionListener` they are hooks with no
 * effect of their own: a model may reference them and deploy; the listener library is seeded
 * with them (server/db/seed/workflow.ts).
 */
import type { EngineHandlers } from '../../engine';

export const BUILTIN_LISTENERS = [
  { name: '用户任务监听器', type: '1', eventType: 'create', valueType: 'classListener', value: 'com.ruoyi.flowable.listener.UserTaskListener' },
  { name: '执行监听器', type: '2', eventType: 'start', valueType: 'classListener', value: 'com.ruoyi.flowable.listener.FlowExecutionListener' },
  { name: '流程结束监听器', type: '2', eventType: 'end', valueType: 'classListener', value: 'com.ruoyi.flowable.listener.FlowEndListener' },
] as const;

export const workflowHandlers: EngineHandlers = {
  listeners: Object.fromEntries(BUILTIN_LISTENERS.map((l) => [l.value, () => {}])),
};

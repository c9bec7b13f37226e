/**
 * The handlers the flowable module registers with the engine: the built-in listeners of
 * server/core/workflow-listeners.ts under their `caishui.listener.*` names and the
 * `com.ruoyi.flowable.listener.*` aliases of imported RuoYi models.
 */
import type { EngineHandlers } from '../../engine';
import { workflowListenerRegistry } from '../../core/workflow-listeners';

export { BUILTIN_LISTENERS, LEGACY_LISTENER_ALIASES } from '../../core/workflow-listeners';

export const workflowHandlers: EngineHandlers = {
  listeners: workflowListenerRegistry(),
};

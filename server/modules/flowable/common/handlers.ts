/**
 * The handlers the flowable module registers with the engine: the built-in listeners of
 * builtin-listeners.ts under their `caishui.listener.*` names and the
 * `com.ruoyi.flowable.listener.*` aliases of imported RuoYi models, and the built-in service
 * task implementations (`flowable:class="caishui.service.*"`, or `delegateExpression="${name}"`
 * with the same name). Only registered names deploy (engine lint).
 */
import type Database from 'better-sqlite3';
import type { Db } from '../../../db/client';
import type { EngineHandlers, ServiceHandler } from '../../../engine';
import { workflowListenerRegistry } from './builtin-listeners';
import { usersOfRoles } from '../../system/user/user-sync.repo';

export { BUILTIN_LISTENERS, LEGACY_LISTENER_ALIASES } from './builtin-listeners';

/** Where `caishui.service.log` writes (replaceable in tests). One line per call. */
let logSink: (line: string) => void = (line) => console.info(line);

/** Replaces the sink of `caishui.service.log` (tests, or the server's logger); returns the previous one. */
export function setServiceLogSink(sink: (line: string) => void): (line: string) => void {
  const before = logSink;
  logSink = sink;
  return before;
}

/**
 * Built-in service tasks, keyed by the name the model uses:
 * - `caishui.service.setVariables`: copies every injected field into a process variable of the
 *   same name (field `stringValue` as written, `expression` evaluated), e.g.
 *   `<flowable:field name="status" stringValue="已受理"/>` → variable `status = '已受理'`
 *   (non-local write: the nearest scope holding it, else the instance);
 * - `caishui.service.log`: writes one line `[workflow] <instanceId> <activityId> <message>` with
 *   ONLY the injected `message` field (no variables, nothing secret) to the log sink.
 */
export const BUILTIN_SERVICES: Record<string, ServiceHandler> = {
  'caishui.service.setVariables': ({ execution, fields }) => {
    for (const [name, value] of Object.entries(fields)) if (name) execution.setVariable(name, value);
  },
  'caishui.service.log': ({ execution, fields }) => {
    const message = fields.message === undefined || fields.message === null ? '' : String(fields.message);
    logSink(`[workflow] ${execution.processInstanceId} ${execution.currentActivityId ?? ''} ${message.slice(0, 500)}`);
  },
};

/** The registered service names (the designer's service task panel offers these). */
export const SERVICE_NAMES: readonly string[] = Object.keys(BUILTIN_SERVICES);

export const workflowHandlers: EngineHandlers = {
  listeners: workflowListenerRegistry(),
  services: BUILTIN_SERVICES,
};

/**
 * The engine's `usersOfGroups` (抄送 to roles, issue 16): the enabled users of the enabled roles
 * `groupIds`, read by the user repository (system/user/user-sync.repo.ts).
 */
export { usersOfRoles };

/**
 * The role lookup over the app's connection (`deps.db`): synchronous, as the engine calls its
 * handlers inside its synchronous core (issue 43: stays so until the engine's handlers move).
 * 流程模拟 hands it to its scratch engine so 抄送 to roles resolves the real members.
 */
export const roleUsersOf = (db: Pick<Db, '$client'>): ((groupIds: string[]) => string[]) => usersOfRoles(db.$client);

/** The handlers of one app over its database: the static ones plus the role lookup. */
export const appWorkflowHandlers = (db: Database.Database): EngineHandlers => ({ ...workflowHandlers, usersOfGroups: usersOfRoles(db) });

/**
 * The handlers the flowable module registers with the engine: the built-in listeners of
 * builtin-listeners.ts under their `caishui.listener.*` names and the
 * `com.ruoyi.flowable.listener.*` aliases of imported RuoYi models, and the built-in service
 * task implementations (`flowable:class="caishui.service.*"`, or `delegateExpression="${name}"`
 * with the same name). Only registered names deploy (engine lint).
 */
import { sqliteConnectionOf, type Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import type { EngineHandlers, ServiceHandler } from '../../../engine';
import { workflowListenerRegistry } from './builtin-listeners';
import { usersOfRoles } from '../../system/user/user-sync.repo';
import { roleMembersSnapshot, usersOfRolesOn } from './role-members.repo';

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
 * The engine's `usersOfGroups` on SQLite (抄送 to roles, issue 16): the enabled users of the
 * enabled roles `groupIds`, read by the user repository (system/user/user-sync.repo.ts); on
 * PostgreSQL role-members.repo.ts `usersOfRolesOn`.
 */
export { usersOfRoles };

/**
 * 流程模拟's role lookup over the app's real database, synchronous (its scratch engine runs on an
 * in-memory SQLite, whose core calls `usersOfGroups` synchronously): on SQLite the prepared query
 * on the store's connection (usersOfRoles), on PostgreSQL a snapshot of every role's members read
 * through the store first (role-members.repo.ts). 抄送 to roles then resolves the real members.
 */
export async function roleUsersOf(store: Store<Db>): Promise<(groupIds: string[]) => string[]> {
  return store.kind === 'sqlite' ? usersOfRoles(sqliteConnectionOf(store)) : roleMembersSnapshot(store);
}

/**
 * The handlers of one app over its store: the static ones plus the role lookup, `usersOfGroups`:
 * on SQLite synchronous over the store's connection (the engine's synchronous core, and its hot
 * path: one prepared statement), on PostgreSQL a query through the store answering a Promise.
 */
export const appWorkflowHandlers = (store: Store<Db>): EngineHandlers => ({
  ...workflowHandlers,
  usersOfGroups: store.kind === 'sqlite' ? usersOfRoles(sqliteConnectionOf(store)) : usersOfRolesOn(store),
});

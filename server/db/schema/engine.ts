/**
 * Workflow engine tables (design.md "The workflow engine"; Flowable's ACT_RE/RU/HI tables in
 * small). Only `server/engine/store` reads and writes them.
 *
 * - Times are epoch milliseconds (integers): durations and ordering need the precision; the
 *   engine's queries format them as `yyyy-MM-dd HH:mm:ss` for the wire.
 * - Ids are strings (design "Conventions"); user ids and group ids are the system's user ids and
 *   role ids as strings.
 * - Integer keys are rowid aliases without AUTOINCREMENT (no sqlite_sequence write per insert).
 * - `machine_state` columns hold the XState snapshot (`{value, context}` JSON) of the element's
 *   behaviour machine (server/engine/behaviours).
 */
import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** One deployment = one saved model (name/category as given at save). */
export const wfDeployment = sqliteTable('wf_deployment', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  category: text('category').notNull().default(''),
  deployTime: integer('deploy_time').notNull(),
}, (t) => [index('wf_deployment_time_idx').on(t.deployTime)]);

/** A process definition version; `graph` is the immutable normalised model JSON. */
export const wfDefinition = sqliteTable('wf_definition', {
  id: text('id').primaryKey(),
  key: text('key').notNull(),
  version: integer('version').notNull(),
  name: text('name').notNull().default(''),
  category: text('category').notNull().default(''),
  description: text('description').notNull().default(''),
  deploymentId: text('deployment_id').notNull().references(() => wfDeployment.id, { onDelete: 'cascade' }),
  resourceName: text('resource_name').notNull().default(''),
  xml: text('xml').notNull(),
  graph: text('graph').notNull(),
  formKey: text('form_key'),
  /** 1 active, 2 suspended (Flowable's SuspensionState). */
  suspensionState: integer('suspension_state').notNull().default(1),
  machineState: text('machine_state').notNull().default(''),
}, (t) => [
  uniqueIndex('wf_definition_key_version_uq').on(t.key, t.version),
  index('wf_definition_deployment_idx').on(t.deploymentId),
]);

/** A process instance, running or finished (its history row too). */
export const wfInstance = sqliteTable('wf_instance', {
  id: text('id').primaryKey(),
  definitionId: text('definition_id').notNull().references(() => wfDefinition.id, { onDelete: 'cascade' }),
  businessKey: text('business_key'),
  startUserId: text('start_user_id'),
  startTime: integer('start_time').notNull(),
  endTime: integer('end_time'),
  endActivityId: text('end_activity_id'),
  deleteReason: text('delete_reason'),
  /** running | suspended | completed | stopped | deleted (instance machine value). */
  state: text('state').notNull().default('running'),
  /** Optimistic lock: every command that changes the instance bumps it. */
  revision: integer('revision').notNull().default(1),
  machineState: text('machine_state').notNull().default(''),
  /** Call activity: the calling (parent) instance and the execution waiting in its call activity. */
  superInstanceId: text('super_instance_id'),
  superExecutionId: text('super_execution_id'),
}, (t) => [
  index('wf_instance_def_idx').on(t.definitionId),
  index('wf_instance_super_idx').on(t.superInstanceId).where(sql`super_instance_id IS NOT NULL`),
  index('wf_instance_starter_idx').on(t.startUserId, t.startTime),
]);

/** A token (runtime only). Multi-instance roots carry the MI machine in `machine_state`. */
export const wfExecution = sqliteTable('wf_execution', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  parentId: text('parent_id'),
  activityId: text('activity_id'),
  /** 0 = waiting at a parallel join (inactive), 1 = active. */
  isActive: integer('is_active').notNull().default(1),
  /** 1 = the root of a multi-instance body. */
  isMiRoot: integer('is_mi_root').notNull().default(0),
  /** 1 = a scope execution (an embedded / event sub-process's token; its children run inside it). */
  isScope: integer('is_scope').notNull().default(0),
  /** The open wf_hi_actinst row of this token. */
  actInstId: integer('act_inst_id'),
  createTime: integer('create_time').notNull(),
  machineState: text('machine_state').notNull().default(''),
}, (t) => [index('wf_execution_instance_idx').on(t.instanceId)]);

/** A runtime user task; removed when completed or cancelled (see wf_hi_taskinst). */
export const wfTask = sqliteTable('wf_task', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  executionId: text('execution_id').notNull(),
  definitionId: text('definition_id').notNull(),
  taskDefKey: text('task_def_key').notNull(),
  name: text('name').notNull().default(''),
  description: text('description'),
  assignee: text('assignee'),
  owner: text('owner'),
  /** PENDING | RESOLVED | null (Flowable DelegationState). */
  delegationState: text('delegation_state'),
  priority: integer('priority').notNull().default(50),
  dueDate: integer('due_date'),
  formKey: text('form_key'),
  createTime: integer('create_time').notNull(),
  claimTime: integer('claim_time'),
  suspended: integer('suspended').notNull().default(0),
  machineState: text('machine_state').notNull().default(''),
}, (t) => [
  index('wf_task_instance_idx').on(t.instanceId),
  index('wf_task_assignee_idx').on(t.assignee),
]);

/** Candidate users/groups of runtime tasks (type `candidate`). */
export const wfIdentityLink = sqliteTable('wf_identity_link', {
  id: integer('id').primaryKey(),
  taskId: text('task_id').notNull().references(() => wfTask.id, { onDelete: 'cascade' }),
  instanceId: text('instance_id').notNull(),
  type: text('type').notNull().default('candidate'),
  userId: text('user_id'),
  groupId: text('group_id'),
}, (t) => [
  index('wf_identity_link_task_idx').on(t.taskId),
  index('wf_identity_link_user_idx').on(t.userId).where(sql`user_id IS NOT NULL`),
  index('wf_identity_link_group_idx').on(t.groupId).where(sql`group_id IS NOT NULL`),
]);

/**
 * Variables. `scope_id` = '' for instance variables, else an execution id or a task id (local).
 * `type` names the JSON kind (string, integer, double, boolean, null, json); `value` is JSON.
 */
export const wfVariable = sqliteTable('wf_variable', {
  id: integer('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  scopeId: text('scope_id').notNull().default(''),
  name: text('name').notNull(),
  type: text('type').notNull(),
  value: text('value').notNull(),
}, (t) => [uniqueIndex('wf_variable_scope_name_uq').on(t.instanceId, t.scopeId, t.name)]);

/** Historic activity instances (every node and taken flow a token passed). */
export const wfHiActinst = sqliteTable('wf_hi_actinst', {
  /** Insertion order = the order tokens reached the activities. */
  id: integer('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  executionId: text('execution_id').notNull(),
  activityId: text('activity_id').notNull(),
  activityName: text('activity_name').notNull().default(''),
  activityType: text('activity_type').notNull(),
  taskId: text('task_id'),
  assignee: text('assignee'),
  startTime: integer('start_time').notNull(),
  endTime: integer('end_time'),
  duration: integer('duration'),
  deleteReason: text('delete_reason'),
}, (t) => [index('wf_hi_actinst_instance_idx').on(t.instanceId)]);

/** Historic task instances (one per task ever created; id = task id). */
export const wfHiTaskinst = sqliteTable('wf_hi_taskinst', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  definitionId: text('definition_id').notNull(),
  executionId: text('execution_id').notNull(),
  taskDefKey: text('task_def_key').notNull(),
  name: text('name').notNull().default(''),
  assignee: text('assignee'),
  owner: text('owner'),
  candidateUsers: text('candidate_users').notNull().default(''),
  candidateGroups: text('candidate_groups').notNull().default(''),
  priority: integer('priority').notNull().default(50),
  dueDate: integer('due_date'),
  formKey: text('form_key'),
  createTime: integer('create_time').notNull(),
  claimTime: integer('claim_time'),
  endTime: integer('end_time'),
  duration: integer('duration'),
  deleteReason: text('delete_reason'),
}, (t) => [
  index('wf_hi_taskinst_instance_idx').on(t.instanceId),
  index('wf_hi_taskinst_assignee_idx').on(t.assignee, t.endTime),
]);

/** Comments: type '1' normal, '2' return, '3' reject, '4' delegate, '5' transfer, '6' stop, '7' revoke, '8' CC, '9' add signer, '10' remove signer. */
export const wfComment = sqliteTable('wf_comment', {
  id: integer('id').primaryKey(),
  type: text('type').notNull(),
  message: text('message').notNull().default(''),
  userId: text('user_id'),
  taskId: text('task_id'),
  instanceId: text('instance_id').notNull(),
  time: integer('time').notNull(),
}, (t) => [index('wf_comment_instance_idx').on(t.instanceId), index('wf_comment_task_idx').on(t.taskId)]);

/**
 * Timers (Flowable's timer jobs): boundary, intermediate catch, timer start and event
 * sub-process start timers. `due_time` epoch ms; `repeat` the remaining ISO 8601 cycle
 * (`R2/PT10M`) or null. Fired by the nodes' schedulers (issue 44,
 * server/engine/commands/timer-commands.ts): a node first claims a batch of due rows in one
 * statement (`lock_owner` = its scheduler's owner id, `lock_expiry` = epoch ms when the claim
 * lapses, 5 minutes on; `FOR UPDATE SKIP LOCKED` on PostgreSQL), then fires each row in its own
 * transaction whose `DELETE … WHERE id AND lock_owner` wins it; unfired claims are released
 * (both null) at the end of the call and when the scheduler stops, and a dead node's claims are
 * taken again after `lock_expiry`. A failed firing keeps `lock_owner` (who tried) with
 * `lock_expiry` null. Removed when fired (a repeating one gets a new row) or when its execution ends.
 */
export const wfTimer = sqliteTable('wf_timer', {
  id: text('id').primaryKey(),
  /** Null for a timer start event (per definition). */
  instanceId: text('instance_id'),
  /** The execution the timer belongs to (boundary host, waiting catch token, scope of an event sub-process). */
  executionId: text('execution_id'),
  definitionId: text('definition_id').notNull(),
  /** The timer event's node id (boundary / intermediate catch / start event). */
  activityId: text('activity_id').notNull(),
  dueTime: integer('due_time').notNull(),
  repeat: text('repeat'),
  lockOwner: text('lock_owner'),
  lockExpiry: integer('lock_expiry'),
  retries: integer('retries').notNull().default(3),
  lastError: text('last_error'),
  createTime: integer('create_time').notNull(),
}, (t) => [
  index('wf_timer_due_idx').on(t.dueTime),
  index('wf_timer_instance_idx').on(t.instanceId),
  index('wf_timer_definition_idx').on(t.definitionId),
]);

/**
 * Message and signal subscriptions (Flowable's ACT_RU_EVENT_SUBSCR): a waiting catch event,
 * boundary event or event sub-process start of a running instance, or a message / signal start
 * event of the newest version of a definition (`instance_id` null).
 */
export const wfEventSubscription = sqliteTable('wf_event_subscription', {
  id: text('id').primaryKey(),
  /** message | signal */
  type: text('type').notNull(),
  eventName: text('event_name').notNull(),
  instanceId: text('instance_id'),
  executionId: text('execution_id'),
  definitionId: text('definition_id').notNull(),
  activityId: text('activity_id').notNull(),
  createTime: integer('create_time').notNull(),
}, (t) => [
  index('wf_event_subscription_name_idx').on(t.type, t.eventName),
  index('wf_event_subscription_instance_idx').on(t.instanceId),
  index('wf_event_subscription_definition_idx').on(t.definitionId),
]);

/**
 * 抄送 (issue 16): one row per recipient of a copy of an instance. `kind` 'node' (the model's
 * `flowable:cc*` when the node is passed) or 'manual' (from the task screen, with `message`);
 * `task_id` the task where it was made; `read_time` set when the recipient opens it (null =
 * unread). Recipients may read the instance (server/modules/flowable/common/access.service.ts).
 */
export const wfCc = sqliteTable('wf_cc', {
  id: integer('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  taskId: text('task_id'),
  taskDefKey: text('task_def_key').notNull(),
  taskName: text('task_name').notNull().default(''),
  userId: text('user_id').notNull(),
  senderId: text('sender_id'),
  kind: text('kind').notNull(),
  message: text('message').notNull().default(''),
  createTime: integer('create_time').notNull(),
  readTime: integer('read_time'),
}, (t) => [index('wf_cc_user_idx').on(t.userId, t.createTime), index('wf_cc_instance_idx').on(t.instanceId, t.userId)]);

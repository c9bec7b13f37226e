/**
 * GENERATED FILE, do not edit: `npm run db:generate:pg` rewrites it (scripts/gen-pg-schema.ts, from the
 * SQLite schema server/db/schema through server/db/pg-schema/generate.ts, whose comment lists the
 * type mapping), then drizzle-kit writes the migration into drizzle-pg/. Change the SQLite schema
 * and regenerate. The PostgreSQL schema of issue 43: the same exported names, tables, columns,
 * keys and indexes as the SQLite schema.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const wfCc = pgTable('wf_cc', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  instanceId: text('instance_id').notNull(),
  taskId: text('task_id'),
  taskDefKey: text('task_def_key').notNull(),
  taskName: text('task_name').notNull().default(''),
  userId: text('user_id').notNull(),
  senderId: text('sender_id'),
  kind: text('kind').notNull(),
  message: text('message').notNull().default(''),
  createTime: bigint('create_time', { mode: 'number' }).notNull(),
  readTime: bigint('read_time', { mode: 'number' }),
}, (t) => [
  index('wf_cc_user_idx').on(t.userId, t.createTime),
  index('wf_cc_instance_idx').on(t.instanceId, t.userId),
]);

export const wfComment = pgTable('wf_comment', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  type: text('type').notNull(),
  message: text('message').notNull().default(''),
  userId: text('user_id'),
  taskId: text('task_id'),
  instanceId: text('instance_id').notNull(),
  time: bigint('time', { mode: 'number' }).notNull(),
}, (t) => [
  index('wf_comment_instance_idx').on(t.instanceId),
  index('wf_comment_task_idx').on(t.taskId),
]);

export const wfDefinition = pgTable('wf_definition', {
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
  suspensionState: integer('suspension_state').notNull().default(1),
  machineState: text('machine_state').notNull().default(''),
}, (t) => [
  uniqueIndex('wf_definition_key_version_uq').on(t.key, t.version),
  index('wf_definition_deployment_idx').on(t.deploymentId),
]);

export const wfDeployment = pgTable('wf_deployment', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  category: text('category').notNull().default(''),
  deployTime: bigint('deploy_time', { mode: 'number' }).notNull(),
}, (t) => [
  index('wf_deployment_time_idx').on(t.deployTime),
]);

export const wfEventSubscription = pgTable('wf_event_subscription', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  eventName: text('event_name').notNull(),
  instanceId: text('instance_id'),
  executionId: text('execution_id'),
  definitionId: text('definition_id').notNull(),
  activityId: text('activity_id').notNull(),
  createTime: bigint('create_time', { mode: 'number' }).notNull(),
}, (t) => [
  index('wf_event_subscription_name_idx').on(t.type, t.eventName),
  index('wf_event_subscription_instance_idx').on(t.instanceId),
  index('wf_event_subscription_definition_idx').on(t.definitionId),
]);

export const wfExecution = pgTable('wf_execution', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  parentId: text('parent_id'),
  activityId: text('activity_id'),
  isActive: integer('is_active').notNull().default(1),
  isMiRoot: integer('is_mi_root').notNull().default(0),
  isScope: integer('is_scope').notNull().default(0),
  actInstId: integer('act_inst_id'),
  createTime: bigint('create_time', { mode: 'number' }).notNull(),
  machineState: text('machine_state').notNull().default(''),
}, (t) => [
  index('wf_execution_instance_idx').on(t.instanceId),
]);

export const wfHiActinst = pgTable('wf_hi_actinst', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  instanceId: text('instance_id').notNull(),
  executionId: text('execution_id').notNull(),
  activityId: text('activity_id').notNull(),
  activityName: text('activity_name').notNull().default(''),
  activityType: text('activity_type').notNull(),
  taskId: text('task_id'),
  assignee: text('assignee'),
  startTime: bigint('start_time', { mode: 'number' }).notNull(),
  endTime: bigint('end_time', { mode: 'number' }),
  duration: bigint('duration', { mode: 'number' }),
  deleteReason: text('delete_reason'),
}, (t) => [
  index('wf_hi_actinst_instance_idx').on(t.instanceId),
]);

export const wfHiTaskinst = pgTable('wf_hi_taskinst', {
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
  dueDate: bigint('due_date', { mode: 'number' }),
  formKey: text('form_key'),
  createTime: bigint('create_time', { mode: 'number' }).notNull(),
  claimTime: bigint('claim_time', { mode: 'number' }),
  endTime: bigint('end_time', { mode: 'number' }),
  duration: bigint('duration', { mode: 'number' }),
  deleteReason: text('delete_reason'),
}, (t) => [
  index('wf_hi_taskinst_instance_idx').on(t.instanceId),
  index('wf_hi_taskinst_assignee_idx').on(t.assignee, t.endTime),
]);

export const wfIdentityLink = pgTable('wf_identity_link', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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

export const wfInstance = pgTable('wf_instance', {
  id: text('id').primaryKey(),
  definitionId: text('definition_id').notNull().references(() => wfDefinition.id, { onDelete: 'cascade' }),
  businessKey: text('business_key'),
  startUserId: text('start_user_id'),
  startTime: bigint('start_time', { mode: 'number' }).notNull(),
  endTime: bigint('end_time', { mode: 'number' }),
  endActivityId: text('end_activity_id'),
  deleteReason: text('delete_reason'),
  state: text('state').notNull().default('running'),
  revision: integer('revision').notNull().default(1),
  machineState: text('machine_state').notNull().default(''),
  superInstanceId: text('super_instance_id'),
  superExecutionId: text('super_execution_id'),
}, (t) => [
  index('wf_instance_def_idx').on(t.definitionId),
  index('wf_instance_super_idx').on(t.superInstanceId).where(sql`super_instance_id IS NOT NULL`),
  index('wf_instance_starter_idx').on(t.startUserId, t.startTime),
]);

export const wfTask = pgTable('wf_task', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  executionId: text('execution_id').notNull(),
  definitionId: text('definition_id').notNull(),
  taskDefKey: text('task_def_key').notNull(),
  name: text('name').notNull().default(''),
  description: text('description'),
  assignee: text('assignee'),
  owner: text('owner'),
  delegationState: text('delegation_state'),
  priority: integer('priority').notNull().default(50),
  dueDate: bigint('due_date', { mode: 'number' }),
  formKey: text('form_key'),
  createTime: bigint('create_time', { mode: 'number' }).notNull(),
  claimTime: bigint('claim_time', { mode: 'number' }),
  suspended: integer('suspended').notNull().default(0),
  machineState: text('machine_state').notNull().default(''),
}, (t) => [
  index('wf_task_instance_idx').on(t.instanceId),
  index('wf_task_assignee_idx').on(t.assignee),
]);

export const wfTimer = pgTable('wf_timer', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id'),
  executionId: text('execution_id'),
  definitionId: text('definition_id').notNull(),
  activityId: text('activity_id').notNull(),
  dueTime: bigint('due_time', { mode: 'number' }).notNull(),
  repeat: text('repeat'),
  lockOwner: text('lock_owner'),
  lockExpiry: bigint('lock_expiry', { mode: 'number' }),
  retries: integer('retries').notNull().default(3),
  lastError: text('last_error'),
  createTime: bigint('create_time', { mode: 'number' }).notNull(),
}, (t) => [
  index('wf_timer_due_idx').on(t.dueTime),
  index('wf_timer_instance_idx').on(t.instanceId),
  index('wf_timer_definition_idx').on(t.definitionId),
]);

export const wfVariable = pgTable('wf_variable', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  instanceId: text('instance_id').notNull(),
  scopeId: text('scope_id').notNull().default(''),
  name: text('name').notNull(),
  type: text('type').notNull(),
  value: text('value').notNull(),
}, (t) => [
  uniqueIndex('wf_variable_scope_name_uq').on(t.instanceId, t.scopeId, t.name),
]);

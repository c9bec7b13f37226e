/**
 * Workflow administration tables (issue 5 "Around it"; reference §2 Workflow): stored forms
 * (`sys_form`), the main form of a deployment (`sys_deploy_form`), the expression library
 * (`sys_expression`) and the listener library (`sys_listener`) the designer picks from.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { audit } from './common';

export const sysForm = sqliteTable('sys_form', {
  formId: integer('form_id').primaryKey({ autoIncrement: true }),
  formName: text('form_name').notNull(),
  /** The form-generator JSON, as text. */
  formContent: text('form_content'),
  ...audit,
});

/** One main form per deployment (addDeployForm is a no-op when the deployment has one). */
export const sysDeployForm = sqliteTable('sys_deploy_form', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  formId: integer('form_id').notNull(),
  deployId: text('deploy_id').notNull(),
}, (t) => [uniqueIndex('sys_deploy_form_deploy_idx').on(t.deployId), index('sys_deploy_form_form_idx').on(t.formId)]);

/**
 * The forms as a deployment got them (issue 16 "instances keep their own version"): the node
 * forms (`flowable:formKey` = a sys_form id) copied at deploy, the main form copied when it is
 * linked (addDeployForm). Readers take this copy before the live sys_form, so editing or deleting
 * a form later changes new deployments only; rows of deployments from before the copy existed
 * fall back to the live form.
 */
export const sysDeployFormContent = sqliteTable('sys_deploy_form_content', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  deployId: text('deploy_id').notNull(),
  formId: integer('form_id').notNull(),
  formName: text('form_name').notNull().default(''),
  formContent: text('form_content'),
}, (t) => [uniqueIndex('sys_deploy_form_content_idx').on(t.deployId, t.formId)]);

export const sysExpression = sqliteTable('sys_expression', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  expression: text('expression').notNull(),
  /** fixed | dynamic (the designer's flowable:dataType). */
  dataType: text('data_type').notNull().default('fixed'),
  status: text('status').notNull().default('0'),
  ...audit,
});

export const sysListener = sqliteTable('sys_listener', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  /** '1' task listener, '2' execution listener. */
  type: text('type').notNull(),
  /** create | assignment | complete | delete | start | end | take. */
  eventType: text('event_type').notNull(),
  /** classListener | expressionListener | delegateExpressionListener. */
  valueType: text('value_type').notNull(),
  value: text('value').notNull(),
  status: text('status').notNull().default('0'),
  ...audit,
});

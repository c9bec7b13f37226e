PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_wf_cc` (
	`id` integer PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`task_id` text,
	`task_def_key` text NOT NULL,
	`task_name` text DEFAULT '' NOT NULL,
	`user_id` text NOT NULL,
	`sender_id` text,
	`kind` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`create_time` integer NOT NULL,
	`read_time` integer
);
--> statement-breakpoint
INSERT INTO `__new_wf_cc`("id", "instance_id", "task_id", "task_def_key", "task_name", "user_id", "sender_id", "kind", "message", "create_time", "read_time") SELECT "id", "instance_id", "task_id", "task_def_key", "task_name", "user_id", "sender_id", "kind", "message", "create_time", "read_time" FROM `wf_cc`;--> statement-breakpoint
DROP TABLE `wf_cc`;--> statement-breakpoint
ALTER TABLE `__new_wf_cc` RENAME TO `wf_cc`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `wf_cc_user_idx` ON `wf_cc` (`user_id`,`create_time`);--> statement-breakpoint
CREATE INDEX `wf_cc_instance_idx` ON `wf_cc` (`instance_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `__new_wf_comment` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`user_id` text,
	`task_id` text,
	`instance_id` text NOT NULL,
	`time` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_wf_comment`("id", "type", "message", "user_id", "task_id", "instance_id", "time") SELECT "id", "type", "message", "user_id", "task_id", "instance_id", "time" FROM `wf_comment`;--> statement-breakpoint
DROP TABLE `wf_comment`;--> statement-breakpoint
ALTER TABLE `__new_wf_comment` RENAME TO `wf_comment`;--> statement-breakpoint
CREATE INDEX `wf_comment_instance_idx` ON `wf_comment` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_comment_task_idx` ON `wf_comment` (`task_id`);--> statement-breakpoint
CREATE TABLE `__new_wf_event_subscription` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`event_name` text NOT NULL,
	`instance_id` text,
	`execution_id` text,
	`definition_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`create_time` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_wf_event_subscription`("id", "type", "event_name", "instance_id", "execution_id", "definition_id", "activity_id", "create_time") SELECT "id", "type", "event_name", "instance_id", "execution_id", "definition_id", "activity_id", "create_time" FROM `wf_event_subscription`;--> statement-breakpoint
DROP TABLE `wf_event_subscription`;--> statement-breakpoint
ALTER TABLE `__new_wf_event_subscription` RENAME TO `wf_event_subscription`;--> statement-breakpoint
CREATE INDEX `wf_event_subscription_name_idx` ON `wf_event_subscription` (`type`,`event_name`);--> statement-breakpoint
CREATE INDEX `wf_event_subscription_instance_idx` ON `wf_event_subscription` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_event_subscription_definition_idx` ON `wf_event_subscription` (`definition_id`);--> statement-breakpoint
CREATE TABLE `__new_wf_execution` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`parent_id` text,
	`activity_id` text,
	`is_active` integer DEFAULT 1 NOT NULL,
	`is_mi_root` integer DEFAULT 0 NOT NULL,
	`is_scope` integer DEFAULT 0 NOT NULL,
	`act_inst_id` integer,
	`create_time` integer NOT NULL,
	`machine_state` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_wf_execution`("id", "instance_id", "parent_id", "activity_id", "is_active", "is_mi_root", "is_scope", "act_inst_id", "create_time", "machine_state") SELECT "id", "instance_id", "parent_id", "activity_id", "is_active", "is_mi_root", "is_scope", "act_inst_id", "create_time", "machine_state" FROM `wf_execution`;--> statement-breakpoint
DROP TABLE `wf_execution`;--> statement-breakpoint
ALTER TABLE `__new_wf_execution` RENAME TO `wf_execution`;--> statement-breakpoint
CREATE INDEX `wf_execution_instance_idx` ON `wf_execution` (`instance_id`);--> statement-breakpoint
CREATE TABLE `__new_wf_hi_actinst` (
	`id` integer PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`execution_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`activity_name` text DEFAULT '' NOT NULL,
	`activity_type` text NOT NULL,
	`task_id` text,
	`assignee` text,
	`start_time` integer NOT NULL,
	`end_time` integer,
	`duration` integer,
	`delete_reason` text
);
--> statement-breakpoint
INSERT INTO `__new_wf_hi_actinst`("id", "instance_id", "execution_id", "activity_id", "activity_name", "activity_type", "task_id", "assignee", "start_time", "end_time", "duration", "delete_reason") SELECT "id", "instance_id", "execution_id", "activity_id", "activity_name", "activity_type", "task_id", "assignee", "start_time", "end_time", "duration", "delete_reason" FROM `wf_hi_actinst`;--> statement-breakpoint
DROP TABLE `wf_hi_actinst`;--> statement-breakpoint
ALTER TABLE `__new_wf_hi_actinst` RENAME TO `wf_hi_actinst`;--> statement-breakpoint
CREATE INDEX `wf_hi_actinst_instance_idx` ON `wf_hi_actinst` (`instance_id`);--> statement-breakpoint
CREATE TABLE `__new_wf_hi_taskinst` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`definition_id` text NOT NULL,
	`execution_id` text NOT NULL,
	`task_def_key` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`assignee` text,
	`owner` text,
	`candidate_users` text DEFAULT '' NOT NULL,
	`candidate_groups` text DEFAULT '' NOT NULL,
	`priority` integer DEFAULT 50 NOT NULL,
	`due_date` integer,
	`form_key` text,
	`create_time` integer NOT NULL,
	`claim_time` integer,
	`end_time` integer,
	`duration` integer,
	`delete_reason` text
);
--> statement-breakpoint
INSERT INTO `__new_wf_hi_taskinst`("id", "instance_id", "definition_id", "execution_id", "task_def_key", "name", "assignee", "owner", "candidate_users", "candidate_groups", "priority", "due_date", "form_key", "create_time", "claim_time", "end_time", "duration", "delete_reason") SELECT "id", "instance_id", "definition_id", "execution_id", "task_def_key", "name", "assignee", "owner", "candidate_users", "candidate_groups", "priority", "due_date", "form_key", "create_time", "claim_time", "end_time", "duration", "delete_reason" FROM `wf_hi_taskinst`;--> statement-breakpoint
DROP TABLE `wf_hi_taskinst`;--> statement-breakpoint
ALTER TABLE `__new_wf_hi_taskinst` RENAME TO `wf_hi_taskinst`;--> statement-breakpoint
CREATE INDEX `wf_hi_taskinst_instance_idx` ON `wf_hi_taskinst` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_hi_taskinst_assignee_idx` ON `wf_hi_taskinst` (`assignee`,`end_time`);--> statement-breakpoint
CREATE TABLE `__new_wf_task` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`execution_id` text NOT NULL,
	`definition_id` text NOT NULL,
	`task_def_key` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text,
	`assignee` text,
	`owner` text,
	`delegation_state` text,
	`priority` integer DEFAULT 50 NOT NULL,
	`due_date` integer,
	`form_key` text,
	`create_time` integer NOT NULL,
	`claim_time` integer,
	`suspended` integer DEFAULT 0 NOT NULL,
	`machine_state` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_wf_task`("id", "instance_id", "execution_id", "definition_id", "task_def_key", "name", "description", "assignee", "owner", "delegation_state", "priority", "due_date", "form_key", "create_time", "claim_time", "suspended", "machine_state") SELECT "id", "instance_id", "execution_id", "definition_id", "task_def_key", "name", "description", "assignee", "owner", "delegation_state", "priority", "due_date", "form_key", "create_time", "claim_time", "suspended", "machine_state" FROM `wf_task`;--> statement-breakpoint
DROP TABLE `wf_task`;--> statement-breakpoint
ALTER TABLE `__new_wf_task` RENAME TO `wf_task`;--> statement-breakpoint
CREATE INDEX `wf_task_instance_idx` ON `wf_task` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_task_assignee_idx` ON `wf_task` (`assignee`);--> statement-breakpoint
CREATE TABLE `__new_wf_timer` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text,
	`execution_id` text,
	`definition_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`due_time` integer NOT NULL,
	`repeat` text,
	`lock_owner` text,
	`lock_expiry` integer,
	`retries` integer DEFAULT 3 NOT NULL,
	`last_error` text,
	`create_time` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_wf_timer`("id", "instance_id", "execution_id", "definition_id", "activity_id", "due_time", "repeat", "lock_owner", "lock_expiry", "retries", "last_error", "create_time") SELECT "id", "instance_id", "execution_id", "definition_id", "activity_id", "due_time", "repeat", "lock_owner", "lock_expiry", "retries", "last_error", "create_time" FROM `wf_timer`;--> statement-breakpoint
DROP TABLE `wf_timer`;--> statement-breakpoint
ALTER TABLE `__new_wf_timer` RENAME TO `wf_timer`;--> statement-breakpoint
CREATE INDEX `wf_timer_due_idx` ON `wf_timer` (`due_time`);--> statement-breakpoint
CREATE INDEX `wf_timer_instance_idx` ON `wf_timer` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_timer_definition_idx` ON `wf_timer` (`definition_id`);--> statement-breakpoint
CREATE TABLE `__new_wf_variable` (
	`id` integer PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`scope_id` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_wf_variable`("id", "instance_id", "scope_id", "name", "type", "value") SELECT "id", "instance_id", "scope_id", "name", "type", "value" FROM `wf_variable`;--> statement-breakpoint
DROP TABLE `wf_variable`;--> statement-breakpoint
ALTER TABLE `__new_wf_variable` RENAME TO `wf_variable`;--> statement-breakpoint
CREATE UNIQUE INDEX `wf_variable_scope_name_uq` ON `wf_variable` (`instance_id`,`scope_id`,`name`);
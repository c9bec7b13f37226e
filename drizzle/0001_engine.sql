CREATE TABLE `wf_comment` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`user_id` text,
	`task_id` text,
	`instance_id` text NOT NULL,
	`time` integer NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_comment_instance_idx` ON `wf_comment` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_comment_task_idx` ON `wf_comment` (`task_id`);--> statement-breakpoint
CREATE TABLE `wf_definition` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`version` integer NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`deployment_id` text NOT NULL,
	`resource_name` text DEFAULT '' NOT NULL,
	`xml` text NOT NULL,
	`graph` text NOT NULL,
	`form_key` text,
	`suspension_state` integer DEFAULT 1 NOT NULL,
	`machine_state` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`deployment_id`) REFERENCES `wf_deployment`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wf_definition_key_version_uq` ON `wf_definition` (`key`,`version`);--> statement-breakpoint
CREATE INDEX `wf_definition_deployment_idx` ON `wf_definition` (`deployment_id`);--> statement-breakpoint
CREATE TABLE `wf_deployment` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`deploy_time` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `wf_deployment_time_idx` ON `wf_deployment` (`deploy_time`);--> statement-breakpoint
CREATE TABLE `wf_execution` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`parent_id` text,
	`activity_id` text,
	`is_active` integer DEFAULT 1 NOT NULL,
	`is_mi_root` integer DEFAULT 0 NOT NULL,
	`act_inst_id` integer,
	`create_time` integer NOT NULL,
	`machine_state` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_execution_instance_idx` ON `wf_execution` (`instance_id`);--> statement-breakpoint
CREATE TABLE `wf_hi_actinst` (
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
	`delete_reason` text,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_hi_actinst_instance_idx` ON `wf_hi_actinst` (`instance_id`);--> statement-breakpoint
CREATE TABLE `wf_hi_taskinst` (
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
	`delete_reason` text,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_hi_taskinst_instance_idx` ON `wf_hi_taskinst` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_hi_taskinst_assignee_idx` ON `wf_hi_taskinst` (`assignee`,`end_time`);--> statement-breakpoint
CREATE TABLE `wf_identity_link` (
	`id` integer PRIMARY KEY NOT NULL,
	`task_id` text NOT NULL,
	`instance_id` text NOT NULL,
	`type` text DEFAULT 'candidate' NOT NULL,
	`user_id` text,
	`group_id` text,
	FOREIGN KEY (`task_id`) REFERENCES `wf_task`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_identity_link_task_idx` ON `wf_identity_link` (`task_id`);--> statement-breakpoint
CREATE INDEX `wf_identity_link_user_idx` ON `wf_identity_link` (`user_id`) WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `wf_identity_link_group_idx` ON `wf_identity_link` (`group_id`) WHERE group_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `wf_instance` (
	`id` text PRIMARY KEY NOT NULL,
	`definition_id` text NOT NULL,
	`business_key` text,
	`start_user_id` text,
	`start_time` integer NOT NULL,
	`end_time` integer,
	`end_activity_id` text,
	`delete_reason` text,
	`state` text DEFAULT 'running' NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`machine_state` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`definition_id`) REFERENCES `wf_definition`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_instance_def_idx` ON `wf_instance` (`definition_id`);--> statement-breakpoint
CREATE INDEX `wf_instance_starter_idx` ON `wf_instance` (`start_user_id`,`start_time`);--> statement-breakpoint
CREATE TABLE `wf_task` (
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
	`machine_state` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_task_instance_idx` ON `wf_task` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_task_assignee_idx` ON `wf_task` (`assignee`);--> statement-breakpoint
CREATE TABLE `wf_variable` (
	`id` integer PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`scope_id` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wf_variable_scope_name_uq` ON `wf_variable` (`instance_id`,`scope_id`,`name`);
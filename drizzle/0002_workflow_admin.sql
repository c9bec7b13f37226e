CREATE TABLE `sys_deploy_form` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form_id` integer NOT NULL,
	`deploy_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sys_deploy_form_deploy_idx` ON `sys_deploy_form` (`deploy_id`);--> statement-breakpoint
CREATE INDEX `sys_deploy_form_form_idx` ON `sys_deploy_form` (`form_id`);--> statement-breakpoint
CREATE TABLE `sys_expression` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`expression` text NOT NULL,
	`data_type` text DEFAULT 'fixed' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `sys_form` (
	`form_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form_name` text NOT NULL,
	`form_content` text,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `sys_listener` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`event_type` text NOT NULL,
	`value_type` text NOT NULL,
	`value` text NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);

-- Issue 16: the forms as each deployment got them (instances keep their own version).
CREATE TABLE `sys_deploy_form_content` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`deploy_id` text NOT NULL,
	`form_id` integer NOT NULL,
	`form_name` text DEFAULT '' NOT NULL,
	`form_content` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sys_deploy_form_content_idx` ON `sys_deploy_form_content` (`deploy_id`,`form_id`);
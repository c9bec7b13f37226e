CREATE TABLE `wf_event_subscription` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`event_name` text NOT NULL,
	`instance_id` text,
	`execution_id` text,
	`definition_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`create_time` integer NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_event_subscription_name_idx` ON `wf_event_subscription` (`type`,`event_name`);--> statement-breakpoint
CREATE INDEX `wf_event_subscription_instance_idx` ON `wf_event_subscription` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_event_subscription_definition_idx` ON `wf_event_subscription` (`definition_id`);--> statement-breakpoint
CREATE TABLE `wf_timer` (
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
	`create_time` integer NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_timer_due_idx` ON `wf_timer` (`due_time`);--> statement-breakpoint
CREATE INDEX `wf_timer_instance_idx` ON `wf_timer` (`instance_id`);--> statement-breakpoint
CREATE INDEX `wf_timer_definition_idx` ON `wf_timer` (`definition_id`);--> statement-breakpoint
ALTER TABLE `wf_execution` ADD `is_scope` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `wf_instance` ADD `super_instance_id` text;--> statement-breakpoint
ALTER TABLE `wf_instance` ADD `super_execution_id` text;--> statement-breakpoint
CREATE INDEX `wf_instance_super_idx` ON `wf_instance` (`super_instance_id`) WHERE super_instance_id IS NOT NULL;
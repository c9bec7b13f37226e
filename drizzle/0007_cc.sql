-- Issue 16: 抄送 (CC) recipients of workflow instances.
CREATE TABLE `wf_cc` (
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
	`read_time` integer,
	FOREIGN KEY (`instance_id`) REFERENCES `wf_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wf_cc_user_idx` ON `wf_cc` (`user_id`,`create_time`);--> statement-breakpoint
CREATE INDEX `wf_cc_instance_idx` ON `wf_cc` (`instance_id`,`user_id`);
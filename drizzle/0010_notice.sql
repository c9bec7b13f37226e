CREATE TABLE `sys_notice` (
	`notice_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notice_title` text NOT NULL,
	`notice_type` text NOT NULL,
	`notice_content` text,
	`status` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE INDEX `sys_notice_status_idx` ON `sys_notice` (`status`,`create_time`);
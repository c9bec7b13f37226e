CREATE TABLE `sys_upload` (
	`upload_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`create_time` text
);
--> statement-breakpoint
CREATE INDEX `sys_upload_user_idx` ON `sys_upload` (`user_id`);
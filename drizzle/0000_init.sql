CREATE TABLE `sys_config` (
	`config_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`config_name` text NOT NULL,
	`config_key` text NOT NULL,
	`config_value` text DEFAULT '' NOT NULL,
	`config_type` text DEFAULT 'N' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sys_config_key_uq` ON `sys_config` (`config_key`);--> statement-breakpoint
CREATE TABLE `sys_dept` (
	`dept_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`ancestors` text DEFAULT '' NOT NULL,
	`dept_name` text NOT NULL,
	`order_num` integer DEFAULT 0 NOT NULL,
	`leader` text,
	`phone` text,
	`email` text,
	`status` text DEFAULT '0' NOT NULL,
	`del_flag` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `sys_dict_data` (
	`dict_code` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dict_sort` integer DEFAULT 0 NOT NULL,
	`dict_label` text NOT NULL,
	`dict_value` text NOT NULL,
	`dict_type` text NOT NULL,
	`css_class` text DEFAULT '' NOT NULL,
	`list_class` text DEFAULT 'default' NOT NULL,
	`is_default` text DEFAULT 'N' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE INDEX `sys_dict_data_type_idx` ON `sys_dict_data` (`dict_type`);--> statement-breakpoint
CREATE TABLE `sys_dict_type` (
	`dict_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dict_name` text NOT NULL,
	`dict_type` text NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sys_dict_type_type_uq` ON `sys_dict_type` (`dict_type`);--> statement-breakpoint
CREATE TABLE `sys_menu` (
	`menu_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`menu_name` text NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`order_num` integer DEFAULT 0 NOT NULL,
	`path` text DEFAULT '' NOT NULL,
	`component` text,
	`query` text,
	`route_name` text DEFAULT '' NOT NULL,
	`is_frame` integer DEFAULT 1 NOT NULL,
	`is_cache` integer DEFAULT 0 NOT NULL,
	`menu_type` text NOT NULL,
	`visible` text DEFAULT '0' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`perms` text,
	`icon` text DEFAULT '#' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE INDEX `sys_menu_parent_idx` ON `sys_menu` (`parent_id`);--> statement-breakpoint
CREATE TABLE `sys_park` (
	`park_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`parent_id` integer DEFAULT 0 NOT NULL,
	`ancestors` text DEFAULT '' NOT NULL,
	`park_name` text NOT NULL,
	`order_num` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`del_flag` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `sys_post` (
	`post_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_code` text NOT NULL,
	`post_name` text NOT NULL,
	`post_sort` integer NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `sys_role` (
	`role_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`role_name` text NOT NULL,
	`role_key` text NOT NULL,
	`role_sort` integer DEFAULT 0 NOT NULL,
	`data_scope` text DEFAULT '1' NOT NULL,
	`menu_check_strictly` integer DEFAULT true NOT NULL,
	`dept_check_strictly` integer DEFAULT true NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`del_flag` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `sys_role_dept` (
	`role_id` integer NOT NULL,
	`dept_id` integer NOT NULL,
	PRIMARY KEY(`role_id`, `dept_id`),
	FOREIGN KEY (`role_id`) REFERENCES `sys_role`(`role_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dept_id`) REFERENCES `sys_dept`(`dept_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sys_role_menu` (
	`role_id` integer NOT NULL,
	`menu_id` integer NOT NULL,
	PRIMARY KEY(`role_id`, `menu_id`),
	FOREIGN KEY (`role_id`) REFERENCES `sys_role`(`role_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`menu_id`) REFERENCES `sys_menu`(`menu_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sys_role_menu_menu_idx` ON `sys_role_menu` (`menu_id`);--> statement-breakpoint
CREATE TABLE `sys_role_park` (
	`role_id` integer NOT NULL,
	`park_id` integer NOT NULL,
	PRIMARY KEY(`role_id`, `park_id`),
	FOREIGN KEY (`role_id`) REFERENCES `sys_role`(`role_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`park_id`) REFERENCES `sys_park`(`park_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sys_user` (
	`user_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dept_id` integer,
	`user_name` text NOT NULL,
	`nick_name` text NOT NULL,
	`user_type` text DEFAULT '00' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phonenumber` text DEFAULT '' NOT NULL,
	`sex` text DEFAULT '0' NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`password` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`del_flag` text DEFAULT '0' NOT NULL,
	`login_ip` text DEFAULT '' NOT NULL,
	`login_date` text,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE INDEX `sys_user_name_idx` ON `sys_user` (`user_name`);--> statement-breakpoint
CREATE INDEX `sys_user_dept_idx` ON `sys_user` (`dept_id`);--> statement-breakpoint
CREATE TABLE `sys_user_post` (
	`user_id` integer NOT NULL,
	`post_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `post_id`),
	FOREIGN KEY (`user_id`) REFERENCES `sys_user`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `sys_post`(`post_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sys_user_role` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `sys_user`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `sys_role`(`role_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sys_user_role_role_idx` ON `sys_user_role` (`role_id`);--> statement-breakpoint
CREATE TABLE `sys_job` (
	`job_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_name` text NOT NULL,
	`job_group` text DEFAULT 'DEFAULT' NOT NULL,
	`invoke_target` text NOT NULL,
	`cron_expression` text DEFAULT '' NOT NULL,
	`misfire_policy` text DEFAULT '3' NOT NULL,
	`concurrent` text DEFAULT '1' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE TABLE `sys_job_lease` (
	`job_id` integer NOT NULL,
	`fire_time` integer NOT NULL,
	`owner` text NOT NULL,
	`acquired_at` integer NOT NULL,
	PRIMARY KEY(`job_id`, `fire_time`)
);
--> statement-breakpoint
CREATE TABLE `sys_job_log` (
	`job_log_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_name` text NOT NULL,
	`job_group` text NOT NULL,
	`invoke_target` text NOT NULL,
	`job_message` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`exception_info` text DEFAULT '' NOT NULL,
	`create_time` text
);
--> statement-breakpoint
CREATE INDEX `sys_job_log_time_idx` ON `sys_job_log` (`create_time`);--> statement-breakpoint
CREATE TABLE `sys_job_state` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`last_fire_time` integer
);
--> statement-breakpoint
CREATE TABLE `sys_logininfor` (
	`info_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_name` text DEFAULT '' NOT NULL,
	`ipaddr` text DEFAULT '' NOT NULL,
	`login_location` text DEFAULT '' NOT NULL,
	`browser` text DEFAULT '' NOT NULL,
	`os` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`msg` text DEFAULT '' NOT NULL,
	`login_time` text
);
--> statement-breakpoint
CREATE INDEX `sys_logininfor_time_idx` ON `sys_logininfor` (`login_time`);--> statement-breakpoint
CREATE TABLE `sys_oper_log` (
	`oper_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`business_type` integer DEFAULT 0 NOT NULL,
	`method` text DEFAULT '' NOT NULL,
	`request_method` text DEFAULT '' NOT NULL,
	`operator_type` integer DEFAULT 0 NOT NULL,
	`oper_name` text DEFAULT '' NOT NULL,
	`dept_name` text DEFAULT '' NOT NULL,
	`oper_url` text DEFAULT '' NOT NULL,
	`oper_ip` text DEFAULT '' NOT NULL,
	`oper_location` text DEFAULT '' NOT NULL,
	`oper_param` text DEFAULT '' NOT NULL,
	`json_result` text DEFAULT '' NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`error_msg` text DEFAULT '' NOT NULL,
	`oper_time` text,
	`cost_time` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sys_oper_log_time_idx` ON `sys_oper_log` (`oper_time`);--> statement-breakpoint
CREATE TABLE `sys_password_retry` (
	`user_name` text PRIMARY KEY NOT NULL,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`expire_time` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sys_secret` (
	`secret_key` text PRIMARY KEY NOT NULL,
	`secret_value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sys_session` (
	`session_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`dept_name` text DEFAULT '' NOT NULL,
	`ipaddr` text DEFAULT '' NOT NULL,
	`login_location` text DEFAULT '' NOT NULL,
	`browser` text DEFAULT '' NOT NULL,
	`os` text DEFAULT '' NOT NULL,
	`login_time` text NOT NULL,
	`expire_time` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sys_session_user_idx` ON `sys_session` (`user_id`);
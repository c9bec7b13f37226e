-- Issue 44: every uniqueness rule the services check by reading first is a unique index (partial
-- where the rule is: live rows, non-blank phone/e-mail), and captcha answers live in sys_captcha.
CREATE TABLE `sys_captcha` (
	`uuid` text PRIMARY KEY NOT NULL,
	`answer` text NOT NULL,
	`expire_time` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sys_captcha_expire_idx` ON `sys_captcha` (`expire_time`);--> statement-breakpoint
DROP INDEX `gen_table_name_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `gen_table_name_uq` ON `gen_table` (`table_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `sys_dept_parent_name_uq` ON `sys_dept` (`parent_id`,`dept_name`) WHERE del_flag = '0';--> statement-breakpoint
-- Menus the seed's upgrade steps added beside a same-named menu an administrator had made under the
-- same parent (their ON CONFLICT DO NOTHING saw no conflict then): the later ones get their id appended.
UPDATE `sys_menu` SET `menu_name` = `menu_name` || '(' || `menu_id` || ')' WHERE `menu_id` NOT IN (SELECT min(`menu_id`) FROM `sys_menu` GROUP BY `parent_id`, `menu_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `sys_menu_parent_name_uq` ON `sys_menu` (`parent_id`,`menu_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `sys_park_parent_name_uq` ON `sys_park` (`parent_id`,`park_name`) WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX `sys_post_name_uq` ON `sys_post` (`post_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `sys_post_code_uq` ON `sys_post` (`post_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `sys_role_name_uq` ON `sys_role` (`role_name`) WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX `sys_role_key_uq` ON `sys_role` (`role_key`) WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX `sys_user_name_uq` ON `sys_user` (`user_name`) WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX `sys_user_phone_uq` ON `sys_user` (`phonenumber`) WHERE del_flag = '0' AND phonenumber <> '';--> statement-breakpoint
CREATE UNIQUE INDEX `sys_user_email_uq` ON `sys_user` (`email`) WHERE del_flag = '0' AND email <> '';
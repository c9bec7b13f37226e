-- Issue 15: the auth version bumped by triggers (server/db/schema/monitor.ts sysAuthVersion).
CREATE TABLE `sys_auth_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `sys_auth_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `sys_user_auth_version_update` AFTER UPDATE ON `sys_user` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_user_auth_version_delete` AFTER DELETE ON `sys_user` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_role_auth_version_update` AFTER UPDATE ON `sys_role` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_role_auth_version_delete` AFTER DELETE ON `sys_role` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_menu_auth_version_update` AFTER UPDATE ON `sys_menu` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_menu_auth_version_delete` AFTER DELETE ON `sys_menu` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_dept_auth_version_update` AFTER UPDATE ON `sys_dept` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_dept_auth_version_delete` AFTER DELETE ON `sys_dept` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_user_role_auth_version_insert` AFTER INSERT ON `sys_user_role` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_user_role_auth_version_update` AFTER UPDATE ON `sys_user_role` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_user_role_auth_version_delete` AFTER DELETE ON `sys_user_role` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_role_menu_auth_version_insert` AFTER INSERT ON `sys_role_menu` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_role_menu_auth_version_update` AFTER UPDATE ON `sys_role_menu` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_role_menu_auth_version_delete` AFTER DELETE ON `sys_role_menu` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sys_session_auth_version_delete` AFTER DELETE ON `sys_session` BEGIN UPDATE `sys_auth_version` SET `version` = `version` + 1 WHERE `id` = 1; END;

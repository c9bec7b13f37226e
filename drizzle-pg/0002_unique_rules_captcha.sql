-- Issue 44 (drizzle/0011_unique_rules_captcha.sql on PostgreSQL): the unique indexes of the services'
-- uniqueness rules and the sys_captcha table.
CREATE TABLE "sys_captcha" (
	"uuid" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expire_time" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "gen_table_name_idx";--> statement-breakpoint
CREATE INDEX "sys_captcha_expire_idx" ON "sys_captcha" USING btree ("expire_time");--> statement-breakpoint
CREATE UNIQUE INDEX "gen_table_name_uq" ON "gen_table" USING btree ("table_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dept_parent_name_uq" ON "sys_dept" USING btree ("parent_id","dept_name") WHERE del_flag = '0';--> statement-breakpoint
-- As in drizzle/0011: same-named menus under one parent made before this index get their id appended.
UPDATE "sys_menu" SET "menu_name" = "menu_name" || '(' || "menu_id" || ')' WHERE "menu_id" NOT IN (SELECT min("menu_id") FROM "sys_menu" GROUP BY "parent_id", "menu_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_menu_parent_name_uq" ON "sys_menu" USING btree ("parent_id","menu_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_park_parent_name_uq" ON "sys_park" USING btree ("parent_id","park_name") WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX "sys_post_name_uq" ON "sys_post" USING btree ("post_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_post_code_uq" ON "sys_post" USING btree ("post_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_name_uq" ON "sys_role" USING btree ("role_name") WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_key_uq" ON "sys_role" USING btree ("role_key") WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_name_uq" ON "sys_user" USING btree ("user_name") WHERE del_flag = '0';--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_phone_uq" ON "sys_user" USING btree ("phonenumber") WHERE del_flag = '0' AND phonenumber <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_email_uq" ON "sys_user" USING btree ("email") WHERE del_flag = '0' AND email <> '';
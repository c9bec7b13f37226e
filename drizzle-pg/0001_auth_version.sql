-- Issue 15 on PostgreSQL (issue 43): the PostgreSQL port of the hand-written part of
-- drizzle/0005_auth_version.sql (drizzle-kit writes only tables and indexes): the one
-- sys_auth_version row and the triggers that bump it on every change that can alter a signed-in
-- user's identity, roles, permissions or dept, or end a session (server/db/schema/monitor.ts
-- sysAuthVersion). One plpgsql function; the triggers keep the SQLite names and events and fire
-- FOR EACH ROW like SQLite's (a statement that changes no row bumps nothing).
-- drizzle/*.sql holds no other hand-written SQL (its other additions are comments).
INSERT INTO "sys_auth_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "sys_auth_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sys_auth_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sys_user_auth_version_update" AFTER UPDATE ON "sys_user" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_auth_version_delete" AFTER DELETE ON "sys_user" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_auth_version_update" AFTER UPDATE ON "sys_role" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_auth_version_delete" AFTER DELETE ON "sys_role" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_menu_auth_version_update" AFTER UPDATE ON "sys_menu" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_menu_auth_version_delete" AFTER DELETE ON "sys_menu" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_dept_auth_version_update" AFTER UPDATE ON "sys_dept" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_dept_auth_version_delete" AFTER DELETE ON "sys_dept" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_role_auth_version_insert" AFTER INSERT ON "sys_user_role" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_role_auth_version_update" AFTER UPDATE ON "sys_user_role" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_role_auth_version_delete" AFTER DELETE ON "sys_user_role" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_menu_auth_version_insert" AFTER INSERT ON "sys_role_menu" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_menu_auth_version_update" AFTER UPDATE ON "sys_role_menu" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_menu_auth_version_delete" AFTER DELETE ON "sys_role_menu" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sys_session_auth_version_delete" AFTER DELETE ON "sys_session" FOR EACH ROW EXECUTE FUNCTION "sys_auth_version_bump"();

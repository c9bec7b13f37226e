ALTER TABLE "wf_cc" DROP CONSTRAINT "wf_cc_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_comment" DROP CONSTRAINT "wf_comment_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_event_subscription" DROP CONSTRAINT "wf_event_subscription_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_execution" DROP CONSTRAINT "wf_execution_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_hi_actinst" DROP CONSTRAINT "wf_hi_actinst_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_hi_taskinst" DROP CONSTRAINT "wf_hi_taskinst_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_task" DROP CONSTRAINT "wf_task_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_timer" DROP CONSTRAINT "wf_timer_instance_id_wf_instance_id_fk";
--> statement-breakpoint
ALTER TABLE "wf_variable" DROP CONSTRAINT "wf_variable_instance_id_wf_instance_id_fk";

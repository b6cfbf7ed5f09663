-- custom SQL (keep on regeneration)
-- Issue 23 §3 (ADR 274): a staff notification kind for "the requester wrote" (a comment or a file
-- from the member area on a record you answer for), in both tables that name the kinds.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('complaint_new','contact_new','service_assigned','service_requester'));
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" in ('complaint_new','contact_new','service_assigned','service_requester'));

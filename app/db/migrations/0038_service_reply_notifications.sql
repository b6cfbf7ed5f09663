-- custom SQL (keep on regeneration)
-- Trial after issue 22: the record's responsible is told when the requester replies by e-mail,
-- a notification kind of its own so that each user chooses it in their preferences.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('complaint_new','contact_new','service_assigned','service_reply'));
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" in ('complaint_new','contact_new','service_assigned','service_reply'));

ALTER TABLE "external_services" DROP COLUMN "last_success_at";--> statement-breakpoint
ALTER TABLE "external_services" DROP COLUMN "last_failure_at";--> statement-breakpoint
ALTER TABLE "external_services" DROP COLUMN "last_failure";
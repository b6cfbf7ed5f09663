CREATE TABLE "cep_cache" (
	"cep" text PRIMARY KEY NOT NULL,
	"found" boolean NOT NULL,
	"street" text,
	"neighbourhood" text,
	"city" text,
	"state" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_services" (
	"service" text PRIMARY KEY NOT NULL,
	"next_request_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" text
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"found" boolean NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);

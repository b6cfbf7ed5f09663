CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"amount_centavos" integer NOT NULL,
	"reference_month" integer NOT NULL,
	"reference_year" integer NOT NULL,
	"due_date" date NOT NULL,
	"batch_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_amount_check" CHECK ("charges"."amount_centavos" > 0),
	CONSTRAINT "charges_month_check" CHECK ("charges"."reference_month" between 1 and 12),
	CONSTRAINT "charges_year_check" CHECK ("charges"."reference_year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_centavos" integer NOT NULL,
	"method" text NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_centavos" > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('boleto', 'pix', 'cartao', 'dinheiro'))
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_member_period_key" ON "charges" USING btree ("member_id","reference_year","reference_month");--> statement-breakpoint
CREATE INDEX "charges_due_date_idx" ON "charges" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "charges_period_idx" ON "charges" USING btree ("reference_year","reference_month");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_active_per_charge_key" ON "payments" USING btree ("charge_id") WHERE "payments"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");
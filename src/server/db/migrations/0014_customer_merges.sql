-- Issue 34 item 3 (ADR 038): duplicate customers merged and undone. A merged customer is hidden
-- (merged_at), not deleted; customer_merges holds what the undo puts back. The two partial GIN
-- indexes serve GET /api/customers/duplicates: a very similar name (trigram) and any shared phone.
CREATE TABLE "customer_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survivor_id" uuid,
	"merged_ids" uuid[] NOT NULL,
	"moved" jsonb NOT NULL,
	"phones_added" text[] NOT NULL,
	"snapshot" jsonb NOT NULL,
	"merged_by_id" uuid,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_survivor_id_customers_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_merged_by_id_users_id_fk" FOREIGN KEY ("merged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_merges_survivor_id_merged_at_index" ON "customer_merges" USING btree ("survivor_id","merged_at");--> statement-breakpoint
CREATE INDEX "customer_merges_merged_by_id_index" ON "customer_merges" USING btree ("merged_by_id");--> statement-breakpoint
CREATE INDEX "customer_merges_undone_by_id_index" ON "customer_merges" USING btree ("undone_by_id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin (lower("name") gin_trgm_ops) WHERE merged_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_phones_gin" ON "customers" USING gin (array_prepend("primary_phone", "phone_numbers")) WHERE merged_at IS NULL;
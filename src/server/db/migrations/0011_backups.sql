-- Issue 32 item 4 (ADR 033): each backup as it ended (daily, "Back up now", npm run backup), for
-- the System page.
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"path" text,
	"error" text,
	"requested_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_started_at_index" ON "backups" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "backups_requested_by_id_index" ON "backups" USING btree ("requested_by_id");
-- Issue 22 (ADR 027): the work log keeps the technician's times (start_time/end_time, from the
-- body's clientTime) and the server's (recorded_at/end_recorded_at). Existing logs were written
-- with the server's time, so both are the same for them.
ALTER TABLE "work_logs" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "end_recorded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "work_logs" SET "recorded_at" = "start_time", "end_recorded_at" = "end_time";

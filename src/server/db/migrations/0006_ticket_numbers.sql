-- Ticket numbers (ADR 020): a short sequential number per request, shown as SR-000123.
-- Existing requests are numbered in the order they were raised (created_at, then id), before the
-- column becomes an identity, so the oldest request is SR-000001; the sequence then continues
-- after the highest number. The row updates of the backfill leave the counters alone (the
-- counters trigger ignores updates that change none of its columns).
ALTER TABLE "service_requests" ADD COLUMN "ticket_no" bigint;--> statement-breakpoint
UPDATE "service_requests" AS s SET "ticket_no" = n.rn
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS rn FROM "service_requests") AS n
WHERE n."id" = s."id";--> statement-breakpoint
ALTER TABLE "service_requests" ALTER COLUMN "ticket_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ALTER COLUMN "ticket_no" ADD GENERATED ALWAYS AS IDENTITY (sequence name "service_requests_ticket_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"service_requests_ticket_no_seq"', coalesce(max("ticket_no"), 0) + 1, false) FROM "service_requests";--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_ticket_no_key" ON "service_requests" USING btree ("ticket_no");

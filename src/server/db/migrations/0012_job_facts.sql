-- Issue 33 item 5 (ADR 035): what an auto-raised job is (unit, brand, product, serial, due date,
-- parts, cover), so the screens say it in the reader's language; null for a request a person
-- typed and for every request raised before this migration (their description shows as is).
ALTER TABLE "service_requests" ADD COLUMN "job" jsonb;
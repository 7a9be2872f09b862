-- Issue 22 (ADR 027): a photo keeps when the technician took it (the upload's plausible
-- clientTime), null for photos uploaded without one (and for every photo before this migration).
ALTER TABLE "work_media" ADD COLUMN "taken_at" timestamp with time zone;
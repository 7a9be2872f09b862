CREATE TABLE "request_report_facts" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"region_id" uuid NOT NULL,
	"technician_id" uuid,
	"customer_id" uuid NOT NULL,
	"unit_id" uuid,
	"completed_at" timestamp with time zone NOT NULL,
	"raised_to_approved" double precision,
	"approved_to_assigned" double precision,
	"assigned_to_started" double precision,
	"started_to_completed" double precision,
	"whole" double precision NOT NULL,
	"seconds_on_site" double precision DEFAULT 0 NOT NULL,
	"refixed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_report_facts" ADD CONSTRAINT "request_report_facts_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_report_facts_completed_idx" ON "request_report_facts" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "request_report_facts_region_completed_idx" ON "request_report_facts" USING btree ("region_id","completed_at");--> statement-breakpoint
CREATE INDEX "request_report_facts_unit_completed_idx" ON "request_report_facts" USING btree ("unit_id","completed_at") WHERE unit_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "request_report_facts_customer_completed_idx" ON "request_report_facts" USING btree ("customer_id","completed_at") WHERE unit_id IS NULL;--> statement-breakpoint
-- Minutes from a to b, never below zero (a phone's clock may run behind); null when either is.
CREATE OR REPLACE FUNCTION report_minutes(a timestamptz, b timestamptz) RETURNS double precision AS $$
  SELECT CASE WHEN a IS NOT NULL AND b IS NOT NULL THEN greatest(extract(epoch FROM (b - a)) / 60, 0)::float8 END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A job is refixed when a new COMPLAINT (not itself) was raised after its completion and within 30
-- days of it: on the same unit, or, for a job without a unit, by the same customer (ADR 050).
CREATE OR REPLACE FUNCTION report_refixed(p_job uuid, p_unit uuid, p_customer uuid, p_done timestamptz) RETURNS boolean AS $$
  SELECT CASE WHEN p_unit IS NOT NULL THEN EXISTS (
      SELECT 1 FROM service_requests n
      WHERE n.unit_id = p_unit AND n.type = 'COMPLAINT' AND n.id <> p_job
        AND n.created_at > p_done AND n.created_at <= p_done + interval '30 days')
    ELSE EXISTS (
      SELECT 1 FROM service_requests n
      WHERE n.customer_id = p_customer AND n.type = 'COMPLAINT' AND n.id <> p_job
        AND n.created_at > p_done AND n.created_at <= p_done + interval '30 days')
  END
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- What a completed request's summary row holds, computed from the live tables: the one definition
-- the triggers, the backfill below and the bench's generator all write from.
CREATE OR REPLACE VIEW request_report_facts_source AS
SELECT sr.id AS request_id, sr.region_id, sr.assigned_to_id AS technician_id, sr.customer_id, sr.unit_id,
  sr.completed_at,
  report_minutes(sr.created_at, ap.at) AS raised_to_approved,
  report_minutes(ap.at, sr.assigned_at) AS approved_to_assigned,
  report_minutes(sr.assigned_at, st.at) AS assigned_to_started,
  report_minutes(st.at, sr.completed_at) AS started_to_completed,
  report_minutes(sr.created_at, sr.completed_at) AS whole,
  coalesce(site.seconds, 0)::float8 AS seconds_on_site,
  report_refixed(sr.id, sr.unit_id, sr.customer_id, sr.completed_at) AS refixed
FROM service_requests sr
LEFT JOIN LATERAL (
  SELECT min(ah.approved_at) AS at FROM approval_history ah
  WHERE ah.request_id = sr.id AND ah.stage = 'SERVICE' AND ah.status = 'APPROVED') ap ON true
LEFT JOIN LATERAL (SELECT min(wl.start_time) AS at FROM work_logs wl WHERE wl.request_id = sr.id) st ON true
LEFT JOIN LATERAL (
  SELECT sum(extract(epoch FROM (wl.end_time - wl.start_time))) AS seconds FROM work_logs wl
  WHERE wl.request_id = sr.id AND wl.technician_id = sr.assigned_to_id
    AND wl.end_time IS NOT NULL AND wl.end_time > wl.start_time) site ON true
WHERE sr.completed_at IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_facts_refresh(p_request uuid) RETURNS void AS $$
BEGIN
  DELETE FROM request_report_facts WHERE request_id = p_request;
  INSERT INTO request_report_facts SELECT * FROM request_report_facts_source WHERE request_id = p_request;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The jobs a complaint may follow: their `refixed` computed again (a complaint raised, moved or removed).
CREATE OR REPLACE FUNCTION report_facts_refix(p_unit uuid, p_customer uuid, p_at timestamptz) RETURNS void AS $$
BEGIN
  UPDATE request_report_facts f
  SET refixed = report_refixed(f.request_id, f.unit_id, f.customer_id, f.completed_at)
  WHERE f.completed_at < p_at AND f.completed_at >= p_at - interval '30 days'
    AND (f.unit_id = p_unit OR (f.unit_id IS NULL AND f.customer_id = p_customer));
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_requests_report_facts() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND (NEW.completed_at IS NOT NULL OR (TG_OP = 'UPDATE' AND OLD.completed_at IS NOT NULL)) THEN
    PERFORM report_facts_refresh(NEW.id);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.type = 'COMPLAINT' THEN
    PERFORM report_facts_refix(OLD.unit_id, OLD.customer_id, OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.type = 'COMPLAINT' THEN
    PERFORM report_facts_refix(NEW.unit_id, NEW.customer_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER service_requests_report_facts
AFTER INSERT OR DELETE OR UPDATE OF completed_at, region_id, assigned_to_id, customer_id, unit_id, created_at, assigned_at, type
ON service_requests FOR EACH ROW EXECUTE FUNCTION service_requests_report_facts();
--> statement-breakpoint
-- A work log or an approval of a request already completed: its row again.
CREATE OR REPLACE FUNCTION report_facts_child_changed() RETURNS trigger AS $$
DECLARE rid uuid;
BEGIN
  FOR rid IN SELECT DISTINCT x FROM unnest(ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.request_id END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.request_id END]) AS x WHERE x IS NOT NULL
  LOOP
    IF EXISTS (SELECT 1 FROM service_requests WHERE id = rid AND completed_at IS NOT NULL) THEN
      PERFORM report_facts_refresh(rid);
    END IF;
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER work_logs_report_facts AFTER INSERT OR UPDATE OR DELETE ON work_logs
FOR EACH ROW EXECUTE FUNCTION report_facts_child_changed();
--> statement-breakpoint
CREATE TRIGGER approval_history_report_facts AFTER INSERT OR UPDATE OR DELETE ON approval_history
FOR EACH ROW EXECUTE FUNCTION report_facts_child_changed();
--> statement-breakpoint
-- The requests completed before this migration (about a minute at a million requests: no statement
-- timeout for it, within the migration's transaction only).
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
INSERT INTO request_report_facts SELECT * FROM request_report_facts_source;

CREATE TABLE "unit_latest_readings" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"tds_in" double precision NOT NULL,
	"tds_out" double precision NOT NULL,
	"tds_in2" double precision,
	"tds_out2" double precision
);
--> statement-breakpoint
ALTER TABLE "unit_latest_readings" ADD CONSTRAINT "unit_latest_readings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_latest_readings_taken_idx" ON "unit_latest_readings" USING btree ("taken_at");--> statement-breakpoint
-- A unit's two latest readings taken before a moment (newest taken_at, then the highest id): the
-- one definition the trigger, the backfill and the water-quality report use. No row when none.
CREATE OR REPLACE FUNCTION unit_latest_two(p_unit uuid, p_before timestamptz)
RETURNS TABLE (taken_at timestamptz, tds_in float8, tds_out float8, tds_in2 float8, tds_out2 float8) AS $$
  SELECT max(t.taken_at) FILTER (WHERE t.rn = 1), max(t.tds_in) FILTER (WHERE t.rn = 1),
    max(t.tds_out) FILTER (WHERE t.rn = 1), max(t.tds_in) FILTER (WHERE t.rn = 2), max(t.tds_out) FILTER (WHERE t.rn = 2)
  FROM (
    SELECT wr.taken_at, wr.tds_in::float8 AS tds_in, wr.tds_out::float8 AS tds_out,
      row_number() OVER (ORDER BY wr.taken_at DESC, wr.id DESC) AS rn
    FROM water_readings wr WHERE wr.unit_id = p_unit AND wr.taken_at < p_before
    ORDER BY wr.taken_at DESC, wr.id DESC LIMIT 2) t
  HAVING count(*) > 0
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION unit_latest_readings_refresh(p_unit uuid) RETURNS void AS $$
BEGIN
  DELETE FROM unit_latest_readings WHERE unit_id = p_unit;
  INSERT INTO unit_latest_readings SELECT p_unit, x.* FROM unit_latest_two(p_unit, 'infinity') x
    WHERE EXISTS (SELECT 1 FROM units WHERE id = p_unit);
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION water_readings_latest() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.unit_id IS NOT NULL THEN
    PERFORM unit_latest_readings_refresh(OLD.unit_id);
  END IF;
  -- (the same unit's new state is what the refresh above already read)
  IF TG_OP <> 'DELETE' AND NEW.unit_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.unit_id IS DISTINCT FROM OLD.unit_id) THEN
    PERFORM unit_latest_readings_refresh(NEW.unit_id);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER water_readings_latest AFTER INSERT OR UPDATE OR DELETE ON water_readings
FOR EACH ROW EXECUTE FUNCTION water_readings_latest();
--> statement-breakpoint
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
-- The units read before this migration.
INSERT INTO unit_latest_readings
SELECT d.unit_id, x.* FROM (SELECT DISTINCT unit_id FROM water_readings WHERE unit_id IS NOT NULL) d
CROSS JOIN LATERAL unit_latest_two(d.unit_id, 'infinity') x;

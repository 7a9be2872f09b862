CREATE TABLE "message_counters" (
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_counters_status_channel_pk" PRIMARY KEY("status","channel")
);
--> statement-breakpoint
-- Every insert, status or channel change and delete of a message moves its count in the same
-- transaction (as request_counters, migration 0002): old and new deltas in one statement, ordered
-- by key, so two transactions lock counter rows in the same order.
CREATE OR REPLACE FUNCTION message_counters_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.channel = NEW.channel THEN
    RETURN NULL;
  END IF;
  WITH rows(status, channel, delta) AS (
    SELECT OLD.status, OLD.channel, -1 WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.status, NEW.channel, 1 WHERE TG_OP IN ('UPDATE', 'INSERT')
  ), summed AS (
    SELECT status, channel, sum(delta)::int AS delta FROM rows GROUP BY status, channel HAVING sum(delta) <> 0
  )
  INSERT INTO message_counters AS c (status, channel, count)
  SELECT status, channel, delta FROM summed ORDER BY status, channel
  ON CONFLICT (status, channel) DO UPDATE SET count = c.count + EXCLUDED.count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER customer_messages_counters
AFTER INSERT OR UPDATE OR DELETE ON customer_messages
FOR EACH ROW EXECUTE FUNCTION message_counters_apply();
--> statement-breakpoint
INSERT INTO message_counters (status, channel, count)
SELECT status, channel, count(*)::int FROM customer_messages GROUP BY status, channel
ON CONFLICT (status, channel) DO UPDATE SET count = EXCLUDED.count;

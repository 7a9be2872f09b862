-- Dashboard counters: every insert, update or delete of a service request moves its counts
-- inside the same transaction, so dashboard reads stay O(1) whatever the table size.
-- Old and new deltas go in one statement, ordered by key, so two transactions lock counter
-- rows in the same order and cannot deadlock on them.
CREATE OR REPLACE FUNCTION request_counters_apply() RETURNS trigger AS $$
DECLARE
  zero uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.status = NEW.status AND OLD.type = NEW.type AND OLD.region_id = NEW.region_id
     AND OLD.requested_by_id = NEW.requested_by_id
     AND OLD.assigned_to_id IS NOT DISTINCT FROM NEW.assigned_to_id THEN
    RETURN NULL;
  END IF;
  WITH rows(kind, key, status, type, delta) AS (
    SELECT * FROM (VALUES
      ('all', zero, OLD.status, OLD.type, -1),
      ('region', OLD.region_id, OLD.status, OLD.type, -1),
      ('requester', OLD.requested_by_id, OLD.status, OLD.type, -1),
      ('assignee', OLD.assigned_to_id, OLD.status, OLD.type, -1),
      ('self', CASE WHEN OLD.assigned_to_id = OLD.requested_by_id THEN OLD.assigned_to_id END, OLD.status, OLD.type, -1)
    ) AS o(kind, key, status, type, delta) WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT * FROM (VALUES
      ('all', zero, NEW.status, NEW.type, 1),
      ('region', NEW.region_id, NEW.status, NEW.type, 1),
      ('requester', NEW.requested_by_id, NEW.status, NEW.type, 1),
      ('assignee', NEW.assigned_to_id, NEW.status, NEW.type, 1),
      ('self', CASE WHEN NEW.assigned_to_id = NEW.requested_by_id THEN NEW.assigned_to_id END, NEW.status, NEW.type, 1)
    ) AS n(kind, key, status, type, delta) WHERE TG_OP IN ('UPDATE', 'INSERT')
  ), summed AS (
    SELECT kind, key, status, type, sum(delta)::int AS delta
    FROM rows WHERE key IS NOT NULL
    GROUP BY kind, key, status, type
    HAVING sum(delta) <> 0
  )
  INSERT INTO request_counters AS c (kind, key, status, type, count)
  SELECT kind, key, status, type, delta FROM summed ORDER BY kind, key, status, type
  ON CONFLICT (kind, key, status, type) DO UPDATE SET count = c.count + EXCLUDED.count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER service_requests_counters
AFTER INSERT OR UPDATE OR DELETE ON service_requests
FOR EACH ROW EXECUTE FUNCTION request_counters_apply();
--> statement-breakpoint
-- The bell's unread count, kept by the notification writes themselves: O(1) to read and
-- never below zero.
CREATE OR REPLACE FUNCTION notifications_unread_apply() RETURNS trigger AS $$
DECLARE
  d int := 0;
  target uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    target := NEW.to_user_id;
    IF NEW.status = 'unread' THEN d := 1; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.to_user_id;
    IF OLD.status = 'unread' THEN d := -1; END IF;
  ELSE
    target := NEW.to_user_id;
    IF OLD.status = 'unread' AND NEW.status <> 'unread' THEN d := -1;
    ELSIF OLD.status <> 'unread' AND NEW.status = 'unread' THEN d := 1;
    END IF;
  END IF;
  IF d <> 0 THEN
    UPDATE users SET unread_notifications = GREATEST(0, unread_notifications + d) WHERE id = target;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notifications_unread
AFTER INSERT OR UPDATE OF status OR DELETE ON notifications
FOR EACH ROW EXECUTE FUNCTION notifications_unread_apply();
--> statement-breakpoint
-- The audit trail is append-only.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change
BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TABLE "parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text DEFAULT 'PCS' NOT NULL,
	"hsn_code" text,
	"gst_rate" integer DEFAULT 18 NOT NULL,
	"price_paise" bigint DEFAULT 0 NOT NULL,
	"cost_paise" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_products" (
	"part_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "part_products_part_id_product_id_pk" PRIMARY KEY("part_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "purchase_lines" (
	"purchase_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_paise" bigint NOT NULL,
	"gst_rate" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"cost_before_paise" bigint,
	"cost_after_paise" bigint,
	CONSTRAINT "purchase_lines_purchase_id_position_pk" PRIMARY KEY("purchase_id","position")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"store_id" uuid NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"inter_state" boolean DEFAULT false NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"invoice_file_key" text,
	"invoice_file_type" text,
	"created_by_id" uuid,
	"received_by_id" uuid,
	"reversed_by_id" uuid,
	"received_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"location_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reorder_level" integer,
	"low_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_location_id_part_id_pk" PRIMARY KEY("location_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"region_id" uuid,
	"technician_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_paise" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	"transfer_id" uuid,
	"purchase_id" uuid,
	"request_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"transfer_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_transfer_lines_transfer_id_part_id_pk" PRIMARY KEY("transfer_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_location_id" uuid NOT NULL,
	"to_location_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"requested_by_id" uuid,
	"issued_by_id" uuid,
	"received_by_id" uuid,
	"cancelled_by_id" uuid,
	"requested_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"phone" text,
	"address" text,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_parts" ADD COLUMN "stock_part_id" uuid;--> statement-breakpoint
ALTER TABLE "work_parts" ADD COLUMN "stock_part_id" uuid;--> statement-breakpoint
ALTER TABLE "work_parts" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "work_parts" ADD COLUMN "covered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "work_parts" ADD COLUMN "price_paise" bigint;--> statement-breakpoint
ALTER TABLE "part_products" ADD CONSTRAINT "part_products_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_products" ADD CONSTRAINT "part_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_store_id_stock_locations_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_reversed_by_id_users_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_location_id_stock_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_location_id_stock_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parts_sku_uq" ON "parts" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "parts_name_lower_idx" ON "parts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "parts_kind_name_index" ON "parts" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "parts_search_trgm" ON "parts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "part_products_product_id_index" ON "part_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "purchase_lines_part_id_index" ON "purchase_lines" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_supplier_invoice_uq" ON "purchases" USING btree ("supplier_id",lower("invoice_number"));--> statement-breakpoint
CREATE INDEX "purchases_store_id_invoice_date_index" ON "purchases" USING btree ("store_id","invoice_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchases_invoice_date_id_index" ON "purchases" USING btree ("invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchases_status_invoice_date_index" ON "purchases" USING btree ("status","invoice_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_balances_part_id_index" ON "stock_balances" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "stock_balances_low_idx" ON "stock_balances" USING btree ("location_id","part_id") WHERE reorder_level IS NOT NULL AND on_hand <= reorder_level;--> statement-breakpoint
CREATE INDEX "stock_balances_negative_idx" ON "stock_balances" USING btree ("location_id","part_id") WHERE on_hand < 0;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_van_uq" ON "stock_locations" USING btree ("technician_id") WHERE kind = 'VAN';--> statement-breakpoint
CREATE INDEX "stock_locations_region_id_kind_name_index" ON "stock_locations" USING btree ("region_id","kind","name");--> statement-breakpoint
CREATE INDEX "stock_movements_location_id_created_at_id_index" ON "stock_movements" USING btree ("location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_part_id_created_at_id_index" ON "stock_movements" USING btree ("part_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_created_at_id_index" ON "stock_movements" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_request_id_index" ON "stock_movements" USING btree ("request_id") WHERE request_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_transfer_id_index" ON "stock_movements" USING btree ("transfer_id") WHERE transfer_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_purchase_id_index" ON "stock_movements" USING btree ("purchase_id") WHERE purchase_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_actor_id_index" ON "stock_movements" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_part_id_index" ON "stock_transfer_lines" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_location_id_created_at_index" ON "stock_transfers" USING btree ("from_location_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transfers_to_location_id_created_at_index" ON "stock_transfers" USING btree ("to_location_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transfers_status_created_at_index" ON "stock_transfers" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transfers_created_at_id_index" ON "stock_transfers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transfers_requested_by_id_index" ON "stock_transfers" USING btree ("requested_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_gstin_uq" ON "suppliers" USING btree ("gstin") WHERE gstin IS NOT NULL;--> statement-breakpoint
CREATE INDEX "suppliers_name_lower_idx" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm" ON "suppliers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "product_parts" ADD CONSTRAINT "product_parts_stock_part_id_parts_id_fk" FOREIGN KEY ("stock_part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_parts" ADD CONSTRAINT "work_parts_stock_part_id_parts_id_fk" FOREIGN KEY ("stock_part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_parts" ADD CONSTRAINT "work_parts_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_parts_stock_part_id_index" ON "product_parts" USING btree ("stock_part_id");--> statement-breakpoint
CREATE INDEX "work_parts_stock_part_id_index" ON "work_parts" USING btree ("stock_part_id");--> statement-breakpoint
-- Hand-written below (ADR 049): the checks, the ledger's triggers, the stores and vans, and the
-- catalogue made from the products' parts with the old free text mapped to it.
ALTER TABLE "parts" ADD CONSTRAINT "parts_gst_rate_check" CHECK ("gst_rate" IN (0, 5, 12, 18, 28));--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_money_check" CHECK ("price_paise" >= 0 AND "cost_paise" >= 0);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_quantity_check" CHECK ("quantity" <> 0);--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_quantity_check" CHECK ("quantity" > 0);--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_quantity_check" CHECK ("quantity" > 0 AND "gst_rate" IN (0, 5, 12, 18, 28));--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_reorder_check" CHECK ("reorder_level" IS NULL OR "reorder_level" >= 0);--> statement-breakpoint
-- The ledger is append-only: no delete, and an update only where a foreign key lets go of a
-- deleted user or request (ON DELETE SET NULL); what moved, where and how many never changes.
CREATE OR REPLACE FUNCTION stock_movements_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.location_id = OLD.location_id AND NEW.part_id = OLD.part_id AND NEW.kind = OLD.kind
     AND NEW.quantity = OLD.quantity AND NEW.unit_cost_paise = OLD.unit_cost_paise
     AND NEW.created_at = OLD.created_at
     AND (NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id OR NEW.actor_id IS NULL)
     AND (NEW.request_id IS NOT DISTINCT FROM OLD.request_id OR NEW.request_id IS NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock_movements is append-only' USING ERRCODE = '55000';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only
BEFORE UPDATE OR DELETE ON stock_movements
FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
--> statement-breakpoint
-- Each movement moves its balance in the same transaction (the row's lock orders two writers);
-- a balance back above its reorder level may be reported low again next time.
CREATE OR REPLACE FUNCTION stock_balances_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO stock_balances AS b (location_id, part_id, on_hand, updated_at)
  VALUES (NEW.location_id, NEW.part_id, NEW.quantity, now())
  ON CONFLICT (location_id, part_id) DO UPDATE
    SET on_hand = b.on_hand + EXCLUDED.on_hand,
        updated_at = now(),
        low_notified_at = CASE
          WHEN b.reorder_level IS NOT NULL AND b.on_hand + EXCLUDED.on_hand > b.reorder_level THEN NULL
          ELSE b.low_notified_at
        END;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stock_movements_balance
AFTER INSERT ON stock_movements
FOR EACH ROW EXECUTE FUNCTION stock_balances_apply();
--> statement-breakpoint
-- A store for every region, made with the region.
CREATE OR REPLACE FUNCTION stock_store_for_region() RETURNS trigger AS $$
BEGIN
  INSERT INTO stock_locations (kind, name, region_id) VALUES ('STORE', NEW.name || ' Store', NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER regions_store
AFTER INSERT ON regions
FOR EACH ROW EXECUTE FUNCTION stock_store_for_region();
--> statement-breakpoint
-- A van for every technician, made with the technician; it follows their name, region and
-- status, and is closed (inactive, its stock kept) when the user stops being a technician.
CREATE OR REPLACE FUNCTION stock_van_for_technician() RETURNS trigger AS $$
DECLARE
  technician boolean;
BEGIN
  SELECT policy_role = 'Technician' INTO technician FROM roles WHERE id = NEW.role_id;
  IF technician THEN
    INSERT INTO stock_locations AS l (kind, name, region_id, technician_id, active)
    VALUES ('VAN', NEW.name || ' van', NEW.region_id, NEW.id, NEW.status = 'ACTIVE')
    ON CONFLICT (technician_id) WHERE kind = 'VAN' DO UPDATE
      SET region_id = EXCLUDED.region_id, name = EXCLUDED.name, active = EXCLUDED.active, updated_at = now()
      WHERE (l.region_id, l.name, l.active) IS DISTINCT FROM (EXCLUDED.region_id, EXCLUDED.name, EXCLUDED.active);
  ELSE
    UPDATE stock_locations SET active = false, updated_at = now()
    WHERE kind = 'VAN' AND technician_id = NEW.id AND active;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_van
AFTER INSERT OR UPDATE OF role_id, region_id, name, status ON users
FOR EACH ROW EXECUTE FUNCTION stock_van_for_technician();
--> statement-breakpoint
INSERT INTO stock_locations (kind, name, region_id) SELECT 'STORE', name || ' Store', id FROM regions;
--> statement-breakpoint
INSERT INTO stock_locations (kind, name, region_id, technician_id, active)
SELECT 'VAN', u.name || ' van', u.region_id, u.id, u.status = 'ACTIVE'
FROM users u JOIN roles r ON r.id = u.role_id
WHERE r.policy_role = 'Technician';
--> statement-breakpoint
-- The catalogue from the products' parts: one item per part name (case and spaces ignored), a
-- generated SKU, its kind guessed from the name; the admins set prices and HSN codes.
WITH names AS (
  SELECT lower(btrim(name)) AS k, min(btrim(name)) AS name FROM product_parts GROUP BY lower(btrim(name))
), numbered AS (
  SELECT k, name, 'PART-' || lpad((row_number() OVER (ORDER BY k))::text, 4, '0') AS sku FROM names
)
INSERT INTO parts (sku, name, kind, search_text)
SELECT sku, name,
  CASE
    WHEN k LIKE '%membrane%' THEN 'MEMBRANE'
    WHEN k LIKE '%uv%' THEN 'UV_LAMP'
    WHEN k LIKE '%pump%' THEN 'PUMP'
    WHEN k LIKE '%smps%' OR k LIKE '%adapter%' THEN 'SMPS'
    ELSE 'CARTRIDGE'
  END,
  lower(sku || ' ' || name)
FROM numbered;
--> statement-breakpoint
UPDATE product_parts pp SET stock_part_id = p.id FROM parts p WHERE lower(btrim(pp.name)) = lower(p.name);
--> statement-breakpoint
INSERT INTO part_products (part_id, product_id)
SELECT DISTINCT stock_part_id, product_id FROM product_parts WHERE stock_part_id IS NOT NULL;
--> statement-breakpoint
-- What visits used: a replaced part through its product part, free text by name; the rest stays text.
UPDATE work_parts w SET stock_part_id = pp.stock_part_id FROM product_parts pp WHERE w.part_id = pp.id;
--> statement-breakpoint
UPDATE work_parts w SET stock_part_id = p.id FROM parts p
WHERE w.stock_part_id IS NULL AND lower(btrim(w.name)) = lower(p.name);

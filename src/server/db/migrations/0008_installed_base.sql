CREATE TABLE "contract_reminders" (
	"contract_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_reminders_contract_id_days_before_pk" PRIMARY KEY("contract_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"type" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"visits_per_year" integer DEFAULT 0 NOT NULL,
	"parts_included" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"request_id" uuid,
	"chargeable" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"interval_months" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"technology" text NOT NULL,
	"warranty_months" integer DEFAULT 12 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"part_id" uuid,
	"contract_id" uuid,
	"last_changed_on" date,
	"next_due_on" date,
	"visits_done" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"installed_on" date NOT NULL,
	"location_note" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"installed_by_id" uuid,
	"next_due_on" date,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"unit_id" uuid,
	"part_id" uuid,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "unit_id" uuid;--> statement-breakpoint
ALTER TABLE "contract_reminders" ADD CONSTRAINT "contract_reminders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parts" ADD CONSTRAINT "product_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_schedule" ADD CONSTRAINT "unit_schedule_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_schedule" ADD CONSTRAINT "unit_schedule_part_id_product_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."product_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_schedule" ADD CONSTRAINT "unit_schedule_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_installed_by_id_users_id_fk" FOREIGN KEY ("installed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_parts" ADD CONSTRAINT "work_parts_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_parts" ADD CONSTRAINT "work_parts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_parts" ADD CONSTRAINT "work_parts_part_id_product_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."product_parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_unit_id_starts_on_index" ON "contracts" USING btree ("unit_id","starts_on");--> statement-breakpoint
CREATE INDEX "contracts_active_ends_idx" ON "contracts" USING btree ("ends_on") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "contracts_created_by_id_index" ON "contracts" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_jobs_unit_due_uq" ON "maintenance_jobs" USING btree ("unit_id","due_on");--> statement-breakpoint
CREATE INDEX "maintenance_jobs_request_id_index" ON "maintenance_jobs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "product_parts_product_id_position_index" ON "product_parts" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_brand_name_uq" ON "products" USING btree (lower("brand"),lower("name"));--> statement-breakpoint
CREATE INDEX "products_name_index" ON "products" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_schedule_part_uq" ON "unit_schedule" USING btree ("unit_id","part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_schedule_contract_uq" ON "unit_schedule" USING btree ("unit_id","contract_id");--> statement-breakpoint
CREATE INDEX "unit_schedule_part_id_index" ON "unit_schedule" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "unit_schedule_contract_id_index" ON "unit_schedule" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_serial_active_uq" ON "units" USING btree (lower("serial_number")) WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "units_customer_id_created_at_index" ON "units" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "units_product_id_index" ON "units" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "units_installed_by_id_index" ON "units" USING btree ("installed_by_id");--> statement-breakpoint
CREATE INDEX "units_active_next_due_idx" ON "units" USING btree ("next_due_on","id") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "work_parts_request_id_index" ON "work_parts" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "work_parts_unit_id_index" ON "work_parts" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "work_parts_part_id_index" ON "work_parts" USING btree ("part_id");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_unit_id_created_at_index" ON "service_requests" USING btree ("unit_id","created_at" DESC NULLS FIRST);
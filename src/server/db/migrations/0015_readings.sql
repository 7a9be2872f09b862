CREATE TABLE "water_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"unit_id" uuid,
	"technician_id" uuid,
	"tds_in" real NOT NULL,
	"tds_out" real NOT NULL,
	"ph" real,
	"hardness" real,
	"taken_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "water_readings" ADD CONSTRAINT "water_readings_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_readings" ADD CONSTRAINT "water_readings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_readings" ADD CONSTRAINT "water_readings_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "water_readings_unit_id_taken_at_index" ON "water_readings" USING btree ("unit_id","taken_at");--> statement-breakpoint
CREATE INDEX "water_readings_request_id_taken_at_index" ON "water_readings" USING btree ("request_id","taken_at");--> statement-breakpoint
CREATE INDEX "water_readings_technician_id_index" ON "water_readings" USING btree ("technician_id");
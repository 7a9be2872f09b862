CREATE TABLE "completion_otps" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"phone" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"sent_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "completion_proofs" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"signed_by" text,
	"signature_key" text,
	"phone" text,
	"technician_id" uuid,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"customer_id" uuid,
	"request_id" uuid,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"provider_message_id" text,
	"error_key" text,
	"error_detail" text,
	"dedupe_key" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"template" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_template_language_pk" PRIMARY KEY("template","language")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text DEFAULT 'en-IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "proof" text;--> statement-breakpoint
ALTER TABLE "completion_otps" ADD CONSTRAINT "completion_otps_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_otps" ADD CONSTRAINT "completion_otps_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_proofs" ADD CONSTRAINT "completion_proofs_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_proofs" ADD CONSTRAINT "completion_proofs_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_messages_created_at_id_index" ON "customer_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_messages_status_created_at_id_index" ON "customer_messages" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_messages_channel_created_at_id_index" ON "customer_messages" USING btree ("channel","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_messages_due" ON "customer_messages" USING btree ("next_attempt_at") WHERE status = 'QUEUED';--> statement-breakpoint
CREATE INDEX "customer_messages_request_id_template_created_at_index" ON "customer_messages" USING btree ("request_id","template","created_at");--> statement-breakpoint
CREATE INDEX "customer_messages_customer_id_index" ON "customer_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_provider_id_uq" ON "customer_messages" USING btree ("provider_message_id") WHERE provider_message_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_dedupe_uq" ON "customer_messages" USING btree ("dedupe_key") WHERE dedupe_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_messages_search_trgm" ON "customer_messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_no_proof" ON "service_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE proof IS NULL AND status IN ('WORK_COMPLETED', 'COMPLETED');
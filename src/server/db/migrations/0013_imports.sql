ALTER TABLE "customers" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_external_id_uq" ON "customers" USING btree ("external_id") WHERE external_id IS NOT NULL;
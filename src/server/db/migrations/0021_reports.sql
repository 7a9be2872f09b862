CREATE INDEX "contracts_amc_ends_idx" ON "contracts" USING btree ("ends_on") WHERE type = 'AMC';--> statement-breakpoint
CREATE INDEX "maintenance_jobs_due_idx" ON "maintenance_jobs" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "service_requests_completed_idx" ON "service_requests" USING btree ("completed_at") WHERE completed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "service_requests_region_completed_idx" ON "service_requests" USING btree ("region_id","completed_at") WHERE completed_at IS NOT NULL;
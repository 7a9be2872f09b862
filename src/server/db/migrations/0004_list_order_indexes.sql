DROP INDEX "notifications_to_user_id_created_at_index";--> statement-breakpoint
DROP INDEX "service_requests_created_at_index";--> statement-breakpoint
DROP INDEX "service_requests_status_created_at_index";--> statement-breakpoint
DROP INDEX "service_requests_region_id_status_created_at_index";--> statement-breakpoint
DROP INDEX "service_requests_region_id_created_at_index";--> statement-breakpoint
DROP INDEX "service_requests_requested_by_id_created_at_index";--> statement-breakpoint
DROP INDEX "service_requests_assigned_to_id_status_created_at_index";--> statement-breakpoint
DROP INDEX "service_requests_customer_id_created_at_index";--> statement-breakpoint
CREATE INDEX "notifications_to_user_id_created_at_id_index" ON "notifications" USING btree ("to_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_created_at_id_index" ON "service_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_status_created_at_id_index" ON "service_requests" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_region_id_status_created_at_id_index" ON "service_requests" USING btree ("region_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_region_id_created_at_id_index" ON "service_requests" USING btree ("region_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_requested_by_id_created_at_id_index" ON "service_requests" USING btree ("requested_by_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_assigned_to_id_status_created_at_id_index" ON "service_requests" USING btree ("assigned_to_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_customer_id_created_at_id_index" ON "service_requests" USING btree ("customer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
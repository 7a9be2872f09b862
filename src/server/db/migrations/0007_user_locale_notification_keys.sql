ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_params" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;
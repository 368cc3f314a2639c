ALTER TABLE "oidc_models" ADD COLUMN "user_agent" varchar(512);--> statement-breakpoint
ALTER TABLE "oidc_models" ADD COLUMN "last_used_at" timestamp with time zone;
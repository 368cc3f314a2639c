DROP TABLE "password_reset_locks" CASCADE;--> statement-breakpoint
DROP TABLE "password_reset_sends" CASCADE;--> statement-breakpoint
ALTER TABLE "email_change_requests" DROP COLUMN "code_hash";--> statement-breakpoint
ALTER TABLE "email_change_requests" DROP COLUMN "current_code_hash";--> statement-breakpoint
ALTER TABLE "email_change_requests" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "password_reset_sessions" DROP COLUMN "code_hash";--> statement-breakpoint
ALTER TABLE "password_reset_sessions" DROP COLUMN "code_expires_at";--> statement-breakpoint
ALTER TABLE "password_reset_sessions" DROP COLUMN "failed_attempts";
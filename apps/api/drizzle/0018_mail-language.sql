CREATE TYPE "public"."mail_language" AS ENUM('id', 'en');--> statement-breakpoint
ALTER TABLE "account_deletions" ADD COLUMN "report_language" "mail_language" DEFAULT 'id' NOT NULL;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD COLUMN "language" "mail_language" DEFAULT 'id' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "language" "mail_language" DEFAULT 'id' NOT NULL;
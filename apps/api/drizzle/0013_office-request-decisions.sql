ALTER TABLE "audit_events" ADD COLUMN "actor" varchar(32);--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD COLUMN "decided_by" bigint;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD CONSTRAINT "office_account_requests_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD CONSTRAINT "office_account_requests_account_id_learning_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "audit_events" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "invitation_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor","occurred_at") WHERE "audit_events"."actor" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_roles_known" CHECK ("staff_accounts"."roles" <@ ARRAY['reviewer', 'referral-code-manager', 'announcer', 'operator', 'analyst', 'registrar', 'auditor', 'staff-admin']::text[]);--> statement-breakpoint
-- Staff added before roles could do everything: they keep it until a staff admin trims it.
UPDATE "staff_accounts" SET "roles" = ARRAY['reviewer', 'referral-code-manager', 'announcer', 'operator', 'analyst', 'registrar', 'auditor', 'staff-admin']::text[];

ALTER TABLE "staff_accounts" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_roles_known" CHECK ("staff_accounts"."roles" <@ ARRAY['reviewer', 'referral-code-manager', 'announcer', 'operator', 'analyst', 'registrar', 'auditor', 'staff-admin']::text[]);--> statement-breakpoint
-- Staff added before roles could do everything: they keep it until a staff admin trims it.
UPDATE "staff_accounts" SET "roles" = ARRAY['reviewer', 'referral-code-manager', 'announcer', 'operator', 'analyst', 'registrar', 'auditor', 'staff-admin']::text[];

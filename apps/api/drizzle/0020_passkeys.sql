CREATE TYPE "public"."passkey_ceremony" AS ENUM('registration', 'authentication');--> statement-breakpoint
CREATE TABLE "passkey_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"ceremony" "passkey_ceremony" NOT NULL,
	"staff_id" bigint,
	"learning_account_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passkey_challenges_one_owner" CHECK (num_nonnulls("passkey_challenges"."staff_id", "passkey_challenges"."learning_account_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passkeys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint,
	"learning_account_id" bigint,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_one_owner" CHECK (num_nonnulls("passkeys"."staff_id", "passkeys"."learning_account_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_learning_account_id_learning_accounts_id_fk" FOREIGN KEY ("learning_account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_learning_account_id_learning_accounts_id_fk" FOREIGN KEY ("learning_account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_challenges_staff_idx" ON "passkey_challenges" USING btree ("staff_id") WHERE "passkey_challenges"."staff_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "passkey_challenges_learning_account_idx" ON "passkey_challenges" USING btree ("learning_account_id") WHERE "passkey_challenges"."learning_account_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_key" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_staff_idx" ON "passkeys" USING btree ("staff_id") WHERE "passkeys"."staff_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "passkeys_learning_account_idx" ON "passkeys" USING btree ("learning_account_id") WHERE "passkeys"."learning_account_id" IS NOT NULL;
CREATE TYPE "public"."office_request_status" AS ENUM('submitted', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "office_account_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_account_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_key" varchar(36) NOT NULL,
	"full_name" text NOT NULL,
	"nik" char(16) NOT NULL,
	"birth_date" date NOT NULL,
	"mother_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" varchar(16) NOT NULL,
	"region_code" varchar(5) NOT NULL,
	"office_type" "office_type" NOT NULL,
	"position" varchar(32) NOT NULL,
	"position_other" text,
	"referral_code_id" bigint NOT NULL,
	"letter_subject" text NOT NULL,
	"letter_number" text NOT NULL,
	"platforms" jsonb NOT NULL,
	"letter_upload_id" varchar(32) NOT NULL,
	"report_upload_id" varchar(32),
	"password_hash" text NOT NULL,
	"status" "office_request_status" DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_uploads" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"pages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_uses_within_limit" CHECK ("referral_codes"."uses" <= "referral_codes"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD CONSTRAINT "office_account_requests_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD CONSTRAINT "office_account_requests_referral_code_id_referral_codes_id_fk" FOREIGN KEY ("referral_code_id") REFERENCES "public"."referral_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD CONSTRAINT "office_account_requests_letter_upload_id_private_uploads_id_fk" FOREIGN KEY ("letter_upload_id") REFERENCES "public"."private_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_account_requests" ADD CONSTRAINT "office_account_requests_report_upload_id_private_uploads_id_fk" FOREIGN KEY ("report_upload_id") REFERENCES "public"."private_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_account_requests_key" ON "office_account_requests" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "office_account_requests_status_idx" ON "office_account_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "private_uploads_unclaimed_idx" ON "private_uploads" USING btree ("created_at") WHERE "private_uploads"."claimed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");
CREATE TYPE "public"."badge_batch_status" AS ENUM('processing', 'completed');--> statement-breakpoint
CREATE TABLE "badge_batch_cards" (
	"batch_id" bigint NOT NULL,
	"badge_id" bigint NOT NULL,
	"secrets_sealed" text NOT NULL,
	CONSTRAINT "badge_batch_cards_batch_id_badge_id_pk" PRIMARY KEY("batch_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "badge_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npsn" varchar(8) NOT NULL,
	"requested_by" bigint,
	"status" "badge_batch_status" DEFAULT 'processing' NOT NULL,
	"total" integer NOT NULL,
	"made" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"secrets_cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"npsn" varchar(8) NOT NULL,
	"batch_id" bigint,
	"qr_hash" varchar(64) NOT NULL,
	"code_locator" varchar(4) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" varchar(16),
	CONSTRAINT "badges_ended_with_reason" CHECK (("badges"."ended_at" IS NULL) = ("badges"."ended_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "platform_clients" ADD COLUMN "badge_sign_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "grade" smallint;--> statement-breakpoint
ALTER TABLE "badge_batch_cards" ADD CONSTRAINT "badge_batch_cards_batch_id_badge_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."badge_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_batch_cards" ADD CONSTRAINT "badge_batch_cards_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_batches" ADD CONSTRAINT "badge_batches_npsn_schools_npsn_fk" FOREIGN KEY ("npsn") REFERENCES "public"."schools"("npsn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_batches" ADD CONSTRAINT "badge_batches_requested_by_learning_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."learning_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_account_id_learning_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_npsn_schools_npsn_fk" FOREIGN KEY ("npsn") REFERENCES "public"."schools"("npsn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_batch_id_badge_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."badge_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_batches_school_idx" ON "badge_batches" USING btree ("npsn","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_qr_hash_key" ON "badges" USING btree ("qr_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_live_account_key" ON "badges" USING btree ("account_id") WHERE "badges"."ended_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "badges_live_locator_key" ON "badges" USING btree ("npsn","code_locator") WHERE "badges"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "badges_batch_idx" ON "badges" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_grade_range" CHECK ("school_memberships"."grade" IS NULL OR "school_memberships"."grade" BETWEEN 1 AND 13);
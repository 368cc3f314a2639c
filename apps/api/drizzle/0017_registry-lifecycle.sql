CREATE TYPE "public"."deletion_status" AS ENUM('scheduled', 'reported', 'cancelled', 'disabled', 'removed');--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"kind" "person_kind" NOT NULL,
	"status" "deletion_status" DEFAULT 'scheduled' NOT NULL,
	"deletion_on" date NOT NULL,
	"removal_on" date NOT NULL,
	"last_notice_days" smallint,
	"reported_at" timestamp with time zone,
	"reported_by" varchar(16),
	"report_reason" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registry_sync_memberships" (
	"snapshot_person_id" bigint NOT NULL,
	"npsn" varchar(8) NOT NULL,
	"role" "school_role" NOT NULL,
	"left_on" date
);
--> statement-breakpoint
CREATE TABLE "registry_sync_people" (
	"row" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_sync_people_row_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"snapshot_id" bigint NOT NULL,
	"kind" "person_kind" NOT NULL,
	"nik" char(16) NOT NULL,
	"nisn" char(10),
	"nuptk" char(16),
	"full_name" text NOT NULL,
	"name_key" text NOT NULL,
	"gender" "gender" NOT NULL,
	"birth_date" date,
	"mother_name" text NOT NULL,
	"mother_name_key" text NOT NULL,
	"personal_email" text,
	"phone" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "registry_sync_schools" (
	"npsn" varchar(8) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"level" "school_level" NOT NULL,
	"regency_code" varchar(5) NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "registry_syncs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"as_of" date NOT NULL,
	"phase" varchar(8) DEFAULT 'staging' NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"staged" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"departed" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"accounts_requested" integer DEFAULT 0 NOT NULL,
	"conflicts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" varchar(32),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "student_account_requests" DROP CONSTRAINT "student_account_requests_requested_by_learning_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "student_account_requests" ALTER COLUMN "requested_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_open_key" ON "account_deletions" USING btree ("person_id") WHERE "account_deletions"."status" IN ('scheduled', 'reported', 'disabled');--> statement-breakpoint
CREATE INDEX "account_deletions_status_idx" ON "account_deletions" USING btree ("status","deletion_on");--> statement-breakpoint
CREATE INDEX "registry_sync_memberships_person_idx" ON "registry_sync_memberships" USING btree ("snapshot_person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_sync_people_nik_key" ON "registry_sync_people" USING btree ("nik");--> statement-breakpoint
CREATE INDEX "registry_sync_people_snapshot_idx" ON "registry_sync_people" USING btree ("snapshot_id");--> statement-breakpoint
CREATE INDEX "registry_sync_people_nisn_idx" ON "registry_sync_people" USING btree ("nisn");--> statement-breakpoint
CREATE INDEX "registry_sync_people_nuptk_idx" ON "registry_sync_people" USING btree ("nuptk");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_syncs_source_key" ON "registry_syncs" USING btree ("source");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_syncs_running_key" ON "registry_syncs" USING btree ((true)) WHERE "registry_syncs"."finished_at" IS NULL;--> statement-breakpoint
ALTER TABLE "student_account_requests" ADD CONSTRAINT "student_account_requests_requested_by_learning_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."learning_accounts"("id") ON DELETE set null ON UPDATE no action;
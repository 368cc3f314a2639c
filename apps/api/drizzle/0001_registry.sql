CREATE TYPE "public"."account_kind" AS ENUM('ptk', 'pd', 'dinas');--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('active', 'suspended', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('L', 'P');--> statement-breakpoint
CREATE TYPE "public"."office_type" AS ENUM('provinsi', 'kota_kabupaten');--> statement-breakpoint
CREATE TYPE "public"."person_kind" AS ENUM('ptk', 'pd', 'dinas');--> statement-breakpoint
CREATE TYPE "public"."region_level" AS ENUM('province', 'regency');--> statement-breakpoint
CREATE TYPE "public"."school_level" AS ENUM('PAUD', 'SD', 'SMP', 'SMA', 'SMK', 'SLB', 'PKBM');--> statement-breakpoint
CREATE TYPE "public"."school_role" AS ENUM('principal', 'operator', 'teacher', 'student');--> statement-breakpoint
CREATE TABLE "feature_toggles" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"enabled" boolean,
	"text_value" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"kind" "account_kind" NOT NULL,
	"person_id" bigint NOT NULL,
	"school_level" "school_level",
	"office_id" bigint,
	"status" "account_status" DEFAULT 'active' NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_accounts_email_lower" CHECK ("learning_accounts"."email" = lower("learning_accounts"."email"))
);
--> statement-breakpoint
CREATE TABLE "office_staff" (
	"person_id" bigint NOT NULL,
	"office_id" bigint NOT NULL,
	"position" text NOT NULL,
	CONSTRAINT "office_staff_person_id_office_id_pk" PRIMARY KEY("person_id","office_id")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"region_code" varchar(5) NOT NULL,
	"type" "office_type" NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "person_kind" NOT NULL,
	"nik" char(16) NOT NULL,
	"nisn" char(10),
	"nuptk" char(16),
	"full_name" text NOT NULL,
	"name_key" text NOT NULL,
	"gender" "gender" NOT NULL,
	"birth_date" date NOT NULL,
	"mother_name" text NOT NULL,
	"mother_name_key" text NOT NULL,
	"personal_email" text,
	"phone" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_nik_format" CHECK ("people"."nik" ~ '^[0-9]{16}$'),
	CONSTRAINT "people_nisn_format" CHECK ("people"."nisn" IS NULL OR "people"."nisn" ~ '^[0-9]{10}$'),
	CONSTRAINT "people_nisn_students_only" CHECK ("people"."nisn" IS NULL OR "people"."kind" = 'pd')
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" varchar(5) PRIMARY KEY NOT NULL,
	"parent_code" varchar(2),
	"level" "region_level" NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_seeds" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"people" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_memberships" (
	"person_id" bigint NOT NULL,
	"npsn" varchar(8) NOT NULL,
	"role" "school_role" NOT NULL,
	CONSTRAINT "school_memberships_person_id_npsn_role_pk" PRIMARY KEY("person_id","npsn","role")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"npsn" varchar(8) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"level" "school_level" NOT NULL,
	"regency_code" varchar(5) NOT NULL,
	"address" text,
	CONSTRAINT "schools_npsn_format" CHECK ("schools"."npsn" ~ '^([0-9]{8}|[PK][0-9]{7})$')
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_name" varchar(64) NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"session_id" varchar(64) NOT NULL,
	"page_url" text NOT NULL,
	"referrer" text,
	"device_type" varchar(16) NOT NULL,
	"os" varchar(32) NOT NULL,
	"browser" varchar(32) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attributes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_accounts" ADD CONSTRAINT "learning_accounts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_accounts" ADD CONSTRAINT "learning_accounts_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_staff" ADD CONSTRAINT "office_staff_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_staff" ADD CONSTRAINT "office_staff_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_npsn_schools_npsn_fk" FOREIGN KEY ("npsn") REFERENCES "public"."schools"("npsn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_regency_code_regions_code_fk" FOREIGN KEY ("regency_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_accounts_email_key" ON "learning_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "learning_accounts_person_idx" ON "learning_accounts" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_accounts_person_level_key" ON "learning_accounts" USING btree ("person_id","school_level") WHERE "learning_accounts"."kind" = 'ptk';--> statement-breakpoint
CREATE INDEX "office_staff_office_idx" ON "office_staff" USING btree ("office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offices_region_type_key" ON "offices" USING btree ("region_code","type");--> statement-breakpoint
CREATE UNIQUE INDEX "people_nik_key" ON "people" USING btree ("nik");--> statement-breakpoint
CREATE UNIQUE INDEX "people_nisn_key" ON "people" USING btree ("nisn");--> statement-breakpoint
CREATE UNIQUE INDEX "people_nuptk_key" ON "people" USING btree ("nuptk");--> statement-breakpoint
CREATE INDEX "people_birth_name_idx" ON "people" USING btree ("birth_date","name_key");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "school_memberships_school_role_idx" ON "school_memberships" USING btree ("npsn","role");--> statement-breakpoint
CREATE INDEX "schools_regency_idx" ON "schools" USING btree ("regency_code");--> statement-breakpoint
CREATE INDEX "schools_name_trgm_idx" ON "schools" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracking_events_name_time_idx" ON "tracking_events" USING btree ("event_name","occurred_at");
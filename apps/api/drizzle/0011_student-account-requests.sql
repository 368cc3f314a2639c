CREATE TYPE "public"."student_request_item_status" AS ENUM('pending', 'created', 'failed');--> statement-breakpoint
CREATE TYPE "public"."student_request_status" AS ENUM('processing', 'completed');--> statement-breakpoint
CREATE TABLE "student_account_request_items" (
	"request_id" bigint NOT NULL,
	"person_id" bigint NOT NULL,
	"status" "student_request_item_status" DEFAULT 'pending' NOT NULL,
	"account_id" bigint,
	"failure" varchar(32),
	"initial_password_sealed" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "student_account_request_items_request_id_person_id_pk" PRIMARY KEY("request_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "student_account_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_account_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"npsn" varchar(8) NOT NULL,
	"requested_by" bigint NOT NULL,
	"selection_key" varchar(64) NOT NULL,
	"status" "student_request_status" DEFAULT 'processing' NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"passwords_downloaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "people" ALTER COLUMN "birth_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "student_account_request_items" ADD CONSTRAINT "student_account_request_items_request_id_student_account_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."student_account_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_account_request_items" ADD CONSTRAINT "student_account_request_items_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_account_request_items" ADD CONSTRAINT "student_account_request_items_account_id_learning_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_account_requests" ADD CONSTRAINT "student_account_requests_npsn_schools_npsn_fk" FOREIGN KEY ("npsn") REFERENCES "public"."schools"("npsn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_account_requests" ADD CONSTRAINT "student_account_requests_requested_by_learning_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."learning_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_account_request_items_person_key" ON "student_account_request_items" USING btree ("person_id") WHERE "student_account_request_items"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "student_account_request_items_pending_idx" ON "student_account_request_items" USING btree ("request_id") WHERE "student_account_request_items"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "student_account_requests_selection_key" ON "student_account_requests" USING btree ("npsn","selection_key");--> statement-breakpoint
CREATE INDEX "student_account_requests_school_idx" ON "student_account_requests" USING btree ("npsn","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_accounts_student_key" ON "learning_accounts" USING btree ("person_id") WHERE "learning_accounts"."kind" = 'pd';
CREATE TYPE "public"."message_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" varchar(48) NOT NULL,
	"outcome" varchar(32) NOT NULL,
	"user_type" varchar(8),
	"person_id" bigint,
	"ip_hash" varchar(64),
	"target_hash" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "email_change_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"new_email" text NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" "message_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body_text" text NOT NULL,
	"body_html" text,
	"template" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivered_via" varchar(16)
);
--> statement-breakpoint
DROP INDEX "people_birth_name_idx";--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_person_idx" ON "audit_events" USING btree ("person_id","occurred_at");--> statement-breakpoint
CREATE INDEX "email_change_requests_open_idx" ON "email_change_requests" USING btree ("person_id") WHERE "email_change_requests"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_undelivered_idx" ON "outbox_messages" USING btree ("created_at") WHERE "outbox_messages"."delivered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "people_birth_name_idx" ON "people" USING btree ("birth_date",replace("name_key", ' ', ''));
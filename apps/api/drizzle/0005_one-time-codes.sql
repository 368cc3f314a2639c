CREATE TABLE "code_locks" (
	"person_id" bigint NOT NULL,
	"flow" varchar(24) NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "code_locks_person_id_flow_pk" PRIMARY KEY("person_id","flow")
);
--> statement-breakpoint
CREATE TABLE "code_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"flow" varchar(24) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_wrong_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_wrong_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"flow" varchar(24) NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"flow" varchar(24) NOT NULL,
	"binding" varchar(80) NOT NULL,
	"code_hash" varchar(64),
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_locks" ADD CONSTRAINT "code_locks_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_sends" ADD CONSTRAINT "code_sends_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_wrong_entries" ADD CONSTRAINT "code_wrong_entries_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_sends_person_flow_time_idx" ON "code_sends" USING btree ("person_id","flow","sent_at");--> statement-breakpoint
CREATE INDEX "code_wrong_entries_person_time_idx" ON "code_wrong_entries" USING btree ("person_id","entered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_binding_key" ON "one_time_codes" USING btree ("binding");--> statement-breakpoint
CREATE INDEX "one_time_codes_person_idx" ON "one_time_codes" USING btree ("person_id");
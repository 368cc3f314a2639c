CREATE TABLE "feature_toggle_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feature_toggle_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" varchar(64) NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"actor" varchar(48) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feature_toggle_changes_time_idx" ON "feature_toggle_changes" USING btree ("changed_at");
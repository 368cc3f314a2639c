CREATE TABLE "password_reset_locks" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"session_hash" varchar(64),
	"account_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"method" varchar(8),
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "password_reset_locks" ADD CONSTRAINT "password_reset_locks_account_id_learning_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_sends" ADD CONSTRAINT "password_reset_sends_account_id_learning_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_sessions" ADD CONSTRAINT "password_reset_sessions_account_id_learning_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."learning_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_sends_account_time_idx" ON "password_reset_sends" USING btree ("account_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_sessions_token_key" ON "password_reset_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_sessions_session_key" ON "password_reset_sessions" USING btree ("session_hash");--> statement-breakpoint
CREATE INDEX "password_reset_sessions_account_idx" ON "password_reset_sessions" USING btree ("account_id","created_at");
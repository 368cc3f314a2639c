ALTER TYPE "public"."message_channel" ADD VALUE 'backchannel';--> statement-breakpoint
CREATE TABLE "platform_connections" (
	"account_id" varchar(64) NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"scopes" text[] NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_connections_account_id_client_id_pk" PRIMARY KEY("account_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "client_id" varchar(64);--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_client_id_platform_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."platform_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_connections_client_idx" ON "platform_connections" USING btree ("client_id");
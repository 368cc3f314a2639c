CREATE TYPE "public"."platform_auth_method" AS ENUM('client_secret_basic', 'private_key_jwt', 'none');--> statement-breakpoint
CREATE TABLE "platform_clients" (
	"client_id" varchar(64) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_uri" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"redirect_uris" text[] NOT NULL,
	"post_logout_redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL,
	"scopes" text[] NOT NULL,
	"first_party" boolean DEFAULT false NOT NULL,
	"auth_method" "platform_auth_method" NOT NULL,
	"secret_hash" varchar(64),
	"secret_created_at" timestamp with time zone,
	"previous_secret_hash" varchar(64),
	"previous_secret_valid_until" timestamp with time zone,
	"jwks_uri" text,
	"jwks" jsonb,
	"backchannel_logout_uri" text,
	"disabled_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_clients_secret_by_method" CHECK (("platform_clients"."auth_method" = 'client_secret_basic') = ("platform_clients"."secret_hash" IS NOT NULL)),
	CONSTRAINT "platform_clients_keys_by_method" CHECK (("platform_clients"."auth_method" = 'private_key_jwt') = (num_nonnulls("platform_clients"."jwks_uri", "platform_clients"."jwks") = 1)),
	CONSTRAINT "platform_clients_scopes_known" CHECK ("platform_clients"."scopes" <@ ARRAY['openid', 'profile', 'email', 'offline_access', 'schools', 'user_type']::text[]),
	CONSTRAINT "platform_clients_has_redirect" CHECK (cardinality("platform_clients"."redirect_uris") > 0)
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_roles_known";--> statement-breakpoint
ALTER TABLE "platform_clients" ADD CONSTRAINT "platform_clients_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_clients" ADD CONSTRAINT "platform_clients_updated_by_staff_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_roles_known" CHECK ("staff_accounts"."roles" <@ ARRAY['reviewer', 'referral-code-manager', 'announcer', 'operator', 'analyst', 'registrar', 'auditor', 'staff-admin', 'platform-admin']::text[]);
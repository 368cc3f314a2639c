CREATE TABLE "oidc_models" (
	"model" varchar(40) NOT NULL,
	"id" varchar(255) NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" varchar(255),
	"uid" varchar(255),
	"account_id" varchar(64),
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "oidc_signing_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"sealed_private_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signs_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oidc_models_grant_idx" ON "oidc_models" USING btree ("grant_id") WHERE "oidc_models"."grant_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "oidc_models" USING btree ("uid") WHERE "oidc_models"."uid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "oidc_models_account_idx" ON "oidc_models" USING btree ("account_id") WHERE "oidc_models"."account_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "oidc_models_expires_idx" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_signing_keys_signs_from_idx" ON "oidc_signing_keys" USING btree ("signs_from");
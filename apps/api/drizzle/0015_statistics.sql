CREATE TABLE "daily_metrics" (
	"day" date NOT NULL,
	"metric" varchar(96) NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "daily_metrics_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
CREATE TABLE "statistics_watermarks" (
	"source" varchar(32) PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

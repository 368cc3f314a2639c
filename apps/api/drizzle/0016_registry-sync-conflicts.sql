ALTER TABLE "registry_syncs" ADD COLUMN "conflicts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "registry_sync_people_nisn_idx" ON "registry_sync_people" USING btree ("nisn");--> statement-breakpoint
CREATE INDEX "registry_sync_people_nuptk_idx" ON "registry_sync_people" USING btree ("nuptk");
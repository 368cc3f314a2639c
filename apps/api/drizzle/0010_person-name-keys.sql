-- Person name keys are stored without spaces (registry/name-normalizer.ts personNameKey), so
-- the lookup compares them as they are instead of stripping them in every query.
DROP INDEX "people_birth_name_idx";--> statement-breakpoint
UPDATE "people" SET "name_key" = replace("name_key", ' ', ''), "mother_name_key" = replace("mother_name_key", ' ', '') WHERE position(' ' in "name_key") > 0 OR position(' ' in "mother_name_key") > 0;--> statement-breakpoint
CREATE INDEX "people_birth_name_idx" ON "people" USING btree ("birth_date","name_key");

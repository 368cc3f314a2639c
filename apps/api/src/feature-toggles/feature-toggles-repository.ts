import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { featureToggles } from '../db/schema';

export type ToggleRow = { key: string; enabled: boolean | null; textValue: string | null };

export function createFeatureTogglesRepository(db: Db) {
  return {
    async all(): Promise<ToggleRow[]> {
      return db
        .select({
          key: featureToggles.key,
          enabled: featureToggles.enabled,
          textValue: featureToggles.textValue,
        })
        .from(featureToggles);
    },
    async upsert(row: ToggleRow): Promise<void> {
      await db
        .insert(featureToggles)
        .values({ ...row, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: featureToggles.key,
          set: { enabled: row.enabled, textValue: row.textValue, updatedAt: sql`now()` },
        });
    },
  };
}

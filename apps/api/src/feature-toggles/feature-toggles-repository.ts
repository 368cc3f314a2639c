import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/database';
import { featureToggleChanges, featureToggles, staffAccounts } from '../db/schema';

export type ToggleRow = { key: string; enabled: boolean | null; textValue: string | null };
export type ToggleChangeRow = typeof featureToggleChanges.$inferSelect;

/** SQL only: the toggles and their changes, on the database or inside a transaction. */
export function createFeatureTogglesRepository(db: Db | Transaction) {
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
    /** The stored row, locked until the transaction ends: two changes of one key queue up. */
    async lock(key: string): Promise<ToggleRow | undefined> {
      // A first change has no row to lock yet: a placeholder row takes the lock instead.
      await db
        .insert(featureToggles)
        .values({ key, enabled: null, textValue: null })
        .onConflictDoNothing();
      const [row] = await db
        .select({
          key: featureToggles.key,
          enabled: featureToggles.enabled,
          textValue: featureToggles.textValue,
        })
        .from(featureToggles)
        .where(eq(featureToggles.key, key))
        .for('update');
      return row;
    },
    async save(
      row: ToggleRow,
      change: { oldValue: string; newValue: string; actor: string },
    ): Promise<void> {
      await db
        .update(featureToggles)
        .set({ enabled: row.enabled, textValue: row.textValue, updatedAt: sql`now()` })
        .where(eq(featureToggles.key, row.key));
      await db.insert(featureToggleChanges).values({ key: row.key, ...change });
    },
    async latestChanges(limit: number): Promise<ToggleChangeRow[]> {
      return db
        .select()
        .from(featureToggleChanges)
        .orderBy(desc(featureToggleChanges.changedAt), desc(featureToggleChanges.id))
        .limit(limit);
    },
    /** The e-mails of the staff who made changes, by id. */
    async staffEmails(ids: number[]): Promise<{ id: number; email: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: staffAccounts.id, email: staffAccounts.email })
        .from(staffAccounts)
        .where(inArray(staffAccounts.id, ids));
    },
  };
}
